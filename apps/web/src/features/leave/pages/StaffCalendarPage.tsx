import { ddmmyyyyFromIso, isoFromDdmmyyyy, pagePath } from '@cue/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { useClassList } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import shell from '../../shell/pages/Pages.module.css';
import { useStaffCalendar } from '../api';
import { LEAVE_NS, leaveNeed } from '../i18n';

/** The first and last day (ISO) of the month holding `iso`, moved by `by` months. */
export function monthRange(iso: string, by = 0): { from: string; to: string } {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + by;
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function Body() {
  const { t, i18n } = useTranslation(LEAVE_NS);
  const [month, setMonth] = useState(() => monthRange(new Date().toISOString().slice(0, 10)));
  const [classId, setClassId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const classes = useClassList();
  const calendar = useStaffCalendar({
    from: ddmmyyyyFromIso(month.from),
    to: ddmmyyyyFromIso(month.to),
    ...(classId ? { class_id: classId } : {}),
    ...(pending ? { include_pending: 'true' } : {}),
  });
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month.from}T00:00:00Z`),
  );
  const dayName = (wire: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${isoFromDdmmyyyy(wire)}T00:00:00Z`),
    );
  return (
    <Page title={t('calendar.title')} description={t('calendar.description')}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" aria-label={t('calendar.previous')} onClick={() => setMonth((m) => monthRange(m.from, -1))}>
            <IconChevronLeft size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
          <Text fw={700} miw={140} ta="center" data-testid="calendar-month">
            {title}
          </Text>
          <Button variant="default" aria-label={t('calendar.next')} onClick={() => setMonth((m) => monthRange(m.from, 1))}>
            <IconChevronRight size={16} aria-hidden className={shell.flipInRtl} />
          </Button>
        </Group>
        <Group gap="md" align="flex-end">
          <Select
            label={t('calendar.class')}
            placeholder={t('calendar.allClasses')}
            data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
            value={classId}
            onChange={setClassId}
            clearable
            w={220}
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
      {calendar.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="xs" data-testid="staff-calendar">
          {calendar.data.days.map((d) => (
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
                  <Anchor key={a.request_id} component={Link} to={pagePath.leaveRequest(a.request_id)} underline="never">
                    <Badge
                      color={a.leave_type.color}
                      variant={a.status === 'approved' ? 'light' : 'outline'}
                      radius="sm"
                      tt="none"
                      fullWidth
                      data-testid="calendar-absence"
                    >
                      {a.staff.name} · {a.leave_type.code}
                      {a.portion !== 'full' ? ` (${t(`portion.${a.portion}`)})` : ''}
                      {a.status !== 'approved' ? ` · ${t(`status.${a.status}`)}` : ''}
                    </Badge>
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          ))}
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
