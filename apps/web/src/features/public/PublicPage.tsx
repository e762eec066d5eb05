import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Logo } from '../../app/Logo';
import { useSession } from '../../lib/session';
import classes from './PublicPage.module.css';

const PAGES = ['about', 'privacy', 'terms'] as const;
type PageName = (typeof PAGES)[number];
const isPage = (value: string | undefined): value is PageName => PAGES.includes(value as PageName);

/** Public pages under /public: reachable without signing in (spec section 2). */
export default function PublicPage() {
  const { t } = useTranslation();
  const { page } = useParams();
  const session = useSession();
  const name: PageName | null = isPage(page) ? page : null;
  const points = name ? (t(`public.${name}.points`, { returnObjects: true }) as unknown) : null;
  const back = session ? { to: '/dashboard', label: t('public.backToDashboard') } : { to: '/', label: t('public.backToLogin') };

  return (
    <div className={classes.page}>
      <Container size="sm" py={48}>
        <Stack gap="xl">
          <Anchor component={Link} to={back.to} fw={600} fz="sm" className={classes.back}>
            <IconArrowLeft size={16} aria-hidden className={classes.flipInRtl} />
            {back.label}
          </Anchor>
          <Logo size="md" withTagline />
          <Paper radius="xl" p={{ base: 'lg', sm: 40 }} className={classes.paper}>
            <main>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {name ? t(`public.${name}.title`) : t('notFound.title')}
              </Title>
              <Text mt="md" c="dimmed" fz="lg">
                {name ? t(`public.${name}.intro`) : t('notFound.body')}
              </Text>
              {Array.isArray(points) && (
                <List mt="xl" spacing="md" className={classes.list}>
                  {points.map((point) => (
                    <List.Item key={String(point)}>{String(point)}</List.Item>
                  ))}
                </List>
              )}
              {name && name !== 'about' && (
                <Text mt="xl" fz="sm" c="dimmed">
                  {t('public.updated')}
                </Text>
              )}
            </main>
          </Paper>
        </Stack>
      </Container>
    </div>
  );
}
