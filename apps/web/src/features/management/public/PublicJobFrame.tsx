import { Avatar, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../app/LanguageSwitcher';
import { HIRING_NS } from '../i18n';

/** The public job pages' frame (no sign-in): the school's logo and name, the language switcher, the page. */
export function PublicJobFrame({
  school,
  title,
  children,
}: {
  school: { name: string; logo: string | null } | null;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(HIRING_NS);
  useDocumentTitle(school ? `${title} · ${school.name}` : title);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" px={{ base: 'sm', sm: 'lg' }} py="lg">
      <Stack gap="lg" maw={760} mx="auto">
        <Group justify="space-between" gap="sm" wrap="wrap" component="header">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {school && (
              <Avatar src={school.logo} alt="" radius="md" size="lg" color="cue">
                {school.name.slice(0, 1)}
              </Avatar>
            )}
            <Stack gap={0} miw={0}>
              <Text fw={700} fz="lg" style={{ wordBreak: 'break-word' }} data-testid="school-name">
                {school?.name ?? ''}
              </Text>
              <Text fz="sm" c="dimmed">
                {t('public.careers')}
              </Text>
            </Stack>
          </Group>
          <LanguageSwitcher />
        </Group>
        <Paper component="main" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ wordBreak: 'break-word' }}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
