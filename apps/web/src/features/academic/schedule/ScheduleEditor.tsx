import {
  DAY_SCHEDULE_CYCLES,
  DAY_SCHEDULE_TARGETS,
  DAY_SLOT_KINDS,
  type DaySlot,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  MAX_CYCLE_DAYS,
  type ScheduleDay,
} from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { errorText, toast } from '../../../lib/notify';
import { useDivisions, useStaffClassList } from '../../admin/api';
import { AuditHistory } from '../components/AuditHistory';
import { DAY_SCHEDULE_NS } from '../i18n';
import { type DaySchedule, type DayScheduleRequest, scheduleText, useSaveDaySchedule } from './api-schedule';
import { SLOT_COLORS, useDayLabel } from './ClassDaysWeek';
import {
  copyToDays,
  dayKeysOf,
  daysForKeys,
  fieldFromWire,
  moved,
  nextSlotTimes,
  slotProblems,
  timelineOf,
  timeRange,
  wireFromField,
} from './slots';

type Target = (typeof DAY_SCHEDULE_TARGETS)[number];
type Cycle = (typeof DAY_SCHEDULE_CYCLES)[number];

/** A part of a day as the editor holds it: its times as the time fields write them (HH:mm). */
interface EditorSlot {
  key: number;
  kind: DaySlot['kind'];
  name: string;
  start: string;
  end: string;
}
interface EditorDay {
  day: string;
  slots: EditorSlot[];
}

let nextKey = 1;
const editorSlot = (s: DaySlot): EditorSlot => ({
  key: nextKey++,
  kind: s.kind,
  name: s.name,
  start: fieldFromWire(s.start),
  end: fieldFromWire(s.end),
});
const wireSlot = (s: EditorSlot): DaySlot => ({
  kind: s.kind,
  name: s.name.trim(),
  start: wireFromField(s.start),
  end: wireFromField(s.end),
});
const wireDays = (days: EditorDay[]): ScheduleDay[] => days.map((d) => ({ day: d.day, slots: d.slots.map(wireSlot) }));
const editorDays = (days: ScheduleDay[]): EditorDay[] => days.map((d) => ({ day: d.day, slots: d.slots.map(editorSlot) }));

/** The parts of a school day new schedules start with, which most schools then adjust. */
const STARTER: DaySlot[] = [
  { kind: 'session', name: 'Morning', start: '09:00 AM', end: '12:00 PM' },
  { kind: 'break', name: 'Lunch', start: '12:00 PM', end: '12:45 PM' },
  { kind: 'session', name: 'Afternoon', start: '12:45 PM', end: '03:00 PM' },
];

