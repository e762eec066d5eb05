import type { AttendanceStatus } from '@cue/contract';
import { ActionIcon, Anchor, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { fullName } from '../../../lib/format';
import { LoadFailed } from '../../shell/pages/common';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { parentPage } from '../../shell/sides';
import { type AttendanceReport, type ReportPeriod, useStudent, useStudentReport } from '../api';
import { DayStatus } from '../components/DayStatus';
import { Frame } from '../components/Frame';
import { MonthGrid } from '../components/MonthGrid';
import { StatusBadge } from '../components/StatusPicker';
import { ALL_STATUSES, inkOf, PICKABLE, STATUS_COLOR, statusKey } from '../components/status';
import { addDays, formatDay, formatMonth, formatPercent, fromWire, ISO, isIsoDate, todayIso, weekStartOf } from '../dates';
import { ATT_NS } from '../i18n';
import { housekeepingNeed } from '../menu';
import classes from './ParentAttendance.module.css';

const PERIODS: ReportPeriod[] = ['week', 'month', 'year'];

/** /housekeeping/attendance/student/{id}: a child's week, month or year (staff of the class, or the child's parents). */
export default function StudentReportPage() {
  const { side } = useShell();
  if (side === 'parent') return <StudentReport />;
  return (
    <Gate need={housekeepingNeed('attendance')}>
      <StudentReport />
    </Gate>
  );
}

function shift(period: ReportPeriod, anchor: string, by: number): string {
  const unit = period === 'week' ? 'week' : period === 'month' ? 'month' : 'year';
  return dayjs(anchor).add(by, unit).format(ISO);
}

function StudentReport() {
  const { t, i18n } = useTranslation(ATT_NS);
  const { side } = useShell();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const period: ReportPeriod = PERIODS.find((p) => p === params.get('period')) ?? 'month';
  const asked = params.get('date');
  const anchor = isIsoDate(asked) && asked <= today ? asked : today;
  const student = useStudent(id);
  const report = useStudentReport(id, period, anchor);

  const go = (next: { period?: ReportPeriod; date?: string }) =>
    setParams(
      (previous) => {
        const p = new URLSearchParams(previous);
        if (next.period) p.set('period', next.period);
        if (next.date) p.set('date', next.date > today ? today : next.date);
        return p;
      },
      { replace: true },
    );

  const label =
    period === 'week'
      ? `${formatDay(weekStartOf(anchor), i18n.language)} – ${formatDay(addDays(weekStartOf(anchor), 6), i18n.language)}`
      : period === 'month'
        ? formatMonth(anchor.slice(0, 7), i18n.language)
        : anchor.slice(0, 4);
  const atEnd =
    period === 'week'
      ? weekStartOf(anchor) >= weekStartOf(today)
      : period === 'month'
        ? anchor.slice(0, 7) >= today.slice(0, 7)
        : anchor.slice(0, 4) >= today.slice(0, 4);

  return (
    <Frame
      title={student.data ? t('report.title', { name: fullName(student.data) }) : t('report.titlePlain')}
      subtitle={student.data?.student_class.map((c) => c.class_name).join(', ')}
      testId="student-report"
      actions={
        <Anchor
          component={Link}
          to={side === 'parent' ? parentPage('/housekeeping/attendance') : '/housekeeping/attendance'}
          fz="sm"
          fw={600}
        >
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden className={classes.flip} />
            {t('report.back')}
          </Group>
        </Anchor>
      }
    >
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              value={period}
              onChange={(value) => go({ period: value as ReportPeriod })}
              data={PERIODS.map((p) => ({ value: p, label: t(`report.period.${p}`) }))}
              aria-label={t('report.periodLabel')}
            />
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('report.previous')}
                onClick={() => go({ date: shift(period, anchor, -1) })}
                className={classes.flip}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text fw={700} miw={120} ta="center" data-testid="report-period">
                {label}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('report.next')}
                disabled={atEnd}
                onClick={() => go({ date: shift(period, anchor, 1) })}
                className={classes.flip}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          {report.isError && !report.data ? (
            <LoadFailed onRetry={() => void report.refetch()} />
          ) : !report.data ? (
            <Skeleton height={280} radius="md" />
          ) : (
            <ReportBody period={period} anchor={anchor} report={report.data} />
          )}
        </Stack>
      </Paper>
    </Frame>
  );
}

