import { can, MENUS, type MenuItem, STORY_KINDS, STORY_STATUSES, type StoryListQuery } from '@cue/contract';
import { Anchor, Button, Collapse, Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ClassName } from '../../../components/ClassName';
import { DataTable } from '../../../components/DataTable';
import { fullName } from '../../../lib/format';
import { useClassDetail, useStaffList } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { useLearningAreas } from '../../observations/api';
import { Gate } from '../../shell/pages/Gate';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { type Story, useStoryList, useStoryTags } from '../api';
import { DayFilter } from '../components/Filters';
import { StoryKindBadge, StoryStatusBadge } from '../components/StoryBadges';
import { activeFilters, PAGE_SIZES, paramsFromQuery, queryFromParams, withFilter } from '../filters';
import { showDay } from '../format';
import { STORY_INSIGHTS_NS } from '../i18n';

/** What the menu entry communication.all-stories needs (the school's `story` feature). */
function libraryNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.all-stories');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

export const storyPath = (id: string) => `/communication/stories/${id}`;

type Option = { value: string; label: string };

const sortByLabel = (options: Option[]) => options.sort((a, b) => a.label.localeCompare(b.label));

/** The choices of the filters that depend on the chosen class (its children, areas and staff). */
function useClassChoices(classId: string | undefined) {
  const { held } = useShell();
  const detail = useClassDetail(classId ?? null);
  const areas = useLearningAreas(classId ?? null);
  // Without a class, authors come from the school's staff list for those who may read it.
  const staffList = useStaffList(!classId && can({ permission: 'admin_portal.staff' }, held));
  return useMemo(() => {
    const children = sortByLabel((detail.data?.student_list ?? []).map((s) => ({ value: s._id, label: fullName(s) })));
    const authors = sortByLabel(
      classId
        ? (detail.data?.staff_list ?? []).map((s) => ({ value: s._id, label: fullName(s) }))
        : (staffList.data ?? []).map((s) => ({ value: s.id, label: fullName(s) })),
    );
    const areaOptions = (areas.data ?? []).map((a) => ({ value: a.id, label: a.group ? `${a.group} · ${a.name}` : a.name }));
    return { children, authors, areas: areaOptions };
  }, [classId, detail.data, areas.data, staffList.data]);
}

