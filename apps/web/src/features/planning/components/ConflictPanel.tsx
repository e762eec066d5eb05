import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inkOf } from '../../../components/SoftBadge';
import { PLANNING_NS } from '../i18n';

export interface ConflictRow {
  key: string;
  /** The field's name. */
  label: string;
  theirs: ReactNode;
  mine: ReactNode;
  /** Who saved theirs, when known. */
  by: string | null;
}

/**
 * Fields someone else changed while this person was editing them: both values side by side, and the
 * choice of which to keep. Until chosen, the person's value stays on screen and is not sent.
 */
export function ConflictPanel({
  rows,
  onTheirs,
  onMine,
}: {
  rows: readonly ConflictRow[];
  onTheirs: (key: string) => void;
  onMine: (key: string) => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  if (rows.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconArrowsDiff size={20} aria-hidden />}
      title={t('planner.conflict.title')}
      // Mantine's orange title on its light tint is too pale to read (4.5:1).
      styles={{ title: { color: inkOf('orange') } }}
      role="region"
      aria-label={t('planner.conflict.title')}
      data-testid="unit-conflicts"
    >
      <Stack gap="sm">
        <Text fz="sm">{t('planner.conflict.intro')}</Text>
        {rows.map((row) => (
          <Paper key={row.key} withBorder radius="md" p="sm" data-testid="unit-conflict" data-key={row.key}>
            <Stack gap="xs">
              <Text fw={700} fz="sm">
                {row.label}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Box miw={0}>
                  <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                    {row.by ? t('planner.conflict.theirsBy', { name: row.by }) : t('planner.conflict.theirs')}
                  </Text>
                  <Box fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="conflict-theirs">
                    {row.theirs}
                  </Box>
                </Box>
                <Box miw={0}>
                  <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                    {t('planner.conflict.mine')}
                  </Text>
                  <Box fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="conflict-mine">
                    {row.mine}
                  </Box>
                </Box>
              </SimpleGrid>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onTheirs(row.key)}
                  aria-label={t('planner.conflict.keepTheirsOf', { field: row.label })}
                >
                  {t('planner.conflict.keepTheirs')}
                </Button>
                <Button
                  size="xs"
                  onClick={() => onMine(row.key)}
                  aria-label={t('planner.conflict.useMineOf', { field: row.label })}
                >
                  {t('planner.conflict.useMine')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Alert>
  );
}
