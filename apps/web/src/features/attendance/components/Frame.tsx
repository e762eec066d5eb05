import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ATT_NS } from '../i18n';

/** Date pickers in the reader's language, weeks starting on Monday. */
export function Dates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation(ATT_NS);
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

interface FrameProps {
  title: string;
  /** A line under the title (the class, the child). */
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The frame of every attendance and calendar screen: a heading with its subtitle and actions. */
export function Frame({ title, subtitle, actions, children, testId }: FrameProps) {
  useDocumentTitle(title);
  return (
    <Dates>
      <Box component="section" aria-labelledby="attendance-page-title" maw={1120} mx="auto" data-testid={testId}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="md">
            <Box miw={0} flex="1 1 240px">
              <Title order={1} fz={{ base: 22, sm: 26 }} id="attendance-page-title">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" fz="sm" mt={4} component="div">
                  {subtitle}
                </Text>
              )}
            </Box>
            {actions && (
              <Group gap="sm" wrap="wrap">
                {actions}
              </Group>
            )}
          </Group>
          {children}
        </Stack>
      </Box>
    </Dates>
  );
}
