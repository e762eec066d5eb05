import type { ChatRecordMessage, ChatReport } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconDownload, IconEye, IconFile, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { exportConversation, useChatReports, useResolveReport, useSafeguardingList, useSafeguardingRecord } from '../api';
import classes from '../components/Chat.module.css';
import { dayTimeOf, sizeOf } from '../format';
import { CHAT_NS, chatErrorText, chatMessage, SAFEGUARDING_PATH, safeguardingPath } from '../i18n';
import { chatNeed } from './ChatPage';

const need = () => ({ ...chatNeed(), permission: 'daily_communication.chat_safeguarding' as const });

function Failed({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {chatErrorText(error)}
    </Alert>
  );
}

function Loading() {
  const { t } = useTranslation(CHAT_NS);
  return (
    <Center py="xl">
      <Loader type="dots" aria-label={t('loading')} />
    </Center>
  );
}

/** Every conversation of the school, searchable. */
function Conversations() {
  const { t } = useTranslation(CHAT_NS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useSafeguardingList(debounced);
  return (
    <Stack gap="md">
      <TextInput
        label={t('list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        type="search"
      />
      {list.isPending && <Loading />}
      {list.isError && <Failed error={list.error} />}
      {list.data && list.data.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('safeguarding.conversation')}</Table.Th>
                <Table.Th>{t('safeguarding.kind')}</Table.Th>
                <Table.Th>{t('safeguarding.messages')}</Table.Th>
                <Table.Th>{t('safeguarding.lastMessage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td>
                    <Anchor component={Link} to={safeguardingPath(c._id)} fz="sm" fw={600}>
                      {c.title}
                    </Anchor>
                    {c.kind === 'family' && c.class && (
                      <Text fz="xs" c="dimmed">
                        {c.class.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">
                      {c.kind === 'channel'
                        ? t(c.mode === 'announcement' ? 'kind.announcement' : 'kind.channel')
                        : t(c.kind === 'family' ? 'kind.family' : 'kind.staff')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{c.last_seq}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{c.last_message_at ? dayTimeOf(c.last_message_at) : '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ReportCard({ report }: { report: ChatReport }) {
  const { t } = useTranslation(CHAT_NS);
  const resolve = useResolveReport();
  return (
    <Card withBorder radius="md" padding="md" data-testid="chat-report">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={safeguardingPath(report.conversation_id)} fw={600} fz="sm">
            {report.conversation_title}
          </Anchor>
          {report.resolved_at ? (
            <SoftBadge color="teal">{t('reports.resolvedBy', { name: report.resolved_by?.name ?? '' })}</SoftBadge>
          ) : (
            <SoftBadge color="red">{t('reports.open')}</SoftBadge>
          )}
        </Group>
        <Paper withBorder p="xs" radius="sm">
          <Text fz="xs" c="dimmed">
            {report.message.sender_name} · {dayTimeOf(report.message.created_at)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.message.body}
          </Text>
        </Paper>
        <Text fz="sm">
          <Text span fw={600}>
            {t('reports.reportedBy', { name: report.reporter.name, when: dayTimeOf(report.created_at) })}
          </Text>{' '}
          {report.reason}
        </Text>
        {!report.resolved_at && (
          <Group>
            <Button
              size="xs"
              loading={resolve.isPending}
              onClick={() =>
                resolve.mutate(report._id, {
                  onSuccess: () => toast.success(chatMessage('reportResolved')),
                  onError: (err) => toast.error(chatErrorText(err)),
                })
              }
              aria-label={t('reports.resolveOne', { name: report.reporter.name })}
            >
              {t('reports.resolve')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Messages families or staff reported, open first. */
function Reports() {
  const { t } = useTranslation(CHAT_NS);
  const [state, setState] = useState<'open' | 'resolved' | 'all'>('open');
  const reports = useChatReports(state);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('reports.state')}
        value={state}
        onChange={(v) => setState(v as typeof state)}
        data={[
          { value: 'open', label: t('reports.stateOpen') },
          { value: 'resolved', label: t('reports.stateResolved') },
          { value: 'all', label: t('reports.stateAll') },
        ]}
        w="fit-content"
      />
      {reports.isPending && <Loading />}
      {reports.isError && <Failed error={reports.error} />}
      {reports.data?.length === 0 && <Text c="dimmed">{t('reports.none')}</Text>}
      {reports.data?.map((r) => (
        <ReportCard key={r._id} report={r} />
      ))}
    </Stack>
  );
}

function RecordMessage({ message }: { message: ChatRecordMessage }) {
  const { t } = useTranslation(CHAT_NS);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="record-message" data-seq={message.seq}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fz="sm" fw={600}>
          {message.sender.name}{' '}
          <Text span fz="xs" c="dimmed" fw={400}>
            {message.sender.kind === 'staff' ? t('thread.staff') : t('thread.family')} · #{message.seq} ·{' '}
            {dayTimeOf(message.created_at)}
          </Text>
        </Text>
        <Group gap={4}>
          {message.urgent && (
            <SoftBadge color="red" size="sm">
              {t('message.urgent')}
            </SoftBadge>
          )}
          {message.deleted_at && (
            <SoftBadge color="gray" size="sm">
              {t('record.deleted', { when: dayTimeOf(message.deleted_at) })}
            </SoftBadge>
          )}
          {message.edited_at && (
            <SoftBadge color="blue" size="sm">
              {t('message.edited')}
            </SoftBadge>
          )}
          {message.reports > 0 && (
            <SoftBadge color="orange" size="sm">
              {t('record.reports', { count: message.reports })}
            </SoftBadge>
          )}
        </Group>
      </Group>
      <Text
        fz="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        td={message.deleted_at ? 'line-through' : undefined}
      >
        {message.body}
      </Text>
      {message.attachments.length > 0 && (
        <Stack gap={2} mt={4}>
          {message.attachments.map((a) => (
            <Group key={a._id} gap={6}>
              <IconFile size={14} aria-hidden />
              <Anchor href={a.url} target="_blank" rel="noopener noreferrer" fz="sm">
                {a.name}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {sizeOf(a.size)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {message.earlier.length > 0 && (
        <Stack gap={2} mt={6} className={classes.quote}>
          <Text fz="xs" fw={600}>
            {t('record.earlier')}
          </Text>
          {message.earlier.map((e) => (
            <Text key={e.replaced_at} fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {e.body}{' '}
              <Text span c="dimmed" fz="xs">
                ({t('record.replaced', { when: dayTimeOf(e.replaced_at) })})
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** One conversation as the school's record keeps it; the opening itself is recorded. */
function Record({ id }: { id: string }) {
  const { t } = useTranslation(CHAT_NS);
  const record = useSafeguardingRecord(id);
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportConversation(id);
    } catch (err) {
      toast.error(chatErrorText(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Page
      title={record.data?.conversation.title ?? t('record.title')}
      description={t('record.description')}
      actions={
        <>
          <Button
            component={Link}
            to={SAFEGUARDING_PATH}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden className={classes.flip} />}
          >
            {t('record.back')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={exporting}
            disabled={!record.data}
          >
            {t('record.export')}
          </Button>
        </>
      }
    >
      <Alert color="yellow" variant="light" icon={<IconEye size={18} aria-hidden />} data-testid="record-audited">
        {t('record.audited')}
      </Alert>
      {record.isPending && <Loading />}
      {record.isError && <Failed error={record.error} />}
      {record.data && (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('record.members', { names: record.data.conversation.members.map((m) => m.name).join(', ') })}
          </Text>
          {record.data.messages.length === 0 && <Text c="dimmed">{t('thread.empty')}</Text>}
          {record.data.messages.map((m) => (
            <RecordMessage key={m._id} message={m} />
          ))}
        </Stack>
      )}
    </Page>
  );
}

function Overview() {
  const { t } = useTranslation(CHAT_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'reports' ? 'reports' : 'conversations';
  return (
    <Page title={t('safeguarding.title')} description={t('safeguarding.description')}>
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          if (v === 'reports') next.set('tab', 'reports');
          else next.delete('tab');
          setParams(next, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="conversations">{t('safeguarding.conversations')}</Tabs.Tab>
          <Tabs.Tab value="reports">{t('safeguarding.reports')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="conversations">{tab === 'conversations' && <Conversations />}</Tabs.Panel>
        <Tabs.Panel value="reports">{tab === 'reports' && <Reports />}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /communication/chat/safeguarding(/:id): holders of daily_communication.chat_safeguarding. */
export default function SafeguardingPage() {
  const { id } = useParams();
  return <Gate need={need()}>{id ? <Record key={id} id={id} /> : <Overview />}</Gate>;
}
