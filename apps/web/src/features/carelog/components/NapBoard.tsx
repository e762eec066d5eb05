import { type CareDay, type NapNow, napCheckRequestSchema, SLEEP_POSITIONS } from '@cue/contract';
import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlarm, IconEye, IconSun, IconZzz } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { useCheckNaps, useEndNaps } from '../api';
import { checkDue, fieldFromWire, hoursAndMinutes, minutesAsleep, nowWire, readableTime, wireFromField } from '../care';
import { CARELOG_NS, careMessage } from '../i18n';

/** The clock now, moved on every `ms` while mounted (the board's minutes tick without asking the server). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** A sleep check of one or more sleeping children: the time (now), their position, a note. */
function CheckModal({ naps, onClose }: { naps: NapNow[]; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const check = useCheckNaps();
  const form = useContractForm({
    schema: napCheckRequestSchema,
    initialValues: { time: fieldFromWire(nowWire()), position: 'back' as (typeof SLEEP_POSITIONS)[number], note: '' },
    toBody: (v) => ({
      entry_ids: naps.map((n) => n.entry_id),
      time: wireFromField(v.time) ?? '',
      position: v.position,
      note: v.note,
    }),
    messages: { time: { required: t('field.timeRequired'), format: t('field.timeRequired') } },
  });
  const submit = form.submitWith((body) => check.mutateAsync(body), {
    onSuccess: toastThen(careMessage('napChecked'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={
        naps.length === 1
          ? t('nap.checkTitleOne', { name: naps[0]?.student.name ?? '' })
          : t('nap.checkTitleMany', { count: naps.length })
      }
      submitLabel={t('nap.recordCheck')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="sm"
    >
      <TimeInput label={t('field.time')} required {...form.getInputProps('time')} />
      <Radio.Group label={t('field.position')} {...form.getInputProps('position')}>
        <Group gap="md" mt={6}>
          {SLEEP_POSITIONS.map((p) => (
            <Radio key={p} value={p} label={t(`position.${p}`)} />
          ))}
        </Group>
      </Radio.Group>
      {form.values.position === 'front' && (
        <Alert color="orange" variant="light" p="xs">
          {t('nap.frontWarning')}
        </Alert>
      )}
      <Textarea label={t('field.note')} autosize minRows={1} maxLength={500} {...form.getInputProps('note')} />
    </FormModal>
  );
}

/**
 * Who is asleep now, with the minutes asleep ticking; babies whose sleep check is due stand out.
 * "Check" and "Wake up" for one child or every chosen one.
 */
export function NapBoard({ day, readAt, editable }: { day: CareDay; readAt: number; editable: boolean }) {
  const { t } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  const now = useNow();
  const end = useEndNaps();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [checking, setChecking] = useState<NapNow[] | null>(null);
  const naps = day.naps_now;
  const chosen = naps.filter((n) => selected.has(n.entry_id));
  const wake = (list: NapNow[]) =>
    end.mutate(
      { entry_ids: list.map((n) => n.entry_id), time: nowWire() },
      {
        onSuccess: () => {
          toast.success(careMessage('napEnded'));
          setSelected(new Set());
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (naps.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="naps-empty">
        <Stack align="center" gap={4}>
          <IconSun size={28} aria-hidden />
          <Text c="dimmed" ta="center">
            {t('nap.noneAsleep')}
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="sm">
      {editable && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Checkbox
            label={t('nap.selectAll', { count: naps.length })}
            checked={chosen.length === naps.length}
            indeterminate={chosen.length > 0 && chosen.length < naps.length}
            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(naps.map((n) => n.entry_id)) : new Set())}
          />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              disabled={chosen.length === 0}
              onClick={() => setChecking(chosen)}
            >
              {t('nap.checkSelected')}
            </Button>
            <Button
              leftSection={<IconSun size={16} aria-hidden />}
              disabled={chosen.length === 0}
              loading={end.isPending && chosen.length > 0}
              onClick={() => wake(chosen)}
            >
              {t('nap.wakeSelected')}
            </Button>
          </Group>
        </Group>
      )}
      <Stack gap="xs" data-testid="nap-board">
        {naps.map((nap) => {
          const due = checkDue(nap, day.nap_check_minutes, readAt, now);
          const asleep = hoursAndMinutes(minutesAsleep(nap, readAt, now));
          return (
            <Paper
              key={nap.entry_id}
              withBorder
              radius="md"
              p="sm"
              data-testid="nap-row"
              data-child={nap.student.name}
              data-due={due || undefined}
              style={due ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
            >
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {editable && (
                    <Checkbox
                      aria-label={t('nap.choose', { name: nap.student.name })}
                      checked={selected.has(nap.entry_id)}
                      onChange={(e) => toggle(nap.entry_id, e.currentTarget.checked)}
                    />
                  )}
                  <IconZzz size={20} aria-hidden color="var(--mantine-color-indigo-6)" />
                  <Stack gap={0} miw={0}>
                    <Text fw={600}>
                      <bdi>{nap.student.name}</bdi>
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {t('nap.since', { time: readableTime(nap.start, lng) })}
                      {' · '}
                      <span data-testid="nap-minutes">
                        {asleep.hours > 0
                          ? t('nap.durationHours', { hours: asleep.hours, minutes: asleep.minutes })
                          : t('nap.durationMinutes', { count: asleep.minutes })}
                      </span>
                    </Text>
                    {nap.baby && (
                      <Text fz="xs" c="dimmed">
                        {nap.last_check ? t('nap.lastCheck', { time: readableTime(nap.last_check, lng) }) : t('nap.noCheckYet')}
                      </Text>
                    )}
                  </Stack>
                  {nap.baby && (
                    <SoftBadge
                      color={due ? 'red' : 'gray'}
                      size="sm"
                      radius="sm"
                      leftSection={due ? <IconAlarm size={12} aria-hidden /> : undefined}
                    >
                      {due ? t('nap.checkDue') : t('nap.baby')}
                    </SoftBadge>
                  )}
                </Group>
                {editable && (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant={due ? 'filled' : 'light'}
                      color={due ? 'red' : undefined}
                      onClick={() => setChecking([nap])}
                      aria-label={t('nap.checkOne', { name: nap.student.name })}
                    >
                      {t('nap.check')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => wake([nap])}
                      loading={
                        end.isPending && end.variables?.entry_ids.length === 1 && end.variables.entry_ids[0] === nap.entry_id
                      }
                      aria-label={t('nap.wakeOne', { name: nap.student.name })}
                    >
                      {t('nap.wake')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {checking && <CheckModal naps={checking} onClose={() => setChecking(null)} />}
    </Stack>
  );
}
