import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Logo } from './Logo';

/** Shown instead of a blank page when a screen fails to render or its code fails to load. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Logo size="md" />
        <Title order={1} fz={26} mt="md">
          {t('errors.pageTitle')}
        </Title>
        <Text c="dimmed">{t('errors.generic')}</Text>
        <Button mt="sm" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
