import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import type { PlanActivity, WeeklyPlan } from '../api';
import { PLANNING_NS } from '../i18n';
import { showDay } from '../planFormat';
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
}: {
  day: GridDay;
  today: boolean;
  canAdd: boolean;
  onAdd: (day: GridDay) => void;
  onEdit: (activity: PlanActivity) => void;
  onDelete: (activity: PlanActivity) => void;
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
          {today && (
            <Badge size="xs" variant="light" radius="sm">
              {t('weekly.today')}
            </Badge>
          )}
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
}: {
  days: GridDay[];
  todayWire: string;
  canAdd: boolean;
  onAdd: (day: GridDay) => void;
  onEdit: (activity: PlanActivity) => void;
  onDelete: (activity: PlanActivity) => void;
}) {
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
        />
      ))}
    </Box>
  );
}
