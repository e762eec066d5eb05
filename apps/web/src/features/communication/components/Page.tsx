import { type CommunicationType, MENUS, type MenuItem } from '@cue/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The menu entry of a type (communication.announcements / communication.homeworks): what its pages need. */
export function menuNeed(type: CommunicationType): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === `communication.${type}s`);
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

/** The frame of the communication screens: a heading with its description and actions. */
export function Page({
  title,
  description,
  actions,
  children,
  width = 1180,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  useDocumentTitle(title);
  return (
    <Box component="section" aria-labelledby="communication-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={width} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Box miw={0} flex="1 1 320px">
            <Title order={1} fz={{ base: 22, sm: 26 }} id="communication-title">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" fz="sm" mt={4} maw={720}>
                {description}
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
  );
}
