import { Alert, Avatar, Button, Group, Paper, Progress, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBulb, IconChartBar, IconChartLine, IconCheck, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import { type HpcStudentRow, useHpcStudents } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { HPC_NS } from '../i18n';
import { NoPeriods, StatusBadge, WithClass } from './HpcParts';
import { percentOf } from './hpcView';

const withPeriod = (path: string, periodId: string | null, current: boolean) =>
  periodId && !current ? `${path}${path.includes('?') ? '&' : '?'}period_id=${periodId}` : path;

/** One child: the card's completion and what is waiting (suggestions from evidence). */
function StudentRow({ row, to }: { row: HpcStudentRow; to: string }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <UnstyledButton
      component={Link}
      to={to}
      // Named by what it shows (the child, the card's state), as a link must be; the title says where it goes.
      title={t('list.open', { name: row.name })}
      data-testid="hpc-student"
      data-student={row._id}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={row.profile_image} size={40} radius="xl" color="cue" alt="" aria-hidden>
            {row.name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text fw={600} truncate>
                {row.name}
              </Text>
              <StatusBadge status={row.status} />
            </Group>
            <Group gap="md" wrap="wrap" c="dimmed" fz="sm">
              <Text span fz="sm">
                {t('list.rated', { rated: row.rated, total: row.total })}
              </Text>
              {row.has_self && (
                <Group gap={2} wrap="nowrap" component="span">
                  <IconCheck size={14} aria-hidden />
                  <Text span fz="sm">
                    {t('list.self')}
                  </Text>
                </Group>
              )}
              {row.has_narrative && (
                <Group gap={2} wrap="nowrap" component="span">
                  <IconCheck size={14} aria-hidden />
                  <Text span fz="sm">
                    {t('list.narrative')}
                  </Text>
                </Group>
              )}
              {row.feedback_count > 0 && (
                <Group gap={2} wrap="nowrap" component="span">
                  <IconMessage size={14} aria-hidden />
                  <Text span fz="sm">
                    {t('list.feedback', { count: row.feedback_count })}
                  </Text>
                </Group>
              )}
              {row.suggestions > 0 && (
                <Group gap={2} wrap="nowrap" component="span">
                  <IconBulb size={14} aria-hidden color="var(--mantine-color-orange-8)" />
                  <Text span fz="sm">
                    {t('list.suggestions', { count: row.suggestions })}
                  </Text>
                </Group>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function StudentList() {
  const { t } = useTranslation(HPC_NS);
  const { classId, name, loading } = usePlanClass();
  const periods = usePeriodParam();
  const list = useHpcStudents(periods.periodId ? classId : null, periods.periodId);
  const data = list.data && list.data.class._id === classId ? list.data : undefined;
  const current = !!periods.period?.current;
  const className = name ? formatClassName(name).text : (data?.class.name ?? '');
  const total = data?.students.length ?? 0;

  return (
    <Page
      title={t('list.title')}
      description={className ? t('list.description', { name: className }) : t('list.intro')}
      actions={
        classId ? (
          <>
            <Button
              component={Link}
              to={withPeriod(`/assessment/hpc/all-student-summary?class_id=${classId}`, periods.periodId, current)}
              variant="default"
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              {t('list.classSummary')}
            </Button>
            <Button
              component={Link}
              to={`/assessment/hpc/progress-summary?class_id=${classId}`}
              variant="default"
              leftSection={<IconChartLine size={16} aria-hidden />}
            >
              {t('list.progress')}
            </Button>
          </>
        ) : undefined
      }
    >
      <WithClass classId={classId} loading={loading}>
        {!periods.loading && periods.periods.length === 0 ? (
          <NoPeriods />
        ) : (
          <Stack gap="md">
            <PeriodPicker state={periods} />
            {list.error && !data ? (
              <LoadError testId="hpc-load-error" error={list.error} onRetry={() => void list.refetch()} />
            ) : !data ? (
              <Stack gap="sm" data-testid="hpc-list-loading">
                {[0, 1, 2, 3].map((k) => (
                  <Skeleton key={k} h={72} radius="md" />
                ))}
              </Stack>
            ) : total === 0 ? (
              <Alert color="gray" variant="light" title={t('list.emptyTitle')} data-testid="hpc-list-empty">
                {t('list.empty')}
              </Alert>
            ) : (
              <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <Stack gap={4}>
                  <Text fz="sm" fw={600}>
                    {t('list.complete', { complete: data.complete, total })}
                  </Text>
                  <Progress
                    value={percentOf(data.complete, total)}
                    color="teal"
                    size="lg"
                    radius="xl"
                    // Mantine names the bar (its section) with aria-label only.
                    aria-label={t('list.complete', { complete: data.complete, total })}
                    data-testid="hpc-complete"
                  />
                </Stack>
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.children')}>
                  {data.students.map((row) => (
                    <li key={row._id}>
                      <StudentRow row={row} to={withPeriod(`/assessment/hpc/card/${row._id}`, periods.periodId, current)} />
                    </li>
                  ))}
                </Stack>
              </Stack>
            )}
          </Stack>
        )}
      </WithClass>
    </Page>
  );
}

/** /assessment/hpc and /assessment/hpc/student-list: the class's progress cards of a period and how far each is. */
export default function HpcStudentListPage() {
  return (
    <Gate need={{ feature: 'hpc' }}>
      <StudentList />
    </Gate>
  );
}
