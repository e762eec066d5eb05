import { ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowNarrowRight, IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { toastThen } from '../../../lib/saved';
import { type UnitMovePreview, useMovePreview, useMoveUnit } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { showDay, showRange } from '../planFormat';
import type { TermUnit } from './TermTimeline';

/**
 * Moving a unit to start on another day: first a preview of where each of its activities lands (by as
 * many school days, with the holiday or closed day that pushed one further), then the move itself.
 */
export function TermMoveModal({ unit, onClose }: { unit: TermUnit; onClose: () => void }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const [start, setStart] = useState<string>(isoFromDdmmyyyy(unit.start_date) ?? '');
  const [preview, setPreview] = useState<UnitMovePreview | null>(null);
  const ask = useMovePreview();
  const move = useMoveUnit();
  const day = (wire: string) => showDay(wire, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });
  const unchanged = ddmmyyyyFromIso(start) === unit.start_date;

  const submit = () => {
    if (!start || unchanged) return;
    const start_date = ddmmyyyyFromIso(start);
    if (!preview) ask.mutate({ id: unit._id, start_date }, { onSuccess: setPreview });
    else move.mutate({ id: unit._id, start_date }, { onSuccess: toastThen(planningMessage('unitMoved'), onClose) });
  };
  const error = ask.error ?? move.error;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('term.move.title', { title: unit.name })}
      submitLabel={preview ? t('term.move.confirm') : t('term.move.preview')}
      onSubmit={submit}
      pending={ask.isPending || move.isPending}
      submitDisabled={!start || unchanged}
      error={error ? planningErrorText(error) : null}
    >
      <Text fz="sm" c="dimmed">
        {t('term.move.now', { dates: showRange(unit.start_date, unit.end_date, i18n.language) })}
      </Text>
      <DatePickerInput
        label={t('term.move.start')}
        value={start || null}
        onChange={(v) => {
          if (!v) return;
          setStart(String(v).slice(0, 10));
          setPreview(null);
          ask.reset();
        }}
        valueFormat="MMM DD, YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        leftSection={<IconCalendar size={16} aria-hidden />}
        data-testid="term-move-start"
      />
      {preview && (
        <Stack gap="xs" data-testid="term-move-preview">
          <Text fz="sm" fw={600}>
            {t('term.move.result', {
              dates: showRange(preview.start_date, preview.end_date, i18n.language),
              count: preview.activities.length,
            })}
          </Text>
          {preview.activities.length === 0 ? (
            <Alert color="gray" variant="light">
              {t('term.move.noActivities')}
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={360} maxHeight={320}>
              <Table striped fz="sm" aria-label={t('term.move.activities')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('term.move.activity')}</Table.Th>
                    <Table.Th>{t('term.move.fromTo')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.activities.map((a) => (
                    <Table.Tr key={a._id} data-testid="term-move-row">
                      <Table.Td dir="auto">{a.title}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <span>{day(a.from)}</span>
                          <IconArrowNarrowRight
                            size={14}
                            aria-label={t('term.move.to')}
                            style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }}
                          />
                          <span>{day(a.to)}</span>
                          {a.adjusted && (
                            <Badge size="xs" color="orange" variant="light" radius="sm">
                              {a.adjusted === 'holiday' ? t('term.move.holiday') : t('term.move.closedDay')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
