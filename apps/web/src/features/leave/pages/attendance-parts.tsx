import type { StaffDay, StaffDayStatus } from '@cue/contract';
import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconLogout, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { useCheck, useMyAttendance, useRenewCode } from '../api';
import { LEAVE_NS, leaveText } from '../i18n';

export const STATUS_COLOR: Record<StaffDayStatus, string> = {
  present: 'green',
  late: 'orange',
  absent: 'red',
  expected: 'gray',
  leave: 'blue',
  holiday: 'grape',
  off: 'gray',
};

/** A member's day as one badge: "Late (20 min)", "On leave · AL (morning)". */
export function DayStatusBadge({ day }: { day: StaffDay }) {
  const { t } = useTranslation(LEAVE_NS);
  let text = t(`attendance.status.${day.status}`);
  if (day.status === 'late' && day.late_minutes) text = t('attendance.lateBy', { minutes: day.late_minutes });
  if (day.leave && (day.status === 'leave' || day.leave.portion !== 'full'))
    text = `${day.status === 'leave' ? text : `${text} · ${t('attendance.status.leave')}`} · ${day.leave.code}${
      day.leave.portion !== 'full' ? ` (${t(`portion.${day.leave.portion}`)})` : ''
    }`;
  return (
    <SoftBadge color={STATUS_COLOR[day.status]} radius="sm" data-testid="staff-day-status" data-status={day.status}>
      {text}
    </SoftBadge>
  );
}

/** "08:30 AM – 04:30 PM", or "—" on a day off. */
export const hoursText = (d: StaffDay) => (d.start && d.end ? `${d.start} – ${d.end}` : '—');

/** A time and how it was recorded (web, kiosk, admin). */
export function Via({ time, via }: { time: string; via: StaffDay['check_in_via'] }) {
  const { t } = useTranslation(LEAVE_NS);
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm">{time}</Text>
      {via && (
        <SoftBadge color="gray" size="xs" radius="sm">
          {t(`attendance.via.${via}`)}
        </SoftBadge>
      )}
    </Group>
  );
}

/** A member's own day: check in or out, their hours and their kiosk code. */
export function MyAttendanceCard() {
  const { t } = useTranslation(LEAVE_NS);
  const mine = useMyAttendance();
  const check = useCheck();
  const renew = useRenewCode();
  if (mine.isError)
    return (
      <Alert color="red" variant="light">
        {errorText(mine.error)}
      </Alert>
    );
  const data = mine.data;
  if (!data) return null;
  const today = data.today;
  const next: 'in' | 'out' | null = !today.check_in ? 'in' : !today.check_out ? 'out' : null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="my-attendance" aria-labelledby="my-attendance-title">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="my-attendance-title">
            {t('attendance.today')}
          </Title>
          <Group gap="xs">
            <DayStatusBadge day={today} />
            <Text fz="sm" c="dimmed">
              {hoursText(today)}
            </Text>
          </Group>
          <Text fz="sm" data-testid="my-attendance-times">
            {today.check_in ? t('attendance.inAt', { time: today.check_in }) : t('attendance.notInYet')}
            {today.check_out ? ` · ${t('attendance.outAt', { time: today.check_out })}` : ''}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          {next && data.web_check_in && (
            <Button
              leftSection={next === 'in' ? <IconLogin size={16} aria-hidden /> : <IconLogout size={16} aria-hidden />}
              loading={check.isPending}
              color={next === 'in' ? 'teal' : undefined}
              onClick={() =>
                check.mutate(next, {
                  onSuccess: (answer) => toast.success(leaveText(answer.message)),
                  onError: (err) => toast.error(errorText(err)),
                })
              }
            >
              {next === 'in' ? t('attendance.checkInNow') : t('attendance.checkOutNow')}
            </Button>
          )}
          {!data.web_check_in && (
            <Text fz="xs" c="dimmed">
              {leaveText('Check in at the kiosk with your staff code')}
            </Text>
          )}
          <Group gap={6}>
            <Text fz="xs" c="dimmed">
              {t('attendance.myCode')}
            </Text>
            <Code fz="sm" data-testid="my-staff-code">
              {data.code}
            </Code>
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconRefresh size={12} aria-hidden />}
              loading={renew.isPending}
              onClick={() =>
                renew.mutate(undefined, {
                  onSuccess: (answer) => toast.success(leaveText(answer.message)),
                  onError: (err) => toast.error(errorText(err)),
                })
              }
            >
              {t('attendance.newCode')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
