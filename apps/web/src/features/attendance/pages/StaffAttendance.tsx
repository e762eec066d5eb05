import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_PAGE_PARAMS,
  ATTENDANCE_UPDATED_EVENT,
  type AttendanceStatus,
  type ClassAttendance,
  can,
  pagePath,
  readAttendanceParams,
} from '@cue/contract';
import { Alert, Anchor, Avatar, Badge, Box, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconBeach, IconCalendar, IconCircleCheck, IconEdit, IconLockOpen, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChildAlertBadges, ChildRecordLink, useClassAlerts } from '../../../components/ChildAlertBadges';
import { LONG_DAY, readerDateFormatter } from '../../../components/dateFormat';
import { LanguageText } from '../../../components/LanguageText';
import { SoftBadge } from '../../../components/SoftBadge';
import { formatClassName, fullName, initials } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { useClassEvent } from '../../../lib/socket';
import { useClassDays } from '../../academic/schedule/api-schedule';
import { useClassDetail } from '../../admin/api';
import { formatDateTime } from '../../admin/format';
import { setCurrentClassId } from '../../shell/currentClass';
import { LoadFailed } from '../../shell/pages/common';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { useClassDay, useClassExcusals, useSaveDay } from '../api';
import { ClassCoverNotice } from '../components/ClassCover';
import { DayStrip } from '../components/DayStrip';
import { EmergencySheetButton } from '../components/EmergencySheet';
import { Frame } from '../components/Frame';
import { StatusBadge, StatusCounts, StatusPicker } from '../components/StatusPicker';
import { countStatuses } from '../components/status';
import { formatDay, todayIso, toWire } from '../dates';
import { ATT_NS } from '../i18n';
import { ClassExcusals } from './ClassExcusals';
import classes from './StaffAttendance.module.css';

type Marks = Record<string, AttendanceStatus>;

