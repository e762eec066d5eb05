import {
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBeach, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { LoadFailed } from '../../shell/pages/common';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { type CalendarEvent, useCalendar } from '../api';
import { Frame } from '../components/Frame';
import { MonthGrid } from '../components/MonthGrid';
import {
  addDays,
  daysBetween,
  formatDay,
  formatMonth,
  fromWire,
  ISO,
  isIsoDate,
  monthWeeks,
  todayIso,
  weekStartOf,
} from '../dates';
import { ATT_NS } from '../i18n';
import { housekeepingNeed } from '../menu';
import classes from './CalendarPage.module.css';
import { EventModal } from './EventModal';

type View = 'month' | 'week' | 'agenda';
const VIEWS: View[] = ['month', 'week', 'agenda'];

function rangeOf(view: View, anchor: string): [string, string] {
  if (view === 'week') {
    const start = weekStartOf(anchor);
    return [start, addDays(start, 6)];
  }
  if (view === 'agenda') {
    const start = `${anchor.slice(0, 7)}-01`;
    return [start, dayjs(start).endOf('month').format(ISO)];
  }
  const weeks = monthWeeks(anchor.slice(0, 7));
  return [weeks[0]?.[0] ?? anchor, weeks.at(-1)?.at(-1) ?? anchor];
}

const covers = (event: CalendarEvent, iso: string) => fromWire(event.start_date) <= iso && iso <= fromWire(event.end_date);

/** /housekeeping/calendar: the school's and the class's events and holidays; parents see their children's. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation(ATT_NS);
  const { side } = useShell();
  // Parents see their children's classes' and schools' events (the server scopes the list to the family).
  return side === 'staff' ? (
    <Gate need={housekeepingNeed('calendar')}>
      <StaffCalendar />
    </Gate>
  ) : (
    <CalendarView title={t('calendar.title')} classId={null} language={i18n.language} />
  );
}

function StaffCalendar() {
  const { t, i18n } = useTranslation(ATT_NS);
  const { current, schools } = useCurrentClass();
  const { held } = useShell();
  const managesSchool = new Set(held.rolePermissions).has('admin_portal.school_details');
  const myClasses = schools.data?.find((s) => s.current)?.classes ?? [];
  return (
    <CalendarView
      title={t('calendar.title')}
      classId={current?.id ?? null}
      language={i18n.language}
      editor={{
        managesSchool,
        classes: myClasses.map((c) => ({ value: c.id, label: c.class_name })),
        currentClassId: current?.id ?? null,
      }}
    />
  );
}

export interface EditorOptions {
  managesSchool: boolean;
  classes: { value: string; label: string }[];
  currentClassId: string | null;
}

function CalendarView({
  title,
  classId,
  language,
  editor,
}: {
  title: string;
  classId: string | null;
  language: string;
  editor?: EditorOptions;
}) {
  const { t } = useTranslation(ATT_NS);
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'month';
  const asked = params.get('date');
  const today = todayIso();
  const anchor = isIsoDate(asked) ? asked : today;
  const [from, to] = rangeOf(view, anchor);
  const events = useCalendar(from, to, classId);
  const [open, setOpen] = useState<{ event: CalendarEvent | null; date?: string } | null>(null);
  const canCreate = !!editor && (editor.managesSchool || editor.classes.length > 0);

  const go = (next: { view?: View; date?: string }) =>
    setParams(
      (previous) => {
        const p = new URLSearchParams(previous);
        if (next.view) p.set('view', next.view);
        if (next.date) p.set('date', next.date);
        return p;
      },
      { replace: true },
    );
  const step = (by: number) =>
    go({ date: view === 'week' ? addDays(anchor, 7 * by) : dayjs(anchor).add(by, 'month').format(ISO) });

  const label =
    view === 'week'
      ? `${formatDay(from, language, { weekday: undefined })} – ${formatDay(to, language, { weekday: undefined })}`
      : formatMonth(anchor.slice(0, 7), language);

  const list = events.data ?? [];
  const chip = (event: CalendarEvent, compact = false) => (
    <UnstyledButton
      key={event.id}
      className={classes.chip}
      data-kind={event.is_holiday ? 'holiday' : event.class_id ? 'class' : 'school'}
      onClick={() => setOpen({ event })}
      data-testid="calendar-event"
      title={event.title}
      aria-label={t('calendar.eventLabel', {
        title: event.title,
        when:
          event.start_date === event.end_date
            ? formatDay(fromWire(event.start_date), language)
            : `${formatDay(fromWire(event.start_date), language)} – ${formatDay(fromWire(event.end_date), language)}`,
      })}
    >
      {event.is_holiday && !compact && <IconBeach size={12} aria-hidden />}
      <span className={classes.chipText}>{event.title}</span>
    </UnstyledButton>
  );

  return (
    <Frame
      title={title}
      testId="calendar-page"
      actions={
        canCreate ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen({ event: null, date: anchor })}>
            {t('calendar.new')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" size="sm" onClick={() => go({ date: today })}>
                {t('calendar.today')}
              </Button>
              <Button
                variant="default"
                size="sm"
                px={8}
                onClick={() => step(-1)}
                aria-label={t('calendar.previous')}
                className={classes.flip}
              >
                <IconChevronLeft size={18} aria-hidden />
              </Button>
              <Button
                variant="default"
                size="sm"
                px={8}
                onClick={() => step(1)}
                aria-label={t('calendar.next')}
                className={classes.flip}
              >
                <IconChevronRight size={18} aria-hidden />
              </Button>
              <Title order={2} fz={{ base: 'md', sm: 'lg' }} data-testid="calendar-range">
                {label}
              </Title>
            </Group>
            <SegmentedControl
              size="sm"
              value={view}
              onChange={(value) => go({ view: value as View })}
              data={VIEWS.map((v) => ({ value: v, label: t(`calendar.view.${v}`) }))}
              aria-label={t('calendar.view.label')}
            />
          </Group>
          <Group gap="xs" aria-label={t('calendar.legend')}>
            <SoftBadge color="cue" tt="none">
              {t('calendar.kind.school')}
            </SoftBadge>
            <SoftBadge color="teal" tt="none">
              {t('calendar.kind.class')}
            </SoftBadge>
            <SoftBadge color="red" tt="none">
              {t('calendar.kind.holiday')}
            </SoftBadge>
          </Group>
          {events.isError && !events.data ? (
            <LoadFailed onRetry={() => void events.refetch()} />
          ) : !events.data ? (
            <Skeleton height={360} radius="md" />
          ) : view === 'month' ? (
            <MonthGrid
              month={anchor.slice(0, 7)}
              label={t('month.gridLabel', { month: label })}
              cellHeight={96}
              renderDay={(iso) => {
                const here = list.filter((e) => covers(e, iso));
                return here.length ? (
                  <Stack gap={2}>
                    {here.slice(0, 3).map((e) => chip(e, true))}
                    {here.length > 3 && (
                      <Text fz={10} c="dimmed">
                        {t('calendar.more', { count: here.length - 3 })}
                      </Text>
                    )}
                  </Stack>
                ) : null;
              }}
            />
          ) : view === 'week' ? (
            <SimpleGrid cols={{ base: 1, sm: 7 }} spacing={6}>
              {daysBetween(from, to).map((iso) => {
                const here = list.filter((e) => covers(e, iso));
                return (
                  <Box key={iso} className={classes.weekDay} data-today={iso === today || undefined}>
                    <Text fz="xs" fw={700} c={iso === today ? 'cue.7' : 'dimmed'}>
                      {formatDay(iso, language, { year: undefined })}
                    </Text>
                    <Stack gap={4} mt={4}>
                      {here.length === 0 ? (
                        <Text fz="xs" c="dimmed">
                          {t('calendar.nothing')}
                        </Text>
                      ) : (
                        here.map((e) => chip(e))
                      )}
                    </Stack>
                  </Box>
                );
              })}
            </SimpleGrid>
          ) : (
            <Agenda events={list} language={language} onOpen={(event) => setOpen({ event })} />
          )}
        </Stack>
      </Paper>
      {open && editor && (
        <EventModal event={open.event} date={open.date ?? today} editor={editor} onClose={() => setOpen(null)} />
      )}
      {open && !editor && open.event && <EventModal event={open.event} date={today} onClose={() => setOpen(null)} />}
    </Frame>
  );
}

function Agenda({ events, language, onOpen }: { events: CalendarEvent[]; language: string; onOpen: (e: CalendarEvent) => void }) {
  const { t } = useTranslation(ATT_NS);
  if (events.length === 0)
    return (
      <Text ta="center" c="dimmed" py="xl">
        {t('calendar.empty')}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="agenda">
      {events.map((event) => (
        <li key={event.id}>
          <UnstyledButton
            className={classes.agendaItem}
            onClick={() => onOpen(event)}
            data-kind={event.is_holiday ? 'holiday' : event.class_id ? 'class' : 'school'}
          >
            <Text fz="sm" fw={700} className={classes.agendaDate}>
              {event.start_date === event.end_date
                ? formatDay(fromWire(event.start_date), language)
                : `${formatDay(fromWire(event.start_date), language)} – ${formatDay(fromWire(event.end_date), language)}`}
            </Text>
            <Box miw={0}>
              <Text fw={600}>{event.title}</Text>
              <Group gap={6}>
                <SoftBadge size="xs" color={event.is_holiday ? 'red' : event.class_id ? 'teal' : 'cue'} tt="none">
                  {event.is_holiday ? t('calendar.kind.holiday') : (event.class_name ?? t('calendar.kind.school'))}
                </SoftBadge>
                {event.description && (
                  <Text fz="xs" c="dimmed" lineClamp={1}>
                    {event.description}
                  </Text>
                )}
              </Group>
            </Box>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
