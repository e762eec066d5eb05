import type { Communication, CommunicationType } from '@cue/contract';
import { Button, Drawer, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClassBadges } from '../../../components/ClassBadges';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useCurrentClass } from '../../shell/Selectors';
import { type CommunicationStatus, type ListQuery, useCommunication, useCommunicationList, useDeleteCommunication } from '../api';
import { Attachments } from '../components/Attachments';
import { Page } from '../components/Page';
import { ReadReceipts } from '../components/ReadReceipts';
import { RichText } from '../components/RichText';
import { StatusBadge } from '../components/StatusBadge';
import { COMMUNICATION_NS, commMessage, createPath, editPath, failureText } from '../i18n';

const PAGE_SIZE = 20;
const STATUSES: CommunicationStatus[] = ['draft', 'scheduled', 'published'];

const formatIso = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** When it went out, is due to go out, or was last drafted. */
export function whenText(item: Communication): string {
  if (item.status === 'published' && item.published_at) return formatIso(item.published_at);
  if (item.status === 'scheduled' && item.date && item.time) return `${item.date} ${item.time}`;
  return formatIso(item.created_at);
}

/** A title, or 'Creating announcement...' for a draft still waiting for its title (spec section 4). */
export function TitleText({ item }: { item: Communication }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  if (item.title) return <>{item.title}</>;
  return (
    <Text component="span" c="dimmed" fs="italic" inherit>
      {item.status === 'draft' ? commMessage('creating') : t('untitled')}
    </Text>
  );
}

