import { Checkbox, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBook2, IconEye, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showDay } from '../../planning/planFormat';
import type { Evidence } from '../api';
import { ASSESSMENT_NS } from '../i18n';

const ICONS = { observation: IconEye, story: IconBook2, media: IconPhoto } as const;
export const evidenceKey = (e: { kind: string; id: string }) => `${e.kind}:${e.id}`;

/**
 * A child's evidence (observations, stories, photos): its kind, day, title and a line of it. With
 * `selected` and `onToggle` each piece can be chosen (linking evidence to a grade, a rating, a comment).
 */
export function EvidenceList({
  items,
  selected,
  onToggle,
  empty,
}: {
  items: Evidence[];
  selected?: ReadonlySet<string>;
  onToggle?: (item: Evidence, on: boolean) => void;
  empty?: string;
}) {
  const { t, i18n } = useTranslation(ASSESSMENT_NS);
  if (items.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="evidence-empty">
        {empty ?? t('evidence.none')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="evidence-list">
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        const key = evidenceKey(item);
        return (
          <Paper key={key} withBorder p="xs" radius="md" data-testid="evidence-item" data-kind={item.kind}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {onToggle && (
                <Checkbox
                  mt={2}
                  aria-label={t('evidence.link', { title: item.title })}
                  checked={selected?.has(key) ?? false}
                  onChange={(e) => onToggle(item, e.currentTarget.checked)}
                />
              )}
              {item.thumbnail ? (
                <Image src={item.thumbnail} alt="" w={48} h={48} radius="sm" fit="cover" />
              ) : (
                <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              )}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fz="xs" c="dimmed">
                    {t(`evidence.kinds.${item.kind}`)} · {showDay(item.date, i18n.language)}
                  </Text>
                </Group>
                <Text fz="sm" fw={600} lineClamp={1}>
                  {item.title}
                </Text>
                {item.excerpt && item.excerpt !== item.title && (
                  <Text fz="sm" c="dimmed" lineClamp={2}>
                    {item.excerpt}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
