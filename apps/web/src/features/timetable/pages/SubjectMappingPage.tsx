import {
  MAX_LESSONS_PER_WEEK,
  type SubjectMapping,
  subjectMappingRequestSchema,
  TIMETABLE_MESSAGES,
  type TimetableBoard,
  type TimetableSubject,
  timetableSubjectRequestSchema,
} from '@cue/contract';
import { Autocomplete, Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useBoard, useDeleteMapping, useDeleteSubject, useMappings, useSaveMapping, useSaveSubject, useSubjects } from '../api';
import { NoOutline } from '../components/parts';
import { TIMETABLE_NS, timetableError, timetableNeed, timetableText } from '../i18n';

const messageOf = (answer: unknown) => timetableText((answer as { message?: string }).message);

/** The kinds of room the school's rooms are for ("Music room", "Hall"), to choose from. */
const roomTypesOf = (board: TimetableBoard | undefined): string[] =>
  [...new Set((board?.rooms ?? []).map((r) => r.room_type?.trim() ?? '').filter(Boolean))].sort((a, b) => a.localeCompare(b));

function SubjectDialog({
  subject,
  roomTypes,
  onClose,
}: {
  subject: TimetableSubject | null;
  roomTypes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(TIMETABLE_NS);
  const save = useSaveSubject();
  const form = useContractForm({
    schema: timetableSubjectRequestSchema,
    initialValues: { name: subject?.name ?? '', room_type: subject?.room_type ?? '', morning: subject?.morning ?? false },
    toBody: (v) => ({ ...v, room_type: v.room_type.trim() || null }),
    messages: { name: t('subjects.nameNeeded') },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: subject?._id, body }), {
    onSuccess: (answer) => {
      toast.success(messageOf(answer));
      onClose();
    },
    onError: (err) => form.setError(timetableError(err)),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={subject ? t('subjects.edit', { name: subject.name }) : t('subjects.add')}
      submitLabel={t('subjects.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Stack gap="sm">
        <TextInput label={t('subjects.name')} required maxLength={80} data-autofocus {...form.getInputProps('name')} />
        <Autocomplete
          label={t('subjects.roomType')}
          description={t('subjects.roomTypeHelp')}
          placeholder={t('subjects.ownRoom')}
          data={roomTypes}
          maxLength={80}
          {...form.getInputProps('room_type')}
          data-testid="subject-room-type"
        />
        <Switch
          label={t('subjects.morning')}
          description={t('subjects.morningHelp')}
          {...form.getInputProps('morning', { type: 'checkbox' })}
        />
      </Stack>
    </FormModal>
  );
}

function SubjectsSection({ board }: { board: TimetableBoard | undefined }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const subjects = useSubjects();
  const remove = useDeleteSubject();
  const [editing, setEditing] = useState<TimetableSubject | null | 'new'>(null);
  const [deleting, setDeleting] = useState<TimetableSubject | null>(null);
  const roomTypes = useMemo(() => roomTypesOf(board), [board]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="tt-subjects">
      <Title order={2} fz="lg" id="tt-subjects">
        {t('subjects.title')}
      </Title>
      <DataTable
        caption={t('subjects.title')}
        testId="timetable-subjects"
        rows={subjects.data}
        loading={subjects.isPending}
        error={subjects.error}
        onRetry={() => void subjects.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.name}
        emptyText={t('subjects.none')}
        toolbar={
          <Group>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('subjects.add')}
            </Button>
          </Group>
        }
        columns={[
          { key: 'name', header: t('subjects.name'), render: (x) => <Text fw={600}>{x.name}</Text> },
          {
            key: 'room',
            header: t('subjects.roomType'),
            render: (x) =>
              x.room_type ? (
                <SoftBadge color="grape">{x.room_type}</SoftBadge>
              ) : (
                <Text c="dimmed" fz="sm">
                  {t('subjects.ownRoom')}
                </Text>
              ),
          },
          { key: 'morning', header: t('subjects.morningShort'), render: (x) => (x.morning ? t('subjects.yes') : '—') },
          { key: 'classes', header: t('subjects.classes'), render: (x) => x.classes, align: 'end', width: 90 },
        ]}
        actions={(x) => [
          ...(x.abilities.edit ? [{ label: t('subjects.editAction'), icon: IconPencil, onClick: () => setEditing(x) }] : []),
          ...(x.abilities.delete
            ? [{ label: t('subjects.delete'), icon: IconTrash, color: 'red', onClick: () => setDeleting(x) }]
            : []),
        ]}
      />
      {editing && (
        <SubjectDialog subject={editing === 'new' ? null : editing} roomTypes={roomTypes} onClose={() => setEditing(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('subjects.delete')}
        message={t('subjects.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('subjects.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: (answer) => {
              toast.success(messageOf(answer));
              setDeleting(null);
            },
            onError: (err) => {
              toast.error(timetableError(err));
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}

interface MappingValues {
  class_id: string | null;
  subject_id: string | null;
  teacher_id: string | null;
  lessons_per_week: number | string;
  double_periods: number | string;
}

function MappingDialog({
  mapping,
  board,
  subjects,
  classId,
  onClose,
}: {
  mapping: SubjectMapping | null;
  board: TimetableBoard | undefined;
  subjects: TimetableSubject[];
  classId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(TIMETABLE_NS);
  const save = useSaveMapping();
  const form = useContractForm({
    schema: subjectMappingRequestSchema,
    initialValues: {
      class_id: mapping?.class._id ?? classId,
      subject_id: mapping?.subject._id ?? null,
      teacher_id: mapping?.teacher._id ?? null,
      lessons_per_week: mapping?.lessons_per_week ?? 2,
      double_periods: mapping?.double_periods ?? 0,
    } as MappingValues,
    toBody: (v) => ({
      class_id: v.class_id ?? '',
      subject_id: v.subject_id ?? '',
      teacher_id: v.teacher_id ?? '',
      lessons_per_week: Number(v.lessons_per_week),
      double_periods: Number(v.double_periods) || 0,
    }),
    messages: {
      class_id: t('mapping.classNeeded'),
      subject_id: t('mapping.subjectNeeded'),
      teacher_id: t('mapping.teacherNeeded'),
      lessons_per_week: t('mapping.lessonsRange', { max: MAX_LESSONS_PER_WEEK }),
    },
    rules: (v) => ({
      double_periods:
        Number(v.double_periods) * 2 > Number(v.lessons_per_week) && timetableText(TIMETABLE_MESSAGES.doublesTooMany),
    }),
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: mapping?._id, body }), {
    onSuccess: (answer) => {
      toast.success(messageOf(answer));
      onClose();
    },
    onError: (err) => form.setError(timetableError(err)),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={mapping ? t('mapping.edit') : t('mapping.add')}
      submitLabel={t('mapping.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Stack gap="sm">
        <Select
          label={t('mapping.class')}
          data={(board?.classes ?? []).map((c) => ({ value: c._id, label: c.name }))}
          searchable
          required
          {...form.getInputProps('class_id')}
        />
        <Select
          label={t('mapping.subject')}
          data={subjects.map((s) => ({ value: s._id, label: s.name }))}
          searchable
          required
          {...form.getInputProps('subject_id')}
        />
        <Select
          label={t('mapping.teacher')}
          data={(board?.teachers ?? []).map((p) => ({ value: p._id, label: p.name }))}
          searchable
          required
          {...form.getInputProps('teacher_id')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('mapping.lessons')}
            min={1}
            max={MAX_LESSONS_PER_WEEK}
            allowDecimal={false}
            required
            {...form.getInputProps('lessons_per_week')}
          />
          <NumberInput
            label={t('mapping.doubles')}
            description={t('mapping.doublesHelp')}
            min={0}
            max={MAX_LESSONS_PER_WEEK / 2}
            allowDecimal={false}
            {...form.getInputProps('double_periods')}
          />
        </Group>
      </Stack>
    </FormModal>
  );
}

function MappingSection({ board }: { board: TimetableBoard | undefined }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const [classId, setClassId] = useState<string | null>(null);
  const mappings = useMappings(classId);
  const subjects = useSubjects();
  const remove = useDeleteMapping();
  const [editing, setEditing] = useState<SubjectMapping | null | 'new'>(null);
  const [removing, setRemoving] = useState<SubjectMapping | null>(null);
  const total = board?.outline.total_periods ?? 0;
  const mapped = classId ? (mappings.data ?? []).reduce((sum, m) => sum + m.lessons_per_week, 0) : null;
  const noSubjects = subjects.data?.length === 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="tt-mapping">
      <Title order={2} fz="lg" id="tt-mapping">
        {t('mapping.title')}
      </Title>
      <DataTable
        caption={t('mapping.title')}
        testId="timetable-mappings"
        rows={mappings.data}
        loading={mappings.isPending}
        error={mappings.error}
        onRetry={() => void mappings.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => `${x.subject.name} · ${x.class.name}`}
        emptyText={noSubjects ? t('mapping.addSubjectsFirst') : t('mapping.none')}
        toolbar={
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group align="flex-end" gap="sm">
              <Select
                label={t('mapping.filter')}
                placeholder={t('mapping.allClasses')}
                data={(board?.classes ?? []).map((c) => ({ value: c._id, label: c.name }))}
                value={classId}
                onChange={setClassId}
                clearable
                searchable
                w={240}
                data-testid="mapping-class-filter"
              />
              {mapped !== null && (
                <Text fz="sm" c={total > 0 && mapped > total ? 'red.8' : 'dimmed'} pb={8} data-testid="mapping-load">
                  {t('mapping.load', { mapped, total })}
                </Text>
              )}
            </Group>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
              disabled={!subjects.data?.length}
            >
              {t('mapping.add')}
            </Button>
          </Group>
        }
        columns={[
          { key: 'class', header: t('mapping.class'), render: (x) => <Text fw={600}>{x.class.name}</Text> },
          { key: 'subject', header: t('mapping.subject'), render: (x) => x.subject.name },
          { key: 'teacher', header: t('mapping.teacher'), render: (x) => x.teacher.name },
          { key: 'lessons', header: t('mapping.lessons'), render: (x) => x.lessons_per_week, align: 'end', width: 120 },
          { key: 'doubles', header: t('mapping.doubles'), render: (x) => x.double_periods, align: 'end', width: 120 },
        ]}
        actions={(x) => [
          { label: t('mapping.editAction'), icon: IconPencil, onClick: () => setEditing(x) },
          { label: t('mapping.remove'), icon: IconTrash, color: 'red', onClick: () => setRemoving(x) },
        ]}
      />
      {editing && (
        <MappingDialog
          mapping={editing === 'new' ? null : editing}
          board={board}
          subjects={subjects.data ?? []}
          classId={classId}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('mapping.remove')}
        message={t('mapping.removeConfirm', { subject: removing?.subject.name ?? '', name: removing?.class.name ?? '' })}
        confirmLabel={t('mapping.remove')}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: (answer) => {
              toast.success(messageOf(answer));
              setRemoving(null);
            },
            onError: (err) => toast.error(timetableError(err)),
          })
        }
      />
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(TIMETABLE_NS);
  const board = useBoard();
  return (
    <Page title={t('mapping.pageTitle')} description={t('mapping.description')}>
      <NoOutline outline={board.data?.outline} />
      <SubjectsSection board={board.data} />
      <MappingSection board={board.data} />
    </Page>
  );
}

/** /admin/timetable/subject-mapping: the subjects, and how many lessons of each every class has a week, with whom. */
export default function SubjectMappingPage() {
  return (
    <Gate need={timetableNeed('timetable.subject-mapping')}>
      <Body />
    </Gate>
  );
}