/** The staff view of one item: its text and files, and for a sent one who has read it. */
function ViewDrawer({ type, id, onClose }: { type: CommunicationType; id: string | null; onClose: () => void }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const item = useCommunication('staff', type, id);
  const data = item.data;
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? <TitleText item={data} /> : t('loading')}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {item.error && <Text c="red">{failureText(item.error)}</Text>}
      {data && (
        <Stack gap="md" data-testid="communication-view">
          <Group gap="xs">
            <StatusBadge status={data.status} />
            <Text fz="sm" c="dimmed">
              {t('byOn', { name: fullName(data.created_by), when: whenText(data) })}
            </Text>
          </Group>
          {data.due_date && (
            <Text fz="sm" fw={600}>
              {t('field.dueDateValue', { date: data.due_date })}
            </Text>
          )}
          <Group gap={6}>
            <Text fz="sm" c="dimmed">
              {t('field.sharedWith')}:
            </Text>
            {data.share_with === 'Everyone' ? (
              <Text fz="sm">{t('shareWith.everyone')}</Text>
            ) : (
              <ClassBadges classes={data.classes} shown={6} />
            )}
          </Group>
          <RichText html={data.summary} />
          <Attachments items={data.announcement_media} />
          {data.status === 'published' && (
            <Stack gap="xs">
              <Text fw={700}>{t('receipts.title')}</Text>
              <ReadReceipts type={type} id={data.id} />
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** Staff: the school's announcements (or homework) with filters, paging and the actions each may take. */
export function StaffList({ type }: { type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const navigate = useNavigate();
  const { schools } = useCurrentClass();
  const remove = useDeleteCommunication(type);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [classId, setClassId] = useState<string | null>(null);
  const [status, setStatus] = useState<CommunicationStatus | null>(null);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Communication | null>(null);

  const query: ListQuery = {
    page,
    page_size: PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(classId ? { class_id: classId } : {}),
    ...(status ? { status } : {}),
  };
  const list = useCommunicationList('staff', type, query);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  const classOptions = useMemo(
    () => (schools.data?.find((s) => s.current)?.classes ?? []).map((c) => ({ value: c.id, label: c.class_name })),
    [schools.data],
  );

  const confirmDelete = (item: Communication) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(t('deleted'));
        setDeleting(null);
      },
      onError: (err) => toast.error(failureText(err)),
    });

  const filtersChanged = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Page
      title={t(`${type}.title`)}
      description={t(`${type}.description`)}
      actions={
        <Button component={Link} to={createPath(type)} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('new')}
        </Button>
      }
    >
      <DataTable<Communication>
        testId="communication-table"
        caption={t(`${type}.title`)}
        rows={list.data?.items}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={debounced || classId || status ? t('emptyFiltered') : t(`${type}.empty`)}
        rowKey={(item) => item.id}
        rowLabel={(item) => item.title || commMessage('creating')}
        rowAttributes={(item) => ({ 'data-status': item.status, 'data-title': item.title })}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex="1 1 240px"
              label={t('filter.search')}
              placeholder={t('filter.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => filtersChanged(() => setSearch(e.currentTarget.value))}
              maxLength={100}
            />
            <Select
              w={220}
              label={t('filter.class')}
              placeholder={t('filter.allClasses')}
              data={classOptions}
              value={classId}
              onChange={(value) => filtersChanged(() => setClassId(value))}
              clearable
              searchable
              nothingFoundMessage={t('nothingFound')}
            />
            <Select
              w={180}
              label={t('filter.status')}
              placeholder={t('filter.allStatuses')}
              data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={status}
              onChange={(value) => filtersChanged(() => setStatus(value as CommunicationStatus | null))}
              clearable
            />
          </Group>
        }
        columns={[
          {
            key: 'title',
            header: t('column.title'),
            render: (item) => (
              <Button
                variant="subtle"
                px={0}
                h="auto"
                fw={600}
                onClick={() => setViewing(item.id)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                data-testid="open-item"
              >
                <TitleText item={item} />
              </Button>
            ),
          },
          { key: 'status', header: t('column.status'), render: (item) => <StatusBadge status={item.status} />, width: 120 },
          {
            key: 'classes',
            header: type === 'homework' ? t('column.classes') : t('column.sharedWith'),
            render: (item) =>
              item.share_with === 'Everyone' ? (
                <Text fz="sm">{t('shareWith.everyone')}</Text>
              ) : (
                <ClassBadges classes={item.classes} shown={2} />
              ),
          },
          ...(type === 'homework'
            ? [{ key: 'due', header: t('column.dueDate'), render: (item: Communication) => item.due_date ?? '—', width: 120 }]
            : []),
          {
            key: 'by',
            header: t('column.createdBy'),
            render: (item) => (
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {fullName(item.created_by)}
              </Text>
            ),
          },
          {
            key: 'when',
            header: t('column.when'),
            render: (item) => (
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {whenText(item)}
              </Text>
            ),
          },
        ]}
        actions={(item) => [
          { label: t('action.view'), icon: IconEye, onClick: () => setViewing(item.id) },
          // What the server says this person may do with it (creator or access_others_announcement;
          // a published one is no longer edited).
          ...(item.abilities.can_edit
            ? [{ label: t('action.edit'), icon: IconPencil, onClick: () => navigate(editPath(type, item.id)) }]
            : []),
          ...(item.abilities.can_delete
            ? [{ label: t('action.delete'), icon: IconTrash, color: 'red', onClick: () => setDeleting(item) }]
            : []),
        ]}
        footer={
          pages > 1 && (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={setPage} getControlProps={pageLabels(t)} />
            </Group>
          )
        }
      />
      <ViewDrawer type={type} id={viewing} onClose={() => setViewing(null)} />
      {deleting && (
        <ConfirmModal
          opened
          onClose={() => setDeleting(null)}
          title={t('deleteTitle')}
          message={t('deleteMessage', { title: deleting.title || commMessage('creating') })}
          confirmLabel={t('action.delete')}
          onConfirm={() => confirmDelete(deleting)}
          pending={remove.isPending}
        />
      )}
    </Page>
  );
}

/** Accessible names of the pagination's arrows. */
export const pageLabels = (t: (key: string) => string) => (control: 'first' | 'previous' | 'last' | 'next') => ({
  'aria-label': t(`page.${control}`),
});
