import { isSafeLink, RESOURCE_KINDS } from '@cue/contract';
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconLibraryPlus, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { Pager } from '../../../components/Pager';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { Page } from '../../communication/components/Page';
import { type PlanningResource, useDeleteResource, useFrameworks, useResources } from '../api';
import { oneOf, useAddressChanges } from '../components/addressChanges';
import { CardGrid, EmptyCards, ListError, LoadingCards, SearchField } from '../components/CardList';
import { ageRangeText } from '../components/libraryForms';
import { ResourceForm } from '../components/ResourceForm';
import { ResourceKindIcon } from '../components/ResourceKindIcon';
import { ResourceUploadModal } from '../components/ResourceUploadModal';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';

/** The ages the filter offers, in months: what a child of that age may use. */
const AGE_CHOICES = [6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 72];

/** An age in months in the reader's words ("2 years 6 months", "18 months"). */
function useAgeWords() {
  const { t } = useTranslation(PLANNING_NS);
  const age = (months: number) => {
    const years = Math.floor(months / 12);
    const rest = months % 12;
    if (years < 2) return t('resources.age.months', { count: months });
    return rest ? t('resources.age.yearsMonths', { years, months: rest }) : t('resources.age.years', { count: years });
  };
  return {
    age,
    range: (from: number | null, to: number | null) =>
      ageRangeText(from, to, {
        age,
        from: (a) => t('resources.age.from', { age: a }),
        to: (a) => t('resources.age.to', { age: a }),
      }),
  };
}

