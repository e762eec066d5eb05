import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../app/Logo';
import { useSession } from '../../lib/session';
import classes from './pages/Pages.module.css';

const STORES = {
  appStore: import.meta.env.VITE_APP_STORE_URL ?? 'https://apps.apple.com/',
  playStore: import.meta.env.VITE_PLAY_STORE_URL ?? 'https://play.google.com/store/apps',
};

/** /public/mobile-app: the app store and play store links (reachable without signing in). */
export default function MobileAppPage() {
  const { t } = useTranslation('shell');
  const session = useSession();
  return (
    <Container size="xs" py={48} component="main" data-testid="mobile-app-page">
      <Stack gap="xl">
        <Anchor
          component={Link}
          to={session ? '/dashboard' : '/'}
          fw={600}
          fz="sm"
          style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
        >
          <IconArrowLeft size={16} aria-hidden className={classes.flipInRtl} />
          {session ? t('backToDashboard') : t('mobileApp.backToLogin')}
        </Anchor>
        <Logo size="md" withTagline />
        <Paper radius="xl" p={{ base: 'lg', sm: 40 }} withBorder>
          <Stack gap="lg" align="center" ta="center">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('mobileApp.heading')}
            </Title>
            <Text c="dimmed">{t('mobileApp.body')}</Text>
            <Group justify="center" gap="sm">
              <Button
                component="a"
                href={STORES.appStore}
                target="_blank"
                rel="noreferrer"
                size="md"
                color="dark"
                leftSection={<IconBrandApple size={22} aria-hidden />}
              >
                {t('mobileApp.appStore')}
              </Button>
              <Button
                component="a"
                href={STORES.playStore}
                target="_blank"
                rel="noreferrer"
                size="md"
                variant="default"
                leftSection={<IconBrandGooglePlay size={20} aria-hidden />}
              >
                {t('mobileApp.playStore')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
