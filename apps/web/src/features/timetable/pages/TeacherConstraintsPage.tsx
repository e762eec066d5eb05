import { type PeriodRef, type TeacherConstraints, type TimetableSubject, teacherConstraintsRequestSchema } from '@cue/contract';
import { Group, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useOutline, useSaveTeacherConstraints, useSubjects, useTeacherConstraints } from '../api';
import { NoOutline } from '../components/parts';
import classes from '../components/Timetable.module.css';
import { PeriodHeader, WeekHeadRow } from '../components/WeekGrid';
import { TIMETABLE_NS, timetableError, timetableNeed, timetableText } from '../i18n';
import {
  availableCount,
  type CellState,
  dayName,
  gridRows,
  nextState,
  type OutlineDay,
  orderedDays,
  periodOf,
  stateOf,
  withState,
} from '../week';

interface Values {
  subject_ids: string[];
  max_per_day: number | string;
  unavailable: PeriodRef[];
  preferred_free: PeriodRef[];
}

/** A teacher's week: a button per period that moves it on (available → unavailable → rather free). */
function ConstraintWeek({
  days,
  week,
  name,
  onChange,
}: {
  days: OutlineDay[];
  week: Pick<Values, 'unavailable' | 'preferred_free'>;
  name: string;
  onChange: (ref: PeriodRef, state: CellState) => void;
}) {
  const { t, i18n } = useTranslation(TIMETABLE_NS);
  const ordered = orderedDays(days);
  const rows = gridRows(ordered);
  const stateWord = (state: CellState) =>
    state === 'available'
      ? t('constraints.state.available')
      : state === 'unavailable'
        ? t('constraints.state.unavailable')
        : t('constraints.state.preferFree');
  return (
    <div className={classes.scroll}>
      <table
        className={classes.table}
        style={{ '--tt-days': ordered.length, minWidth: `calc(7.5rem + ${ordered.length} * 5.75rem)` } as CSSProperties}
        data-testid="constraint-week"
      >
        <caption style={{ captionSide: 'top', textAlign: 'start', padding: 8, fontWeight: 600 }}>
          {t('constraints.weekOf', { name })}
        </caption>
        <thead>
          <WeekHeadRow days={ordered} short />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period}>
              <PeriodHeader row={row} />
              {ordered.map((d) => {
                const ref = { day: d.day, period: row.period };
                if (!periodOf(ordered, d.day, row.period)) return <td key={d.day} className={classes.none} />;
                const state = stateOf(ref, week);
                return (
                  <td key={d.day}>
                    <button
                      type="button"
                      className={classes.stateCell}
                      data-state={state}
                      data-day={d.day}
                      data-period={row.period}
                      aria-label={t('constraints.cell', {
                        day: dayName(d.day, i18n.language),
                        period: row.name,
                        state: stateWord(state),
                      })}
                      onClick={() => onChange(ref, nextState(state))}
                    >
                      {stateWord(state)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConstraintsDialog({
  teacher,
  days,
  subjects,
  onClose,
}: {
  teacher: TeacherConstraints;
  days: OutlineDay[];
  subjects: TimetableSubject[];
  onClose: () => void;
}) {
  const { t } = useTranslation(TIMETABLE_NS);
  const save = useSaveTeacherConstraints();
  const form = useContractForm({
    schema: teacherConstraintsRequestSchema,
    initialValues: {
      subject_ids: teacher.subject_ids,
      max_per_day: teacher.max_per_day ?? '',
      unavailable: teacher.unavailable,
      preferred_free: teacher.preferred_free,
    } as Values,
    toBody: (v) => ({ ...v, max_per_day: v.max_per_day === '' ? null : Number(v.max_per_day) }),
    messages: { max_per_day: t('constraints.maxRange') },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: teacher.teacher._id, body }), {
    onSuccess: (answer) => {
      toast.success(timetableText((answer as { message?: string }).message));
      onClose();
    },
    onError: (err) => form.setError(timetableError(err)),
  });
  const available = availableCount(days, form.values.unavailable);
  const over = teacher.mapped_periods > available;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('constraints.edit', { name: teacher.teacher.name })}
      submitLabel={t('constraints.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <Stack gap="md">
        <MultiSelect
          label={t('constraints.subjects')}
          description={t('constraints.subjectsHelp')}
          placeholder={form.values.subject_ids.length === 0 ? t('constraints.anySubject') : undefined}
          data={subjects.map((s) => ({ value: s._id, label: s.name }))}
          searchable
          {...form.getInputProps('subject_ids')}
        />
        <NumberInput
          label={t('constraints.maxPerDay')}
          description={t('constraints.maxPerDayHelp')}
          placeholder={t('constraints.noLimit')}
          min={1}
          max={30}
          allowDecimal={false}
          maw={260}
          {...form.getInputProps('max_per_day')}
        />
        <Stack gap={6}>
          <Text fz="sm" c="dimmed">
            {t('constraints.weekHelp')}
          </Text>
          <ConstraintWeek
            days={days}
            week={form.values}
            name={teacher.teacher.name}
            onChange={(ref, state) => {
              const next = withState(form.values, ref, state);
              form.setFieldValue('unavailable', next.unavailable);
              form.setFieldValue('preferred_free', next.preferred_free);
            }}
          />
          <Text fz="sm" fw={600} c={over ? 'red.8' : undefined} aria-live="polite" data-testid="constraint-load">
            {t('constraints.load', { mapped: teacher.mapped_periods, available })}
          </Text>
        </Stack>
      </Stack>
    </FormModal>
  );
}

function Body() {
  const { t } = useTranslation(TIMETABLE_NS);
  const teachers = useTeacherConstraints();
  const outline = useOutline();
  const subjects = useSubjects();
  const [editing, setEditing] = useState<TeacherConstraints | null>(null);
  const days = outline.data?.days ?? [];
  const names = new Map((subjects.data ?? []).map((s) => [s._id, s.name]));
  return (
    <Page title={t('constraints.title')} description={t('constraints.description')}>
      <NoOutline outline={outline.data} />
      <Stack gap="sm">
        <DataTable
          caption={t('constraints.title')}
          testId="teacher-constraints"
          rows={teachers.data}
          loading={teachers.isPending}
          error={teachers.error}
          onRetry={() => void teachers.refetch()}
          rowKey={(x) => x.teacher._id}
          rowLabel={(x) => x.teacher.name}
          emptyText={t('constraints.none')}
          columns={[
            { key: 'teacher', header: t('constraints.teacher'), render: (x) => <Text fw={600}>{x.teacher.name}</Text> },
            {
              key: 'subjects',
              header: t('constraints.subjects'),
              render: (x) =>
                x.subject_ids.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    {t('constraints.anySubject')}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {x.subject_ids.map((id) => (
                      <SoftBadge key={id} color="grape">
                        {names.get(id) ?? '…'}
                      </SoftBadge>
                    ))}
                  </Group>
                ),
            },
            {
              key: 'max',
              header: t('constraints.maxPerDay'),
              render: (x) => (x.max_per_day === null ? t('constraints.noLimit') : x.max_per_day),
            },
            {
              key: 'load',
              header: t('constraints.loadHeader'),
              render: (x) => {
                const available = availableCount(days, x.unavailable);
                return (
                  <Text
                    fz="sm"
                    c={x.mapped_periods > available ? 'red.8' : undefined}
                    fw={x.mapped_periods > available ? 700 : undefined}
                  >
                    {t('constraints.load', { mapped: x.mapped_periods, available })}
                  </Text>
                );
              },
            },
          ]}
          actions={(x) => [
            { label: t('constraints.editAction'), icon: IconPencil, onClick: () => setEditing(x), disabled: days.length === 0 },
          ]}
        />
      </Stack>
      {editing && (
        <ConstraintsDialog teacher={editing} days={days} subjects={subjects.data ?? []} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}

/** /admin/timetable/teacher-subject-constraint: what each teacher teaches, their busiest day and the periods they cannot or would rather not teach. */
export default function TeacherConstraintsPage() {
  return (
    <Gate need={timetableNeed('timetable.teacher-subject-constraint')}>
      <Body />
    </Gate>
  );
}
