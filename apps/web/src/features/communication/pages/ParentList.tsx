import { COMMUNICATION_PUBLISHED_EVENT, type Communication, type CommunicationType } from '@cue/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPaperclip, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fullName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useClassEvent } from '../../../lib/socket';
import { useCurrentUser } from '../../auth/useCurrentUser';
import { communicationKeys, useCommunication, useCommunicationList } from '../api';
import { Attachments } from '../components/Attachments';
import { Page } from '../components/Page';
import { plainText, RichText } from '../components/RichText';
import { COMMUNICATION_NS, failureText } from '../i18n';
import { pageLabels } from './StaffList';

const PAGE_SIZE = 20;

const published = (item: Communication) =>
  item.published_at
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.published_at))
    : '';

interface PublishedEvent {
  id: string;
  type: string;
  title: string;
  class_ids: string[];
}

/** Follows one class's room: something new for it refreshes the list at once. */
function ClassFollower({ classId, type }: { classId: string; type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const client = useQueryClient();
  useClassEvent<PublishedEvent>(classId, COMMUNICATION_PUBLISHED_EVENT, (event) => {
    if (event.type !== type) return;
    void client.invalidateQueries({ queryKey: communicationKeys.type('parent', type) });
    toast.info(event.title, t(`${type}.arrived`));
  });
  return null;
}

/** One item for reading: opening it tells the school it was read. */
function ReadModal({ type, id, onClose }: { type: CommunicationType; id: string | null; onClose: () => void }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const client = useQueryClient();
  const mobile = useMediaQuery('(max-width: 36em)');
  const item = useCommunication('parent', type, id);
  const data = item.data;
  // Read now: the list's "New" mark goes.
  useEffect(() => {
    if (data && id) void client.invalidateQueries({ queryKey: [...communicationKeys.type('parent', type), 'list'] });
  }, [data, id, client, type]);
  return (
    <Modal
      opened={!!id}
      onClose={onClose}
      size="lg"
      fullScreen={mobile}
      title={data?.title ?? t('loading')}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {item.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {failureText(item.error)}
        </Alert>
      )}
      {!data && !item.error && <Skeleton h={120} radius="md" />}
      {data && (
        <Stack gap="md" data-testid="communication-read">
          <Text fz="sm" c="dimmed">
            {t('byOn', { name: fullName(data.created_by), when: published(data) })}
          </Text>
          {data.due_date && (
            <Badge variant="light" color="orange" radius="sm" tt="none" size="lg">
              {t('field.dueDateValue', { date: data.due_date })}
            </Badge>
          )}
          <RichText html={data.summary} />
          <Attachments items={data.announcement_media} />
        </Stack>
      )}
    </Modal>
  );
}

/** Parents: what was shared with any of their children's classes, newest first; new ones arrive live. */
export function ParentList({ type }: { type: CommunicationType }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const children = useCurrentUser().parent?.child_list ?? null;
  const [params, setParams] = useSearchParams();
  const open = params.get('open');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const classIds = [...new Set((children ?? []).flatMap((c) => c.student_class.map((k) => k.class_id)))];
  const list = useCommunicationList(
    'parent',
    type,
    { page, page_size: PAGE_SIZE, ...(debounced ? { search: debounced } : {}) },
    !!children?.length,
  );
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('open', id);
        else next.delete('open');
        return next;
      },
      { replace: !id },
    );

  const items = list.data?.items;
  return (
    <Page
      width={860}
      title={t(`${type}.title`)}
      description={
        children?.length
          ? t('parent.forChild', {
              name: new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(children.map(fullName)),
            })
          : t('parent.noChild')
      }
    >
      {classIds.map((id) => (
        <ClassFollower key={id} classId={id} type={type} />
      ))}
      <TextInput
        label={t('filter.search')}
        placeholder={t('filter.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maxLength={100}
      />
      {list.error && !items ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={failureText(list.error)}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !items ? (
        <Stack gap="sm">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={84} radius="lg" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {debounced ? t('emptyFiltered') : t(`${type}.parentEmpty`)}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="parent-list">
          {items.map((item) => {
            const preview = plainText(item.summary);
            return (
              <li key={item.id}>
                <Paper withBorder radius="lg" p={0} data-testid="parent-item" data-read={item.read ? 'true' : 'false'}>
                  <UnstyledButton onClick={() => setOpen(item.id)} p="md" w="100%" aria-label={item.title}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Stack gap={4} miw={0}>
                        <Group gap="xs" wrap="nowrap">
                          {!item.read && (
                            <Badge size="sm" color="cue" variant="filled" radius="sm" tt="none">
                              {t('parent.new')}
                            </Badge>
                          )}
                          <Text fw={item.read ? 500 : 700} truncate="end">
                            {item.title}
                          </Text>
                        </Group>
                        {preview && (
                          <Text fz="sm" c="dimmed" lineClamp={2}>
                            {preview}
                          </Text>
                        )}
                        <Group gap="sm">
                          <Text fz="xs" c="dimmed">
                            {published(item)}
                          </Text>
                          {item.due_date && (
                            <Text fz="xs" fw={600} c="orange.8">
                              {t('field.dueDateValue', { date: item.due_date })}
                            </Text>
                          )}
                          {item.announcement_media.length > 0 && (
                            <Group gap={2} c="dimmed">
                              <IconPaperclip size={14} aria-hidden />
                              <Text fz="xs">{t('attachments.count', { count: item.announcement_media.length })}</Text>
                            </Group>
                          )}
                        </Group>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </Paper>
              </li>
            );
          })}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={pageLabels(t)} />
        </Group>
      )}
      <ReadModal type={type} id={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
