import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from './guards';
import { Logo } from './Logo';

/** A signed-in person on a path the app does not have (yet). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Logo size="md" />
        <Title order={1} fz={28} mt="md">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to={DASHBOARD_PATH} mt="sm">
          {t('notFound.toDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
