import type { StaffMember } from '@cue/contract';
import { Badge, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassBadges } from '../../../components/ClassBadges';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { fullName, initials } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { type StaffInput, useRemoveStaff, useSaveStaff, useStaffList } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { ImportModal } from '../components/ImportModal';
import { useClassOptions, useRoleOptions } from '../components/options';
import {
  ContactFields,
  contactErrors,
  contactInput,
  ImportAddActions,
  NameFields,
  PersonCell,
  PhoneText,
  SearchInput,
} from '../components/People';
import { useFormState } from '../components/useFormState';

function StaffModal({ member, staff, onClose }: { member: StaffMember | null; staff: StaffMember[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveStaff();
  const roles = useRoleOptions(staff);
  const classes = useClassOptions();
  const teacher = roles.options.find((r) => r.label.toLowerCase() === 'teacher')?.value ?? null;
  const form = useFormState({
    first_name: member?.first_name ?? '',
    last_name: member?.last_name ?? '',
    phone: member?.phone ?? '',
    email: member?.email ?? '',
    role_id: member?.role.id ?? (teacher as string | null),
    class_ids: member?.classes.map((c) => c.id) ?? ([] as string[]),
  });
  const v = form.values;
  const roleId = v.role_id ?? teacher;

  const submit = () => {
    const ok = form.validate((values) => ({
      first_name: values.first_name.trim() ? undefined : t('staff.form.firstNameRequired'),
      // The contact identifies the person: set when inviting, read-only afterwards.
      ...(member ? {} : contactErrors(values, t, t('staff.form.contactRequired'))),
      role_id: roleId ? undefined : t('staff.form.roleRequired'),
    }));
    if (!ok || !roleId) return;
    const input: StaffInput = {
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      role_id: roleId,
      class_ids: v.class_ids,
      ...contactInput(v),
    };
    save.mutate(
      { id: member?.id, input },
      {
        onSuccess: (saved) => {
          toast.success(
            member
              ? t('staff.saved', { name: fullName(saved) })
              : saved.status === 'invited'
                ? t('staff.invited', { name: fullName(saved) })
                : t('staff.added', { name: fullName(saved) }),
          );
          onClose();
        },
        onError: (err) => form.showServerError(err),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={member ? t('staff.edit') : t('staff.add')}
      submitLabel={member ? t('common.save') : t('staff.invite')}
      onSubmit={submit}
      pending={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NameFields form={form} />
        <ContactFields form={form} locked={!!member} />
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt={-8}>
        {member ? t('staff.form.contactLocked') : t('staff.form.contactHint')}
      </Text>
      <Select
        label={t('staff.form.role')}
        data={roles.options}
        value={roleId}
        onChange={(value) => form.set('role_id', value)}
        error={form.errors.role_id}
        allowDeselect={false}
        required
      />
      <MultiSelect
        label={t('staff.form.classes')}
        placeholder={v.class_ids.length ? undefined : t('staff.form.classesPlaceholder')}
        data={classes.options}
        value={v.class_ids}
        onChange={(value) => form.set('class_ids', value)}
        error={form.errors.class_ids}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
      />
    </FormModal>
  );
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; member: StaffMember }
  | { kind: 'remove'; member: StaffMember }
  | { kind: 'import' };

/** Staff: who works at the school, their role and classes; invite, edit, remove, import. */
export default function StaffPage() {
  const { t } = useTranslation('admin');
  const staff = useStaffList(useAllowed('staff'));
  const remove = useRemoveStaff();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return staff.data;
    return staff.data?.filter((s) =>
      [fullName(s), s.phone ?? '', s.email ?? '', s.role.name].some((f) => f.toLocaleLowerCase().includes(needle)),
    );
  }, [staff.data, search]);

  const confirmRemove = (member: StaffMember) =>
    remove.mutate(member.id, {
      onSuccess: () => {
        toast.success(t(member.status === 'invited' ? 'staff.withdrawn' : 'staff.removed', { name: fullName(member) }));
        close();
      },
      onError: (err) => toast.error(errorText(err)),
    });

  return (
    <AdminPage
      item="staff"
      title={t('menu.staff')}
      description={t('staff.description')}
      actions={
        <ImportAddActions
          importLabel={t('staff.import')}
          addLabel={t('staff.add')}
          addIcon={IconUserPlus}
          onImport={() => setDialog({ kind: 'import' })}
          onAdd={() => setDialog({ kind: 'add' })}
        />
      }
    >
      <DataTable
        testId="staff-table"
        caption={t('menu.staff')}
        rows={rows}
        loading={staff.isPending}
        error={staff.error}
        onRetry={() => void staff.refetch()}
        rowKey={(s) => s.id}
        rowLabel={fullName}
        emptyText={t('staff.empty')}
        toolbar={<SearchInput label={t('staff.search')} value={search} onChange={setSearch} width={320} />}
        columns={[
          {
            key: 'name',
            header: t('common.name'),
            render: (s) => <PersonCell name={fullName(s)} initials={initials(s)} picture={s.staff_profile_picture} color="cue" />,
          },
          {
            key: 'phone',
            header: t('common.phone'),
            render: (s) => <PhoneText phone={s.phone} />,
          },
          { key: 'email', header: t('common.email'), render: (s) => <Text fz="sm">{s.email ?? '—'}</Text> },
          {
            key: 'role',
            header: t('staff.form.role'),
            render: (s) => (
              <Stack gap={4} align="flex-start">
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {s.role.name}
                </Badge>
                {s.status === 'invited' && (
                  <Badge variant="light" color="yellow" radius="sm" tt="none" data-testid="staff-invited">
                    {t('staff.invitedBadge')}
                  </Badge>
                )}
              </Stack>
            ),
          },
          { key: 'classes', header: t('staff.form.classes'), render: (s) => <ClassBadges classes={s.classes} /> },
        ]}
        // What the server says the admin may do with each person: nobody changes someone who holds more,
        // an invitation is only withdrawn (and given again), and nobody removes themselves.
        actions={(s) => [
          ...(s.abilities.can_edit
            ? [{ label: t('common.edit'), icon: IconPencil, onClick: () => setDialog({ kind: 'edit', member: s }) }]
            : []),
          ...(s.abilities.can_remove
            ? [
                {
                  label: s.status === 'invited' ? t('staff.withdraw') : t('staff.remove'),
                  icon: IconTrash,
                  color: 'red',
                  onClick: () => setDialog({ kind: 'remove', member: s }),
                },
              ]
            : []),
        ]}
      />
      {dialog?.kind === 'add' && <StaffModal member={null} staff={staff.data ?? []} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <StaffModal key={dialog.member.id} member={dialog.member} staff={staff.data ?? []} onClose={close} />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmModal
          opened
          onClose={close}
          title={dialog.member.status === 'invited' ? t('staff.withdrawTitle') : t('staff.removeTitle')}
          message={t(dialog.member.status === 'invited' ? 'staff.withdrawConfirm' : 'staff.removeConfirm', {
            name: fullName(dialog.member),
          })}
          confirmLabel={dialog.member.status === 'invited' ? t('staff.withdraw') : t('staff.remove')}
          onConfirm={() => confirmRemove(dialog.member)}
          pending={remove.isPending}
        />
      )}
      <ImportModal kind="staff" opened={dialog?.kind === 'import'} onClose={close} />
    </AdminPage>
  );
}
