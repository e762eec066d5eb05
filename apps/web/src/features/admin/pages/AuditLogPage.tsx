import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditEntry,
  type AuditLogFilter,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  ROUTES,
} from '@cue/contract';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ReaderDates } from '../../../components/ReaderDates';
import { apiResult } from '../../../lib/api';
import { errorText, toast } from '../../../lib/notify';
import { changedFields } from '../../academic/components/AuditHistory';
import { ACADEMIC_NS } from '../../academic/i18n';
import { dayFieldProps } from '../../stories/components/dates';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { downloadFile } from '../download';
import { formatDateTime } from '../format';

const isoOf = (wire: string | undefined) => (wire ? (isoFromDdmmyyyy(wire) ?? null) : null);
const wireOf = (value: unknown) => (value ? ddmmyyyyFromIso(String(value).slice(0, 10)) : undefined);

/** The filter without its empty parts, as the query string carries it. */
function cleanFilter(filter: AuditLogFilter): AuditLogFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as AuditLogFilter;
}

/** What an entry changed, field by field, in one short line each. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry.before, entry.after);
  if (fields.length === 0) return null;
  return (
    <Stack gap={0}>
      {fields.slice(0, 4).map((f) => (
        <Text key={f.field} fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }} lineClamp={2}>
          <Text span fz="xs" fw={600} c="dark">
            {f.field}
          </Text>
          {': '}
          {f.before ? (
            <Text span fz="xs" td="line-through">
              {f.before}
            </Text>
          ) : null}
          {f.before && f.after ? ' → ' : null}
          {f.after}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The school's audit log (GET /api/audit_log): sign-ins, permission and staff changes, data exports,
 * deletions, Cue's writes and safeguarding openings, newest first; searchable, filtered by action, kind
 * and days, and exported as CSV (the export is itself logged).
 */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: ta } = useTranslation(ACADEMIC_NS);
  const allowed = useAllowed('permissions/audit-log');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [action, setAction] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [from, setFrom] = useState<string | undefined>();
  const [to, setTo] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const filter = cleanFilter({
    q: debounced || undefined,
    action: (action ?? undefined) as AuditLogFilter['action'],
    entity_type: (type ?? undefined) as AuditLogFilter['entity_type'],
    from,
    to,
  });
  const query = useInfiniteQuery({
    queryKey: ['admin', 'audit-log', filter],
    queryFn: ({ pageParam, signal }) =>
      apiResult(ROUTES.auditLog, { side: 'staff', signal, query: { ...filter, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const rows = query.data?.pages.flatMap((p) => p.items);
  const exportCsv = () => {
    setExporting(true);
    downloadFile(ROUTES.auditLogCsv, 'audit-log.csv', { query: filter })
      .then(() => toast.success(t('auditLog.exported')))
      .catch((err) => toast.error(errorText(err)))
      .finally(() => setExporting(false));
  };
  /** An entry's name: its label, a sign-in's way in the reader's language, else its kind's name. */
  const labelOf = (e: AuditEntry) => {
    if (e.label) return e.label;
    const method = (e.after as { method?: unknown } | null)?.method;
    if (e.entity_type === 'session' && typeof method === 'string')
      return t('auditLog.signedInWith', { method: t(`auditLog.methods.${method}`, { defaultValue: method }) });
    return t(`auditLog.types.${e.entity_type}`);
  };
  const actionOptions = AUDIT_ACTIONS.map((a) => ({ value: a, label: ta(`audit.actions.${a}`) }));
  const typeOptions = AUDIT_ENTITY_TYPES.map((k) => ({ value: k, label: t(`auditLog.types.${k}`) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );

  return (
    <AdminPage
      item="permissions/audit-log"
      title={t('menu.permissions/audit-log')}
      description={t('auditLog.description')}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={exportCsv}
          data-testid="audit-log-export"
        >
          {t('auditLog.export')}
        </Button>
      }
    >
      <DataTable
        testId="audit-log-table"
        caption={t('menu.permissions/audit-log')}
        rows={rows}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(e) => e._id}
        emptyText={t('auditLog.empty')}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('auditLog.search')}
              placeholder={t('auditLog.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 220 }}
              maxLength={100}
            />
            <Select
              label={t('auditLog.action')}
              placeholder={t('auditLog.any')}
              data={actionOptions}
              value={action}
              onChange={setAction}
              clearable
              searchable
              w={{ base: 'calc(50% - 6px)', xs: 160 }}
              data-testid="audit-log-action"
            />
            <Select
              label={t('auditLog.type')}
              placeholder={t('auditLog.any')}
              data={typeOptions}
              value={type}
              onChange={setType}
              clearable
              searchable
              w={{ base: 'calc(50% - 6px)', xs: 180 }}
            />
            <ReaderDates>
              <DateInput
                {...dayFieldProps}
                label={t('auditLog.from')}
                value={isoOf(from)}
                onChange={(v) => setFrom(wireOf(v))}
                maxDate={isoOf(to) ?? undefined}
                clearable
                w={{ base: 'calc(50% - 6px)', xs: 140 }}
              />
              <DateInput
                {...dayFieldProps}
                label={t('auditLog.to')}
                value={isoOf(to)}
                onChange={(v) => setTo(wireOf(v))}
                minDate={isoOf(from) ?? undefined}
                clearable
                w={{ base: 'calc(50% - 6px)', xs: 140 }}
              />
            </ReaderDates>
          </Group>
        }
        footer={
          query.hasNextPage ? (
            <Group justify="center">
              <Button variant="subtle" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('auditLog.more')}
              </Button>
            </Group>
          ) : undefined
        }
        rowAttributes={(e) => ({ 'data-action': e.action })}
        columns={[
          {
            key: 'when',
            header: t('auditLog.when'),
            width: 170,
            render: (e) => (
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(e.at, i18n.language)}
              </Text>
            ),
          },
          {
            key: 'who',
            header: t('auditLog.who'),
            width: 170,
            render: (e) => <Text fz="sm">{e.actor?.name || ta('audit.system')}</Text>,
          },
          {
            key: 'action',
            header: t('auditLog.action'),
            width: 150,
            render: (e) => (
              <Badge variant="light" color={e.action === 'delete' ? 'red' : 'gray'} radius="sm" tt="none">
                {ta(`audit.actions.${e.action}`)}
              </Badge>
            ),
          },
          {
            key: 'what',
            header: t('auditLog.what'),
            render: (e) => (
              <Stack gap={2}>
                <Text fz="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {labelOf(e)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t(`auditLog.types.${e.entity_type}`)}
                </Text>
                <Changes entry={e} />
              </Stack>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
