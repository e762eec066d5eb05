import {
  Avatar,
  Badge,
  Button,
  ColorSwatch,
  Group,
  List,
  MultiSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassName } from '../../../components/ClassName';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { formatAgeRange, fullName, initials } from '../../../lib/format';
import { message } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import {
  type ClassListItem,
  classDetailQuery,
  useArchiveClass,
  useAssignStaff,
  useClassDetail,
  useClassList,
  useStaffList,
} from '../api';
import { AdminPage, useAllowed, useCan } from '../components/AdminPage';
import { ClassFormModal } from './ClassFormModal';

function RosterModal({ cls, onClose }: { cls: ClassListItem; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useClassDetail(cls.id);
  const d = detail.data;
  const people = (list: { id: string; first_name: string; last_name: string; profile_picture: string | null }[]) => (
    <List spacing={8} listStyleType="none" p={0}>
      {list.map((p) => (
        <List.Item key={p.id}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={p.profile_picture} alt="" size={28} radius="xl" color="cue" variant="light">
              {initials(p)}
            </Avatar>
            <Text fz="sm">{fullName(p)}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      readOnly
      title={t('classes.rosterTitle', { name: cls.class_name })}
      submitLabel=""
      onSubmit={onClose}
    >
      {!d ? (
        <Skeleton height={200} radius="md" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="xs" data-testid="roster-students">
            <Title order={3} fz="md">
              {t('classes.students', { count: d.student_list.length })}
            </Title>
            {d.student_list.length ? (
              people(d.student_list)
            ) : (
              <Text c="dimmed" fz="sm">
                {message('noStudentsFound')}
              </Text>
            )}
          </Stack>
          <Stack gap="xs" data-testid="roster-staff">
            <Title order={3} fz="md">
              {t('classes.staff', { count: d.staff_list.length })}
            </Title>
            {d.staff_list.length ? (
              people(d.staff_list)
            ) : (
              <Text c="dimmed" fz="sm">
                {t('classes.noStaff')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      )}
    </FormModal>
  );
}

function AssignStaffModal({ cls, onClose }: { cls: ClassListItem; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const staff = useStaffList();
  const detail = useClassDetail(cls.id);
  const assign = useAssignStaff();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const current = new Set((detail.data?.staff_list ?? []).map((s) => s.id));
  const options = (staff.data ?? []).filter((s) => !current.has(s.id)).map((s) => ({ value: s.id, label: fullName(s) }));

  const submit = () => {
    if (chosen.length === 0) {
      setError(t('classes.assignRequired'));
      return;
    }
    assign.mutate(
      { classId: cls.id, staffIds: chosen },
      {
        onSuccess: () => {
          toast.success(t('classes.assigned', { count: chosen.length, name: cls.class_name }));
          onClose();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('classes.assignTitle', { name: cls.class_name })}
      submitLabel={t('classes.assign')}
      onSubmit={submit}
      pending={assign.isPending}
      size="md"
    >
      {detail.data && detail.data.staff_list.length > 0 && (
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {t('classes.currentStaff')}
          </Text>
          <Group gap={6}>
            {detail.data.staff_list.map((s) => (
              <Badge key={s.id} variant="light" tt="none" radius="sm">
                {fullName(s)}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
      <MultiSelect
        label={t('classes.addStaff')}
        placeholder={t('classes.addStaffPlaceholder')}
        data={options}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setError(undefined);
        }}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        error={error}
        data-autofocus
      />
    </FormModal>
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; cls: ClassListItem }
  | { kind: 'roster'; cls: ClassListItem }
  | { kind: 'assign'; cls: ClassListItem }
  | { kind: 'archive'; cls: ClassListItem };

/** Classes: the list (archived ones on request), create and edit, archive, assign staff, see the roster. */
export default function ClassesPage() {
  const { t, i18n } = useTranslation('admin');
  const can = useCan();
  const classes = useClassList(useAllowed('classes'));
  const archive = useArchiveClass();
  const [showArchived, setShowArchived] = useState(false);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const mayAssign = can({ permission: 'admin_portal.staff' });
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);

  /** The edit form opens once the class's every field is here, so it never opens empty. */
  const openEdit = async (cls: ClassListItem) => {
    setOpening(cls.id);
    try {
      await queryClient.fetchQuery(classDetailQuery(cls.id));
      setDialog({ kind: 'edit', cls });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setOpening(null);
    }
  };

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return classes.data
      ?.filter((c) => showArchived || !c.archived)
      .filter((c) => !needle || c.class_name.toLocaleLowerCase().includes(needle));
  }, [classes.data, showArchived, search]);
  const archivedCount = classes.data?.filter((c) => c.archived).length ?? 0;

  const toggleArchive = (cls: ClassListItem) => {
    archive.mutate(
      { id: cls.id, archived: !cls.archived },
      {
        onSuccess: () => {
          toast.success(
            cls.archived ? t('classes.unarchived', { name: cls.class_name }) : t('classes.archived', { name: cls.class_name }),
          );
          close();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };

  return (
    <AdminPage
      item="classes"
      title={t('menu.classes')}
      description={t('classes.description')}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
          {t('classes.new')}
        </Button>
      }
    >
      <DataTable
        testId="classes-table"
        caption={t('menu.classes')}
        rows={rows}
        loading={classes.isPending}
        error={classes.error}
        onRetry={() => void classes.refetch()}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.class_name}
        rowAttributes={(c) => ({ 'data-archived': c.archived ? 'true' : undefined })}
        emptyText={message('noClassesFound')}
        toolbar={
          <Group justify="space-between" gap="md" wrap="wrap">
            <TextInput
              aria-label={t('classes.search')}
              placeholder={t('classes.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <Switch
              label={t('classes.showArchived', { count: archivedCount })}
              checked={showArchived}
              onChange={(e) => setShowArchived(e.currentTarget.checked)}
            />
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('classes.columns.name'),
            render: (c) => (
              <Group gap="sm" wrap="nowrap">
                <ColorSwatch color={c.color} size={14} aria-hidden />
                <ClassName name={c.class_name} fw={600} fz="sm" c={c.archived ? 'dimmed' : undefined} />
                {c.archived && (
                  <Badge color="gray" variant="outline" size="sm" radius="sm">
                    {t('classes.archivedBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: 'year', header: t('classes.columns.year'), render: (c) => <Text fz="sm">{c.academic_year}</Text> },
          {
            key: 'age',
            header: t('classes.columns.age'),
            render: (c) => <Text fz="sm">{c.age_range ? formatAgeRange(c.age_range, i18n.language) : '—'}</Text>,
          },
          {
            key: 'division',
            header: t('classes.columns.division'),
            render: (c) => <Text fz="sm">{c.division ?? '—'}</Text>,
          },
          {
            key: 'students',
            header: t('classes.columns.students'),
            width: 110,
            align: 'center',
            render: (c) => (
              <Badge variant="light" color="gray" radius="sm">
                {c.student_count}
              </Badge>
            ),
          },
        ]}
        actions={(c) => [
          { label: t('classes.roster'), icon: IconUsers, onClick: () => setDialog({ kind: 'roster', cls: c }) },
          ...(mayAssign
            ? [{ label: t('classes.assign'), icon: IconUserPlus, onClick: () => setDialog({ kind: 'assign', cls: c }) }]
            : []),
          { label: t('common.edit'), icon: IconPencil, onClick: () => void openEdit(c), disabled: opening === c.id },
          c.archived
            ? { label: t('classes.unarchive'), icon: IconArchiveOff, onClick: () => toggleArchive(c) }
            : {
                label: t('classes.archive'),
                icon: IconArchive,
                color: 'orange',
                onClick: () => setDialog({ kind: 'archive', cls: c }),
              },
        ]}
      />
      {dialog?.kind === 'create' && <ClassFormModal classId={null} onClose={close} />}
      {dialog?.kind === 'edit' && <ClassFormModal classId={dialog.cls.id} onClose={close} />}
      {dialog?.kind === 'roster' && <RosterModal cls={dialog.cls} onClose={close} />}
      {dialog?.kind === 'assign' && <AssignStaffModal cls={dialog.cls} onClose={close} />}
      {dialog?.kind === 'archive' && (
        <ConfirmModal
          opened
          onClose={close}
          title={t('classes.archiveTitle')}
          message={t('classes.archiveConfirm', { name: dialog.cls.class_name })}
          confirmLabel={t('classes.archive')}
          onConfirm={() => toggleArchive(dialog.cls)}
          pending={archive.isPending}
        />
      )}
    </AdminPage>
  );
}
