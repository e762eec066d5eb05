import { LANGUAGES } from '@cue/contract';
import { Badge, Group, Modal, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconBell, IconLanguage, IconPalette, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../lib/format';
import { chooseLanguage, currentLanguage, isLanguage } from '../../lib/i18n';
import { useShell } from './ShellContext';

/** Role label of the side in use: Admin (school_details.admin), Member (other staff) or Parent. */
export function useRoleLabel(): string {
  const { t } = useTranslation('shell');
  const { user, side } = useShell();
  if (side === 'parent') return t('role.parent');
  return user.staff?.school_details.admin ? t('role.admin') : t('role.member');
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} ta="end" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

/**
 * The person's language, whoever they are (the top bar's language menu is only for those the spec
 * gives it to): applied at once and remembered in this browser (`cue.language`), like the top bar's.
 */
function LanguageChoice() {
  const { t, i18n } = useTranslation('shell');
  const value = i18n.resolvedLanguage && isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <Select
      mt="sm"
      label={t('settings.language')}
      description={t('settings.languageHint')}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`, { ns: 'translation' }) }))}
      value={value}
      onChange={(next) => {
        if (next && isLanguage(next)) void chooseLanguage(next);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
      data-testid="settings-language"
    />
  );
}

/** Settings: the Account tab (who you are, your language); Appearance and Notifications are not available yet (disabled). */
export default function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { user, side } = useShell();
  const role = useRoleLabel();
  const staff = side === 'staff' ? user.staff : null;
  const parent = side === 'parent' ? user.parent : null;
  const person = staff ?? parent;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Tabs defaultValue="account" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="account" leftSection={<IconUser size={16} aria-hidden />}>
            {t('settings.account')}
          </Tabs.Tab>
          <Tabs.Tab value="appearance" leftSection={<IconPalette size={16} aria-hidden />} disabled>
            {t('settings.appearance')}
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden />} disabled>
            {t('settings.notifications')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account" pt="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <Text fw={700} fz="lg">
                {person ? fullName(person) : ''}
              </Text>
              <Badge variant="light" data-testid="settings-role">
                {role}
              </Badge>
            </Group>
            <Row label={t('settings.email')} value={staff ? staff.email : parent?.primary_email} />
            <Row label={t('settings.phone')} value={staff ? staff.phone : parent?.primary_phone} />
            {staff && <Row label={t('settings.school')} value={staff.school_details.name} />}
            <LanguageChoice />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
