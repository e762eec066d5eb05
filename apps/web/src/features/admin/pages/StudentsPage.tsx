import {
  type InvitationSent,
  linkParentRequestSchema,
  pagePath,
  type Student,
  studentRequestSchema,
  studentUpdateRequestSchema,
} from '@cue/contract';
import { Anchor, Group, Pagination, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconId, IconPencil, IconPlus, IconUserHeart } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClassBadges } from '../../../components/ClassBadges';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { fullName, initials } from '../../../lib/format';
import { message } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useLinkParent, useSaveStudent, useStudents } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { ImportModal } from '../components/ImportModal';
import { useClassOptions } from '../components/options';
import {
  ContactFields,
  contactMessages,
  ImportAddActions,
  NameFields,
  PersonCell,
  PhoneText,
  SearchInput,
} from '../components/People';
import { invitationSentText } from '../invitations';

/** The families' proposed changes waiting for the school, above the list (the children catalogs load with this page). */
const ChangeReview = lazy(() => import('../../children/components/ChangeReview'));
/** The yearly check of the families' details and the school's own consents, from the same chunk's catalogs. */
const SchoolRecordTools = lazy(() => import('../../children/components/SchoolRecordTools'));

const PAGE_SIZE = 20;
const RELATIONS = ['parent', 'mother', 'father', 'guardian', 'grandparent', 'other'] as const;

