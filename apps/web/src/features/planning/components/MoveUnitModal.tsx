import { ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { Alert, Group, List, Stack, Text, useDirection } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { type Unit, useMovePreview, useMoveUnit } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { showDay, showRange } from '../planFormat';

/**
 * "Move unit": a new start day, then a preview of where the unit and each of its activities land (an
 * activity stepping over a holiday or a day the class does not meet says so), then the move itself.
 */
export function MoveUnitModal({ unit, onClose, onMoved }: { unit: Unit; onClose: () => void; onMoved: (unit: Unit) => void }) {
  const { t } = useTranslation(PLANNING_NS);
  const language = currentLanguage();
  const { dir } = useDirection();
  const [start, setStart] = useState<string | null>(isoFromDdmmyyyy(unit.start_date));
  const preview = useMovePreview();
  const move = useMoveUnit();
  const wire = start ? ddmmyyyyFromIso(start) : null;
  const shown = preview.data && wire && preview.variables?.start_date === wire ? preview.data : null;
  const unchanged = wire === unit.start_date;

  const submit = () => {
    if (!wire || unchanged) return;
    if (!shown) {
      preview.mutate({ id: unit._id, start_date: wire });
      return;
    }
    move.mutate(
      { id: unit._id, start_date: wire },
      {
        onSuccess: (answer) => {
          toast.success(planningMessage('unitMoved'));
          onMoved(answer.result);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('planner.move.title', { title: unit.title })}
      submitLabel={shown ? t('planner.move.submit') : t('planner.move.preview')}
      onSubmit={submit}
      pending={preview.isPending || move.isPending}
      submitDisabled={!wire || unchanged}
      error={move.error ? planningErrorText(move.error) : preview.error ? planningErrorText(preview.error) : null}
      size="lg"
    >
      <Text fz="sm" c="dimmed">
        {t('planner.move.intro', { dates: showRange(unit.start_date, unit.end_date, language) })}
      </Text>
      <DatePickerInput
        label={t('planner.move.start')}
        value={start}
        onChange={(value) => setStart(value)}
        valueFormat="D MMM YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        required
        popoverProps={{ withinPortal: true }}
      />
      {shown && (
        <Stack gap="xs" data-testid="move-preview" aria-live="polite">
          <Text fw={600} fz="sm">
            {t('planner.move.lands', { dates: showRange(shown.start_date, shown.end_date, language) })}
          </Text>
          {shown.activities.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('planner.move.noActivities')}
            </Text>
          ) : (
            <>
              <Text fz="sm">{t('planner.move.activities', { count: shown.activities.length })}</Text>
              <List spacing={4} size="sm" aria-label={t('planner.move.listLabel')}>
                {shown.activities.map((a) => (
                  <List.Item key={a._id} data-testid="move-activity">
                    <Group gap={6} wrap="wrap">
                      <Text fz="sm" fw={500} dir="auto">
                        {a.title}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {showDay(a.from, language, { weekday: 'short', day: 'numeric', month: 'short' })}
                      </Text>
                      <IconArrowRight
                        size={14}
                        aria-label={t('planner.move.to')}
                        style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
                      />
                      <Text fz="sm">{showDay(a.to, language, { weekday: 'short', day: 'numeric', month: 'short' })}</Text>
                      {a.adjusted && (
                        <SoftBadge size="sm" color="orange">
                          {a.adjusted === 'holiday' ? t('planner.move.holiday') : t('planner.move.closedDay')}
                        </SoftBadge>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      )}
      {unchanged && (
        <Alert color="gray" variant="light">
          {t('planner.move.sameDay')}
        </Alert>
      )}
    </FormModal>
  );
}
