import '@mantine/charts/styles.css';
import { isDdmmyyyy, type StoryInsightsQuery } from '@cue/contract';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useClassDetail } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { LoadFailed } from '../../shell/pages/common';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { exportInsights, type StoryInsights, useStoryInsights } from '../api';
import { AreaBars } from '../components/AreaBars';
import { DayFilter } from '../components/Filters';
import { showDay, showInstant } from '../format';
import { STORY_INSIGHTS_NS } from '../i18n';
import { storyErrorText } from '../messages';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The insights' query from the page's address (so a link shows the same class, child and period). */
function insightsQuery(params: URLSearchParams): StoryInsightsQuery {
  const query: StoryInsightsQuery = {};
  const classId = params.get('class_id');
  const studentId = params.get('student_id');
  if (classId && ID.test(classId)) query.class_id = classId;
  if (studentId && ID.test(studentId) && query.class_id) query.student_id = studentId;
  for (const key of ['from_date', 'to_date'] as const) {
    const value = params.get(key);
    if (value && isDdmmyyyy(value)) query[key] = value;
  }
  return query;
}

function Stat({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" aria-labelledby={`${id}-label`} component="section" data-testid={`stat-${id}`}>
      <Text fz="xs" tt="uppercase" c="dimmed" fw={600} id={`${id}-label`}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="md" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Body({ data }: { data: StoryInsights }) {
  const { t, i18n } = useTranslation(STORY_INSIGHTS_NS);
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const n = (value: number) => number.format(value);
  const { totals } = data;
  const weeks = data.weeks.map((w) => ({ week: showDay(w.week, language, { year: undefined }), stories: w.stories }));
  const never = data.families.filter((f) => f.views === 0).length;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat
          id="stories"
          label={t('insights.totals.stories')}
          value={n(totals.stories)}
          hint={t('insights.totals.storiesHint', {
            published: n(totals.published),
            drafts: n(totals.drafts),
            pending: n(totals.pending),
          })}
        />
        <Stat
          id="children"
          label={t('insights.totals.children')}
          value={n(totals.children)}
          hint={t('insights.totals.childrenHint', { count: totals.children_without_story })}
        />
        <Stat
          id="engagement"
          label={t('insights.totals.views')}
          value={n(totals.views)}
          hint={t('insights.totals.viewsHint', { comments: n(totals.comments), reactions: n(totals.reactions) })}
        />
        <Stat id="family" label={t('insights.totals.familyStories')} value={n(totals.family_stories)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel id="per-week" title={t('insights.perWeek')}>
          <Paper withBorder radius="lg" p="md" data-testid="chart-week">
            {weeks.length === 0 || weeks.every((w) => w.stories === 0) ? (
              <Text fz="sm" c="dimmed" ta="center" py="xl">
                {t('insights.noStories')}
              </Text>
            ) : (
              <BarChart
                h={240}
                data={weeks}
                dataKey="week"
                series={[{ name: 'stories', label: t('insights.storiesSeries'), color: 'cue.6' }]}
                yAxisProps={{ allowDecimals: false }}
                tooltipAnimationDuration={150}
              />
            )}
          </Paper>
        </Panel>
        <Panel id="areas" title={t('insights.areas')}>
          <Paper withBorder radius="lg" p="md">
            <AreaBars areas={data.areas} />
          </Paper>
        </Panel>
      </SimpleGrid>
      <Panel id="children-table" title={t('insights.children')}>
        <DataTable
          caption={t('insights.children')}
          testId="insights-children"
          rows={data.children}
          rowKey={(c) => c._id}
          emptyText={t('insights.noChildren')}
          rowAttributes={(c) => ({ 'data-no-story': c.stories === 0 ? 'true' : undefined })}
          columns={[
            {
              key: 'name',
              header: t('insights.col.child'),
              render: (c) => (
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {c.name}
                  </Text>
                  {c.stories === 0 && (
                    <Badge color="red" variant="light" radius="sm">
                      {t('insights.noStoryYet')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { key: 'class', header: t('insights.col.class'), render: (c) => c.class_name },
            { key: 'stories', header: t('insights.col.stories'), width: 100, align: 'end', render: (c) => n(c.stories) },
            {
              key: 'last',
              header: t('insights.col.lastStory'),
              width: 140,
              render: (c) => (c.last_story_date ? showDay(c.last_story_date, language) : '—'),
            },
            { key: 'views', header: t('insights.col.views'), width: 90, align: 'end', render: (c) => n(c.views) },
            { key: 'comments', header: t('insights.col.comments'), width: 110, align: 'end', render: (c) => n(c.comments) },
          ]}
        />
      </Panel>
      <Panel id="families-table" title={t('insights.families')}>
        {never > 0 && (
          <Text fz="sm" c="dimmed">
            {t('insights.neverOpenedCount', { count: never })}
          </Text>
        )}
        <DataTable
          caption={t('insights.families')}
          testId="insights-families"
          rows={data.families}
          rowKey={(f) => `${f._id}-${f.child._id}`}
          emptyText={t('insights.noFamilies')}
          rowAttributes={(f) => ({ 'data-never-opened': f.views === 0 ? 'true' : undefined })}
          columns={[
            {
              key: 'name',
              header: t('insights.col.family'),
              render: (f) => (
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {f.name}
                  </Text>
                  {f.views === 0 && (
                    <Badge color="orange" variant="light" radius="sm">
                      {t('insights.neverOpened')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { key: 'child', header: t('insights.col.child'), render: (f) => f.child.name },
            { key: 'stories', header: t('insights.col.stories'), width: 100, align: 'end', render: (f) => n(f.stories) },
            { key: 'views', header: t('insights.col.views'), width: 90, align: 'end', render: (f) => n(f.views) },
            { key: 'comments', header: t('insights.col.comments'), width: 110, align: 'end', render: (f) => n(f.comments) },
            {
              key: 'last',
              header: t('insights.col.lastViewed'),
              render: (f) => (f.last_viewed_at ? showInstant(f.last_viewed_at, language) : '—'),
            },
          ]}
        />
      </Panel>
      <Panel id="teachers-table" title={t('insights.teachers')}>
        <DataTable
          caption={t('insights.teachers')}
          testId="insights-teachers"
          rows={data.teachers}
          rowKey={(s) => s._id}
          emptyText={t('insights.noTeachers')}
          columns={[
            { key: 'name', header: t('insights.col.teacher'), render: (s) => s.name },
            { key: 'stories', header: t('insights.col.written'), width: 110, align: 'end', render: (s) => n(s.stories) },
            { key: 'published', header: t('insights.col.published'), width: 110, align: 'end', render: (s) => n(s.published) },
            { key: 'comments', header: t('insights.col.answers'), width: 130, align: 'end', render: (s) => n(s.comments) },
          ]}
        />
      </Panel>
    </Stack>
  );
}

function Insights() {
  const { t, i18n } = useTranslation(STORY_INSIGHTS_NS);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => insightsQuery(params), [params]);
  const { schools } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  const detail = useClassDetail(query.class_id ?? null);
  const childOptions = (detail.data?.student_list ?? [])
    .map((s) => ({ value: s._id, label: fullName(s) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const insights = useStoryInsights(query);
  const [exporting, setExporting] = useState(false);

  const set = (key: keyof StoryInsightsQuery, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'class_id') next.delete('student_id');
    setParams(next, { replace: true });
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportInsights(query);
    } catch (err) {
      toast.error(storyErrorText(STORY_INSIGHTS_NS, err));
    } finally {
      setExporting(false);
    }
  };
  const period = insights.data
    ? t('insights.period', {
        from: showDay(insights.data.from_date, i18n.language),
        to: showDay(insights.data.to_date, i18n.language),
      })
    : undefined;

  return (
    <Page
      title={t('insights.title')}
      description={period ?? t('insights.description')}
      width={1320}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
          loading={exporting}
          disabled={!insights.data}
        >
          {t('insights.export')}
        </Button>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('insights.filters')}>
        <Select
          label={t('filter.class')}
          data={[
            { value: '', label: t('filter.allClasses') },
            ...classes.map((c) => ({ value: c.id, label: c.class_name })).sort((a, b) => a.label.localeCompare(b.label)),
          ]}
          value={query.class_id ?? ''}
          onChange={(v) => set('class_id', v || null)}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('filter.child')}
          placeholder={query.class_id ? t('filter.anyChild') : t('filter.chooseClassFirst')}
          data={childOptions}
          value={query.student_id ?? null}
          onChange={(v) => set('student_id', v)}
          disabled={!query.class_id}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <DayFilter label={t('filter.from')} value={query.from_date} onChange={(v) => set('from_date', v)} max={query.to_date} />
        <DayFilter label={t('filter.to')} value={query.to_date} onChange={(v) => set('to_date', v)} min={query.from_date} />
      </Group>
      {insights.error && !insights.data ? (
        <Stack gap="xs">
          <Alert color="red" variant="light" title={storyErrorText(STORY_INSIGHTS_NS, insights.error)} />
          <LoadFailed onRetry={() => void insights.refetch()} />
        </Stack>
      ) : !insights.data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {[0, 1, 2, 3].map((k) => (
              <Skeleton key={k} h={104} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={280} radius="lg" />
        </Stack>
      ) : (
        <div aria-busy={insights.isFetching} style={{ opacity: insights.isPlaceholderData ? 0.6 : 1 }}>
          <Body data={insights.data} />
        </div>
      )}
    </Page>
  );
}

/** /story-insights: stories over time, learning-area coverage, family engagement and teachers' activity. */
export default function InsightsPage() {
  return (
    <Gate need={{ feature: 'story' }}>
      <Insights />
    </Gate>
  );
}
