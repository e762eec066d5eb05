import { type DaySchedule, type TimetableOutline, timetableOutlineRequestSchema } from '@cue/contract';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { fieldFromWire, wireFromField } from '../../academic/schedule/slots';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useDaySchedules, useOutline, useSaveOutline } from '../api';
import { WeekGrid } from '../components/WeekGrid';
import { TIMETABLE_NS, timetableError, timetableNeed, timetableText } from '../i18n';
import { outlineOfSchedule, periodCount } from '../week';

function OutlineForm({ outline, schedules }: { outline: TimetableOutline; schedules: DaySchedule[] }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const save = useSaveOutline();
  const form = useContractForm({
    schema: timetableOutlineRequestSchema,
    initialValues: {
      schedule_id: outline.schedule?._id ?? null,
      afternoon_from: fieldFromWire(outline.afternoon_from),
      share_with_families: outline.share_with_families,
    } as { schedule_id: string | null; afternoon_from: string; share_with_families: boolean },
    toBody: (v) => ({ ...v, afternoon_from: wireFromField(v.afternoon_from) }),
    messages: { afternoon_from: t('outline.afternoonNeeded') },
  });
  const chosen = schedules.find((s) => s._id === form.values.schedule_id) ?? null;
  // The week the chosen schedule gives: the saved outline's, else worked out here until it is saved.
  const days = useMemo(
    () => (chosen && chosen._id !== outline.schedule?._id ? outlineOfSchedule(chosen) : chosen ? outline.days : []),
    [chosen, outline],
  );
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: (answer) => toast.success(timetableText((answer as { message?: string }).message)),
    onError: (err) => form.setError(timetableError(err)),
  });
  const scopeOf = (s: DaySchedule) =>
    s.applies_to === 'school'
      ? t('outline.scope.school')
      : s.applies_to === 'division'
        ? t('outline.scope.division', { name: s.division?.name ?? '' })
        : t('outline.scope.class', { name: s.class?.name ?? '' });
  const options = schedules
    .filter((s) => !s.archived || s._id === outline.schedule?._id)
    .map((s) => ({ value: s._id, label: `${s.name} · ${scopeOf(s)}` }));
  const readOnly = !outline.abilities.edit;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} noValidate maw={640}>
        <Stack gap="md">
          <Select
            label={t('outline.schedule')}
            description={t('outline.scheduleHelp')}
            placeholder={t('outline.schedulePlaceholder')}
            data={options}
            {...form.getInputProps('schedule_id')}
            clearable
            allowDeselect={false}
            disabled={readOnly}
            nothingFoundMessage={t('outline.noSchedules')}
            data-testid="outline-schedule"
          />
          {chosen && chosen.cycle !== 'weekly' && (
            <Text fz="sm" c="red.8" role="alert">
              {t('outline.rotating')}
            </Text>
          )}
          <TimeInput
            label={t('outline.afternoon')}
            description={t('outline.afternoonHelp')}
            {...form.getInputProps('afternoon_from')}
            disabled={readOnly}
            maw={200}
          />
          <Switch
            label={t('outline.share')}
            description={t('outline.shareHelp')}
            {...form.getInputProps('share_with_families', { type: 'checkbox' })}
            disabled={readOnly}
          />
          {form.error && (
            <Alert color="red" variant="light" data-testid="form-error">
              {form.error}
            </Alert>
          )}
          {!readOnly && (
            <Group>
              <Button type="submit" loading={form.pending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                {t('outline.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            {t('outline.preview')}
          </Title>
          {days.length > 0 && (
            <Text fz="sm" c="dimmed" data-testid="outline-total">
              {t('outline.total', { count: periodCount(days) })}
            </Text>
          )}
        </Group>
        {days.length > 0 ? (
          <WeekGrid days={days} items={[]} renderItem={() => null} caption={t('outline.preview')} testId="outline-preview" />
        ) : (
          <Paper withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
              {chosen ? t('outline.noPeriods') : t('outline.none')}
            </Text>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(TIMETABLE_NS);
  const outline = useOutline();
  const schedules = useDaySchedules();
  const failed = outline.error ?? schedules.error;
  return (
    <Page title={t('outline.title')} description={t('outline.description')}>
      {failed ? (
        <Alert color="red" variant="light">
          {errorText(failed)}
        </Alert>
      ) : !outline.data || !schedules.data ? (
        <Skeleton h={320} radius="lg" />
      ) : (
        <OutlineForm outline={outline.data} schedules={schedules.data} />
      )}
    </Page>
  );
}

/** /admin/timetable/timetable-outlines: the day schedule whose periods make the week, the afternoon, sharing with families. */
export default function OutlinePage() {
  return (
    <Gate need={timetableNeed('timetable.timetable-outlines')}>
      <Body />
    </Gate>
  );
}
