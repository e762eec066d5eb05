import '@mantine/charts/styles.css';
import { pagePath, ROUTES } from '@cue/contract';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { formatClassName, fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { downloadFile } from '../../admin/download';
import { LoadFailed } from '../../shell/pages/common';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { type AttendanceDashboard, exportQuery, type RatePoint, useAttendanceDashboard } from '../api';
import { Frame } from '../components/Frame';
import { formatDay, formatMonth, formatPercent, fromWire } from '../dates';
import { ATT_NS } from '../i18n';
import { housekeepingNeed } from '../menu';

/** /housekeeping/attendance-dashboard: how attendance goes for the class or all of one's classes. */
export default function DashboardPage() {
  return (
    <Gate need={housekeepingNeed('attendance-dashboard')}>
      <Dashboard />
    </Gate>
  );
}

function Dashboard() {
  const { t, i18n } = useTranslation(ATT_NS);
  const { current, schools } = useCurrentClass();
  const [scope, setScope] = useState<'class' | 'school'>('class');
  const classId = scope === 'class' ? (current?.id ?? null) : null;
  const dashboard = useAttendanceDashboard(classId, scope === 'school' || !!current);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(ROUTES.attendanceExport, 'attendance.csv', { query: exportQuery(classId) });
      toast.success(t('dashboard.exported'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const className = current ? formatClassName(current.class_name).text : '';
  return (
    <Frame
      title={t('dashboard.title')}
      subtitle={
        dashboard.data
          ? t('dashboard.range', {
              from: formatDay(fromWire(dashboard.data.from), i18n.language),
              to: formatDay(fromWire(dashboard.data.to), i18n.language),
            })
          : undefined
      }
      testId="attendance-dashboard"
      actions={
        <>
          <SegmentedControl
            value={scope}
            onChange={(value) => setScope(value === 'school' ? 'school' : 'class')}
            data={[
              { value: 'class', label: className || t('dashboard.scope.class'), disabled: !current },
              { value: 'school', label: t('dashboard.scope.school') },
            ]}
            aria-label={t('dashboard.scope.label')}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={exporting}
          >
            {t('dashboard.export')}
          </Button>
        </>
      }
    >
      {dashboard.isError && !dashboard.data ? (
        <LoadFailed onRetry={() => void dashboard.refetch()} />
      ) : !dashboard.data ? (
        schools.isSuccess && !current && scope === 'class' ? (
          <Alert color="gray" variant="light" title={t('noClass.title')}>
            {t('noClass.body')}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={140} radius="lg" />
            ))}
          </SimpleGrid>
        )
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </Frame>
  );
}

function Stat({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`stat-${id}`}>
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={30} fw={800} lh={1.15} mt={4} data-testid="stat-value">
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** A titled chart, or the empty-data line when there is nothing to draw. */
function ChartPanel({
  id,
  title,
  empty,
  testId,
  children,
}: {
  id: string;
  title: string;
  empty: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(ATT_NS);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} fz="md" id={id} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" fz="sm">
          {t('dashboard.noData')}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

const asPercent = (points: RatePoint[], label: (period: string) => string) =>
  points.map((p) => ({ period: label(p.period), rate: p.rate === null ? null : Math.round(p.rate * 1000) / 10 }));

function DashboardBody({ data }: { data: AttendanceDashboard }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const number = new Intl.NumberFormat(i18n.language);
  const weeks = asPercent(data.by_week.slice(-12), (p) =>
    formatDay(fromWire(p), i18n.language, { weekday: undefined, year: undefined }),
  );
  const months = asPercent(data.by_month, (p) => formatMonth(p, i18n.language));
  const series = [{ name: 'rate', label: t('dashboard.rateSeries'), color: 'cue.6' }];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat
          id="today-rate"
          label={t('dashboard.todayRate')}
          value={formatPercent(data.today.rate, i18n.language)}
          hint={
            data.today.marked
              ? t('dashboard.todayMarked', {
                  present: number.format(data.today.present),
                  marked: number.format(data.today.marked),
                })
              : t('dashboard.todayNone')
          }
        />
        <Stat id="today-absent" label={t('dashboard.todayAbsent')} value={number.format(data.today.absent)} />
        <Stat id="students" label={t('dashboard.students')} value={number.format(data.today.students)} />
        <Stat
          id="marked-days"
          label={t('dashboard.marks')}
          value={number.format(data.by_month.reduce((sum, m) => sum + m.marks, 0))}
          hint={t('dashboard.marksHint')}
        />
      </SimpleGrid>
      {data.today.unmarked_classes.length > 0 && (
        // Today's rate is over the classes marked so far: the others are named, each a link to its day.
        <Alert
          color="yellow"
          variant="light"
          title={t('dashboard.unmarkedTitle')}
          // The title in the text colour: the light yellow of the alert's own title is too faint to read.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          data-testid="unmarked-classes"
        >
          <Text fz="sm" c="var(--mantine-color-dark-7)">
            {t('dashboard.unmarkedBody')}
          </Text>
          <Group gap="xs" mt={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.today.unmarked_classes.map((c) => (
              <li key={c.id}>
                <Anchor component={Link} to={pagePath.attendance({ classId: c.id })} fw={600} fz="sm">
                  <bdi>{formatClassName(c.class_name).text}</bdi>
                </Anchor>
              </li>
            ))}
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartPanel id="by-week" title={t('dashboard.byWeek')} empty={weeks.length === 0} testId="chart-week">
          <LineChart
            h={220}
            data={weeks}
            dataKey="period"
            series={series}
            curveType="monotone"
            unit="%"
            connectNulls
            yAxisProps={{ domain: [0, 100] }}
            tooltipAnimationDuration={150}
          />
        </ChartPanel>
        <ChartPanel id="by-month" title={t('dashboard.byMonth')} empty={months.length === 0} testId="chart-month">
          <BarChart h={220} data={months} dataKey="period" series={series} unit="%" yAxisProps={{ domain: [0, 100] }} />
        </ChartPanel>
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="most-absences">
        <Title order={2} fz="md" id="most-absences">
          {t('dashboard.mostAbsences')}
        </Title>
        <DataTable
          caption={t('dashboard.mostAbsences')}
          testId="most-absences"
          rows={data.most_absences}
          rowKey={(r) => r.student_id}
          emptyText={t('dashboard.noAbsences')}
          columns={[
            {
              key: 'name',
              header: t('dashboard.student'),
              render: (r) => (
                <Anchor component={Link} to={pagePath.studentAttendance(r.student_id)} fw={600}>
                  {fullName(r)}
                </Anchor>
              ),
            },
            { key: 'class', header: t('dashboard.class'), render: (r) => r.class_name },
            {
              key: 'absences',
              header: t('dashboard.absences'),
              align: 'end',
              width: 120,
              render: (r) => number.format(r.absences),
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}
