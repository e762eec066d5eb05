import { can, isDdmmyyyy, isoFromDdmmyyyy, ROUTES } from '@cue/contract';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayWire } from '../../../lib/day';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { downloadFile } from '../../admin/download';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { DayFilter } from '../../story-insights/components/Filters';
import { type InsightsQuery, usePlanningInsights, useTermPlan } from '../api';
import {
  InsightsAreas,
  InsightsCoverage,
  InsightsGaps,
  InsightsPanel,
  InsightsTotals,
  InsightsUnits,
} from '../components/InsightsSections';
import { LoadError } from '../components/LoadError';
import { NoClass, usePlanClass } from '../components/PlanClass';
import { PLANNING_NS, planningErrorText } from '../i18n';
import { presetOf, presetPeriod } from '../insightsView';
import { showRange } from '../planFormat';

/** The period from the address's `?from=` and `?to=` (DD-MM-YYYY, as the server reads them). */
function periodOf(params: URLSearchParams): { from?: string; to?: string } {
  const from = params.get('from');
  const to = params.get('to');
  return { from: from && isDdmmyyyy(from) ? from : undefined, to: to && isDdmmyyyy(to) ? to : undefined };
}

function Insights() {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const { classId, name, loading } = usePlanClass();
  const [params, setParams] = useSearchParams();
  const { from, to } = periodOf(params);
  const todayIso = isoFromDdmmyyyy(todayWire()) ?? '';
  const query: InsightsQuery | null = useMemo(
    () => (classId ? { class_id: classId, ...(from ? { from_date: from } : {}), ...(to ? { to_date: to } : {}) } : null),
    [classId, from, to],
  );
  const insights = usePlanningInsights(query);
  const data = insights.data && insights.data.class._id === classId ? insights.data : undefined;
  const [exporting, setExporting] = useState(false);
  // The class's recorded academic year (from its term plan, where the school plans terms) is "This year".
  const { held } = useShell();
  const termPlans = can({ feature: 'term_planning' }, held);
  const termPlan = useTermPlan(termPlans ? classId : null, todayWire());
  const year =
    termPlan.data && termPlan.data.class._id === classId
      ? { from_date: termPlan.data.year_start, to_date: termPlan.data.year_end }
      : null;
  const preset = presetOf(from, to, todayIso, year);

  const setPeriod = (next: { from?: string | null; to?: string | null }) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        for (const key of ['from', 'to'] as const) {
          if (!(key in next)) continue;
          const value = next[key];
          if (value) copy.set(key, value);
          else copy.delete(key);
        }
        return copy;
      },
      { replace: true },
    );
  const choosePreset = (value: string) => {
    // This term is the server's default (the term so far): the plain address.
    if (value === 'term') setPeriod({ from: null, to: null });
    else {
      const p = presetPeriod('year', todayIso, year);
      setPeriod({ from: p.from_date, to: p.to_date });
    }
  };
  const download = async () => {
    if (!query) return;
    setExporting(true);
    try {
      await downloadFile(ROUTES.planningInsightsExport, 'planning-insights.csv', { query });
    } catch (err) {
      toast.error(planningErrorText(err));
    } finally {
      setExporting(false);
    }
  };
  const className = name ? formatClassName(name).text : (data?.class.name ?? '');
  const period = data ? showRange(data.from_date, data.to_date, i18n.language) : null;

  return (
    <Page
      title={t('insights.title')}
      description={className && period ? t('insights.description', { name: className, period }) : className || undefined}
      width={1400}
      actions={
        classId ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={exporting}
            disabled={!data}
          >
            {t('insights.downloadCsv')}
          </Button>
        ) : undefined
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={320} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Stack gap="xl">
          <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('insights.period')}>
            <SegmentedControl
              aria-label={t('insights.presets')}
              value={preset ?? ''}
              onChange={choosePreset}
              data={[
                { value: 'term', label: t('insights.thisTerm') },
                { value: 'year', label: t('insights.thisYear') },
              ]}
            />
            <DayFilter label={t('insights.from')} value={from} onChange={(v) => setPeriod({ from: v })} max={to} />
            <DayFilter label={t('insights.to')} value={to} onChange={(v) => setPeriod({ to: v })} min={from} />
          </Group>
          {insights.error && !data ? (
            <LoadError error={insights.error} onRetry={() => void insights.refetch()} />
          ) : !data ? (
            <Stack gap="md" data-testid="insights-loading">
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
                {[0, 1, 2, 3, 4, 5].map((k) => (
                  <Skeleton key={k} h={90} radius="lg" />
                ))}
              </SimpleGrid>
              <Skeleton h={280} radius="lg" />
            </Stack>
          ) : (
            <Stack gap="xl" aria-busy={insights.isFetching} style={{ opacity: insights.isPlaceholderData ? 0.6 : 1 }}>
              <InsightsTotals totals={data.totals} />
              {data.totals.units + data.totals.activities + data.totals.observations + data.totals.stories === 0 && (
                <Alert color="gray" variant="light" title={t('insights.emptyTitle')} data-testid="insights-empty">
                  {t('insights.empty')}
                </Alert>
              )}
              <InsightsPanel id="gaps" title={t('insights.gaps')}>
                <InsightsGaps areas={data.areas} />
              </InsightsPanel>
              <InsightsPanel id="areas" title={t('insights.areas')} hint={t('insights.areasHint')}>
                <InsightsAreas areas={data.areas} />
              </InsightsPanel>
              <InsightsPanel id="coverage" title={t('insights.coverage')} hint={t('insights.coverageHint')}>
                <InsightsCoverage data={data} />
              </InsightsPanel>
              <InsightsPanel id="units" title={t('insights.units')}>
                <InsightsUnits units={data.units} />
              </InsightsPanel>
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  );
}

/** /planning/planning-insights: a class's areas planned against observed, per child and per unit, with a CSV. */
export default function InsightsPage() {
  return (
    <Gate>
      <Insights />
    </Gate>
  );
}
