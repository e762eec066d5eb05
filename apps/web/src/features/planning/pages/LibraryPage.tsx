import { can, type LibraryUnit, PLANNING_FRAMEWORKS } from '@cue/contract';
import { Badge, Button, Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { withReaderDates } from '../../../components/ReaderDates';
import { Page } from '../../communication/components/Page';
import { usePermissions } from '../../shell/api';
import { useLibrary } from '../api';
import { oneOf, useAddressChanges } from '../components/addressChanges';
import { CardGrid, EmptyCards, ListError, LoadingCards, SearchField } from '../components/CardList';
import { CopyUnitModal } from '../components/CopyUnitModal';
import { LibraryUnitDrawer } from '../components/LibraryUnitDrawer';
import { LIBRARY_EDITOR_NEED, LibraryUnitForm } from '../components/LibraryUnitForm';
import { PLANNING_NS } from '../i18n';

const TABS = ['global', 'organization'] as const;
const SHOWN_AREAS = 3;

/** A unit of the library as a card: title, framework, ages, length, areas, version and copies; "Open" shows it whole. */
function LibraryCard({ unit, onOpen }: { unit: LibraryUnit; onOpen: () => void }) {
  const { t } = useTranslation(PLANNING_NS);
  const more = unit.areas.length - SHOWN_AREAS;
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="library-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }} dir="auto">
            {unit.title}
          </Title>
          <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
            {t(`library.framework.${unit.framework}`)}
          </Badge>
        </Group>
        {unit.summary && (
          <Text fz="sm" c="dimmed" lineClamp={2} dir="auto">
            {unit.summary}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {/* The age range is the author's own text ("2-4 years"): isolated so its direction stays its own. */}
          <bdi>{unit.age_range || t('library.card.anyAge')}</bdi>
          {' · '}
          {[
            t('library.card.weeks', { count: unit.weeks }),
            t('library.card.versionNumber', { version: unit.version }),
            t('library.card.copies', { count: unit.copies }),
          ].join(' · ')}
        </Text>
        {unit.areas.length > 0 && (
          <Group gap={4} aria-label={t('library.card.areas')}>
            {unit.areas.slice(0, SHOWN_AREAS).map((a) => (
              <Badge key={a._id} size="sm" variant="default" style={{ textTransform: 'none' }}>
                {a.name}
              </Badge>
            ))}
            {more > 0 && (
              <Badge size="sm" variant="transparent" color="gray" style={{ textTransform: 'none' }}>
                {t('library.card.moreAreas', { count: more })}
              </Badge>
            )}
          </Group>
        )}
        <Group mt="auto" pt="xs">
          <Button size="xs" variant="light" onClick={onOpen} aria-label={t('library.action.openOne', { title: unit.title })}>
            {t('library.action.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /planning/unit-library: the product's global library and the organization's own, by framework and
 * words; a unit opens beside the list and is copied into the staff member's classes from there. Holders
 * of the library permission add, edit and archive the organization's units.
 */
function LibraryPageBody() {
  const { t } = useTranslation(PLANNING_NS);
  const [params, change] = useAddressChanges();
  const tab = oneOf(params.get('tab'), TABS) ?? 'global';
  const framework = oneOf(params.get('framework'), PLANNING_FRAMEWORKS);
  const searchParam = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = params.get('unit');
  const [search, setSearch] = useState(searchParam);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [copying, setCopying] = useState<LibraryUnit | null>(null);
  const [editing, setEditing] = useState<LibraryUnit | 'new' | null>(null);
  const permissions = usePermissions();
  const mayEdit = !!permissions.data && can(LIBRARY_EDITOR_NEED, permissions.data);
  // A filter's change starts again from the first page.
  const filter = (changes: Record<string, string | null>) => change({ ...changes, page: null });

  // The typed words reach the address once typing pauses (a link then opens the same search).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the paused words start a search
  useEffect(() => {
    if (debounced !== searchParam) filter({ q: debounced });
  }, [debounced]);

  const list = useLibrary({ scope: tab, framework, search: searchParam || undefined, page });
  const pages = list.data ? Math.ceil(list.data.total / list.data.page_size) : 0;
  const filtered = !!framework || !!searchParam;

  return (
    <Page
      title={t('library.title')}
      description={t('library.description')}
      actions={
        mayEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('library.action.new')}
          </Button>
        )
      }
    >
      <Tabs value={tab} onChange={(next) => filter({ tab: next === 'organization' ? next : null })} keepMounted={false}>
        <Tabs.List aria-label={t('library.tabsLabel')}>
          <Tabs.Tab value="global">{t('library.tab.global')}</Tabs.Tab>
          <Tabs.Tab value="organization">{t('library.tab.organization')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label={t('library.filter.search')}
          placeholder={t('library.filter.searchHint')}
          value={search}
          onChange={setSearch}
          width={280}
        />
        <Select
          label={t('library.filter.framework')}
          placeholder={t('library.filter.anyFramework')}
          data={PLANNING_FRAMEWORKS.map((f) => ({ value: f, label: t(`library.framework.${f}`) }))}
          value={framework ?? null}
          onChange={(value) => filter({ framework: value })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {list.error && !list.data ? (
        <ListError error={list.error} />
      ) : !list.data ? (
        <LoadingCards label={t('library.loading')} height={180} />
      ) : list.data.items.length === 0 ? (
        <EmptyCards
          icon={<IconBooks size={36} aria-hidden stroke={1.4} />}
          title={filtered ? t('library.emptyFiltered') : tab === 'global' ? t('library.emptyGlobal') : t('library.empty')}
        >
          {!filtered && tab === 'organization' && mayEdit && (
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('library.action.new')}
            </Button>
          )}
          {!filtered && tab === 'organization' && !mayEdit && (
            <Text ta="center" fz="sm" c="dimmed">
              {t('library.emptyHint')}
            </Text>
          )}
        </EmptyCards>
      ) : (
        <CardGrid
          total={t('library.total', { count: list.data.total })}
          label={t(tab === 'global' ? 'library.tab.global' : 'library.tab.organization')}
          testId="library-list"
        >
          {list.data.items.map((u) => (
            <LibraryCard key={u._id} unit={u} onOpen={() => change({ unit: u._id })} />
          ))}
        </CardGrid>
      )}
      <Pager
        pages={pages}
        page={page}
        onChange={(next) => change({ page: next > 1 ? String(next) : null })}
        controlLabel={(control) => t(`library.pagination.${control}`)}
        pageLabel={(n) => t('library.pagination.page', { page: n })}
      />
      {openId && (
        <LibraryUnitDrawer
          id={openId}
          onClose={() => change({ unit: null })}
          onCopy={(unit) => setCopying(unit)}
          onEdit={(unit) => setEditing(unit)}
        />
      )}
      {copying && <CopyUnitModal unit={copying} onClose={() => setCopying(null)} />}
      {editing && (
        <LibraryUnitForm
          unit={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing !== 'new') return;
            setSearch('');
            change({ tab: 'organization', framework: null, q: null, page: null, unit: saved._id });
          }}
        />
      )}
    </Page>
  );
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(LibraryPageBody);