function Library() {
  const { t, i18n } = useTranslation(STORY_INSIGHTS_NS);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const { schools } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  const classOptions = sortByLabel(classes.map((c) => ({ value: c.id, label: c.class_name })));
  const choices = useClassChoices(query.class_id);
  const tags = useStoryTags(true);
  const list = useStoryList(query);
  const [search, setSearch] = useState(query.search ?? '');
  // On a phone the filters other than the search fold away behind one button; elsewhere they show.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [showFilters, setShowFilters] = useState(false);
  const filtersOpen = !phone || showFilters;

  const apply = (next: StoryListQuery) => setParams(paramsFromQuery(next), { replace: true });
  const set = <K extends keyof StoryListQuery>(key: K, value: StoryListQuery[K] | null) => apply(withFilter(query, key, value));
  const searchLater = useDebouncedCallback((text: string) => apply(withFilter(query, 'search', text.trim() || null)), 400);

  // A choice the options do not hold (from a copied link, or an author who left) still shows as chosen.
  const withCurrent = (options: Option[], value: string | undefined, label?: string) =>
    value && !options.some((o) => o.value === value) ? [...options, { value, label: label ?? value }] : options;
  const rows = list.data?.items;
  const seenAuthor = rows?.find((s) => s.author._id === query.author_id)?.author.name;
  const seenChild = rows?.flatMap((s) => s.children).find((c) => c._id === query.student_id)?.name;
  const tagOptions = (tags.data ?? []).map((tag) => ({
    value: tag._id,
    label: tag.archived ? t('library.archivedTag', { name: tag.name }) : tag.name,
  }));
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.page_size));
  const filtered = activeFilters(query) > 0;
  const half = { base: '100%', xs: 200 } as const;

  return (
    <Page title={t('library.title')} description={t('library.description')} width={1320}>
      <Paper
        withBorder
        radius="lg"
        p="md"
        component="form"
        role="search"
        aria-label={t('library.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Stack gap="sm">
          <TextInput
            label={t('library.search')}
            placeholder={t('library.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={200}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              searchLater(e.currentTarget.value);
            }}
            type="search"
          />
          {phone && (
            <Button
              variant="light"
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => setShowFilters((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls="library-filters"
            >
              {t('library.moreFilters', { count: activeFilters(query) - (query.search ? 1 : 0) })}
            </Button>
          )}
          <Collapse expanded={filtersOpen} id="library-filters">
            <Stack gap="sm">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label={t('filter.class')}
                  placeholder={t('filter.anyClass')}
                  data={withCurrent(classOptions, query.class_id)}
                  value={query.class_id ?? null}
                  onChange={(v) => set('class_id', v)}
                  clearable
                  searchable
                  w={half}
                />
                <Select
                  label={t('filter.child')}
                  placeholder={query.class_id ? t('filter.anyChild') : t('filter.chooseClassFirst')}
                  data={withCurrent(choices.children, query.student_id, seenChild)}
                  value={query.student_id ?? null}
                  onChange={(v) => set('student_id', v)}
                  disabled={!query.class_id && !query.student_id}
                  clearable
                  searchable
                  w={half}
                />
                <Select
                  label={t('filter.tag')}
                  placeholder={t('filter.anyTag')}
                  data={withCurrent(tagOptions, query.tag_id)}
                  value={query.tag_id ?? null}
                  onChange={(v) => set('tag_id', v)}
                  clearable
                  searchable
                  w={half}
                />
                <Select
                  label={t('filter.area')}
                  placeholder={query.class_id ? t('filter.anyArea') : t('filter.chooseClassFirst')}
                  data={withCurrent(choices.areas, query.area_id)}
                  value={query.area_id ?? null}
                  onChange={(v) => set('area_id', v)}
                  disabled={!query.class_id && !query.area_id}
                  clearable
                  searchable
                  w={half}
                />
                <Select
                  label={t('filter.author')}
                  placeholder={t('filter.anyAuthor')}
                  data={withCurrent(choices.authors, query.author_id, seenAuthor)}
                  value={query.author_id ?? null}
                  onChange={(v) => set('author_id', v)}
                  clearable
                  searchable
                  w={half}
                />
              </Group>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <DayFilter
                  label={t('filter.from')}
                  value={query.from_date}
                  onChange={(v) => set('from_date', v)}
                  max={query.to_date}
                />
                <DayFilter
                  label={t('filter.to')}
                  value={query.to_date}
                  onChange={(v) => set('to_date', v)}
                  min={query.from_date}
                />
                <Select
                  label={t('filter.status')}
                  placeholder={t('filter.anyStatus')}
                  data={STORY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  value={query.status ?? null}
                  onChange={(v) => set('status', v as StoryListQuery['status'] | null)}
                  clearable
                  w={{ base: '47%', xs: 170 }}
                />
                <Select
                  label={t('filter.kind')}
                  placeholder={t('filter.anyKind')}
                  data={STORY_KINDS.map((k) => ({ value: k, label: t(`kindFilter.${k}`) }))}
                  value={query.kind ?? null}
                  onChange={(v) => set('kind', v as StoryListQuery['kind'] | null)}
                  clearable
                  w={{ base: '47%', xs: 170 }}
                />
                {filtered && (
                  <Button
                    variant="subtle"
                    leftSection={<IconFilterOff size={16} aria-hidden />}
                    onClick={() => {
                      setSearch('');
                      apply({ page: 1, page_size: query.page_size });
                    }}
                  >
                    {t('library.clear')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Collapse>
        </Stack>
      </Paper>
      <DataTable<Story>
        caption={t('library.caption')}
        testId="story-library"
        rows={rows}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(s) => s._id}
        emptyText={filtered ? t('library.emptyFiltered') : t('library.empty')}
        toolbar={
          list.data && (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('library.total', { count: total })}
            </Text>
          )
        }
        columns={[
          {
            key: 'title',
            header: t('library.col.title'),
            render: (s) => (
              <Stack gap={2}>
                <Anchor component={Link} to={storyPath(s._id)} fw={600} fz="sm">
                  {s.title ? <bdi>{s.title}</bdi> : t('library.untitled')}
                </Anchor>
                <StoryKindBadge kind={s.kind} />
              </Stack>
            ),
          },
          { key: 'class', header: t('library.col.class'), render: (s) => <ClassName name={s.class.name} /> },
          {
            key: 'children',
            header: t('library.col.children'),
            render: (s) =>
              s.kind === 'journal' && s.children.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('library.wholeClass')}
                </Text>
              ) : (
                <Text fz="sm">{s.children.map((c) => c.name).join(', ')}</Text>
              ),
          },
          {
            key: 'date',
            header: t('library.col.date'),
            width: 130,
            render: (s) => (
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {showDay(s.story_date, i18n.language)}
              </Text>
            ),
          },
          { key: 'author', header: t('library.col.author'), render: (s) => <Text fz="sm">{s.author.name}</Text> },
          { key: 'status', header: t('library.col.status'), width: 140, render: (s) => <StoryStatusBadge status={s.status} /> },
          {
            key: 'tags',
            header: t('library.col.tags'),
            render: (s) => (
              <Text fz="xs" c="dimmed">
                {[...s.tags, ...s.areas].map((x) => x.name).join(', ')}
              </Text>
            ),
          },
        ]}
        footer={
          total > 0 && (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Select
                aria-label={t('library.pageSize')}
                data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('library.perPage', { count: n }) }))}
                value={String(query.page_size)}
                onChange={(v) => v && set('page_size', Number(v))}
                allowDeselect={false}
                w={150}
              />
              <Pagination
                total={pages}
                value={Math.min(query.page, pages)}
                onChange={(p) => set('page', p)}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? t('library.previousPage') : t('library.nextPage'),
                })}
                getItemProps={(page) => ({ 'aria-label': t('library.page', { page }) })}
              />
            </Group>
          )
        }
      />
    </Page>
  );
}

/** /all-stories: every story the person may see, filtered by what the address holds. */
export default function LibraryPage() {
  return (
    <Gate need={libraryNeed()}>
      <Library />
    </Gate>
  );
}
