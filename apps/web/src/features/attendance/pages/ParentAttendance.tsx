import { ATTENDANCE_UPDATED_EVENT, type AttendanceStatus, createExcusalRequestSchema } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useClassEvent } from '../../../lib/socket';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { LoadFailed } from '../../shell/pages/common';
import { parentPage } from '../../shell/sides';
import { type AttendanceReport, useChildExcusals, useChildMonth, useCreateExcusal } from '../api';
import { DayStatus } from '../components/DayStatus';
import { ExcusalCard } from '../components/ExcusalCard';
import { Frame } from '../components/Frame';
import { MonthGrid } from '../components/MonthGrid';
import { StatusBadge } from '../components/StatusPicker';
import { inkOf, PICKABLE, STATUS_COLOR, statusKey } from '../components/status';
import { addMonths, formatDay, formatMonth, formatPercent, fromWire, todayIso, toWire } from '../dates';
import { ATT_NS } from '../i18n';
import classes from './ParentAttendance.module.css';

/** /housekeeping/attendance for parents: the current child's month, and absences reported ahead. */
export function ParentAttendance() {
  const { t, i18n } = useTranslation(ATT_NS);
  const child = useCurrentChild();
  const childClasses = child?.student_class ?? [];
  const [chosenClass, setChosenClass] = useState<string | null>(null);
  const classId = childClasses.find((c) => c.class_id === chosenClass)?.class_id ?? childClasses[0]?.class_id ?? null;
  const thisMonth = todayIso().slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const studentId = child?.id ?? null;
  const report = useChildMonth(classId, studentId, month);
  const excusals = useChildExcusals(classId, studentId);
  const client = useQueryClient();
  const [reporting, setReporting] = useState(false);

  // The teacher completing the day shows here without a reload.
  useClassEvent(classId, ATTENDANCE_UPDATED_EVENT, () => {
    void client.invalidateQueries({ queryKey: ['attendance', 'childMonth', classId ?? ''] });
    void client.invalidateQueries({ queryKey: ['attendance', 'excusals', 'child', classId ?? ''] });
  });

  if (!child || !classId)
    return (
      <Frame title={t('title')} testId="parent-attendance">
        <Alert color="gray" variant="light" title={t('parent.noClassTitle')}>
          {t('parent.noClassBody')}
        </Alert>
      </Frame>
    );

  const className = childClasses.find((c) => c.class_id === classId)?.class_name ?? '';
  return (
    <Frame
      title={t('parent.title', { name: child.first_name })}
      subtitle={`${fullName(child)} · ${className}`}
      testId="parent-attendance"
      actions={
        childClasses.length > 1 ? (
          <Select
            label={t('parent.class')}
            value={classId}
            onChange={setChosenClass}
            data={childClasses.map((c) => ({ value: c.class_id, label: c.class_name }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
        ) : undefined
      }
    >
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setMonth(addMonths(month, -1))}
              aria-label={t('month.previous')}
              className={classes.flip}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Title order={2} fz="lg" ta="center" data-testid="month-title">
              {formatMonth(month, i18n.language)}
            </Title>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setMonth(addMonths(month, 1))}
              disabled={month >= thisMonth}
              aria-label={t('month.next')}
              className={classes.flip}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {report.isError && !report.data ? (
            <LoadFailed onRetry={() => void report.refetch()} />
          ) : !report.data ? (
            <Skeleton height={320} radius="md" />
          ) : (
            <MonthView month={month} report={report.data} />
          )}
          <Anchor component={Link} to={parentPage(`/housekeeping/attendance/student/${child.id}`)} fz="sm" fw={600}>
            {t('parent.fullReport')}
          </Anchor>
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="excusals-title">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} fz="lg" id="excusals-title">
              {t('excusals.parentTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('excusals.parentIntro')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setReporting(true)}>
            {t('excusals.report')}
          </Button>
        </Group>
        {excusals.isError && !excusals.data ? (
          <LoadFailed onRetry={() => void excusals.refetch()} />
        ) : !excusals.data ? (
          <Skeleton height={90} radius="lg" />
        ) : excusals.data.length === 0 ? (
          <Paper withBorder radius="lg" p="lg">
            <Text ta="center" c="dimmed">
              {t('excusals.noneParent')}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" data-testid="child-excusals">
            {excusals.data.map((excusal) => (
              <ExcusalCard key={excusal.id} excusal={excusal} />
            ))}
          </Stack>
        )}
      </Stack>
      {reporting && (
        <ReportAbsence classId={classId} studentId={child.id} name={child.first_name} onClose={() => setReporting(false)} />
      )}
    </Frame>
  );
}

/** The month: totals, then each class day coloured by its status. */
function MonthView({ month, report }: { month: string; report: AttendanceReport }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const byDate = new Map(report.days.map((d) => [fromWire(d.date), d.attendance_status]));
  const number = new Intl.NumberFormat(i18n.language);
  const statusOf = (iso: string): AttendanceStatus | undefined => byDate.get(iso);
  return (
    <Stack gap="md">
      <Stack gap="xs" data-testid="month-summary">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed" fw={600}>
            {t('summary.schoolDaysCount', { count: report.school_days })}
          </Text>
          <Text fz="sm" fw={600}>
            {t('summary.rate')}:{' '}
            <Text component="span" fw={800} fz="lg" data-testid="month-rate">
              {formatPercent(report.rate, i18n.language)}
            </Text>
          </Text>
        </Group>
        <SimpleGrid cols={4} spacing="xs">
          {PICKABLE.map((status) => (
            <Paper
              key={status}
              bg={`${STATUS_COLOR[status]}.0`}
              radius="md"
              px={4}
              py="xs"
              ta="center"
              data-testid={`month-${status}`}
            >
              <Text fz="xs" c="dimmed" fw={600} truncate>
                {t(statusKey(status))}
              </Text>
              <Text fw={800} fz="lg" c={inkOf(STATUS_COLOR[status])}>
                {number.format(report.counts[status])}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      <MonthGrid
        month={month}
        label={t('month.gridLabel', { month: formatMonth(month, i18n.language) })}
        cellHeight={64}
        dayProps={(iso) => {
          const status = statusOf(iso);
          return {
            'data-status': status,
            'aria-label': status ? `${formatDay(iso, i18n.language)}: ${t(statusKey(status))}` : formatDay(iso, i18n.language),
          };
        }}
        renderDay={(iso, inMonth) => {
          const status = inMonth ? statusOf(iso) : undefined;
          if (!status) return null;
          return <DayStatus status={status} testId={`day-${iso}`} />;
        }}
      />
      <Group gap="xs" aria-label={t('month.legend')}>
        {PICKABLE.map((status) => (
          <StatusBadge key={status} status={status} size="sm" withIcon />
        ))}
        <StatusBadge status="NA" size="sm" withIcon />
      </Group>
    </Stack>
  );
}

/** Reporting an absence ahead: the dates (today or later) and a reason. */
function ReportAbsence({
  classId,
  studentId,
  name,
  onClose,
}: {
  classId: string;
  studentId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(ATT_NS);
  const create = useCreateExcusal(classId, studentId);
  const today = todayIso();
  const form = useContractForm({
    schema: createExcusalRequestSchema,
    initialValues: { range: [today, today] as [string | null, string | null], reason: '' },
    toBody: (v) => ({
      student_id: studentId,
      from_date: v.range[0] ? toWire(v.range[0]) : '',
      to_date: v.range[0] ? toWire(v.range[1] ?? v.range[0]) : '',
      reason: v.reason,
    }),
    fields: { from_date: 'range', to_date: 'range' },
    messages: { range: t('excusals.form.datesRequired'), reason: { required: t('excusals.form.reasonRequired') } },
  });

  const submit = form.submitWith(
    // The save call takes the pickers' dates.
    (body, v) =>
      create.mutateAsync({ from_date: v.range[0] ?? '', to_date: v.range[1] ?? v.range[0] ?? '', reason: body.reason }),
    {
      onSuccess: () => {
        toast.success(t('excusals.reportedToast'));
        onClose();
      },
    },
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('excusals.form.title', { name })}
      submitLabel={t('excusals.form.submit')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('excusals.form.dates')}
        description={t('excusals.form.datesHint')}
        {...form.getInputProps('range')}
        minDate={today}
        valueFormat="D MMM YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        required
        data-testid="excusal-dates"
        popoverProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('excusals.form.reason')}
        placeholder={t('excusals.form.reasonPlaceholder')}
        {...form.getInputProps('reason')}
        autosize
        minRows={3}
        maxLength={1000}
        required
        data-autofocus
      />
    </FormModal>
  );
}