function ReportBody({ period, anchor, report }: { period: ReportPeriod; anchor: string; report: AttendanceReport }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const number = new Intl.NumberFormat(i18n.language);
  const byDate = new Map(report.days.map((d) => [fromWire(d.date), d.attendance_status]));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" data-testid="report-summary">
        <Paper bg="gray.0" radius="md" p="xs" ta="center">
          <Text fz="xs" c="dimmed" fw={600}>
            {t('summary.rate')}
          </Text>
          <Text fw={800} fz="lg" data-testid="report-rate">
            {formatPercent(report.rate, i18n.language)}
          </Text>
        </Paper>
        <Paper bg="gray.0" radius="md" p="xs" ta="center">
          <Text fz="xs" c="dimmed" fw={600}>
            {t('summary.schoolDays')}
          </Text>
          <Text fw={800} fz="lg">
            {number.format(report.school_days)}
          </Text>
        </Paper>
        {PICKABLE.map((status) => (
          <Paper key={status} bg={`${STATUS_COLOR[status]}.0`} radius="md" p="xs" ta="center" data-testid={`report-${status}`}>
            <Text fz="xs" c="dimmed" fw={600}>
              {t(statusKey(status))}
            </Text>
            <Text fw={800} fz="lg" c={inkOf(STATUS_COLOR[status])}>
              {number.format(report.counts[status])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {period === 'week' ? (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {report.days.length === 0 ? (
            <Text c="dimmed" ta="center">
              {t('report.noDays')}
            </Text>
          ) : (
            report.days.map((d) => (
              <Group
                key={d.date}
                component="li"
                justify="space-between"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Text fz="sm">{formatDay(fromWire(d.date), i18n.language, { weekday: 'long' })}</Text>
                <StatusBadge status={d.attendance_status} />
              </Group>
            ))
          )}
        </Stack>
      ) : period === 'month' ? (
        <MonthGrid
          month={anchor.slice(0, 7)}
          label={t('month.gridLabel', { month: formatMonth(anchor.slice(0, 7), i18n.language) })}
          cellHeight={60}
          dayProps={(iso) => ({ 'data-status': byDate.get(iso) })}
          renderDay={(iso, inMonth) => {
            const status = inMonth ? byDate.get(iso) : undefined;
            return status ? <DayStatus status={status} /> : null;
          }}
        />
      ) : (
        <YearTable report={report} />
      )}
    </Stack>
  );
}

interface MonthRow {
  month: string;
  counts: Record<AttendanceStatus, number>;
  rate: number | null;
}

function YearTable({ report }: { report: AttendanceReport }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const rows = new Map<string, MonthRow>();
  for (const d of report.days) {
    const month = fromWire(d.date).slice(0, 7);
    const row =
      rows.get(month) ?? ({ month, counts: Object.fromEntries(ALL_STATUSES.map((s) => [s, 0])), rate: null } as MonthRow);
    row.counts[d.attendance_status] += 1;
    rows.set(month, row);
  }
  for (const row of rows.values()) {
    const c = row.counts;
    const marked = c.present + c.late + c.absent + c.excused;
    row.rate = marked ? (c.present + c.late) / marked : null;
  }
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {t('report.byMonth')}
      </Title>
      <DataTable<MonthRow>
        caption={t('report.byMonth')}
        rows={[...rows.values()]}
        rowKey={(r) => r.month}
        emptyText={t('report.noDays')}
        columns={[
          { key: 'month', header: t('report.month'), render: (r) => formatMonth(r.month, i18n.language) },
          ...PICKABLE.map((status) => ({
            key: status,
            header: t(statusKey(status)),
            align: 'end' as const,
            render: (r: MonthRow) => number.format(r.counts[status]),
          })),
          { key: 'rate', header: t('summary.rate'), align: 'end', render: (r) => formatPercent(r.rate, i18n.language) },
        ]}
      />
    </Stack>
  );
}