/** The chosen day drawn top to bottom by its times, breaks tinted; logical offsets so it reads the same in RTL. */
function DayTimeline({ slots }: { slots: DaySlot[] }) {
  const { t, i18n } = useTranslation(DAY_SCHEDULE_NS);
  const drawn = timelineOf(slots);
  if (drawn.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('editor.previewEmpty')}
      </Text>
    );
  }
  return (
    <Box pos="relative" h={Math.max(240, drawn.length * 44)} data-testid="day-timeline" aria-hidden>
      {drawn.map(({ slot, top, height }) => (
        <Box
          key={`${slot.start}-${slot.end}-${slot.kind}-${slot.name}`}
          pos="absolute"
          px={8}
          py={2}
          style={{
            insetBlockStart: `${top}%`,
            blockSize: `calc(${height}% - 2px)`,
            insetInlineStart: 0,
            insetInlineEnd: 0,
            overflow: 'hidden',
            borderRadius: 6,
            borderInlineStart: `4px solid var(--mantine-color-${SLOT_COLORS[slot.kind]}-6)`,
            background: `var(--mantine-color-${SLOT_COLORS[slot.kind]}-light)`,
          }}
        >
          <Text fz="xs" fw={600} truncate>
            {slot.name}{' '}
            <Text span fz="xs" c="dimmed" fw={400}>
              {timeRange(slot.start, slot.end, i18n.language)}
            </Text>
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** "Copy to other days": this day's parts replace those of the days ticked. */
function CopyDay({ from, keys, onCopy }: { from: string; keys: string[]; onCopy: (to: string[]) => void }) {
  const { t } = useTranslation(DAY_SCHEDULE_NS);
  const dayLabel = useDayLabel();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const others = keys.filter((k) => k !== from);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          disabled={others.length === 0}
        >
          {t('editor.copy')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Checkbox.Group label={t('editor.copyTo', { day: dayLabel(from) })} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6}>
              {others.map((k) => (
                <Checkbox key={k} value={k} label={dayLabel(k)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs" justify="space-between">
            <Button variant="subtle" size="xs" onClick={() => setChosen(others)}>
              {t('editor.copyAll')}
            </Button>
            <Button
              size="xs"
              disabled={chosen.length === 0}
              onClick={() => {
                onCopy(chosen);
                setOpened(false);
                setChosen([]);
              }}
            >
              {t('editor.copyDo')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One part of the day: kind, name, start and end, and its row's buttons; each field named after the part. */
function SlotRow({
  slot,
  index,
  count,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  slot: EditorSlot;
  index: number;
  count: number;
  problem: string | null;
  onChange: (next: EditorSlot) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(DAY_SCHEDULE_NS);
  const name = slot.name.trim() || t('editor.partN', { n: index + 1 });
  return (
    <Paper withBorder radius="md" p="xs" data-testid="slot-row">
      <Grid columns={24} gap="xs" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('editor.kindOf', { name })}
            data={DAY_SLOT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={slot.kind}
            onChange={(v) => v && onChange({ ...slot, kind: v as DaySlot['kind'] })}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('editor.nameOf', { n: index + 1 })}
            value={slot.name}
            maxLength={80}
            onChange={(e) => onChange({ ...slot, name: e.currentTarget.value })}
            error={slot.name.trim() ? undefined : t('editor.nameNeeded')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TimeInput
            label={t('editor.startOf', { name })}
            value={slot.start}
            onChange={(e) => onChange({ ...slot, start: e.currentTarget.value })}
            error={slot.start ? undefined : t('editor.timeNeeded')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TimeInput
            label={t('editor.endOf', { name })}
            value={slot.end}
            onChange={(e) => onChange({ ...slot, end: e.currentTarget.value })}
            error={!slot.end ? t('editor.timeNeeded') : (problem ?? undefined)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 4 }}>
          <Group gap={2} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('editor.moveUp')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('editor.moveUpOf', { name })}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('editor.moveDown')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('editor.moveDownOf', { name })}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('editor.remove')}>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('editor.removeOf', { name })} onClick={onRemove}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** What keeps the schedule from being sent, in the reader's words (the server's own rules, checked first here). */
function problemsOf(
  values: {
    name: string;
    applies_to: Target;
    division_id: string | null;
    class_id: string | null;
    cycle: Cycle;
    cycle_start: string | null;
  },
  days: EditorDay[],
  t: (key: string) => string,
): string[] {
  const out: string[] = [];
  if (!values.name.trim()) out.push(t('editor.nameMissing'));
  if ((values.applies_to === 'division' && !values.division_id) || (values.applies_to === 'class' && !values.class_id))
    out.push(t('messages.targetMissing'));
  if (values.cycle === 'rotating' && !values.cycle_start) out.push(t('messages.cycleStart'));
  const wire = wireDays(days);
  if (wire.some((d) => d.slots.some((s) => !s.name || !s.start || !s.end))) out.push(t('editor.partsIncomplete'));
  const problems = wire.flatMap((d) => slotProblems(d.slots));
  if (problems.some((p) => p.problem === 'endBeforeStart')) out.push(t('messages.endBeforeStart'));
  if (problems.some((p) => p.problem === 'overlap')) out.push(t('messages.overlap'));
  return out;
}

/**
 * The day schedule's editor, full width: its name, what it applies to, its cycle, then a tab per day with
 * the day's parts, "Copy to other days" and a timeline of the day.
 */
export function ScheduleEditor({ schedule, onClose }: { schedule: DaySchedule | null; onClose: () => void }) {
  const { t } = useTranslation(DAY_SCHEDULE_NS);
  const dayLabel = useDayLabel();
  const save = useSaveDaySchedule();
  const divisions = useDivisions();
  const classes = useStaffClassList();
  const initialDays = schedule?.days ?? dayKeysOf('weekly', {}).map((day) => ({ day, slots: STARTER }));
  const [name, setName] = useState(schedule?.name ?? '');
  const [appliesTo, setAppliesTo] = useState<Target>(schedule?.applies_to ?? 'school');
  const [divisionId, setDivisionId] = useState<string | null>(schedule?.division?._id ?? null);
  const [classId, setClassId] = useState<string | null>(schedule?.class?._id ?? null);
  const [cycle, setCycle] = useState<Cycle>(schedule?.cycle ?? 'weekly');
  const [cycleDays, setCycleDays] = useState<number>(schedule?.cycle_days ?? 6);
  const [cycleStart, setCycleStart] = useState<string | null>(
    schedule?.cycle_start ? isoFromDdmmyyyy(schedule.cycle_start) : null,
  );
  const [saturday, setSaturday] = useState(initialDays.some((d) => d.day === 'saturday'));
  const [sunday, setSunday] = useState(initialDays.some((d) => d.day === 'sunday'));
  const [days, setDays] = useState<EditorDay[]>(() => editorDays(initialDays));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const keys = useMemo(() => dayKeysOf(cycle, { cycleDays, saturday, sunday }), [cycle, cycleDays, saturday, sunday]);
  const shown: EditorDay[] = useMemo(() => {
    const byKey = new Map(days.map((d) => [d.day, d.slots]));
    return keys.map((day) => ({ day, slots: byKey.get(day) ?? [] }));
  }, [days, keys]);
  const [active, setActive] = useState<string | null>(keys[0] ?? null);
  const activeKey = active && keys.includes(active) ? active : (keys[0] as string);
  const activeDay = shown.find((d) => d.day === activeKey) ?? { day: activeKey, slots: [] };

  const values = { name, applies_to: appliesTo, division_id: divisionId, class_id: classId, cycle, cycle_start: cycleStart };
  const problems = problemsOf(values, shown, t);

  const setDaySlots = (day: string, slots: EditorSlot[]) =>
    setDays((all) =>
      all.some((d) => d.day === day) ? all.map((d) => (d.day === day ? { day, slots } : d)) : [...all, { day, slots }],
    );

  /** A rotating cycle's days start from the weekdays' parts (Day 1 = Monday's …) when it has none of its own yet. */
  const changeCycle = (next: Cycle) => {
    setCycle(next);
    if (next === 'rotating' && !days.some((d) => d.day.startsWith('day_'))) {
      const weekdays = days.filter((d) => !d.day.startsWith('day_'));
      const first = weekdays[0]?.slots ?? [];
      setDays((all) => [
        ...all,
        ...dayKeysOf('rotating', { cycleDays: MAX_CYCLE_DAYS }).map((day, i) => ({
          day,
          slots: (weekdays[i % Math.max(1, weekdays.length)]?.slots ?? first).map((s) => ({ ...s, key: nextKey++ })),
        })),
      ]);
    }
  };

  const submit = () => {
    setTried(true);
    setServerError(null);
    if (problems.length > 0) return;
    const body: DayScheduleRequest = {
      name: name.trim(),
      applies_to: appliesTo,
      division_id: appliesTo === 'division' ? divisionId : null,
      class_id: appliesTo === 'class' ? classId : null,
      cycle,
      cycle_days: cycle === 'rotating' ? cycleDays : null,
      cycle_start: cycle === 'rotating' && cycleStart ? ddmmyyyyFromIso(cycleStart) : null,
      days: daysForKeys(wireDays(shown), keys),
    };
    save.mutate(
      { id: schedule?._id, body },
      {
        onSuccess: (answer) => {
          toast.success(scheduleText(answer.message) || t(schedule ? 'messages.saved' : 'messages.created'));
          onClose();
        },
        onError: (err) => setServerError(errorText(err)),
      },
    );
  };

  const rowProblems = slotProblems(wireDays([activeDay])[0]?.slots ?? []);
  const problemOf = (index: number): string | null => {
    const p = rowProblems.find((x) => x.index === index);
    return p ? t(`messages.${p.problem}`) : null;
  };

  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      size="100%"
      title={schedule ? t('editor.editTitle', { name: schedule.name }) : t('editor.newTitle')}
      closeButtonProps={{ 'aria-label': t('editor.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="schedule-editor"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label={t('editor.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={120}
                required
                error={tried && !name.trim() ? t('editor.nameMissing') : undefined}
                data-autofocus
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap={4}>
                <Text fz="sm" fw={500} id="schedule-applies-label">
                  {t('editor.appliesTo')}
                </Text>
                <Group gap="sm" wrap="wrap" align="flex-end">
                  <SegmentedControl
                    aria-labelledby="schedule-applies-label"
                    value={appliesTo}
                    onChange={(v) => setAppliesTo(v as Target)}
                    data={DAY_SCHEDULE_TARGETS.map((k) => ({ value: k, label: t(`targets.${k}`) }))}
                  />
                  {appliesTo === 'division' && (
                    <Select
                      label={t('editor.division')}
                      data={(divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                      value={divisionId}
                      onChange={setDivisionId}
                      searchable
                      nothingFoundMessage={t('editor.noneFound')}
                      error={tried && !divisionId ? t('messages.targetMissing') : undefined}
                      w={240}
                    />
                  )}
                  {appliesTo === 'class' && (
                    <Select
                      label={t('editor.class')}
                      data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
                      value={classId}
                      onChange={setClassId}
                      searchable
                      nothingFoundMessage={t('editor.noneFound')}
                      error={tried && !classId ? t('messages.targetMissing') : undefined}
                      w={240}
                    />
                  )}
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={12}>
              <Group gap="md" wrap="wrap" align="flex-end">
                <Stack gap={4}>
                  <Text fz="sm" fw={500} id="schedule-cycle-label">
                    {t('editor.cycle')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="schedule-cycle-label"
                    value={cycle}
                    onChange={(v) => changeCycle(v as Cycle)}
                    data={DAY_SCHEDULE_CYCLES.map((k) => ({ value: k, label: t(`cycles.${k}`) }))}
                  />
                </Stack>
                {cycle === 'weekly' ? (
                  <>
                    <Switch
                      label={t('weekdays.saturday')}
                      checked={saturday}
                      onChange={(e) => setSaturday(e.currentTarget.checked)}
                      mb={6}
                    />
                    <Switch
                      label={t('weekdays.sunday')}
                      checked={sunday}
                      onChange={(e) => setSunday(e.currentTarget.checked)}
                      mb={6}
                    />
                  </>
                ) : (
                  <>
                    <NumberInput
                      label={t('editor.cycleDays')}
                      value={cycleDays}
                      onChange={(v) => setCycleDays(Math.min(MAX_CYCLE_DAYS, Math.max(2, Number(v) || 2)))}
                      min={2}
                      max={MAX_CYCLE_DAYS}
                      w={160}
                    />
                    <DatePickerInput
                      label={t('editor.cycleStart')}
                      value={cycleStart}
                      onChange={(v) => setCycleStart(v ? String(v).slice(0, 10) : null)}
                      valueFormat="MMM DD, YYYY"
                      valueFormatter={readerDateFormatter(DAY)}
                      error={tried && !cycleStart ? t('messages.cycleStart') : undefined}
                      w={200}
                    />
                  </>
                )}
              </Group>
            </Grid.Col>
          </Grid>

          <Tabs value={activeKey} onChange={setActive} keepMounted={false}>
            <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {shown.map((d) => (
                <Tabs.Tab key={d.day} value={d.day} style={{ flexShrink: 0 }}>
                  {dayLabel(d.day)}
                  {d.slots.length > 0 && (
                    <Text span fz="xs" c="dimmed">
                      {` (${d.slots.length})`}
                    </Text>
                  )}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="xs" role="group" aria-label={t('editor.partsOf', { day: dayLabel(activeKey) })}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600}>{t('editor.partsOf', { day: dayLabel(activeKey) })}</Text>
                  <CopyDay
                    from={activeKey}
                    keys={keys}
                    onCopy={(to) => {
                      const copied = copyToDays(wireDays(shown), activeKey, to);
                      setDays((all) => [...all.filter((d) => !keys.includes(d.day)), ...editorDays(copied)]);
                    }}
                  />
                </Group>
                {activeDay.slots.length === 0 && (
                  <Text fz="sm" c="dimmed">
                    {t('editor.noParts')}
                  </Text>
                )}
                {activeDay.slots.map((slot, index) => (
                  <SlotRow
                    key={slot.key}
                    slot={slot}
                    index={index}
                    count={activeDay.slots.length}
                    problem={problemOf(index)}
                    onChange={(next) =>
                      setDaySlots(
                        activeKey,
                        activeDay.slots.map((s) => (s.key === slot.key ? next : s)),
                      )
                    }
                    onMove={(by) => setDaySlots(activeKey, moved(activeDay.slots, index, by))}
                    onRemove={() =>
                      setDaySlots(
                        activeKey,
                        activeDay.slots.filter((s) => s.key !== slot.key),
                      )
                    }
                  />
                ))}
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={activeDay.slots.length >= 30}
                    onClick={() => {
                      const times = nextSlotTimes(wireDays([activeDay])[0]?.slots ?? []);
                      setDaySlots(activeKey, [
                        ...activeDay.slots,
                        editorSlot({ kind: 'period', name: '', start: times.start, end: times.end }),
                      ]);
                    }}
                  >
                    {t('editor.addPart')}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Paper withBorder radius="md" p="sm">
                <Text fw={600} mb="xs">
                  {t('editor.preview', { day: dayLabel(activeKey) })}
                </Text>
                <DayTimeline slots={wireDays([activeDay])[0]?.slots.filter((s) => s.start && s.end) ?? []} />
              </Paper>
            </Grid.Col>
          </Grid>

          {tried && problems.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="schedule-problems">
              <Stack gap={2}>
                {problems.map((p) => (
                  <Text key={p} fz="sm">
                    {p}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
              {serverError}
            </Alert>
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Box>{schedule && <AuditHistory entityType="day_schedule" entityId={schedule._id} />}</Box>
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {t('editor.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('editor.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