function StudentModal({
  student,
  defaultClass,
  onClose,
}: {
  student: Student | null;
  defaultClass: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveStudent();
  const classes = useClassOptions();
  const currentClass = student?.student_class[0]?.class_id ?? null;
  const form = useContractForm({
    schema: student ? studentUpdateRequestSchema : studentRequestSchema,
    initialValues: {
      first_name: student?.first_name ?? '',
      last_name: student?.last_name ?? '',
      class_id: currentClass ?? defaultClass,
    },
    // An edit sends the class only when the student moves.
    toBody: (v) => ({
      first_name: v.first_name,
      last_name: v.last_name,
      ...(student && v.class_id === currentClass ? {} : { class_id: v.class_id ?? undefined }),
    }),
    messages: {
      first_name: { required: t('students.form.firstNameRequired') },
      class_id: t('students.form.classRequired'),
    },
  });

  const submit = form.submitWith(
    (body) => save.mutateAsync({ id: student?.id, input: body as { first_name: string; last_name: string; class_id: string } }),
    {
      onSuccess: (saved) => {
        const name = fullName(saved as Student);
        toast.success(student ? t('students.saved', { name }) : t('students.added', { name }));
        onClose();
      },
    },
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={student ? t('students.edit') : t('students.add')}
      submitLabel={student ? t('common.save') : t('common.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <NameFields form={form} />
      <Select
        label={student ? t('students.form.moveClass') : t('students.form.class')}
        description={student ? t('students.form.moveHint') : undefined}
        data={classes.options}
        {...form.getInputProps('class_id')}
        searchable
        allowDeselect={false}
        required
        nothingFoundMessage={t('common.nothingFound')}
      />
    </FormModal>
  );
}

function ParentModal({ student, onClose }: { student: Student; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const link = useLinkParent();
  const form = useContractForm({
    schema: linkParentRequestSchema,
    initialValues: { first_name: '', last_name: '', phone: '', email: '', relation: 'parent' as string },
    messages: {
      first_name: { required: t('students.parent.firstNameRequired') },
      ...contactMessages(t, t('students.parent.contactRequired')),
    },
  });

  const submit = form.submitWith((body) => link.mutateAsync({ studentId: student.id, input: body }), {
    onSuccess: (answer, values) => {
      const parent = `${values.first_name.trim()} ${values.last_name.trim()}`.trim();
      toast.success(
        invitationSentText(t, (answer as { invitations_sent?: InvitationSent[] }).invitations_sent ?? []),
        t('students.parent.linked', { parent, name: fullName(student) }),
      );
      onClose();
    },
  });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('students.parent.title', { name: fullName(student) })}
      submitLabel={t('students.parent.link')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      {student.parents.length > 0 && (
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('students.parent.current')}
          </Text>
          {student.parents.map((p) => (
            <Text key={p.id} fz="sm">
              <bdi>{fullName(p)}</bdi> · {t(`relations.${p.relation}`, { defaultValue: p.relation })}
            </Text>
          ))}
        </Stack>
      )}
      <Text fz="sm" c="dimmed">
        {t('students.parent.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NameFields form={form} />
        <ContactFields form={form} />
      </SimpleGrid>
      <Select
        label={t('students.parent.relation')}
        data={RELATIONS.map((r) => ({ value: r, label: t(`relations.${r}`) }))}
        {...form.getInputProps('relation')}
        allowDeselect={false}
      />
    </FormModal>
  );
}

function Parents({ student }: { student: Student }) {
  const { t } = useTranslation('admin');
  if (student.parents.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {student.parents.map((p) => (
        <Group key={p.id} gap={6} wrap="wrap" data-testid="parent">
          <Text span fw={600} fz="sm">
            {fullName(p)}
          </Text>
          <Text span c="dimmed" fz="xs">
            {t(`relations.${p.relation}`, { defaultValue: p.relation })}
          </Text>
          {p.primary_phone && <PhoneText phone={p.primary_phone} dimmed />}
        </Group>
      ))}
    </Stack>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit'; student: Student } | { kind: 'parent'; student: Student } | { kind: 'import' };

/** Students: a paged, searchable list by class; add, edit and move, link parents, import. */
export default function StudentsPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation('children');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [classId, setClassId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const classes = useClassOptions();
  const allowed = useAllowed('students');
  const students = useStudents({ search: debounced, class_id: classId, page, page_size: PAGE_SIZE }, allowed);
  const total = students.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AdminPage
      item="students"
      title={t('menu.students')}
      description={t('students.description')}
      actions={
        <ImportAddActions
          importLabel={t('students.import')}
          addLabel={t('students.add')}
          addIcon={IconPlus}
          onImport={() => setDialog({ kind: 'import' })}
          onAdd={() => setDialog({ kind: 'add' })}
        />
      }
    >
      {allowed && (
        <Suspense fallback={null}>
          <ChangeReview />
          <SchoolRecordTools />
        </Suspense>
      )}
      <DataTable
        testId="students-table"
        caption={t('menu.students')}
        rows={students.data?.items}
        loading={students.isFetching}
        error={students.error}
        onRetry={() => void students.refetch()}
        rowKey={(s) => s.id}
        rowLabel={fullName}
        emptyText={message('noStudentsFound')}
        toolbar={
          <Group gap="md" wrap="wrap">
            <SearchInput
              label={t('students.search')}
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              width={280}
            />
            <Select
              aria-label={t('students.classFilter')}
              placeholder={t('students.allClasses')}
              data={classes.options}
              value={classId}
              onChange={(value) => {
                setClassId(value);
                setPage(1);
              }}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
              nothingFoundMessage={t('common.nothingFound')}
            />
            {students.data && (
              <Text fz="sm" c="dimmed" ms="auto" aria-live="polite">
                {t('students.total', { count: total, formatted: new Intl.NumberFormat(i18n.language).format(total) })}
              </Text>
            )}
          </Group>
        }
        footer={
          pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
              />
            </Group>
          )
        }
        columns={[
          {
            key: 'name',
            header: t('common.name'),
            render: (s) => (
              <Anchor
                component={Link}
                to={pagePath.childRecord(s.id)}
                c="inherit"
                underline="hover"
                data-testid="student-record-link"
              >
                <PersonCell name={fullName(s)} initials={initials(s)} picture={s.student_profile_picture} color="coral" />
              </Anchor>
            ),
          },
          {
            key: 'class',
            header: t('students.form.class'),
            render: (s) => <ClassBadges classes={s.student_class.map((c) => ({ id: c.class_id, class_name: c.class_name }))} />,
          },
          { key: 'parents', header: t('students.parents'), render: (s) => <Parents student={s} /> },
        ]}
        actions={(s) => [
          { label: tc('openRecord'), icon: IconId, onClick: () => void navigate(pagePath.childRecord(s.id)) },
          { label: t('common.edit'), icon: IconPencil, onClick: () => setDialog({ kind: 'edit', student: s }) },
          { label: t('students.parent.link'), icon: IconUserHeart, onClick: () => setDialog({ kind: 'parent', student: s }) },
        ]}
      />
      {dialog?.kind === 'add' && <StudentModal student={null} defaultClass={classId} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <StudentModal key={dialog.student.id} student={dialog.student} defaultClass={null} onClose={close} />
      )}
      {dialog?.kind === 'parent' && <ParentModal key={dialog.student.id} student={dialog.student} onClose={close} />}
      <ImportModal kind="students" opened={dialog?.kind === 'import'} onClose={close} />
    </AdminPage>
  );
}
