import { Badge, Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { fullName } from '../../../lib/format';
import { type UsageRow, useUsage } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';
import { formatDateTime } from '../format';
import { usageKey } from '../usage';

interface PersonUsage {
  id: string;
  name: string;
  total: number;
  lastAt: string;
  actions: { action: string; count: number }[];
}

/** The usage rows (one per person and action) grouped by person, busiest first. */
export function groupUsage(rows: UsageRow[]): PersonUsage[] {
  const people = new Map<string, PersonUsage>();
  for (const row of rows) {
    const person = people.get(row.user.id) ?? {
      id: row.user.id,
      name: fullName(row.user),
      total: 0,
      lastAt: row.last_at,
      actions: [],
    };
    person.total += row.count;
    if (row.last_at > person.lastAt) person.lastAt = row.last_at;
    const same = person.actions.find((a) => a.action === row.action);
    if (same) same.count += row.count;
    else person.actions.push({ action: row.action, count: row.count });
    people.set(row.user.id, person);
  }
  for (const person of people.values()) person.actions.sort((a, b) => b.count - a.count || a.action.localeCompare(b.action));
  return [...people.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** Who used what in the last 30 days (GET /api/usage/). */
export default function UsagePage() {
  const { t, i18n } = useTranslation('admin');
  const usage = useUsage(useAllowed('usage'));
  const [search, setSearch] = useState('');
  const people = useMemo(() => (usage.data ? groupUsage(usage.data) : undefined), [usage.data]);
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return needle ? people?.filter((p) => p.name.toLocaleLowerCase().includes(needle)) : people;
  }, [people, search]);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <AdminPage item="usage" title={t('menu.usage')} description={t('usage.description')}>
      <DataTable
        testId="usage-table"
        caption={t('menu.usage')}
        rows={rows}
        loading={usage.isPending}
        error={usage.error}
        onRetry={() => void usage.refetch()}
        rowKey={(p) => p.id}
        emptyText={t('usage.empty')}
        toolbar={
          <TextInput
            aria-label={t('usage.search')}
            placeholder={t('usage.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
        }
        columns={[
          {
            key: 'person',
            header: t('usage.person'),
            width: 220,
            render: (p) => (
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {p.name}
              </Text>
            ),
          },
          {
            key: 'actions',
            header: t('usage.actions'),
            render: (p) => (
              <Group gap={4}>
                {p.actions.map((a) => (
                  <Badge key={a.action} variant="light" color="gray" radius="sm" tt="none">
                    {t(usageKey(a.action) ?? 'usage.other')} × {number(a.count)}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'total',
            header: t('usage.total'),
            width: 100,
            align: 'center',
            render: (p) => <Text fz="sm">{number(p.total)}</Text>,
          },
          {
            key: 'last',
            header: t('usage.lastUsed'),
            width: 200,
            render: (p) => <Text fz="sm">{formatDateTime(p.lastAt, i18n.language)}</Text>,
          },
        ]}
      />
    </AdminPage>
  );
}
