import { LIBRARY_ITEM_KINDS, type LibraryItem } from '@cue/contract';
import { Alert, Button, Divider, Group, Modal, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArchive, IconArchiveOff, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal } from '../../../components/FormModal';
import { Pager } from '../../../components/Pager';
import { SoftBadge } from '../../../components/SoftBadge';
import { useAddressParam } from '../../../lib/addressParam';
import { errorText, toast } from '../../../lib/notify';
import { type ItemQuery, useArchiveItem, useLibraryItem, useLibraryItems, useRestoreItem } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { CopiesPanel } from './Copies';
import { languageOptions, libraryText } from './format';
import { ItemCreateModal, ItemEditForm } from './ItemForm';

const ns = LIBRARY_ADMIN_NS;
const PAGE_SIZE = 25;

/** `?item_id=`: the item's details and its copies, in a dialog over the catalogue. */
function ItemPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const item = useLibraryItem(id);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={item.data ? item.data.title : t('panel.loading')}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="item-panel"
    >
      {item.isPending ? (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={200} />
        </Stack>
      ) : item.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{errorText(item.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void item.refetch()}>
              {t('panel.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="lg">
          {item.data.archived && (
            <Alert color="gray" variant="light">
              {t('panel.archived')}
            </Alert>
          )}
          <ItemEditForm key={item.data.id} item={item.data} />
          <Divider />
          <CopiesPanel itemId={item.data.id} copies={item.data.copy_list} canEdit={item.data.abilities.can_edit} />
        </Stack>
      )}
    </Modal>
  );
}

