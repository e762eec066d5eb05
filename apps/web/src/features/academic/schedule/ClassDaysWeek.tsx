import { addDays, type DaySlot, ddmmyyyyFromIso, isoFromDdmmyyyy, weekStart } from '@cue/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText } from '../../../lib/notify';
import { showDay } from '../../planning/planFormat';
import { DAY_SCHEDULE_NS } from '../i18n';
import { useClassDays } from './api-schedule';
import { cycleDayNumber, timeRange } from './slots';

/** Where a part's kind shows its colour: breaks tinted, sessions and periods in the product's colour. */
export const SLOT_COLORS: Record<DaySlot['kind'], string> = { session: 'cue', period: 'indigo', break: 'orange' };

/** One part of a day as a line: its times (kept left to right in any language), name and kind. */
export function SlotLine({ slot }: { slot: DaySlot }) {
  const { t, i18n } = useTranslation(DAY_SCHEDULE_NS);
  return (
    <Stack
      gap={0}
      px={6}
      py={4}
      style={{
        borderRadius: 6,
        borderInlineStart: `3px solid var(--mantine-color-${SLOT_COLORS[slot.kind]}-6)`,
        background: slot.kind === 'break' ? 'var(--mantine-color-orange-light)' : undefined,
      }}
      data-kind={slot.kind}
    >
      <Text fz="xs" c="dimmed">
        {timeRange(slot.start, slot.end, i18n.language)}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {slot.name}
        <Text span fz="xs" c="dimmed">
          {' · '}
          {t(`kinds.${slot.kind}`)}
        </Text>
      </Text>
    </Stack>
  );
}

/** How a schedule's day key reads: the weekday's name, or "Day 3" of a rotating cycle. */
export function useDayLabel(): (key: string) => string {
  const { t } = useTranslation(DAY_SCHEDULE_NS);
  return (key) => {
    const n = cycleDayNumber(key);
    return n === null ? t(`weekdays.${key}`) : t('editor.cycleDay', { n });
  };
}

/**
 * A class's week as its staff live it: which day schedule applies (the class's own, its division's or the
 * school's), and each day of the week that holds `from` (DD-MM-YYYY) with its cycle day and its parts.
 * Weekend days show only when the class meets on them. For the day schedule's preview, attendance and
 * weekly planning.
 */
export function ClassDaysWeek({ classId, from }: { classId: string; from: string }) {
  const { t, i18n } = useTranslation(DAY_SCHEDULE_NS);
  const dayLabel = useDayLabel();
  const iso = isoFromDdmmyyyy(from);
  const monday = iso ? weekStart(iso) : null;
  const start = monday ? ddmmyyyyFromIso(monday) : from;
  const end = monday ? ddmmyyyyFromIso(addDays(monday, 6)) : from;
  const week = useClassDays(classId, start, end);

  if (week.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm" aria-busy="true">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={140} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (week.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text fz="sm">{errorText(week.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void week.refetch()}>
            {t('preview.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const data = week.data;
  const weekdayOf = (wire: string) => {
    const d = isoFromDdmmyyyy(wire);
    return d ? new Date(`${d}T12:00:00Z`).getUTCDay() : 1;
  };
  const days = data.days.filter((d) => d.day !== null || (weekdayOf(d.date) !== 0 && weekdayOf(d.date) !== 6));
  return (
    <Stack gap="sm" data-testid="class-days-week">
      <Group gap="xs" wrap="wrap">
        {data.schedule ? (
          <>
            <Text fz="sm">{t('preview.applies', { name: data.schedule.name })}</Text>
            <SoftBadge color="gray">{t(`targets.${data.schedule.applies_to}`)}</SoftBadge>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('preview.noSchedule')}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: Math.min(7, Math.max(5, days.length)) }} spacing="sm">
        {days.map((d) => (
          <Paper key={d.date} withBorder radius="md" p="xs" data-testid="class-day" data-date={d.date}>
            <Stack gap={6}>
              <Group justify="space-between" gap={4} wrap="wrap">
                <Text fw={600} fz="sm">
                  {showDay(d.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}
                </Text>
                {d.day && cycleDayNumber(d.day) !== null && <SoftBadge color="indigo">{dayLabel(d.day)}</SoftBadge>}
              </Group>
              {d.day === null ? (
                <Text fz="sm" c="dimmed">
                  {t('preview.noSchool')}
                </Text>
              ) : d.slots.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('preview.noParts')}
                </Text>
              ) : (
                d.slots.map((slot) => <SlotLine key={`${slot.start}-${slot.end}-${slot.kind}-${slot.name}`} slot={slot} />)
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
