import type { ClassDays } from '@cue/contract';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconClockHour4 } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { byStart, cycleDay as cycleDayOf, daySpan, timeRange } from '../../planning/dayParts';
import { ltr } from '../../planning/planFormat';
import { toWire } from '../dates';
import { ATT_NS } from '../i18n';
import classes from './DayStrip.module.css';

/**
 * The class's day on the roster's day: its sessions, periods and breaks with their times (the day
 * schedule's), and "Day 3" of a rotating cycle. Nothing when the class does not meet or the schedule did
 * not answer. On a phone the parts fold behind one line (the day's span) that opens them.
 */
export function DayStrip({ days, date, today }: { days: ClassDays | undefined; date: string; today: boolean }) {
  const { t } = useTranslation(ATT_NS);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const day = days?.days.find((d) => d.date === toWire(date));
  if (!day || day.day === null || day.slots.length === 0) return null;
  const span = daySpan(day.slots);
  const cycle = cycleDayOf(day.day);
  return (
    <Stack gap={6} data-testid="attendance-day-parts" data-day={day.day}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <IconClockHour4 size={16} aria-hidden />
          <Text fz="sm" fw={600}>
            {today ? t('dayParts.today') : t('dayParts.other')}
          </Text>
          {cycle !== null && (
            <SoftBadge color="indigo" size="sm" data-testid="attendance-cycle-day">
              {t('dayParts.cycleDay', { n: cycle })}
            </SoftBadge>
          )}
          {span && (
            <Text fz="xs" c="dimmed">
              {ltr(timeRange(span.start, span.end))}
            </Text>
          )}
        </Group>
        <UnstyledButton
          hiddenFrom="sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={listId}
          fz="sm"
          c="cue.8"
          fw={500}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 32 }}
        >
          {open ? t('dayParts.hide') : t('dayParts.show')}
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </UnstyledButton>
      </Group>
      <Box component="ul" id={listId} className={classes.parts} data-open={open} aria-label={t('dayParts.label')}>
        {byStart(day.slots).map((slot) => (
          <li key={`${slot.start}-${slot.end}-${slot.kind}-${slot.name}`} className={classes.part} data-kind={slot.kind}>
            <span className={classes.time}>{ltr(timeRange(slot.start, slot.end))}</span>
            <span>{slot.name}</span>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
