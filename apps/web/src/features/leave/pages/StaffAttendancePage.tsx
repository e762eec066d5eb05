import { STAFF_DAY_STATUSES, type StaffDay, type StaffScheduleDay, type WeekdayName } from '@cue/contract';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Switch, Tabs, Text, Textarea, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconClockEdit, IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { DayNav, useDayParam } from '../../../components/DayNav';
import { FormModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { fieldFromWire, wireFromField } from '../../academic/schedule/slots';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import shell from '../../shell/pages/Pages.module.css';
import {
  downloadStaffReport,
  useCorrectDay,
  useSaveAttendanceSettings,
  useSaveSchedule,
  useStaffRegister,
  useStaffReport,
  useStaffSchedules,
} from '../api';
import { LEAVE_NS, leaveNeed, leaveText } from '../i18n';
import { DayStatusBadge, hoursText, STATUS_COLOR, Via } from './attendance-parts';

const toInput = (wire: string | null) => fieldFromWire(wire);
const toWire = (field: string) => wireFromField(field) || null;

/** 'MM-YYYY' of today, moved by `by` months. */
function monthWire(base: string | null, by: number): string {
  const now = new Date();
  const [m, y] = base ? base.split('-').map(Number) : [now.getMonth() + 1, now.getFullYear()];
  const d = new Date(Date.UTC(y ?? now.getFullYear(), (m ?? 1) - 1 + by, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

// ------------------------------------------------------------------ the register

function CorrectDialog({ day, onClose }: { day: StaffDay; onClose: () => void }) {
  const { t } = useTranslation(LEAVE_NS);
  const save = useCorrectDay();
  const [checkIn, setCheckIn] = useState(toInput(day.check_in));
  const [checkOut, setCheckOut] = useState(toInput(day.check_out));
  const [note, setNote] = useState(day.note);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('attendance.correctTitle', { name: day.staff.name, date: day.date })}
      submitLabel={t('attendance.save')}
      pending={save.isPending}
      error={error}
      onSubmit={() => {
        if (!note.trim()) {
          setError(t('attendance.noteNeeded'));
          return;
        }
        save.mutate(
          { staff_id: day.staff._id, date: day.date, check_in: toWire(checkIn), check_out: toWire(checkOut), note },
          {
            onSuccess: (answer) => {
              toast.success(leaveText(answer.message));
              onClose();
            },
            onError: (err) => setError(errorText(err)),
          },
        );
      }}
    >
      <Stack>
        <Group grow align="flex-start">
          <TimeInput label={t('attendance.checkIn')} value={checkIn} onChange={(e) => setCheckIn(e.currentTarget.value)} />
          <TimeInput label={t('attendance.checkOut')} value={checkOut} onChange={(e) => setCheckOut(e.currentTarget.value)} />
        </Group>
        <Text fz="xs" c="dimmed">
          {t('attendance.clearHint')}
        </Text>
        <Textarea
          label={t('attendance.note')}
          description={t('attendance.noteHint')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          required
          maxLength={500}
          autosize
          minRows={2}
        />
      </Stack>
    </FormModal>
  );
}

function RegisterTab() {
  const { t } = useTranslation(LEAVE_NS);
  const [date, setDate] = useDayParam();
  const register = useStaffRegister(date);
  const [editing, setEditing] = useState<StaffDay | null>(null);
  const counts = register.data?.counts;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <DayNav date={date} onChange={setDate} ns={LEAVE_NS} testId="register-day" />
        {register.data?.holiday && <Text c="dimmed">{register.data.holiday}</Text>}
      </Group>
      {counts && (
        <Group gap="xs" wrap="wrap" data-testid="register-counts">
          {STAFF_DAY_STATUSES.map((s) => (
            <SoftBadge key={s} color={STATUS_COLOR[s]} size="lg" radius="sm" data-status={s}>
              {t(`attendance.status.${s}`)} · {counts[s] ?? 0}
            </SoftBadge>
          ))}
        </Group>
      )}
      <DataTable
        caption={t('attendance.register')}
        testId="staff-register"
        rows={register.data?.staff}
        loading={register.isPending}
        error={register.error}
        onRetry={() => void register.refetch()}
        rowKey={(d) => d.staff._id}
        rowLabel={(d) => d.staff.name}
        emptyText={t('attendance.noStaff')}
        rowAttributes={(d) => ({ 'data-status': d.status })}
        columns={[
          {
            key: 'name',
            header: t('attendance.staff'),
            render: (d) => (
              <Stack gap={0}>
                <Text fz="sm" fw={600}>
                  {d.staff.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {d.role}
                </Text>
              </Stack>
            ),
          },
          { key: 'status', header: t('table.status'), render: (d) => <DayStatusBadge day={d} /> },
          { key: 'hours', header: t('attendance.hours'), render: (d) => hoursText(d) },
          {
            key: 'in',
            header: t('attendance.checkIn'),
            render: (d) => (d.check_in ? <Via time={d.check_in} via={d.check_in_via} /> : '—'),
          },
          {
            key: 'out',
            header: t('attendance.checkOut'),
            render: (d) => (d.check_out ? <Via time={d.check_out} via={d.check_out_via} /> : '—'),
          },
          { key: 'note', header: t('attendance.note'), render: (d) => <Text fz="xs">{d.note}</Text> },
        ]}
        actions={(d) => [{ label: t('attendance.correct'), icon: IconPencil, onClick: () => setEditing(d) }]}
      />
      {editing && <CorrectDialog day={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

// ------------------------------------------------------------------ the report

function ReportTab() {
  const { t, i18n } = useTranslation(LEAVE_NS);
  const [month, setMonth] = useState(() => monthWire(null, 0));
  const report = useStaffReport(month);
  const [downloading, setDownloading] = useState(false);
  const [mm, yyyy] = month.split('-').map(Number);
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(yyyy ?? 2000, (mm ?? 1) - 1, 1)),
  );
  const hours = (min: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(Math.round(min / 6) / 10);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" aria-label={t('calendar.previous')} onClick={() => setMonth((m) => monthWire(m, -1))}>
            <IconChevronLeft size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
          <Text fw={700} miw={140} ta="center" data-testid="report-month">
            {title}
          </Text>
          <Button variant="default" aria-label={t('calendar.next')} onClick={() => setMonth((m) => monthWire(m, 1))}>
            <IconChevronRight size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadStaffReport(month);
            } catch (err) {
              toast.error(errorText(err));
            } finally {
              setDownloading(false);
            }
          }}
        >
          {t('attendance.csv')}
        </Button>
      </Group>
      <DataTable
        caption={t('attendance.report')}
        testId="staff-report"
        rows={report.data?.rows}
        loading={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
        rowKey={(r) => r.staff._id}
        rowLabel={(r) => r.staff.name}
        emptyText={t('attendance.noStaff')}
        columns={[
          { key: 'name', header: t('attendance.staff'), render: (r) => r.staff.name },
          { key: 'scheduled', header: t('attendance.scheduled'), render: (r) => r.scheduled, align: 'end' },
          { key: 'present', header: t('attendance.status.present'), render: (r) => r.present, align: 'end' },
          {
            key: 'late',
            header: t('attendance.status.late'),
            render: (r) => (r.late ? t('attendance.lateCount', { count: r.late, minutes: r.late_minutes }) : 0),
            align: 'end',
          },
          { key: 'absent', header: t('attendance.status.absent'), render: (r) => r.absent, align: 'end' },
          { key: 'leave', header: t('attendance.status.leave'), render: (r) => t('days', { count: r.leave }), align: 'end' },
          { key: 'worked', header: t('attendance.worked'), render: (r) => hours(r.worked_minutes), align: 'end' },
        ]}
      />
    </Stack>
  );
}

// ------------------------------------------------------------------ schedules

const ORDER: WeekdayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function ScheduleDialog({
  staff,
  days,
  onClose,
}: {
  staff: { _id: string; name: string };
  days: StaffScheduleDay[];
  onClose: () => void;
}) {
  const { t } = useTranslation(LEAVE_NS);
  const save = useSaveSchedule();
  const [rows, setRows] = useState(() =>
    ORDER.map((weekday) => {
      const d = days.find((x) => x.weekday === weekday);
      return { weekday, on: !!d, start: d?.start ?? '08:30', end: d?.end ?? '16:30' };
    }),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (body: StaffScheduleDay[] | null) =>
    save.mutate(
      { staff_id: staff._id, days: body },
      {
        onSuccess: (answer) => {
          toast.success(leaveText(answer.message));
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('attendance.scheduleOf', { name: staff.name })}
      submitLabel={t('attendance.save')}
      pending={save.isPending}
      error={error}
      onSubmit={() => {
        const bad = rows.find((r) => r.on && (!r.start || !r.end || r.end <= r.start));
        if (bad) {
          setError(leaveText('The end of the day is before its start'));
          return;
        }
        submit(rows.filter((r) => r.on).map(({ weekday, start, end }) => ({ weekday, start, end })));
      }}
    >
      <Stack gap="xs">
        {rows.map((r, i) => (
          <Group key={r.weekday} wrap="nowrap" align="center">
            <Checkbox
              label={t(`weekdays.${r.weekday}`)}
              checked={r.on}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setRows((all) => all.map((x, j) => (j === i ? { ...x, on } : x)));
              }}
              w={130}
            />
            <TimeInput
              aria-label={`${t(`weekdays.${r.weekday}`)} ${t('attendance.start')}`}
              value={r.start}
              disabled={!r.on}
              onChange={(e) => {
                const start = e.currentTarget.value;
                setRows((all) => all.map((x, j) => (j === i ? { ...x, start } : x)));
              }}
            />
            <TimeInput
              aria-label={`${t(`weekdays.${r.weekday}`)} ${t('attendance.end')}`}
              value={r.end}
              disabled={!r.on}
              onChange={(e) => {
                const end = e.currentTarget.value;
                setRows((all) => all.map((x, j) => (j === i ? { ...x, end } : x)));
              }}
            />
          </Group>
        ))}
        <Button variant="subtle" onClick={() => submit(null)} loading={save.isPending} w="fit-content">
          {t('attendance.useSchoolHours')}
        </Button>
      </Stack>
    </FormModal>
  );
}

function SettingsCard({
  settings,
}: {
  settings: { day_start: string; day_end: string; grace_minutes: number; web_check_in: boolean };
}) {
  const { t } = useTranslation(LEAVE_NS);
  const save = useSaveAttendanceSettings();
  const [v, setV] = useState(settings);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="h5" mb="sm">
        {t('attendance.schoolHours')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TimeInput
          label={t('attendance.start')}
          value={v.day_start}
          onChange={(e) => setV({ ...v, day_start: e.currentTarget.value })}
        />
        <TimeInput
          label={t('attendance.end')}
          value={v.day_end}
          onChange={(e) => setV({ ...v, day_end: e.currentTarget.value })}
        />
        <NumberInput
          label={t('attendance.grace')}
          value={v.grace_minutes}
          min={0}
          max={240}
          onChange={(n) => setV({ ...v, grace_minutes: Number(n) || 0 })}
          w={160}
        />
        <Switch
          label={t('attendance.webCheckIn')}
          checked={v.web_check_in}
          onChange={(e) => setV({ ...v, web_check_in: e.currentTarget.checked })}
        />
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(v, {
              onSuccess: (answer) => toast.success(leaveText(answer.message)),
              onError: (err) => toast.error(errorText(err)),
            })
          }
        >
          {t('attendance.save')}
        </Button>
      </Group>
    </Paper>
  );
}

function SchedulesTab() {
  const { t } = useTranslation(LEAVE_NS);
  const schedules = useStaffSchedules();
  const [editing, setEditing] = useState<{ staff: { _id: string; name: string }; days: StaffScheduleDay[] } | null>(null);
  const dayText = (d: StaffScheduleDay) => `${t(`weekdaysShort.${d.weekday}`)} ${d.start}–${d.end}`;
  return (
    <Stack>
      {schedules.isError && (
        <Alert color="red" variant="light">
          {errorText(schedules.error)}
        </Alert>
      )}
      {schedules.data && <SettingsCard key={JSON.stringify(schedules.data.settings)} settings={schedules.data.settings} />}
      <DataTable
        caption={t('attendance.schedules')}
        testId="staff-schedules"
        rows={schedules.data?.staff}
        loading={schedules.isPending}
        rowKey={(s) => s.staff._id}
        rowLabel={(s) => s.staff.name}
        emptyText={t('attendance.noStaff')}
        columns={[
          { key: 'name', header: t('attendance.staff'), render: (s) => s.staff.name },
          {
            key: 'days',
            header: t('attendance.hours'),
            render: (s) => (
              <Text fz="sm">
                {s.days.length ? s.days.map(dayText).join(' · ') : t('attendance.noDays')}
                {!s.custom && (
                  <Text span fz="xs" c="dimmed">
                    {' '}
                    ({t('attendance.schoolHoursShort')})
                  </Text>
                )}
              </Text>
            ),
          },
          {
            key: 'code',
            header: t('attendance.code'),
            render: (s) => (s.has_code ? t('attendance.codeSet') : t('attendance.codeNotSet')),
          },
        ]}
        actions={(s) => [
          {
            label: t('attendance.editSchedule'),
            icon: IconClockEdit,
            onClick: () => setEditing({ staff: s.staff, days: s.days }),
          },
        ]}
      />
      {editing && <ScheduleDialog staff={editing.staff} days={editing.days} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

type Tab = 'register' | 'report' | 'schedules';

function Body() {
  const { t } = useTranslation(LEAVE_NS);
  const [tab, setTab] = useState<Tab>('register');
  return (
    <Page title={t('attendance.title')} description={t('attendance.description')}>
      <Tabs value={tab} onChange={(v) => setTab((v ?? 'register') as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="register">{t('attendance.register')}</Tabs.Tab>
          <Tabs.Tab value="report">{t('attendance.report')}</Tabs.Tab>
          <Tabs.Tab value="schedules">{t('attendance.schedules')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="register">
          <RegisterTab />
        </Tabs.Panel>
        <Tabs.Panel value="report">
          <ReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="schedules">
          <SchedulesTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/leave-portal/attendance: the daily register of staff, the monthly report and the schedules. */
export default function StaffAttendancePage() {
  return (
    <Gate need={leaveNeed('leave-portal.attendance')}>
      <Body />
    </Gate>
  );
}
