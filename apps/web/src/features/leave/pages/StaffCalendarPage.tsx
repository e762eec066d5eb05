import { addDays, ddmmyyyyFromIso, isoFromDdmmyyyy, pagePath, type StaffCalendar, weekStart } from '@cue/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { useClassList, useDivisions } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import shell from '../../shell/pages/Pages.module.css';
import { useCover, useStaffCalendar } from '../api';
import { LEAVE_NS, leaveNeed } from '../i18n';

/** The first and last day (ISO) of the month holding `iso`, moved by `by` months. */
export function monthRange(iso: string, by = 0): { from: string; to: string } {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + by;
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

type View = 'day' | 'week' | 'month';

/** The days a view shows around `anchor` (ISO), and where the arrows move it. */
export function viewRange(view: View, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') {
    const from = weekStart(anchor);
    return { from, to: addDays(from, 6) };
  }
  return monthRange(anchor);
}
const step = (view: View, anchor: string, by: number) =>
  view === 'day' ? addDays(anchor, by) : view === 'week' ? addDays(anchor, 7 * by) : monthRange(anchor, by).from;

type Day = StaffCalendar['days'][number];
type Absence = Day['absences'][number];

function AbsenceBadge({ a, date, uncovered }: { a: Absence; date: string; uncovered: boolean }) {
  const { t } = useTranslation(LEAVE_NS);
  return (
    <Anchor component={Link} to={pagePath.leaveRequest(a.request_id)} underline="never">
      <Badge
        color={uncovered ? 'orange' : a.leave_type.color}
        variant={a.status === 'approved' ? 'light' : 'outline'}
        radius="sm"
        tt="none"
        fullWidth
        data-testid="calendar-absence"
        data-date={date}
        data-needs-cover={uncovered ? 'true' : 'false'}
      >
        {a.staff.name} · {a.leave_type.code}
        {a.portion !== 'full' ? ` (${t(`portion.${a.portion}`)})` : ''}
        {a.status !== 'approved' ? ` · ${t(`status.${a.status}`)}` : ''}
        {uncovered ? ` · ${t('calendarViews.needsCover')}` : ''}
      </Badge>
    </Anchor>
  );
}

