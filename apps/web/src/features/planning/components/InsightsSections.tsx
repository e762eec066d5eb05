import { pagePath } from '@cue/contract';
import { Anchor, Badge, Box, Group, List, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanningInsights } from '../api';
import { PLANNING_NS } from '../i18n';
import { areaBars, evidencedNeverPlanned, plannedNeverEvidenced } from '../insightsView';
import { showRange } from '../planFormat';

type Area = PlanningInsights['areas'][number];

export function InsightsPanel({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id} data-testid={`insights-${id}`}>
      <Title order={2} fz="md" id={id}>
        {title}
      </Title>
      {hint && (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}

function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={`stat-${id}-label`} data-testid={`stat-${id}`}>
      <Text fz="xs" tt="uppercase" c="dimmed" fw={600} id={`stat-${id}-label`}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

/** The period's totals: units, activities, observations, stories, areas planned and evidenced. */
export function InsightsTotals({ totals }: { totals: PlanningInsights['totals'] }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Stat id="units" label={t('insights.totals.units')} value={n.format(totals.units)} />
      <Stat id="activities" label={t('insights.totals.activities')} value={n.format(totals.activities)} />
      <Stat id="observations" label={t('insights.totals.observations')} value={n.format(totals.observations)} />
      <Stat id="stories" label={t('insights.totals.stories')} value={n.format(totals.stories)} />
      <Stat id="areas-planned" label={t('insights.totals.areasPlanned')} value={n.format(totals.areas_planned)} />
      <Stat id="areas-evidenced" label={t('insights.totals.areasEvidenced')} value={n.format(totals.areas_evidenced)} />
    </SimpleGrid>
  );
}

/**
 * Each area of the framework: what planned it (units, activities) against what evidenced it
 * (observations, stories), as two bars on one scale, so a short evidence bar under a long plan stands out.
 */
export function InsightsAreas({ areas }: { areas: Area[] }) {
  const { t } = useTranslation(PLANNING_NS);
  const bars = useMemo(() => areaBars(areas), [areas]);
  if (areas.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('insights.noAreas')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" fz="sm" aria-labelledby="areas" data-testid="insights-areas-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('insights.col.area')}</Table.Th>
            <Table.Th w="34%">{t('insights.col.planned')}</Table.Th>
            <Table.Th w="34%">{t('insights.col.evidenced')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {areas.map((area, i) => {
            const bar = bars[i] ?? { planned: 0, evidenced: 0 };
            const planned = t('insights.plannedCounts', { units: area.planned_units, activities: area.planned_activities });
            const evidenced = t('insights.evidencedCounts', { observations: area.observations, stories: area.stories });
            return (
              <Table.Tr key={area._id} data-coverage={area.coverage} data-testid="insights-area">
                <Table.Td>
                  <Text fz="sm" fw={500} dir="auto">
                    {area.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {area.group}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="xs">{planned}</Text>
                  <Progress
                    value={bar.planned}
                    color="blue"
                    size="sm"
                    radius="xl"
                    mt={4}
                    aria-label={`${area.name}: ${planned}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fz="xs">{evidenced}</Text>
                  <Progress
                    value={bar.evidenced}
                    color={area.coverage === 'planned_not_evidenced' ? 'red' : 'teal'}
                    size="sm"
                    radius="xl"
                    mt={4}
                    aria-label={`${area.name}: ${evidenced}`}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The two lists a teacher acts on: planned but never evidenced, evidenced but never planned. */
export function InsightsGaps({ areas }: { areas: Area[] }) {
  const { t } = useTranslation(PLANNING_NS);
  const unseen = plannedNeverEvidenced(areas);
  const unplanned = evidencedNeverPlanned(areas);
  const list = (id: string, title: string, items: Area[], empty: string, color: string) => (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id} data-testid={`insights-${id}`}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={3} fz="sm" id={id}>
          {title}
        </Title>
        <Badge color={color} variant="light" radius="sm">
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List spacing={4} fz="sm" aria-labelledby={id}>
          {items.map((a) => (
            <List.Item key={a._id}>
              <Text span fz="sm" fw={500} dir="auto">
                {a.name}
              </Text>{' '}
              <Text span fz="xs" c="dimmed">
                {id === 'planned-unseen'
                  ? t('insights.plannedCounts', { units: a.planned_units, activities: a.planned_activities })
                  : t('insights.evidencedCounts', { observations: a.observations, stories: a.stories })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {list('planned-unseen', t('insights.plannedNeverEvidenced'), unseen, t('insights.allPlannedEvidenced'), 'red')}
      {list('seen-unplanned', t('insights.evidencedNeverPlanned'), unplanned, t('insights.allEvidencedPlanned'), 'orange')}
    </SimpleGrid>
  );
}

const CoverageRow = memo(function CoverageRow({
  child,
  areas,
  planned,
}: {
  child: PlanningInsights['children'][number];
  areas: Area[];
  planned: Set<string>;
}) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Table.Tr data-testid="insights-child">
      <Table.Th
        scope="row"
        style={{ position: 'sticky', insetInlineStart: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}
      >
        <Anchor component={Link} to={pagePath.childObservations(child._id)} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {child.name}
        </Anchor>
        {child.planned_missing > 0 && (
          <Text fz="xs" c="red.8">
            {t('insights.plannedMissing', { count: child.planned_missing })}
          </Text>
        )}
      </Table.Th>
      {areas.map((area) => {
        const count = child.by_area[area._id] ?? 0;
        const gap = count === 0;
        return (
          <Table.Td
            key={area._id}
            ta="center"
            data-zero={gap ? 'true' : undefined}
            style={
              gap
                ? {
                    background: planned.has(area._id) ? 'var(--mantine-color-red-1)' : 'var(--mantine-color-gray-1)',
                    color: planned.has(area._id) ? 'var(--mantine-color-red-9)' : undefined,
                    fontWeight: planned.has(area._id) ? 700 : undefined,
                  }
                : undefined
            }
          >
            {count}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});

/**
 * Each child against each area: how many observations and stories, a zero shaded (red where the area
 * was planned, so the child was missed), the child's name opening their observations.
 */
export function InsightsCoverage({ data }: { data: PlanningInsights }) {
  const { t } = useTranslation(PLANNING_NS);
  const planned = useMemo(
    () => new Set(data.areas.filter((a) => a.planned_units + a.planned_activities > 0).map((a) => a._id)),
    [data.areas],
  );
  if (data.children.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('insights.noChildren')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={Math.max(480, 160 + data.areas.length * 64)}>
      <Table
        withTableBorder
        withColumnBorders
        fz="sm"
        verticalSpacing={6}
        aria-label={t('insights.coverage')}
        data-testid="insights-coverage-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ position: 'sticky', insetInlineStart: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
              {t('insights.col.child')}
            </Table.Th>
            {data.areas.map((area) => (
              <Table.Th key={area._id} ta="center" title={area.name} fz="xs">
                <abbr title={area.name} style={{ textDecoration: 'none' }}>
                  {area.code || area.name}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.children.map((child) => (
            <CoverageRow key={child._id} child={child} areas={data.areas} planned={planned} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each unit of the period: how much of its time has gone against how many of its activities are done, and its evidence. */
export function InsightsUnits({ units }: { units: PlanningInsights['units'] }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  if (units.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('insights.noUnits')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {units.map((unit) => {
        const done = unit.activities > 0 ? Math.round((unit.activities_done / unit.activities) * 100) : 0;
        return (
          <Paper key={unit._id} component="li" withBorder radius="lg" p="md" data-testid="insights-unit">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={pagePath.unit(unit._id)} fw={600} fz="sm" dir="auto" style={{ minWidth: 0 }}>
                  {unit.name}
                </Anchor>
                <Badge size="sm" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                  {t('insights.evidence', { count: unit.evidence })}
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed">
                {showRange(unit.start_date, unit.end_date, i18n.language)}
              </Text>
              <Box>
                <Text fz="xs">{t('insights.elapsed', { percent: unit.elapsed })}</Text>
                <Progress
                  value={unit.elapsed}
                  color="gray"
                  size="sm"
                  radius="xl"
                  aria-label={t('insights.elapsed', { percent: unit.elapsed })}
                />
              </Box>
              <Box>
                <Text fz="xs">{t('insights.activitiesDone', { done: unit.activities_done, total: unit.activities })}</Text>
                <Progress
                  value={done}
                  color={done + 10 < unit.elapsed ? 'orange' : 'teal'}
                  size="sm"
                  radius="xl"
                  aria-label={t('insights.activitiesDone', { done: unit.activities_done, total: unit.activities })}
                />
              </Box>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
