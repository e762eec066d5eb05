import { AI_SCREENS } from '@cue/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { CUE_NS } from '../i18n';
import { AiConfigPage } from './AiConfigFrame';
import { type ScreenBlock, useSaveScreenPrompts, useScreenPrompts } from './api';

const withDefaults = (saved: Record<string, ScreenBlock>): Record<string, ScreenBlock> =>
  Object.fromEntries(AI_SCREENS.map((s) => [s, saved[s] ?? { enabled: true, prompt: '' }]));

function AccessPoints({ classId }: { classId: string }) {
  const { t } = useTranslation(CUE_NS);
  const saved = useScreenPrompts(classId);
  const save = useSaveScreenPrompts(classId);
  const [draft, setDraft] = useState<Record<string, ScreenBlock> | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(withDefaults(saved.data));
  }, [saved.data]);

  if (saved.isError) return <Alert color="red">{errorText(saved.error)}</Alert>;
  if (!draft || !saved.data) return <Skeleton height={320} radius="lg" />;
  const changed = JSON.stringify(draft) !== JSON.stringify(withDefaults(saved.data));
  const update = (screen: string, patch: Partial<ScreenBlock>) =>
    setDraft((d) => (d ? { ...d, [screen]: { ...(d[screen] ?? { enabled: true, prompt: '' }), ...patch } } : d));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {AI_SCREENS.map((screen) => {
          const value = draft[screen] ?? { enabled: true, prompt: '' };
          return (
            <Paper
              key={screen}
              withBorder
              radius="lg"
              p="md"
              component="section"
              aria-labelledby={`ai-point-${screen}`}
              data-testid="ai-access-point"
              data-screen={screen}
            >
              <Group justify="space-between" mb="xs">
                <Title order={2} fz="md" id={`ai-point-${screen}`}>
                  {t(`aiConfig.screens.${screen}`)}
                </Title>
                <Switch
                  checked={value.enabled}
                  onChange={(e) => update(screen, { enabled: e.currentTarget.checked })}
                  aria-label={t('aiConfig.access.enabled', { screen: t(`aiConfig.screens.${screen}`) })}
                  label={value.enabled ? t('aiConfig.access.on') : t('aiConfig.access.off')}
                />
              </Group>
              <Textarea
                label={t('aiConfig.access.prompt')}
                description={t('aiConfig.access.promptHint')}
                value={value.prompt}
                onChange={(e) => update(screen, { prompt: e.currentTarget.value })}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={2000}
                disabled={!value.enabled}
                dir="auto"
              />
            </Paper>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(draft, {
              onSuccess: () => toast.success(t('aiConfig.saved')),
              onError: (err) => toast.error(errorText(err)),
            })
          }
          data-testid="ai-access-save"
        >
          {t('aiConfig.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/academic-setup/ai/access-points: where Cue shows up in the app, and what each screen tells it. */
export default function AccessPointsPage() {
  return <AiConfigPage page="access-points">{(classId) => (classId ? <AccessPoints classId={classId} /> : null)}</AiConfigPage>;
}
