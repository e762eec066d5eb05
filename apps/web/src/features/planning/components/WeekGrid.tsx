import { isoFromDdmmyyyy } from '@cue/contract';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconPaperclip, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { BookResourceButton } from '../../academic/resources/BookResourceButton';
import type { PlanActivity, WeeklyPlan } from '../api';
import { type DayContext, timeRange } from '../dayParts';
import { PLANNING_NS } from '../i18n';
import { ltr, showDay } from '../planFormat';
import classes from './Week.module.css';

/** A column of the week: the day with its activities in time order (gridDays). */
export type GridDay = WeeklyPlan['days'][number] & { sorted: PlanActivity[] };

/**
 * One activity of the week: its time, title, unit, areas and resources, with edit and delete when the
 * server allows. Memoised: a week of forty activities re-renders only the card that changed.
 */
export const WeekActivityCard = memo(function WeekActivityCard({
  activity,
  onEdit,
  onDelete,
}: {
  activity: PlanActivity;
  onEdit: (activity: PlanActivity) => void;
  onDelete: (activity: PlanActivity) => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const resources = activity.resources.length;
  return (
    <Paper component="li" withBorder radius="md" p="xs" className={classes.card} data-testid="week-activity">
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fz="xs" c="dimmed" fw={600}>
              {/* Each time kept whole and left to right; in Arabic and Hebrew the start reads first, from the right. */}
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {activity.start_time}
              </span>{' '}
              –{' '}
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {activity.end_time}
              </span>
            </Text>
            <Text fz="sm" fw={600} lh={1.3} dir="auto">
              {activity.title}
            </Text>
          </Stack>
          {/* Named by their labels ("Edit Circle time"): no tooltip per card, which forty cards would each mount. */}
          {activity.abilities.can_edit && (
            <Stack gap={2} className={classes.noPrint} style={{ flexShrink: 0 }}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('weekly.editNamed', { title: activity.title })}
                onClick={() => onEdit(activity)}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                aria-label={t('weekly.deleteNamed', { title: activity.title })}
                onClick={() => onDelete(activity)}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Stack>
          )}
        </Group>
        {(activity.unit || activity.areas.length > 0 || resources > 0) && (
          <Group gap={4} wrap="wrap">
            {activity.unit && (
              <Badge size="xs" variant="filled" radius="sm" maw="100%" title={activity.unit.name}>
                {activity.unit.name}
              </Badge>
            )}
            {activity.areas.map((area) => (
              <Badge key={area._id} size="xs" variant="light" color="grape" radius="sm" maw="100%" title={area.name}>
                {area.code || area.name}
              </Badge>
            ))}
            {resources > 0 && (
              <Badge
                size="xs"
                variant="outline"
                color="gray"
                radius="sm"
                leftSection={<IconPaperclip size={10} aria-hidden />}
                aria-label={t('weekly.resources', { count: resources })}
              >
                {resources}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
});

/** A day's column: its name and date, a holiday's title (shaded, nothing added), its activities in time order. */
export const WeekDay = memo(function WeekDay({
  day,
  today,
  canAdd,
  onAdd,
  onEdit,
  onDelete,
  context,
  bookFor,
}: {
  day: GridDay;
  today: boolean;
  canAdd: boolean;
  onAdd: (day: GridDay) => void;
  onEdit: (activity: PlanActivity) => void;
  onDelete: (activity: PlanActivity) => void;
  /** The class's parts and bookings of the day (absent until the schedule and bookings answer). */
  context?: DayContext;
  /** The class a resource is booked for from this day's column; none: no "Book" (a past day, a closed one). */
  bookFor?: string | null;
}) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const name = showDay(day.date, i18n.language, { weekday: 'long' });
  const date = showDay(day.date, i18n.language, { day: 'numeric', month: 'short' });
  const headingId = `week-day-${day.date}`;
  const className = [classes.day, day.holiday ? classes.holiday : !day.open ? classes.closed : '', today ? classes.today : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Box
      component="section"
      className={className}
      aria-labelledby={headingId}
      data-testid="week-day"
      data-date={day.date}
      data-holiday={day.holiday ? 'true' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap={4} wrap="wrap">
          <Text component="h2" fz="sm" fw={700} m={0} id={headingId}>
            {name}{' '}
            <Text span fz="sm" c="dimmed" fw={500}>
              {date}
            </Text>
          </Text>
          <Group gap={4} wrap="nowrap">
            {context && context.cycleDay !== null && !day.holiday && (
              <SoftBadge color="indigo" radius="sm" size="xs" data-testid="week-cycle-day">
                {t('weekly.cycleDay', { n: context.cycleDay })}
              </SoftBadge>
            )}
            {today && (
              <Badge size="xs" variant="light" radius="sm">
                {t('weekly.today')}
              </Badge>
            )}
          </Group>
        </Group>
        {day.holiday && (
          <SoftBadge color="orange" radius="sm" maw="100%" title={day.holiday} data-testid="week-holiday">
            {t('weekly.holiday', { title: day.holiday })}
          </SoftBadge>
        )}
        {!day.open && !day.holiday && (
          <Text fz="xs" c="dimmed">
            {t('weekly.closedDay')}
          </Text>
        )}
        {!day.holiday && context && context.slots.length > 0 && (
          // The class's day as light rows: where activities usually sit (sessions, periods) and its breaks.
          <Box component="ul" className={classes.parts} aria-label={t('weekly.partsOf', { day: name })} data-testid="week-parts">
            {context.slots.map((slot) => (
              <li key={`${slot.start}-${slot.end}-${slot.kind}-${slot.name}`} className={classes.part} data-kind={slot.kind}>
                <span className={classes.partTime}>{ltr(timeRange(slot.start, slot.end))}</span>{' '}
                <span className={classes.partName}>{slot.name}</span>
              </li>
            ))}
          </Box>
        )}
        {context && context.bookings.length > 0 && (
          <Group
            component="ul"
            gap={4}
            wrap="wrap"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('weekly.bookingsOf', { day: name })}
            data-testid="week-bookings"
          >
            {context.bookings.map((booking) => (
              <li key={booking._id} className={classes.booking} title={booking.purpose || undefined} data-testid="week-booking">
                <IconCalendarEvent size={12} aria-hidden style={{ flexShrink: 0 }} />
                <span>
                  {booking.quantity > 1
                    ? t('weekly.bookingMany', { name: booking.resource.name, quantity: booking.quantity })
                    : booking.resource.name}{' '}
                  <span className={classes.partTime}>{ltr(timeRange(booking.start, booking.end))}</span>
                </span>
              </li>
            ))}
          </Group>
        )}
        {day.sorted.length > 0 ? (
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('weekly.dayActivities', { day: name })}
          >
            {day.sorted.map((activity) => (
              <WeekActivityCard key={activity._id} activity={activity} onEdit={onEdit} onDelete={onDelete} />
            ))}
          </Stack>
        ) : (
          !day.holiday && (
            <Text fz="xs" c="dimmed">
              {t('weekly.nothingPlanned')}
            </Text>
          )
        )}
        {canAdd && day.open && !day.holiday && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onAdd(day)}
            aria-label={t('weekly.addOn', { day: `${name} ${date}` })}
            className={classes.noPrint}
            data-testid="week-add"
          >
            {t('weekly.add')}
          </Button>
        )}
        {bookFor && day.open && !day.holiday && (
          <BookResourceButton
            classId={bookFor}
            date={day.date}
            variant="subtle"
            size="xs"
            aria-label={t('weekly.bookOn', { day: `${name} ${date}` })}
            className={classes.noPrint}
          />
        )}
      </Stack>
    </Box>
  );
});

/** The week's columns (stacked on a phone); the part a print of the page keeps. */
export function WeekGrid({
  days,
  todayWire,
  canAdd,
  onAdd,
  onEdit,
  onDelete,
  contexts,
  classId,
}: {
  days: GridDay[];
  todayWire: string;
  canAdd: boolean;
  onAdd: (day: GridDay) => void;
  onEdit: (activity: PlanActivity) => void;
  onDelete: (activity: PlanActivity) => void;
  /** Each day's parts and bookings by date (dayContexts). */
  contexts?: Map<string, DayContext>;
  /** The class resources are booked for: any member of staff may book, from today on. */
  classId?: string | null;
}) {
  const today = isoFromDdmmyyyy(todayWire) ?? '';
  return (
    <Box className={classes.grid} style={{ '--week-days': Math.max(1, days.length) } as CSSProperties} data-testid="week-grid">
      {days.map((day) => (
        <WeekDay
          key={day.date}
          day={day}
          today={day.date === todayWire}
          canAdd={canAdd}
          onAdd={onAdd}
          onEdit={onEdit}
          onDelete={onDelete}
          context={contexts?.get(day.date)}
          bookFor={classId && (isoFromDdmmyyyy(day.date) ?? '') >= today ? classId : null}
        />
      ))}
    </Box>
  );
}
