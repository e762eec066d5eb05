import { Alert, Anchor, Button, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh, IconLock, IconMapOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '../../../app/guards';
import classes from './Pages.module.css';

/** The heading block every shell page starts with. */
export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
      {children}
    </Stack>
  );
}

function Notice({ icon, title, body, color = 'cue' }: { icon: ReactNode; title: string; body: string; color?: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.center}>
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        <Button component={Link} to={DASHBOARD_PATH} variant="light" mt="sm">
          {t('backToDashboard')}
        </Button>
      </Stack>
    </div>
  );
}

/** A module that is not built yet: a clear page inside the shell, never a blank one. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation('shell');
  return (
    <Container size="md" data-testid="coming-soon">
      <Notice icon={<IconHourglassHigh size={32} />} title={title} body={t('comingSoon.body')} />
      <Text ta="center" fz="sm" c="dimmed" mt="md">
        {t('comingSoon.label')} ·{' '}
        <Anchor component={Link} to="/public/about" fz="sm">
          {t('comingSoon.about')}
        </Anchor>
      </Text>
    </Container>
  );
}

/** A page the person's role, permissions or school features do not open. */
export function NoAccess({ parent = false }: { parent?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Container size="md" data-testid="no-access">
      <Notice
        icon={<IconLock size={32} />}
        title={t('noAccess.title')}
        body={parent ? t('noAccess.parentBody') : t('noAccess.body')}
        color="gray"
      />
    </Container>
  );
}

/** A path the app does not have, inside the shell. */
export function ShellNotFound() {
  const { t } = useTranslation('shell');
  return (
    <Container size="md" data-testid="not-found">
      <Notice icon={<IconMapOff size={32} />} title={t('notFound.title')} body={t('notFound.body')} color="gray" />
    </Container>
  );
}

export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <Center py={80}>
      <Loader type="dots" aria-label={t('loading')} />
    </Center>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('loadFailed')}>
      <Button size="xs" variant="white" color="red" mt="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
