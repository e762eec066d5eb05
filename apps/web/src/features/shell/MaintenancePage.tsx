import type { MaintenanceStatus } from '@cue/contract';
import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../app/Logo';

/** 'Website Under Maintenance' with Started and Expected End times and a Refresh button; replaces the whole app. */
export default function MaintenancePage({ status }: { status: MaintenanceStatus }) {
  const { t, i18n } = useTranslation('shell');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const show = (iso: string | null) => (iso ? when.format(new Date(iso)) : t('maintenance.notSet'));
  return (
    <Center mih="100dvh" p="md" component="main" data-testid="maintenance-page">
      <Paper radius="xl" p={{ base: 'lg', sm: 40 }} maw={520} w="100%" withBorder shadow="md">
        <Stack align="center" gap="md" ta="center">
          <Logo size="md" />
          <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
            <IconTool size={32} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('maintenance.title')}
          </Title>
          <Text c="dimmed">{t('maintenance.body')}</Text>
          <Group gap="xl" justify="center" mt="xs">
            <div>
              <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
                {t('maintenance.started')}
              </Text>
              <Text fw={600} data-testid="maintenance-start">
                {show(status.start_time)}
              </Text>
            </div>
            <div>
              <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
                {t('maintenance.expectedEnd')}
              </Text>
              <Text fw={600} data-testid="maintenance-end">
                {show(status.end_time)}
              </Text>
            </div>
          </Group>
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()} mt="sm">
            {t('maintenance.refresh')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
