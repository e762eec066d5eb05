import { SCHOOL_PERMISSIONS, type SchoolPermission } from '@cue/contract';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { useSaveSchoolPermissions, useSchoolPermissions } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';

/** Modules are the `*.enabled` switches; the rest are feature flags. */
const MODULES = SCHOOL_PERMISSIONS.filter((p) => p.endsWith('.enabled'));
const FLAGS = SCHOOL_PERMISSIONS.filter((p) => !p.endsWith('.enabled'));

/** 'attendance.enabled' → 'schoolPermissions.attendance_enabled'. */
export const schoolPermissionKey = (p: string) => `schoolPermissions.${p.replace(/\./g, '_')}`;

/** The school's feature switches (GET/PUT /api/school_permissions/): which modules and features are on. */
export default function SchoolSettingsPage() {
  const { t } = useTranslation('admin');
  const saved = useSchoolPermissions(useAllowed('permissions/settings'));
  const save = useSaveSchoolPermissions();
  const [draft, setDraft] = useState<Partial<Record<SchoolPermission, boolean>>>({});
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  const changes = useMemo(
    () =>
      Object.fromEntries(
        (Object.entries(draft) as [SchoolPermission, boolean][]).filter(([name, on]) => saved.data && saved.data[name] !== on),
      ),
    [draft, saved.data],
  );
  const changed = Object.keys(changes).length;

  const submit = () =>
    save.mutate(changes, {
      onSuccess: () => toast.success(t('settings.saved'), t('settings.savedTitle')),
      onError: (err) => toast.error(errorText(err)),
    });

  const group = (id: string, title: string, hint: string, names: readonly SchoolPermission[]) => (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {names.map((name) => (
          <Switch
            key={name}
            // Its name in the reader's language only: the registry's technical name is no word of theirs.
            label={t(schoolPermissionKey(name))}
            checked={draft[name] ?? false}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setDraft((current) => ({ ...current, [name]: on }));
            }}
            data-permission={name}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );

  return (
    <AdminPage
      item="permissions/settings"
      title={t('menu.permissions/settings')}
      description={t('settings.description')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconRestore size={18} aria-hidden />}
            disabled={changed === 0 || save.isPending}
            onClick={() => saved.data && setDraft(saved.data)}
          >
            {t('settings.undo')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            disabled={changed === 0}
            loading={save.isPending}
            onClick={submit}
          >
            {changed ? t('settings.saveCount', { count: changed }) : t('common.save')}
          </Button>
        </>
      }
    >
      {!saved.data ? (
        <Stack>
          <Skeleton height={140} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      ) : (
        <Stack gap="lg">
          {group('settings-modules', t('settings.modules'), t('settings.modulesHint'), MODULES)}
          {group('settings-flags', t('settings.flags'), t('settings.flagsHint'), FLAGS)}
          <Group>
            <Text fz="xs" c="dimmed">
              {t('settings.reloadHint')}
            </Text>
          </Group>
        </Stack>
      )}
    </AdminPage>
  );
}
