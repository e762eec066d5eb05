import {
  DEFAULT_ROLE_NAMES,
  type InvitationSent,
  type StaffMember,
  staffRequestSchema,
  staffUpdateRequestSchema,
} from '@cue/contract';
import { Badge, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconSend, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassBadges } from '../../../components/ClassBadges';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { fullName, initials } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { roleName } from '../../../lib/roles';
import { type StaffInput, useRemoveStaff, useResendInvitation, useSaveStaff, useStaffList } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { ImportModal } from '../components/ImportModal';
import { useClassOptions, useRoleOptions } from '../components/options';
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

function StaffModal({ member, staff, onClose }: { member: StaffMember | null; staff: StaffMember[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveStaff();
  const roles = useRoleOptions(staff);
  const classes = useClassOptions();
  const teacher = roles.options.find((r) => r.name === DEFAULT_ROLE_NAMES.teacher)?.value ?? null;
  const form = useContractForm({
    // The contact identifies the person: given when inviting, read-only afterwards.
    schema: member ? staffUpdateRequestSchema : staffRequestSchema,
    initialValues: {
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      phone: member?.phone ?? '',
      email: member?.email ?? '',
      role_id: member?.role.id ?? (null as string | null),
      class_ids: member?.classes.map((c) => c.id) ?? ([] as string[]),
    },
    toBody: ({ phone, email, role_id, ...rest }) => ({
      ...rest,
      ...(member ? {} : { phone, email }),
      role_id: role_id ?? teacher ?? undefined,
    }),
    messages: {
      first_name: { required: t('staff.form.firstNameRequired') },
      role_id: t('staff.form.roleRequired'),
      ...contactMessages(t, t('staff.form.contactRequired')),
    },
  });
  const roleId = form.values.role_id ?? teacher;

  const submit = form.submitWith(
    (body, values) =>
      save.mutateAsync({
        id: member?.id,
        input: { ...body, role_id: body.role_id ?? '', class_ids: body.class_ids ?? values.class_ids } as StaffInput,
      }),
    {
      onSuccess: (answer) => {
        const saved = answer as StaffMember & { invitations_sent?: InvitationSent[] };
        if (member) toast.success(t('staff.saved', { name: fullName(saved) }));
        else
          toast.success(
            invitationSentText(t, saved.invitations_sent ?? []),
            t(saved.status === 'invited' ? 'staff.invited' : 'staff.added', { name: fullName(saved) }),
          );
        onClose();
      },
    },
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={member ? t('staff.edit') : t('staff.add')}
      submitLabel={member ? t('common.save') : t('staff.invite')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
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
        {...form.getInputProps('role_id')}
        value={roleId}
        allowDeselect={false}
        required
      />
      <MultiSelect
        label={t('staff.form.classes')}
        placeholder={form.values.class_ids.length ? undefined : t('staff.form.classesPlaceholder')}
        data={classes.options}
        {...form.getInputProps('class_ids')}
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
  const resend = useResendInvitation();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return staff.data;
    return staff.data?.filter((s) =>
      [fullName(s), s.phone ?? '', s.email ?? '', roleName(s.role.name)].some((f) => f.toLocaleLowerCase().includes(needle)),
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
                  {roleName(s.role.name)}
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
          ...(s.abilities.can_resend
            ? [
                {
                  label: t('staff.resend'),
                  icon: IconSend,
                  onClick: () =>
                    resend.mutate(s.id, {
                      onSuccess: (answer) => toast.success(invitationSentText(t, answer.invitations_sent)),
                      onError: (err) => toast.error(errorText(err)),
                    }),
                },
              ]
            : []),
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
