import { pagePath } from '@cue/contract';
import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBackpack,
  IconCalendarCheck,
  IconChalkboard,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClassName } from '../../../lib/format';
import { useSchoolDashboard } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';

interface StatProps {
  id: string;
  label: string;
  value: ReactNode;
  hint?: string;
  color: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

function Stat({ id, label, value, hint, color, icon: Icon }: StatProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="article" aria-labelledby={`stat-${id}`} data-testid={`stat-${id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={`stat-${id}`} fz="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={34} fw={800} lh={1.1} mt={6} data-testid="stat-value">
            {value}
          </Text>
          {hint && (
            <Text fz="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          <Icon size={24} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The school at a glance: counts of classes, students, staff and parents, and today's attendance. */
export default function SchoolDashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const dashboard = useSchoolDashboard(useAllowed('dashboard'));
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const d = dashboard.data;
  const attendance = d?.attendance_today;
  const rate =
    attendance && attendance.rate !== null
      ? new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
          attendance.rate > 1 ? attendance.rate / 100 : attendance.rate,
        )
      : '—';
  // The rate is over the children marked; the classes say how far the day got (complete, or still to mark).
  const attendanceHint = !attendance
    ? undefined
    : [
        attendance.marked > 0
          ? t('dashboard.attendanceMarked', { present: number(attendance.present), marked: number(attendance.marked) })
          : attendance.classes > 0
            ? t('dashboard.attendanceNone')
            : null,
        attendance.classes === 0
          ? t('dashboard.attendanceNoClass')
          : attendance.complete === attendance.classes
            ? t('dashboard.attendanceAllComplete')
            : t('dashboard.attendanceClasses', {
                complete: number(attendance.complete),
                classes: number(attendance.classes),
              }),
      ]
        .filter(Boolean)
        .join(' · ');

  return (
    <AdminPage item="dashboard" title={t('menu.dashboard')} description={t('dashboard.description')}>
      {dashboard.isError && !d ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('table.loadFailed')}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void dashboard.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : !d ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height={120} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
          <Stat id="classes" label={t('dashboard.classes')} value={number(d.classes)} color="cue" icon={IconChalkboard} />
          <Stat id="students" label={t('dashboard.students')} value={number(d.students)} color="coral" icon={IconBackpack} />
          <Stat id="staff" label={t('dashboard.staff')} value={number(d.staff)} color="teal" icon={IconUsers} />
          <Stat id="parents" label={t('dashboard.parents')} value={number(d.parents)} color="blue" icon={IconUsersGroup} />
          <Stat
            id="attendance"
            label={t('dashboard.attendance')}
            value={rate}
            hint={attendanceHint}
            color="grape"
            icon={IconCalendarCheck}
          />
          {attendance && attendance.unmarked_classes.length > 0 && (
            <Paper
              withBorder
              radius="lg"
              p="lg"
              component="section"
              aria-labelledby="unmarked-title"
              data-testid="unmarked-classes"
            >
              <Stack gap={6}>
                <Text id="unmarked-title" fz="sm" fw={700}>
                  {t('dashboard.unmarkedTitle')}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('dashboard.unmarkedBody')}
                </Text>
                <List size="sm" spacing={2}>
                  {attendance.unmarked_classes.map((c) => (
                    <List.Item key={c.id}>
                      <Anchor component={Link} to={pagePath.attendance({ classId: c.id })}>
                        <bdi>{formatClassName(c.class_name).text}</bdi>
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
          )}
        </SimpleGrid>
      )}
    </AdminPage>
  );
}
