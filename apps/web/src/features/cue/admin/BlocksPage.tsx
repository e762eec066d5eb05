import { AI_BLOCKS, AI_SCREENS } from '@cue/contract';
import { Alert, Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { CUE_NS } from '../i18n';
import { AiConfigPage } from './AiConfigFrame';
import { type AiBlock, type AiScreen, useAllBlocks, useSaveScreenBlocks, useScreenBlocks } from './api';

function ScreenBlocks({ classId, screen }: { classId: string; screen: AiScreen }) {
  const { t } = useTranslation(CUE_NS);
  const blocks = useScreenBlocks(classId, screen);
  const save = useSaveScreenBlocks(classId, screen);

  if (blocks.isError) return <Alert color="red">{errorText(blocks.error)}</Alert>;
  if (!blocks.data) return <Skeleton height={120} radius="md" />;
  const list = blocks.data;
  const toggle = (key: string, enabled: boolean) => {
    const next: AiBlock[] = list.map((b) => (b.key === key ? { ...b, enabled } : b));
    save.mutate(next, {
      onSuccess: () =>
        toast.success(
          t(enabled ? 'aiConfig.blocks.on' : 'aiConfig.blocks.off', {
            name: t(`aiConfig.blocks.names.${key}`, { defaultValue: key }),
          }),
        ),
      onError: (err) => {
        toast.error(errorText(err));
        void blocks.refetch();
      },
    });
  };
  return (
    <Stack gap="md" data-testid="ai-blocks" data-screen={screen}>
      {list.map((block) => (
        <Switch
          key={block.key}
          checked={block.enabled}
          onChange={(e) => toggle(block.key, e.currentTarget.checked)}
          label={t(`aiConfig.blocks.names.${block.key}`, {
            defaultValue: AI_BLOCKS.find((b) => b.key === block.key)?.title ?? block.key,
          })}
          description={t(`aiConfig.blocks.hints.${block.key}`, { defaultValue: '' }) || undefined}
          disabled={save.isPending}
          data-testid="ai-block"
          data-key={block.key}
        />
      ))}
    </Stack>
  );
}

/** /admin/academic-setup/ai/ai-blocks: which of Cue's blocks each screen offers to the class. */
export default function BlocksPage() {
  const [screen, setScreen] = useState<AiScreen>('attendance');
  return (
    <AiConfigPage page="ai-blocks">
      {(classId) => (classId ? <Blocks classId={classId} screen={screen} onScreen={setScreen} /> : null)}
    </AiConfigPage>
  );
}

function Blocks({ classId, screen, onScreen }: { classId: string; screen: AiScreen; onScreen: (s: AiScreen) => void }) {
  const { t } = useTranslation(CUE_NS);
  const all = useAllBlocks(classId);
  const lists = Object.values(all.data ?? {});
  const on = lists.reduce((n, list) => n + list.filter((b) => b.enabled).length, 0);
  const total = lists.reduce((n, list) => n + list.length, 0);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="ai-blocks-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} fz="lg" id="ai-blocks-title">
          {t('aiConfig.blocks.screen')}
        </Title>
        {total > 0 && (
          <Badge variant="light" size="lg" radius="sm" tt="none" data-testid="ai-blocks-summary">
            {t('aiConfig.blocks.summary', { on, total })}
          </Badge>
        )}
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {t('aiConfig.blocks.screenHint')}
      </Text>
      <SegmentedControl
        value={screen}
        onChange={(value) => onScreen(value as AiScreen)}
        fullWidth
        mb="lg"
        aria-label={t('aiConfig.blocks.screen')}
        data-testid="ai-screen-picker"
        data={AI_SCREENS.map((s) => ({ value: s, label: t(`aiConfig.screens.${s}`) }))}
      />
      <ScreenBlocks key={screen} classId={classId} screen={screen} />
    </Paper>
  );
}