/** One resource: its kind, title, author, description, tags (each a filter), areas, ages and uses; open, edit, delete. */
function ResourceCard({
  resource,
  onTag,
  onEdit,
  onDelete,
}: {
  resource: PlanningResource;
  onTag: (tag: string) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const ages = useAgeWords();
  const link = resource.url && isSafeLink(resource.url) ? resource.url : null;
  const range = ages.range(resource.age_from_months, resource.age_to_months);
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="resource-card">
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap" c="dimmed">
          <ResourceKindIcon kind={resource.kind} />
          <Text fz="xs" fw={600} tt="uppercase">
            {t(`resources.kind.${resource.kind}`)}
          </Text>
        </Group>
        <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }} dir="auto">
          {resource.title}
        </Title>
        {(resource.author || resource.file_name) && (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {resource.author ? t('resources.card.by', { author: resource.author }) : resource.file_name}
          </Text>
        )}
        {resource.description && (
          <Text fz="sm" lineClamp={3} dir="auto">
            {resource.description}
          </Text>
        )}
        {resource.tags.length > 0 && (
          <Group gap={4}>
            {resource.tags.map((tag) => (
              <Badge
                key={tag}
                component="button"
                type="button"
                variant="light"
                color="gray"
                style={{ textTransform: 'none', cursor: 'pointer' }}
                onClick={() => onTag(tag)}
                aria-label={t('resources.card.filterTag', { tag })}
              >
                #{tag}
              </Badge>
            ))}
          </Group>
        )}
        {resource.areas.length > 0 && (
          <Group gap={4} aria-label={t('resources.card.areas')}>
            {resource.areas.map((a) => (
              <Badge key={a._id} size="sm" variant="outline" style={{ textTransform: 'none' }}>
                {a.name}
              </Badge>
            ))}
          </Group>
        )}
        <Text fz="xs" c="dimmed">
          {[range ?? t('resources.card.anyAge'), t('resources.card.uses', { count: resource.uses })].join(' · ')}
        </Text>
        <Group gap="xs" mt="auto" pt="xs">
          {link && (
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              leftSection={<IconExternalLink size={14} aria-hidden />}
              aria-label={t('resources.action.openOne', { title: resource.title })}
            >
              {t('resources.action.open')}
            </Button>
          )}
          {resource.abilities.can_edit && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={t('resources.action.editOne', { title: resource.title })}
            >
              {t('resources.action.edit')}
            </Button>
          )}
          {resource.abilities.can_delete && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={t('resources.action.deleteOne', { title: resource.title })}
            >
              {t('resources.action.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /planning/resource-library: the organization's files, links, videos and books by words, kind, tag,
 * learning area and a child's age (all in the address); add one by hand or upload a file, then edit or
 * delete as the server allows.
 */
export default function ResourcesPage() {
  const { t } = useTranslation(PLANNING_NS);
  const ages = useAgeWords();
  const [params, change] = useAddressChanges();
  const searchParam = params.get('q') ?? '';
  const tagParam = params.get('tag') ?? '';
  const kind = oneOf(params.get('kind'), RESOURCE_KINDS);
  const area = params.get('area');
  const ageParam = Number(params.get('age'));
  const age = AGE_CHOICES.includes(ageParam) ? ageParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(searchParam);
  const [tag, setTag] = useState(tagParam);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [debouncedTag] = useDebouncedValue(tag.trim(), 300);
  const [editing, setEditing] = useState<PlanningResource | 'new' | null>(null);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<PlanningResource | null>(null);
  const remove = useDeleteResource();
  const frameworks = useFrameworks();
  // A filter's change starts again from the first page.
  const filter = (changes: Record<string, string | null>) => change({ ...changes, page: null });

  // Typed words reach the address once typing pauses (a link then opens the same search).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the paused words start a search
  useEffect(() => {
    if (debounced !== searchParam || debouncedTag !== tagParam) filter({ q: debounced, tag: debouncedTag });
  }, [debounced, debouncedTag]);

  const list = useResources({
    search: searchParam || undefined,
    kind,
    tag: tagParam || undefined,
    area_id: area ?? undefined,
    age_months: age,
    page,
  });
  const pages = list.data ? Math.ceil(list.data.total / list.data.page_size) : 0;
  const filtered = !!(searchParam || tagParam || kind || area || age !== undefined);
  const areaData = (frameworks.data ?? []).map((f) => ({
    group: f.name,
    items: f.areas.map((a) => ({ value: a._id, label: a.name })),
  }));
  const clearFilters = () => {
    setSearch('');
    setTag('');
    change({ q: null, tag: null, kind: null, area: null, age: null, page: null });
  };

  return (
    <Page
      title={t('resources.title')}
      description={t('resources.description')}
      actions={
        <>
          <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
            {t('resources.action.upload')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('resources.action.add')}
          </Button>
        </>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('resources.filter.label')}>
        <SearchField
          label={t('resources.filter.search')}
          placeholder={t('resources.filter.searchHint')}
          value={search}
          onChange={setSearch}
          width={240}
        />
        <Select
          label={t('resources.filter.kind')}
          placeholder={t('resources.filter.anyKind')}
          data={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resources.kind.${k}`) }))}
          value={kind ?? null}
          onChange={(value) => filter({ kind: value })}
          clearable
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          label={t('resources.filter.tag')}
          placeholder={t('resources.filter.anyTag')}
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label={t('resources.filter.area')}
          placeholder={t('resources.filter.anyArea')}
          data={areaData}
          value={area}
          onChange={(value) => filter({ area: value })}
          clearable
          searchable
          nothingFoundMessage={t('resources.form.noAreas')}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('resources.filter.age')}
          placeholder={t('resources.filter.anyAge')}
          data={AGE_CHOICES.map((m) => ({ value: String(m), label: ages.age(m) }))}
          value={age === undefined ? null : String(age)}
          onChange={(value) => filter({ age: value })}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
        {filtered && (
          <Button variant="subtle" onClick={clearFilters}>
            {t('resources.filter.clear')}
          </Button>
        )}
      </Group>
      {list.error && !list.data ? (
        <ListError error={list.error} />
      ) : !list.data ? (
        <LoadingCards label={t('resources.loading')} height={200} />
      ) : list.data.items.length === 0 ? (
        <EmptyCards
          icon={<IconLibraryPlus size={36} aria-hidden stroke={1.4} />}
          title={filtered ? t('resources.emptyFiltered') : t('resources.empty')}
        >
          {filtered ? (
            <Button variant="light" onClick={clearFilters}>
              {t('resources.filter.clear')}
            </Button>
          ) : (
            <Text ta="center" fz="sm" c="dimmed">
              {t('resources.emptyHint')}
            </Text>
          )}
        </EmptyCards>
      ) : (
        <CardGrid
          total={t('resources.total', { count: list.data.total })}
          label={t('resources.listLabel')}
          testId="resource-list"
        >
          {list.data.items.map((r) => (
            <ResourceCard
              key={r._id}
              resource={r}
              onTag={(next) => {
                setTag(next);
                filter({ tag: next });
              }}
              onEdit={() => setEditing(r)}
              onDelete={() => setDeleting(r)}
            />
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
      {editing && <ResourceForm resource={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {uploading && (
        <ResourceUploadModal
          onClose={() => setUploading(false)}
          onUploaded={(resource) => {
            setUploading(false);
            setEditing(resource);
          }}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          onClose={() => setDeleting(null)}
          title={t('resources.delete.title')}
          message={
            deleting.uses > 0
              ? t('resources.delete.bodyUsed', { title: deleting.title, count: deleting.uses })
              : t('resources.delete.body', { title: deleting.title })
          }
          confirmLabel={t('resources.delete.confirm')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: toastThen(planningMessage('resourceDeleted'), () => setDeleting(null)),
              onError: (err) => toast.error(planningErrorText(err)),
            })
          }
        />
      )}
    </Page>
  );
}
