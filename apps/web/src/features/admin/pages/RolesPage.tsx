import {
  ALL_ROLE_PERMISSIONS,
  ROLE_PERMISSIONS,
  type RolePermission,
  roleRequestSchema,
  roleUpdateRequestSchema,
} from '@cue/contract';
import { Badge, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { roleName } from '../../../lib/roles';
import { type Role, useDeleteRole, useRoles, useSaveRole } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';

/** The permission groups a school's roles may grant: every group but the platform's super_admin. */
export const GRANTABLE_GROUPS = (Object.keys(ROLE_PERMISSIONS) as (keyof typeof ROLE_PERMISSIONS)[]).filter(
  (group) => group !== 'super_admin',
);
const isPlatformPermission = (p: RolePermission) => p.startsWith('super_admin.');

/** Permissions in the registry's order (grouped as the role form shows them). */
const inRegistryOrder = (names: RolePermission[]) =>
  [...names].sort((a, b) => ALL_ROLE_PERMISSIONS.indexOf(a) - ALL_ROLE_PERMISSIONS.indexOf(b));

/** 'admin_portal.classes' → the translation key 'rolePermissions.admin_portal.classes'. */
export const permissionKey = (p: RolePermission) => `rolePermissions.${p}`;

function RoleModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveRole();
  const form = useContractForm({
    schema: role ? roleUpdateRequestSchema : roleRequestSchema,
    initialValues: {
      name: role?.name ?? '',
      is_admin: role?.is_admin ?? false,
      permissions: (role?.permissions ?? []).filter((p) => !isPlatformPermission(p)),
    },
    messages: { name: { required: t('roles.nameRequired') } },
  });
  const v = form.values;
  const platform = (role?.permissions ?? []).filter(isPlatformPermission);

  const submit = form.submitWith(
    (_body, values) =>
      save.mutateAsync({
        id: role?.id,
        input: { name: values.name.trim(), is_admin: values.is_admin, permissions: values.permissions },
      }),
    {
      onSuccess: (answer) => {
        const saved = answer as Role;
        toast.success(
          role ? t('roles.saved', { name: roleName(saved.name) }) : t('roles.created', { name: roleName(saved.name) }),
        );
        onClose();
      },
    },
  );

  const toggleGroup = (group: keyof typeof ROLE_PERMISSIONS, on: boolean) => {
    const names: readonly RolePermission[] = ROLE_PERMISSIONS[group];
    const others = v.permissions.filter((p) => !names.includes(p));
    form.setFieldValue('permissions', on ? [...others, ...names] : others);
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={role ? t('roles.edit') : t('roles.new')}
      submitLabel={role ? t('common.save') : t('common.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <TextInput label={t('roles.name')} {...form.getInputProps('name')} required maxLength={60} data-autofocus />
      <Switch
        label={t('roles.isAdmin')}
        description={t('roles.isAdminHint')}
        {...form.getInputProps('is_admin', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {GRANTABLE_GROUPS.map((group) => {
          const names: readonly RolePermission[] = ROLE_PERMISSIONS[group];
          const inGroup = v.permissions.filter((p) => names.includes(p));
          const others = v.permissions.filter((p) => !names.includes(p));
          const groupName = t(`roleGroups.${group}`);
          return (
            <Fieldset key={group} legend={groupName} radius="md" p="md">
              <Checkbox
                label={t('roles.allInGroup')}
                aria-label={t('roles.allInGroupOf', { group: groupName })}
                checked={inGroup.length === names.length}
                indeterminate={inGroup.length > 0 && inGroup.length < names.length}
                onChange={(e) => toggleGroup(group, e.currentTarget.checked)}
                mb="sm"
                styles={{ label: { fontWeight: 600 } }}
              />
              <Checkbox.Group
                aria-label={groupName}
                value={inGroup}
                onChange={(value) => form.setFieldValue('permissions', [...others, ...(value as RolePermission[])])}
              >
                <Stack gap={8}>
                  {names.map((p) => (
                    <Checkbox key={p} value={p} label={t(permissionKey(p))} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {platform.length > 0 && (
        <Text fz="xs" c="dimmed">
          {t('roles.platformKept', { list: platform.map((p) => t(permissionKey(p))).join(', ') })}
        </Text>
      )}
    </FormModal>
  );
}

/** Roles: named sets of permissions, with how many staff hold each; create, edit, delete. */
export default function RolesPage() {
  const { t } = useTranslation('admin');
  const roles = useRoles(useAllowed('permissions/roles'));
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const close = useCallback(() => setEditing(null), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('roles.deleted', { name: roleName(deleting.name) }));
        setDeleting(null);
      },
      onError: (err) => {
        // 409 while staff hold the role: the server says what to do.
        toast.error(errorText(err));
        setDeleting(null);
      },
    });
  };

  return (
    <AdminPage
      item="permissions/roles"
      title={t('menu.permissions/roles')}
      description={t('roles.description')}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('roles.new')}
        </Button>
      }
    >
      <DataTable
        testId="roles-table"
        caption={t('menu.permissions/roles')}
        rows={roles.data}
        loading={roles.isPending}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        rowKey={(r) => r.id}
        rowLabel={(r) => roleName(r.name)}
        emptyText={t('roles.empty')}
        columns={[
          {
            key: 'name',
            header: t('roles.name'),
            width: 260,
            render: (r) => (
              <Group gap="sm" wrap="nowrap">
                <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{roleName(r.name)}</bdi>
                </Text>
                {r.is_admin && (
                  <Badge
                    leftSection={<IconShieldCheck size={12} aria-hidden />}
                    variant="light"
                    radius="sm"
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {t('roles.adminBadge')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'permissions',
            header: t('roles.permissions'),
            render: (r) => {
              const names = inRegistryOrder(r.permissions)
                .map((p) => t(permissionKey(p)))
                .join(', ');
              return (
                <Text fz="sm" c="dimmed" lineClamp={2} title={names}>
                  {names || t('roles.noPermissions')}
                </Text>
              );
            },
          },
          {
            key: 'members',
            header: t('roles.members'),
            width: 120,
            align: 'center',
            render: (r) => (
              <Badge variant="light" color="gray" radius="sm" data-testid="member-count">
                {r.member_count}
              </Badge>
            ),
          },
        ]}
        // Only roles the admin holds all of can be changed or deleted (the server's answer in `abilities`);
        // one still held by staff explains why it stays when Delete is chosen.
        actions={(r) =>
          r.abilities.can_edit
            ? [
                { label: t('common.edit'), icon: IconPencil, onClick: () => setEditing(r) },
                { label: t('common.delete'), icon: IconTrash, color: 'red', onClick: () => setDeleting(r) },
              ]
            : []
        }
      />
      {editing !== null && (
        <RoleModal key={editing === 'new' ? 'new' : editing.id} role={editing === 'new' ? null : editing} onClose={close} />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('roles.deleteTitle')}
        message={
          deleting && !deleting.abilities.can_delete
            ? t('roles.deleteInUse', { name: roleName(deleting.name), count: deleting.member_count })
            : t('roles.deleteConfirm', { name: deleting ? roleName(deleting.name) : '' })
        }
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </AdminPage>
  );
}
