import { Alert, Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../../lib/session';
import { type CoverageRow, useCoverage } from '../api';
import { formatObservationDate } from '../dates';
import { areaName, groupName, OBSERVATIONS_NS } from '../i18n';
import classes from './Observations.module.css';

/**
 * How much evidence a child has in each learning area of their class's curriculum, so the areas that
 * lack evidence stand out.
 */
export function CoveragePanel({ studentId, side = 'staff' }: { studentId: string; side?: Side }) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const coverage = useCoverage(side, studentId);
  const groups = useMemo(() => {
    const map = new Map<string, CoverageRow[]>();
    for (const row of coverage.data ?? []) map.set(row.group, [...(map.get(row.group) ?? []), row]);
    return [...map.entries()];
  }, [coverage.data]);
  const rows = coverage.data ?? [];
  const covered = rows.filter((r) => r.observations > 0).length;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coverage-title" data-testid="coverage">
      <Stack gap="sm">
        <Title order={2} fz="md" id="coverage-title">
          {t('coverage.title')}
        </Title>
        {coverage.isPending ? (
          <Skeleton height={120} radius="md" />
        ) : coverage.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('errors.load')}
          </Alert>
        ) : rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('coverage.noCurriculum')}
          </Text>
        ) : (
          <>
            <div>
              <Text fz="sm" mb={4} data-testid="coverage-summary">
                {t('coverage.summary', { covered, total: rows.length })}
              </Text>
              <Progress
                value={(covered / rows.length) * 100}
                color={covered === rows.length ? 'teal' : 'cue'}
                size="sm"
                aria-label={t('coverage.summary', { covered, total: rows.length })}
              />
            </div>
            {groups.map(([group, items]) => (
              <Stack key={group} gap={6}>
                <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                  {groupName(t, group)}
                </Text>
                {items.map((row) => {
                  const gap = row.observations === 0;
                  return (
                    <Paper
                      key={row.id}
                      withBorder
                      radius="md"
                      px="sm"
                      py={6}
                      className={gap ? classes.coverageGap : undefined}
                      data-testid="coverage-area"
                      data-area={row.code}
                      data-count={row.observations}
                    >
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <div style={{ minWidth: 0 }}>
                          <Text fz="sm" fw={500} lh={1.3}>
                            {areaName(t, row)}
                          </Text>
                          <Text fz="xs" c={gap ? 'orange.9' : 'dimmed'}>
                            {gap
                              ? t('coverage.none')
                              : row.last_date
                                ? t('coverage.last', { date: formatObservationDate(row.last_date, i18n.language) })
                                : null}
                          </Text>
                        </div>
                        <Badge
                          variant={gap ? 'outline' : 'filled'}
                          color={gap ? 'orange' : 'teal'}
                          circle
                          size="lg"
                          style={{ flexShrink: 0 }}
                          aria-hidden
                        >
                          {row.observations}
                        </Badge>
                        <VisuallyHidden>{t('coverage.count', { count: row.observations })}</VisuallyHidden>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