/** The catalogue: search and filters, each item with its copies, Add item, Edit, Archive and Restore. */
export function CatalogueTab({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation(ns);
  const [itemId, setItemId] = useAddressParam('item_id');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [availableOnly, setAvailableOnly] = useState(false);
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<LibraryItem | null>(null);

  const query: ItemQuery = {
    search: debounced || undefined,
    kind: (kind as ItemQuery['kind']) ?? undefined,
    language: language ?? undefined,
    available: availableOnly ? 'true' : undefined,
    archived: archived ? 'true' : 'false',
    page,
    page_size: PAGE_SIZE,
  };
  // A new filter starts again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the reason to go back to page 1
  useEffect(() => setPage(1), [debounced, kind, language, availableOnly, archived]);
  const items = useLibraryItems(query);
  const archive = useArchiveItem();
  const restore = useRestoreItem();
  const languages = useMemo(() => languageOptions(i18n.language), [i18n.language]);
  const number = new Intl.NumberFormat(i18n.language);
  const data = items.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  const doArchive = (item: LibraryItem) => {
    archive.mutate(item.id, {
      onSuccess: (answer) => {
        toast.success(libraryText((answer as { message?: string }).message) || t('catalogue.archivedDone'));
        setConfirming(null);
      },
      onError: (err) => {
        toast.error(errorText(err));
        setConfirming(null);
      },
    });
  };
  const doRestore = (item: LibraryItem) =>
    restore.mutate(item.id, {
      onSuccess: (answer) => toast.success(libraryText(answer.message) || t('catalogue.restoredDone')),
      onError: (err) => toast.error(errorText(err)),
    });

  return (
    <Stack gap="md">
      <DataTable
        caption={t('catalogue.caption')}
        testId="catalogue-table"
        rows={data?.items}
        loading={items.isPending}
        error={items.error}
        onRetry={() => void items.refetch()}
        rowKey={(x) => x.id}
        rowLabel={(x) => x.title}
        rowAttributes={(x) => ({ 'data-archived': x.archived ? 'true' : undefined })}
        emptyText={
          debounced || kind || language || availableOnly
            ? t('catalogue.noMatch')
            : archived
              ? t('catalogue.noArchived')
              : t('catalogue.empty')
        }
        toolbar={
          <Stack gap="sm">
            <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                label={t('catalogue.search')}
                placeholder={t('catalogue.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                type="search"
                flex="1 1 260px"
                data-testid="catalogue-search"
              />
              {canEdit && (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="add-item">
                  {t('catalogue.add')}
                </Button>
              )}
            </Group>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Select
                label={t('catalogue.kind')}
                placeholder={t('catalogue.anyKind')}
                data={LIBRARY_ITEM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                value={kind}
                onChange={setKind}
                clearable
                w={180}
              />
              <Select
                label={t('catalogue.language')}
                placeholder={t('catalogue.anyLanguage')}
                data={languages}
                value={language}
                onChange={setLanguage}
                searchable
                clearable
                w={200}
              />
              <Switch
                label={t('catalogue.availableOnly')}
                checked={availableOnly}
                onChange={(e) => setAvailableOnly(e.currentTarget.checked)}
                mb={8}
              />
              <Switch
                label={t('catalogue.showArchived')}
                checked={archived}
                onChange={(e) => setArchived(e.currentTarget.checked)}
                mb={8}
                data-testid="catalogue-archived"
              />
            </Group>
            {data && (
              <Text fz="sm" c="dimmed" aria-live="polite">
                {t('catalogue.total', { n: number.format(data.total) })}
              </Text>
            )}
          </Stack>
        }
        columns={[
          {
            key: 'title',
            header: t('catalogue.title'),
            render: (x) => (
              <Stack gap={2} miw={180}>
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={600} c={x.archived ? 'dimmed' : undefined}>
                    {x.title}
                  </Text>
                  {x.archived && <SoftBadge color="gray">{t('catalogue.archivedBadge')}</SoftBadge>}
                </Group>
                {(x.subtitle || x.authors.length > 0) && (
                  <Text fz="xs" c="dimmed">
                    {[x.subtitle, x.authors.join(', ')].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'isbn',
            header: t('catalogue.isbn'),
            render: (x) => (
              <Text fz="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {x.isbn ?? '—'}
              </Text>
            ),
          },
          { key: 'kind', header: t('catalogue.kind'), render: (x) => t(`kinds.${x.kind}`) },
          {
            key: 'copies',
            header: t('catalogue.copies'),
            render: (x) => (
              <SoftBadge color={x.copies.available > 0 ? 'teal' : 'gray'}>
                {t('catalogue.copiesCount', {
                  available: number.format(x.copies.available),
                  total: number.format(x.copies.total),
                })}
              </SoftBadge>
            ),
          },
          {
            key: 'waiting',
            header: t('catalogue.waiting'),
            render: (x) => (x.waiting > 0 ? number.format(x.waiting) : ''),
          },
        ]}
        actions={(x) => [
          {
            label: x.abilities.can_edit ? t('catalogue.edit') : t('catalogue.open'),
            icon: IconPencil,
            onClick: () => setItemId(x.id),
          },
          ...(x.abilities.can_edit
            ? [
                x.archived
                  ? {
                      label: t('catalogue.restore'),
                      icon: IconArchiveOff,
                      onClick: () => doRestore(x),
                      disabled: restore.isPending,
                    }
                  : { label: t('catalogue.archive'), icon: IconArchive, onClick: () => setConfirming(x) },
              ]
            : []),
        ]}
        footer={
          <Pager
            pages={pages}
            page={page}
            onChange={setPage}
            controlLabel={(c) => t(`pager.${c}`)}
            pageLabel={(n) => t('pager.page', { n })}
          />
        }
      />
      {adding && (
        <ItemCreateModal
          onClose={() => setAdding(false)}
          onCreated={(item) => {
            setAdding(false);
            setItemId(item.id);
          }}
        />
      )}
      {confirming && (
        <ConfirmModal
          opened
          onClose={() => setConfirming(null)}
          title={t('catalogue.archiveTitle', { title: confirming.title })}
          message={<Text fz="sm">{t('catalogue.archiveMessage')}</Text>}
          confirmLabel={t('catalogue.archive')}
          onConfirm={() => doArchive(confirming)}
          pending={archive.isPending}
        />
      )}
      {itemId && <ItemPanel key={itemId} id={itemId} onClose={() => setItemId(null)} />}
    </Stack>
  );
}
