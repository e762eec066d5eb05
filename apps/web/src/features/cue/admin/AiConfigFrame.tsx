import { MENUS, type MenuItem } from '@cue/contract';
import { Badge, Box, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { CUE_NS } from '../i18n';

export const AI_CONFIG_BASE = '/admin/academic-setup/ai';
export const AI_PAGES = ['ask', 'ai-blocks', 'access-points'] as const;
export type AiPage = (typeof AI_PAGES)[number];

/** The menu entry of a page (academic setup → ai → ask, ai-blocks, access-points) and what it needs. */
export function aiMenuNeed(page: AiPage): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.academicSetup
    .flatMap((i) => [i, ...(i.children ?? [])])
    .find((i) => i.path === `${AI_CONFIG_BASE}/${page}`);
  const {
    key: _key,
    path: _path,
    children: _children,
    ...need
  } = entry ?? {
    key: '',
    path: '',
    permission: 'academic_setup.ai_configuration',
    feature: 'ai_prompt',
  };
  return need;
}

function Frame({ page, children }: { page: AiPage; children: (classId: string | null) => ReactNode }) {
  const { t } = useTranslation(CUE_NS);
  const navigate = useNavigate();
  const { current } = useCurrentClass();
  useDocumentTitle(`${t(`aiConfig.${page}.title`)} · ${t('aiConfig.area')}`);
  return (
    <Box component="section" aria-labelledby="ai-config-title" px={{ base: 'md', sm: 'lg' }} py="lg" maw={1100} mx="auto">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} fz={{ base: 22, sm: 26 }} id="ai-config-title">
              {t(`aiConfig.${page}.title`)}
            </Title>
            {current && (
              <Badge
                size="lg"
                variant="light"
                radius="sm"
                tt="none"
                leftSection={<IconSchool size={14} aria-hidden />}
                data-testid="ai-config-class"
              >
                {current.class_name}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" mt={4} maw={720}>
            {t(`aiConfig.${page}.description`)}
          </Text>
        </div>
        <Tabs value={page} onChange={(value) => value && navigate(`${AI_CONFIG_BASE}/${value}`)} keepMounted={false}>
          <Tabs.List aria-label={t('aiConfig.area')}>
            {AI_PAGES.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {t(`aiConfig.${p}.tab`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {current ? (
          children(current.id)
        ) : (
          <Text c="dimmed" data-testid="ai-config-no-class">
            {t('messages.noClasses')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

/** A page of the class's AI configuration, shown only to those holding the menu entry's permission and feature. */
export function AiConfigPage({ page, children }: { page: AiPage; children: (classId: string | null) => ReactNode }) {
  return (
    <Gate need={aiMenuNeed(page)}>
      <Frame page={page}>{children}</Frame>
    </Gate>
  );
}