const marksOf = (day: ClassAttendance): Marks =>
  Object.fromEntries(day.student_attendance_list.map((e) => [e.student_id, e.attendance_status]));

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** /housekeeping/attendance for staff: the current class's day, and the absences parents reported. */
export function StaffAttendance() {
  const { t, i18n } = useTranslation(ATT_NS);
  const { current: chosen, schools } = useCurrentClass();
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  // The page's parameters are the contract's (`pagePath.attendance` builds the links that open it).
  const asked = readAttendanceParams(params);
  const date = asked.date && asked.date <= today ? asked.date : today;
  const tab = params.get(ATTENDANCE_PAGE_PARAMS.tab) === 'excusals' ? 'excusals' : 'roster';
  // A link to a class's day opens that class, when it is one the person works with.
  const linked = asked.classId
    ? (schools.data?.find((s) => s.current)?.classes.find((c) => c.id === asked.classId) ?? null)
    : null;
  const current = linked ?? chosen;
  const classId = current?.id ?? null;
  useEffect(() => {
    if (!linked) return;
    // The linked class becomes the current one; the URL then keeps only the day (the class selector rules again).
    setCurrentClassId(linked.id);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(ATTENDANCE_PAGE_PARAMS.classId);
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);
  const excusals = useClassExcusals(classId);
  // The class's emergency sheet, for those who manage the school's students (the route's permission).
  const { held } = useShell();
  const sheet = classId && can({ permission: 'admin_portal.students' }, held);
  const pending = excusals.data?.filter((e) => e.status === 'pending').length ?? 0;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const name = current ? formatClassName(current.class_name) : null;
  return (
    <Frame
      title={t('title')}
      testId="staff-attendance"
      subtitle={name ? <span title={name.truncated ? name.full : undefined}>{name.text}</span> : undefined}
      actions={
        <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
          {sheet && <EmergencySheetButton classId={classId} />}
          <DatePickerInput
            label={t('date.label')}
            value={date}
            onChange={(value) => value && setParam(ATTENDANCE_PAGE_PARAMS.date, value === today ? null : value)}
            maxDate={today}
            valueFormat="ddd, D MMM YYYY"
            valueFormatter={readerDateFormatter(LONG_DAY)}
            leftSection={<IconCalendar size={18} aria-hidden />}
            w={{ base: '100%', xs: 230 }}
            data-testid="attendance-date"
            popoverProps={{ position: 'bottom-end' }}
          />
        </Group>
      }
    >
      {!current ? (
        schools.isPending ? (
          <Skeleton height={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('noClass.title')}>
            {t('noClass.body')}
          </Alert>
        )
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setParam(ATTENDANCE_PAGE_PARAMS.tab, value === 'excusals' ? 'excusals' : null)}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="roster">{t('tabs.roster')}</Tabs.Tab>
            <Tabs.Tab
              value="excusals"
              rightSection={
                pending > 0 ? (
                  <Badge
                    size="sm"
                    circle
                    color="red.8"
                    data-testid="pending-excusals"
                    aria-label={t('excusals.pendingCount', { count: pending })}
                  >
                    {new Intl.NumberFormat(i18n.language).format(pending)}
                  </Badge>
                ) : undefined
              }
            >
              {t('tabs.excusals')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="roster">
            <ClassCoverNotice classId={current.id} date={date} />
            <Roster key={`${current.id}:${date}`} classId={current.id} date={date} highlight={asked.studentId} />
          </Tabs.Panel>
          <Tabs.Panel value="excusals">
            <ClassExcusals classId={current.id} excusals={excusals} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Frame>
  );
}

function Roster({ classId, date, highlight }: { classId: string; date: string; highlight: string | null }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const day = useClassDay(classId, date);
  const detail = useClassDetail(classId);
  const alerts = useClassAlerts(classId);
  const save = useSaveDay(classId, date);
  // The class's day (sessions, periods, breaks) of the day shown: asked beside the roster, and the roster
  // waits for its answer (or its failure) so that the strip never pushes the controls down after they show.
  const parts = useClassDays(classId, toWire(date), toWire(date));
  const [editing, setEditing] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<Marks | null>(null);
  const [stale, setStale] = useState(false);
  // The child a link points to is shown once: scrolled to when the roster first appears.
  const scrolled = useRef(false);

  const server = useMemo(() => (day.data ? marksOf(day.data) : null), [day.data]);
  const marks = draft ?? server ?? {};
  const dirty = !!draft && !!server && Object.entries(draft).some(([id, status]) => server[id] !== status);

  // Someone else (another teacher, Cue) saved this class: reload the day unless there are unsaved changes here.
  useClassEvent<{ date?: string }>(classId, ATTENDANCE_UPDATED_EVENT, (payload) => {
    if (payload.date && payload.date !== toWire(date)) return;
    if (save.isPending) return;
    if (dirty) setStale(true);
    else void day.refetch();
  });

  if (day.isError && !day.data) return <LoadFailed onRetry={() => void day.refetch()} />;
  if (!day.data || !server || parts.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={48} radius="md" />
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={64} radius="md" />
        ))}
      </Stack>
    );

  const data = day.data;
  const completed = data.is_saved;
  // What this person may do with the day is the server's answer (`abilities`), not a rule of the page.
  const { can_edit: markable, can_reopen: mayReopen } = data.abilities;
  const isEditing = !completed && markable && (editing ?? true);
  const people = new Map((detail.data?.student_list ?? []).map((s) => [s.id, s]));
  const classDay = !detail.data || detail.data.classes_days.includes(WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '');
  const list = data.student_attendance_list.map((e) => ({ ...e, attendance_status: marks[e.student_id] ?? e.attendance_status }));
  const counts = countStatuses(list);

  const submit = (isSaved: boolean) =>
    save.mutate(
      { student_attendance_list: list, is_saved: isSaved },
      {
        onSuccess: () => {
          setDraft(null);
          setStale(false);
          setEditing(!isSaved ? false : null);
          if (isSaved) toast.success(t('messages.saved', { defaultValue: ATTENDANCE_MESSAGES.saved }));
          else toast.success(t('messages.savedDraft'));
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );

  const reopen = () =>
    save.mutate(
      { student_attendance_list: data.student_attendance_list, is_saved: false },
      {
        onSuccess: () => {
          setEditing(true);
          toast.info(t('messages.reopened'));
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );

  const markAllPresent = () => setDraft(Object.fromEntries(list.map((e) => [e.student_id, 'present' as const])));

  return (
    <Stack gap="md" data-testid="roster" data-mode={isEditing ? 'edit' : 'view'} data-completed={completed}>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={700} data-testid="roster-date">
              {formatDay(date, i18n.language, { weekday: 'long', month: 'long' })}
            </Text>
            {completed ? (
              <SoftBadge color="teal" leftSection={<IconCircleCheck size={14} aria-hidden />} tt="none">
                {t('state.completed')}
              </SoftBadge>
            ) : (
              <SoftBadge color="gray" tt="none">
                {isEditing ? t('state.editing') : t('state.open')}
              </SoftBadge>
            )}
          </Group>
          <StatusCounts counts={counts} />
          {completed && (
            <Text fz="sm" c="dimmed" data-testid="completed-by">
              {data.completed_by && data.completed_at
                ? t('completed.byAt', {
                    name: fullName(data.completed_by),
                    when: formatDateTime(data.completed_at, i18n.language),
                  })
                : t('completed.plain')}
            </Text>
          )}
          {!data.holiday && <DayStrip days={parts.data} date={date} today={date === todayIso()} />}
        </Stack>
      </Paper>

      {data.holiday && (
        <Alert color="grape" variant="light" icon={<IconBeach size={20} aria-hidden />} title={t('holiday.title')}>
          {t('holiday.body', { title: data.holiday.title })}
        </Alert>
      )}
      {!data.holiday && !classDay && (
        <Alert
          color="yellow"
          variant="light"
          title={t('notClassDay.title')}
          // Yellow on light yellow is too faint to read: the title takes the body's dark text.
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          {t('notClassDay.body')}
        </Alert>
      )}
      {stale && (
        <Alert color="blue" variant="light" icon={<IconRefresh size={20} aria-hidden />} title={t('stale.title')}>
          <Group gap="sm" mt={4}>
            <Text fz="sm">{t('stale.body')}</Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setDraft(null);
                setStale(false);
                void day.refetch();
              }}
            >
              {t('stale.load')}
            </Button>
          </Group>
        </Alert>
      )}

      {isEditing && (
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed">
            <LanguageText>{t('edit.hint')}</LanguageText>
          </Text>
          <Button variant="light" size="sm" onClick={markAllPresent} leftSection={<IconCircleCheck size={16} aria-hidden />}>
            {t('actions.markAllPresent')}
          </Button>
        </Group>
      )}

      {list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500}>
            {t('noStudents')}
          </Text>
        </Paper>
      ) : (
        <Stack gap={8} component="ul" className={classes.list} aria-label={t('roster.label')}>
          {list.map((entry) => {
            const person = people.get(entry.student_id);
            const name = person ? fullName(person) : t('roster.unknown');
            return (
              <li
                key={entry.student_id}
                className={classes.row}
                data-testid="roster-row"
                data-status={entry.attendance_status}
                data-view={isEditing ? undefined : true}
                data-highlighted={entry.student_id === highlight ? true : undefined}
                aria-current={entry.student_id === highlight ? 'true' : undefined}
                ref={
                  entry.student_id === highlight
                    ? (row) => {
                        if (!row || scrolled.current) return;
                        scrolled.current = true;
                        row.scrollIntoView?.({ block: 'center' });
                      }
                    : undefined
                }
              >
                <Group gap="sm" wrap="nowrap" className={classes.who}>
                  <Avatar src={person?.profile_picture} alt="" radius="xl" size={36} color="cue" aria-hidden>
                    {person ? initials(person) : null}
                  </Avatar>
                  <Box miw={0}>
                    <Anchor
                      component={Link}
                      to={pagePath.studentAttendance(entry.student_id)}
                      fw={600}
                      c="inherit"
                      className={classes.name}
                      data-testid="student-name"
                    >
                      {name}
                    </Anchor>
                    <ChildRecordLink studentId={entry.student_id} name={name} />
                    <ChildAlertBadges alerts={alerts.get(entry.student_id)} size="xs" />
                    {isEditing && entry.attendance_status === 'NA' && (
                      <Box>
                        <StatusBadge status="NA" size="sm" />
                      </Box>
                    )}
                  </Box>
                </Group>
                <Box className={classes.status}>
                  {isEditing ? (
                    <StatusPicker
                      name={name}
                      value={entry.attendance_status}
                      onChange={(status) => setDraft({ ...marks, [entry.student_id]: status })}
                      disabled={save.isPending}
                    />
                  ) : (
                    <StatusBadge status={entry.attendance_status} />
                  )}
                </Box>
              </li>
            );
          })}
        </Stack>
      )}

      {markable && (
        <div className={classes.actions}>
          {isEditing ? (
            <Group justify="flex-end" gap="sm" wrap="wrap">
              {(dirty || editing === true) && (
                <Button
                  variant="subtle"
                  color="gray"
                  disabled={save.isPending}
                  onClick={() => {
                    setDraft(null);
                    setEditing(false);
                  }}
                >
                  {t('actions.cancel')}
                </Button>
              )}
              <Button variant="default" onClick={() => submit(false)} loading={save.isPending && !save.variables?.is_saved}>
                {t('actions.save')}
              </Button>
              <Button
                color="teal"
                onClick={() => submit(true)}
                loading={save.isPending && !!save.variables?.is_saved}
                leftSection={<IconCircleCheck size={18} aria-hidden />}
              >
                {t('actions.markComplete')}
              </Button>
            </Group>
          ) : completed ? (
            <Group justify="space-between" gap="sm">
              <Text fz="sm" c="dimmed">
                {mayReopen ? t('completed.reopenHint') : t('completed.teacherOnly')}
              </Text>
              {mayReopen && (
                <Button
                  variant="default"
                  onClick={reopen}
                  loading={save.isPending}
                  leftSection={<IconLockOpen size={18} aria-hidden />}
                >
                  {t('actions.reopen')}
                </Button>
              )}
            </Group>
          ) : (
            // Saved, not complete yet: edit again, or mark the day complete as it stands.
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="default" onClick={() => setEditing(true)} leftSection={<IconEdit size={18} aria-hidden />}>
                {t('actions.edit')}
              </Button>
              <Button
                color="teal"
                onClick={() => submit(true)}
                loading={save.isPending && !!save.variables?.is_saved}
                leftSection={<IconCircleCheck size={18} aria-hidden />}
              >
                {t('actions.markComplete')}
              </Button>
            </Group>
          )}
        </div>
      )}
    </Stack>
  );
}
