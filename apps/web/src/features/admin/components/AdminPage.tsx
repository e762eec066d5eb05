import {
  can,
  canSee,
  type HeldPermissions,
  MENUS,
  type MenuItem,
  type RolePermission,
  type SchoolPermission,
} from '@cue/contract';
import { Alert, Box, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldPermissions } from '../api';

/** The school-setup menu entries by key ('school-setup.classes', 'school-setup.permissions/roles'). */
const SCHOOL_SETUP: Map<string, MenuItem> = new Map(
  MENUS.schoolSetup.flatMap((item) => [item, ...(item.children ?? [])]).map((item) => [item.key, item]),
);

export type SchoolSetupKey =
  | 'school-details'
  | 'dashboard'
  | 'school-division'
  | 'classes'
  | 'staff'
  | 'students'
  | 'permissions/roles'
  | 'permissions/settings'
  | 'permissions/audit-log'
  | 'usage'
  | 'access-tokens'
  | 'reports';

export const schoolSetupItem = (key: SchoolSetupKey): MenuItem | undefined => SCHOOL_SETUP.get(`school-setup.${key}`);

const NONE: HeldPermissions = { rolePermissions: [], schoolPermissions: [] };

/** Whether the caller holds a permission (and feature): the rule the server's guard applies. */
export function useCan(): (need: { permission?: RolePermission; feature?: SchoolPermission }) => boolean {
  const held = useHeldPermissions().data ?? NONE;
  return (need) => can(need, held);
}

/** Whether the caller may see a school-setup entry (its data is fetched only then). */
export function useAllowed(item: SchoolSetupKey): boolean {
  const held = useHeldPermissions().data;
  const entry = schoolSetupItem(item);
  return !!entry && !!held && canSee(entry, held);
}

interface AdminPageProps {
  /** The menu entry this page is: it shows only to those who may see that entry. */
  item: SchoolSetupKey;
  title: string;
  description?: string;
  /** Buttons at the end of the header. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every school-setup screen: a heading with its description and actions, shown only when
 * the caller may see the menu entry (spec section 6); else a short explanation instead of the screen.
 */
export function AdminPage({ item, title, description, actions, children }: AdminPageProps) {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${title} · ${t('area')}`);
  const held = useHeldPermissions();
  const entry = schoolSetupItem(item);
  const allowed = useAllowed(item);
  const featureOff = !!entry?.feature && !!held.data && !new Set(held.data.schoolPermissions).has(entry.feature);

  return (
    <Box component="section" aria-labelledby="admin-page-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={1280} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Box miw={0} flex="1 1 320px">
            <Title order={1} fz={{ base: 22, sm: 26 }} id="admin-page-title">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" fz="sm" mt={4} maw={720}>
                {description}
              </Text>
            )}
          </Box>
          {allowed && actions && (
            <Group gap="sm" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        {held.isPending ? (
          <Stack gap="sm">
            <Skeleton height={36} radius="md" />
            <Skeleton height={220} radius="lg" />
          </Stack>
        ) : allowed ? (
          children
        ) : (
          <Alert color="gray" variant="light" icon={<IconLock size={20} aria-hidden />} title={t('page.noAccessTitle')}>
            {featureOff ? t('page.featureOff') : t('page.noAccess')}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