function Body() {
  const { t, i18n } = useTranslation(LEAVE_NS);
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState(() => new Date().toISOString().slice(0, 10));
  const [classId, setClassId] = useState<string | null>(null);
  const [divisionId, setDivisionId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const classes = useClassList();
  const divisions = useDivisions();
  const range = viewRange(view, anchor);
  const wireRange = { from: ddmmyyyyFromIso(range.from), to: ddmmyyyyFromIso(range.to) };
  const calendar = useStaffCalendar({
    ...wireRange,
    ...(classId ? { class_id: classId } : divisionId ? { division_id: divisionId } : {}),
    ...(pending ? { include_pending: 'true' } : {}),
  });
  const cover = useCover(wireRange);
  const uncovered = new Set((cover.data?.days ?? []).filter((d) => !d.substitute).map((d) => `${d.request_id}|${d.date}`));
  const format = (options: Intl.DateTimeFormatOptions, iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const title =
    view === 'month'
      ? format({ month: 'long', year: 'numeric' }, range.from)
      : view === 'week'
        ? `${format({ day: 'numeric', month: 'short' }, range.from)} – ${format({ day: 'numeric', month: 'short', year: 'numeric' }, range.to)}`
        : format({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, range.from);
  const dayName = (wire: string) => format({ weekday: 'short', day: 'numeric' }, isoFromDdmmyyyy(wire) ?? '');
  const divisionName = divisions.data?.find((d) => d.id === divisionId)?.name;
  const classOptions = (classes.data ?? [])
    .filter((c) => !divisionName || c.division === divisionName)
    .map((c) => ({ value: c.id, label: c.class_name }));
  const previous =
    view === 'day' ? t('calendarViews.previousDay') : view === 'week' ? t('calendarViews.previousWeek') : t('calendar.previous');
  const next = view === 'day' ? t('calendarViews.nextDay') : view === 'week' ? t('calendarViews.nextWeek') : t('calendar.next');
  const dayCard = (d: Day) => (
    <Paper
      key={d.date}
      withBorder
      radius="md"
      p="xs"
      bg={d.working ? undefined : 'var(--mantine-color-default-hover)'}
      data-testid="calendar-day"
      data-date={d.date}
    >
      <Stack gap={4}>
        <Text fz="xs" fw={700} c={d.working ? undefined : 'dimmed'}>
          {dayName(d.date)}
        </Text>
        {d.holiday && (
          <Text fz="xs" c="dimmed">
            {d.holiday}
          </Text>
        )}
        {d.absences.map((a) => (
          <AbsenceBadge key={a.request_id} a={a} date={d.date} uncovered={uncovered.has(`${a.request_id}|${d.date}`)} />
        ))}
      </Stack>
    </Paper>
  );
  return (
    <Page title={t('calendar.title')} description={t('calendar.description')}>
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Group gap="xs">
          <Button variant="default" aria-label={previous} onClick={() => setAnchor((a) => step(view, a, -1))}>
            <IconChevronLeft size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
          <Text fw={700} miw={140} ta="center" data-testid="calendar-month">
            {title}
          </Text>
          <Button variant="default" aria-label={next} onClick={() => setAnchor((a) => step(view, a, 1))}>
            <IconChevronRight size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
          <SegmentedControl
            aria-label={t('calendarViews.view')}
            value={view}
            onChange={(v) => setView(v as View)}
            data={(['day', 'week', 'month'] as const).map((v) => ({ value: v, label: t(`calendarViews.${v}`) }))}
            data-testid="calendar-view"
          />
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          {(divisions.data?.length ?? 0) > 0 && (
            <Select
              label={t('calendarViews.division')}
              placeholder={t('calendarViews.allDivisions')}
              data={(divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              value={divisionId}
              onChange={(v) => {
                setDivisionId(v);
                setClassId(null);
              }}
              clearable
              w={200}
            />
          )}
          <Select
            label={t('calendar.class')}
            placeholder={t('calendar.allClasses')}
            data={classOptions}
            value={classId}
            onChange={setClassId}
            clearable
            w={200}
          />
          <Switch label={t('calendar.includePending')} checked={pending} onChange={(e) => setPending(e.currentTarget.checked)} />
        </Group>
      </Group>
      {calendar.isPending && <Skeleton h={240} radius="lg" />}
      {calendar.isError && (
        <Alert color="red" variant="light">
          {errorText(calendar.error)}
        </Alert>
      )}
      {calendar.data && view === 'day' && (
        <Stack gap="xs" data-testid="staff-calendar">
          {calendar.data.days.map((d) => (
            <Stack key={d.date} gap="xs" data-testid="calendar-day" data-date={d.date}>
              {d.holiday && <Text c="dimmed">{d.holiday}</Text>}
              {d.absences.length === 0 && <Text c="dimmed">{t('calendarViews.nobodyAway')}</Text>}
              {d.absences.map((a) => (
                <Paper key={a.request_id} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="wrap">
                    <AbsenceBadge a={a} date={d.date} uncovered={uncovered.has(`${a.request_id}|${d.date}`)} />
                    <Text fz="sm" c="dimmed">
                      {a.classes.map((c) => c.name).join(', ')}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {calendar.data && view !== 'day' && (
        <SimpleGrid
          cols={view === 'week' ? { base: 1, sm: 2, md: 7 } : { base: 1, sm: 2, md: 4, lg: 7 }}
          spacing="xs"
          data-testid="staff-calendar"
        >
          {calendar.data.days.map(dayCard)}
        </SimpleGrid>
      )}
    </Page>
  );
}

/** /admin/leave-portal/staff-calendar: who is away each day of a month, by class. */
export default function StaffCalendarPage() {
  return (
    <Gate need={leaveNeed('leave-portal.staff-calendar')}>
      <Body />
    </Gate>
  );
}
