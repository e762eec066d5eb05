import type { DaySlot } from '@cue/contract';
import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { toastThen } from '../../../lib/saved';
import { type PlanActivity, useSaveActivity, type WeeklyPlan } from '../api';
import { quickPicks, timeRange } from '../dayParts';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { ltr, showDay } from '../planFormat';
import { fieldTime, nextSlot, timeProblem, wireTime } from '../weekGrid';
import { AreaPicker } from './AreaPicker';
import { ResourcePicker } from './ResourcePicker';

/** What the form opens on: a new activity of a day, or one to edit. */
export type ActivityTarget =
  | { kind: 'new'; date: string; dayActivities: PlanActivity[] }
  | { kind: 'edit'; activity: PlanActivity };

/**
 * Adds or edits an activity of the week: its title, its day (fixed: the column it was added from), start
 * and end within the class's hours, description, the unit it belongs to (the class's units running this
 * week), its learning areas and the library's resources it uses.
 */
export function ActivityModal({
  plan,
  target,
  onClose,
  periods,
}: {
  plan: WeeklyPlan;
  target: ActivityTarget;
  onClose: () => void;
  /** The day's parts (the day schedule's): its sessions and periods fill the times in one choice. */
  periods?: DaySlot[];
}) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const save = useSaveActivity();
  const editing = target.kind === 'edit' ? target.activity : null;
  const date = editing ? editing.date : target.kind === 'new' ? target.date : '';
  const slot = useMemo(
    () =>
      target.kind === 'new'
        ? nextSlot(target.dayActivities, plan.class.start_time, plan.class.end_time)
        : { start: fieldTime(target.activity.start_time), end: fieldTime(target.activity.end_time) },
    [target, plan.class.start_time, plan.class.end_time],
  );
  const [title, setTitle] = useState(editing?.title ?? '');
  const [start, setStart] = useState(slot.start);
  const [end, setEnd] = useState(slot.end);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [unitId, setUnitId] = useState<string | null>(editing?.unit?._id ?? null);
  const [areaIds, setAreaIds] = useState<string[]>(editing?.areas.map((a) => a._id) ?? []);
  const [resourceIds, setResourceIds] = useState<string[]>(editing?.resources.map((r) => r._id) ?? []);
  const [tried, setTried] = useState(false);

  // The unit an activity already belongs to stays choosable even when it no longer runs this week.
  const unitOptions = useMemo(() => {
    const units = plan.units.map((u) => ({ value: u._id, label: u.name }));
    if (editing?.unit && !units.some((u) => u.value === editing.unit?._id))
      units.push({ value: editing.unit._id, label: editing.unit.name });
    return units;
  }, [plan.units, editing]);
  const picks = useMemo(
    () => quickPicks(periods, plan.class.start_time, plan.class.end_time),
    [periods, plan.class.start_time, plan.class.end_time],
  );
  const titleMissing = title.trim() === '';
  const problem = timeProblem(start, end, plan.class.start_time, plan.class.end_time);
  const hours = t('weekly.form.hours', { from: ltr(plan.class.start_time), to: ltr(plan.class.end_time) });
  const problemText =
    problem === 'startRequired' || problem === 'endRequired'
      ? t('weekly.form.timeRequired')
      : problem === 'endBeforeStart'
        ? planningMessage('endTimeBeforeStart')
        : problem === 'outsideHours'
          ? planningMessage('outsideClassHours')
          : null;

  const submit = () => {
    setTried(true);
    const from = wireTime(start);
    const to = wireTime(end);
    if (titleMissing || problem || !from || !to) return;
    save.mutate(
      {
        id: editing?._id ?? null,
        body: {
          class_id: plan.class._id,
          date,
          start_time: from,
          end_time: to,
          title: title.trim(),
          description: description.trim(),
          unit_id: unitId,
          area_ids: areaIds,
          resource_ids: resourceIds,
        },
      },
      { onSuccess: toastThen(planningMessage(editing ? 'activitySaved' : 'activityCreated'), onClose) },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={editing ? t('weekly.form.editTitle') : t('weekly.form.newTitle')}
      submitLabel={editing ? t('weekly.form.save') : t('weekly.form.create')}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error ? planningErrorText(save.error) : null}
    >
      <TextInput
        label={t('weekly.form.title')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={tried && titleMissing ? planningMessage('activityTitleRequired') : undefined}
        required
        data-autofocus
        maxLength={200}
      />
      <Stack gap={2}>
        <Text fz="sm" fw={500}>
          {t('weekly.form.date')}
        </Text>
        <Text fz="sm" data-testid="activity-date">
          {showDay(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </Text>
      </Stack>
      <Stack gap={4}>
        <div style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', flexWrap: 'wrap' }}>
          <TimeInput
            label={t('weekly.form.start')}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            required
            style={{ flex: '1 1 140px' }}
            error={tried && problem ? true : undefined}
          />
          <TimeInput
            label={t('weekly.form.end')}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            required
            style={{ flex: '1 1 140px' }}
            error={tried && problem ? true : undefined}
          />
        </div>
        <Text fz="xs" c={tried && problemText ? 'red' : 'dimmed'} role={tried && problemText ? 'alert' : undefined}>
          {tried && problemText ? problemText : hours}
        </Text>
        {picks.length > 0 && (
          <Group gap={4} wrap="wrap" role="group" aria-label={t('weekly.form.periods')} data-testid="activity-periods">
            <Text fz="xs" c="dimmed" aria-hidden>
              {t('weekly.form.periods')}
            </Text>
            {picks.map((slot) => {
              const from = fieldTime(slot.start);
              const to = fieldTime(slot.end);
              return (
                <Button
                  key={`${slot.start}-${slot.end}-${slot.name}`}
                  variant={start === from && end === to ? 'light' : 'default'}
                  size="compact-xs"
                  radius="xl"
                  aria-pressed={start === from && end === to}
                  onClick={() => {
                    setStart(from);
                    setEnd(to);
                  }}
                  styles={{ label: { whiteSpace: 'normal' } }}
                >
                  {slot.name} {ltr(timeRange(slot.start, slot.end))}
                </Button>
              );
            })}
          </Group>
        )}
      </Stack>
      <Textarea
        label={t('weekly.form.description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
      />
      <Select
        label={t('weekly.form.unit')}
        placeholder={unitOptions.length ? t('weekly.form.noUnit') : t('weekly.form.noUnits')}
        data={unitOptions}
        value={unitId}
        onChange={setUnitId}
        clearable
        searchable
        disabled={unitOptions.length === 0}
      />
      <AreaPicker areas={plan.areas} value={areaIds} onChange={setAreaIds} label={t('weekly.form.areas')} />
      <ResourcePicker value={resourceIds} onChange={setResourceIds} initial={editing?.resources} />
    </FormModal>
  );
}
