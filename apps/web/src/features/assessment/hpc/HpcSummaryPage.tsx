import { HPC_DOMAINS, HPC_LEVELS } from '@cue/contract';
import {
  Alert,
  Anchor,
  Box,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import { type HpcClassSummary, useHpcSummary } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { HPC_NS } from '../i18n';
import { BackToList, LEVEL_COLORS, LevelIcon, NoPeriods, StatusBadge, WithClass } from './HpcParts';
import { averageText, distribution, levelOfAverage } from './hpcView';

type Row = HpcClassSummary['descriptors'][number];

/** A descriptor's children per level as one stacked bar, its numbers said in words beside it. */
function DistributionBar({ row, label }: { row: Row; label: string }) {
  const { t } = useTranslation(HPC_NS);
  const parts = distribution(row);
  const said = parts
    .map((p) => `${p.key === 'not_rated' ? t('summary.notRated') : t(`levels.${p.key}.name`)}: ${p.count}`)
    .join(', ');
  return (
    <Stack gap={4} data-testid="hpc-distribution" data-descriptor={row.descriptor}>
      <Text fz="sm">{label}</Text>
      <Progress.Root size={14} radius="xl" aria-hidden>
        {parts.map((p) =>
          p.count > 0 ? (
            <Progress.Section key={p.key} value={p.percent} color={p.key === 'not_rated' ? 'gray.3' : LEVEL_COLORS[p.key]} />
          ) : null,
        )}
      </Progress.Root>
      <Group gap="sm" wrap="wrap" aria-hidden>
        {parts.map((p) => (
          <Group key={p.key} gap={3} wrap="nowrap">
            {p.key === 'not_rated' ? (
              <Box w={10} h={10} bg="gray.3" style={{ borderRadius: 5 }} />
            ) : (
              <LevelIcon level={p.key} size={14} />
            )}
            <Text fz="xs" c="dimmed">
              {p.count}
            </Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>{said}</VisuallyHidden>
    </Stack>
  );
}

/** A child's domain: the nearest level's picture and the average. */
function AverageCell({ average }: { average: number | null | undefined }) {
  const { t, i18n } = useTranslation(HPC_NS);
  const level = levelOfAverage(average);
  if (!level || average === null || average === undefined)
    return (
      <Text fz="sm" c="dimmed">
        <span aria-hidden>–</span>
        <VisuallyHidden>{t('summary.notRated')}</VisuallyHidden>
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" title={t(`levels.${level}.name`)}>
      <LevelIcon level={level} size={18} />
      <Text fz="sm">{averageText(average, i18n.language)}</Text>
      <VisuallyHidden>{t(`levels.${level}.name`)}</VisuallyHidden>
    </Group>
  );
}

function SummaryBody({ data, periodQuery }: { data: HpcClassSummary; periodQuery: string }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-children-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="hpc-children-title">
            {t('summary.children')}
          </Title>
          <Group gap="md" wrap="wrap">
            {HPC_LEVELS.map((level) => (
              <Group key={level} gap={4} wrap="nowrap">
                <LevelIcon level={level} size={16} />
                <Text fz="xs" c="dimmed">
                  {t('summary.legend', { name: t(`levels.${level}.name`), value: HPC_LEVELS.indexOf(level) + 1 })}
                </Text>
              </Group>
            ))}
          </Group>
          <ScrollArea type="auto" offsetScrollbars>
            <Table striped withTableBorder verticalSpacing="xs" miw={200 + HPC_DOMAINS.length * 120} data-testid="hpc-summary">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('summary.child')}</Table.Th>
                  {HPC_DOMAINS.map((d) => (
                    <Table.Th key={d.key} scope="col" fz="xs">
                      {t(`domains.${d.key}`)}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">{t('summary.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.students.map((s) => (
                  <Table.Tr key={s._id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={`/assessment/hpc/card/${s._id}${periodQuery}`} fz="sm" fw={600}>
                        {s.name}
                      </Anchor>
                    </Table.Th>
                    {HPC_DOMAINS.map((d) => (
                      <Table.Td key={d.key}>
                        <AverageCell average={s.domains[d.key]} />
                      </Table.Td>
                    ))}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <StatusBadge status={s.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-descriptors-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="hpc-descriptors-title">
            {t('summary.descriptors')}
          </Title>
          {HPC_DOMAINS.map((d) => {
            const rows = data.descriptors.filter((r) => r.domain === d.key);
            if (rows.length === 0) return null;
            return (
              <Stack key={d.key} gap="sm" component="section" aria-label={t(`domains.${d.key}`)}>
                <Title order={3} fz="md">
                  {t(`domains.${d.key}`)}
                </Title>
                {rows.map((row) => (
                  <DistributionBar key={row.descriptor} row={row} label={t(`descriptors.${row.descriptor}`)} />
                ))}
              </Stack>
            );
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Summary() {
  const { t } = useTranslation(HPC_NS);
  const { classId, name, loading } = usePlanClass();
  const periods = usePeriodParam();
  const summary = useHpcSummary(periods.periodId ? classId : null, periods.periodId);
  const data = summary.data && summary.data.class._id === classId ? summary.data : undefined;
  const className = name ? formatClassName(name).text : (data?.class.name ?? '');
  const periodQuery = periods.periodId && !periods.period?.current ? `?period_id=${periods.periodId}` : '';

  return (
    <Page
      title={t('summary.title')}
      description={className ? t('summary.description', { name: className }) : undefined}
      width={1280}
      actions={<BackToList classId={classId} />}
    >
      <WithClass classId={classId} loading={loading}>
        {!periods.loading && periods.periods.length === 0 ? (
          <NoPeriods />
        ) : (
          <Stack gap="md">
            <PeriodPicker state={periods} />
            {summary.error && !data ? (
              <LoadError testId="hpc-load-error" error={summary.error} onRetry={() => void summary.refetch()} />
            ) : !data ? (
              <Skeleton h={360} radius="lg" data-testid="hpc-summary-loading" />
            ) : data.students.length === 0 ? (
              <Alert color="gray" variant="light" title={t('list.emptyTitle')} data-testid="hpc-summary-empty">
                {t('list.empty')}
              </Alert>
            ) : (
              <Box style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}>
                <SummaryBody data={data} periodQuery={periodQuery} />
              </Box>
            )}
          </Stack>
        )}
      </WithClass>
    </Page>
  );
}

/** /assessment/hpc/all-student-summary: the class's cards of a period at a glance. */
export default function HpcSummaryPage() {
  return (
    <Gate need={{ feature: 'hpc' }}>
      <Summary />
    </Gate>
  );
}
