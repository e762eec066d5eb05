import { type AuditEntityType, type AuditEntry, ROUTES } from '@cue/contract';
import { Button, Code, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiResult } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { ACADEMIC_NS } from '../i18n';

/** The fields an entry changed: each with its value before and after (objects compared by their JSON). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const obj = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const show = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  const a = obj(before);
  const b = obj(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => show(a[k]) !== show(b[k]))
    .map((field) => ({ field, before: show(a[field]), after: show(b[field]) }));
}

export const auditKeys = (type?: AuditEntityType, id?: string) => ['academic', 'audit', type ?? 'all', id ?? 'all'] as const;

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(ACADEMIC_NS);
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.at));
  const fields = changedFields(entry.before, entry.after);
  return (
    <Stack gap={4} data-testid="audit-entry">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{t(`audit.actions.${entry.action}`)}</Text>
        <Text c="dimmed" size="sm">
          {entry.label}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('audit.byAt', { name: entry.actor?.name || t('audit.system'), when })}
      </Text>
      {fields.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.field')}</Table.Th>
                <Table.Th>{t('audit.before')}</Table.Th>
                <Table.Th>{t('audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f.field}>
                  <Table.Td>
                    <Code>{f.field}</Code>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{f.before}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{f.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * "History": a button opening a drawer with the changes of one thing (entity_id given) or of one kind of
 * thing, newest first: who, when, and each field before and after.
 */
export function AuditHistory({
  entityType,
  entityId,
  label,
}: {
  entityType: AuditEntityType;
  entityId?: string;
  label?: string;
}) {
  const { t } = useTranslation(ACADEMIC_NS);
  const [opened, setOpened] = useState(false);
  const query = useInfiniteQuery({
    queryKey: auditKeys(entityType, entityId),
    queryFn: ({ pageParam, signal }) =>
      apiResult(ROUTES.academicAudit, {
        side: 'staff',
        signal,
        query: { entity_type: entityType, entity_id: entityId, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: opened,
  });
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {label ?? t('audit.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('audit.title')}
        position="right"
        size="lg"
        closeButtonProps={{ 'aria-label': t('audit.close') }}
      >
        {query.isPending ? (
          <Loader aria-label={t('audit.loading')} />
        ) : query.isError ? (
          <Text c="red">{errorText(query.error)}</Text>
        ) : entries.length === 0 ? (
          <Text c="dimmed">{t('audit.empty')}</Text>
        ) : (
          <Stack gap="lg">
            {entries.map((e) => (
              <Entry key={e._id} entry={e} />
            ))}
            {query.hasNextPage && (
              <Button variant="subtle" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
                {t('audit.more')}
              </Button>
            )}
          </Stack>
        )}
      </Drawer>
    </>
  );
}
