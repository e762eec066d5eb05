import { Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../../lib/session';
import { LoadFailed } from '../../shell/pages/common';
import { type ObservationEntry, type ObservationQuery, useObservationPages } from '../api';
import { OBSERVATIONS_NS } from '../i18n';
import { ObservationCard } from './ObservationCard';

interface ObservationListProps {
  side: Side;
  query: Omit<ObservationQuery, 'page' | 'page_size'>;
  enabled?: boolean;
  emptyText: string;
  showDate?: boolean;
  showChild?: boolean;
  family?: boolean;
  onEdit?: (entry: ObservationEntry) => void;
  onDelete?: (entry: ObservationEntry) => void;
  /** Above the cards once loaded (e.g. a count of search results). */
  header?: (total: number) => ReactNode;
  /** Lays out the cards (e.g. as a timeline); a plain stack by default. */
  render?: (entries: ObservationEntry[], card: (entry: ObservationEntry) => ReactNode) => ReactNode;
}

/** Observations matching a query, newest first, with loading, failure, empty and "Show more". */
export function ObservationList({
  side,
  query,
  enabled = true,
  emptyText,
  showDate,
  showChild,
  family,
  onEdit,
  onDelete,
  header,
  render,
}: ObservationListProps) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  const list = useObservationPages(side, query, enabled);
  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </Stack>
    );
  }
  if (list.isError) {
    return <LoadFailed onRetry={() => void list.refetch()} />;
  }
  const entries = list.data.pages.flatMap((p) => p.items);
  const total = list.data.pages[0]?.total ?? 0;
  const card = (entry: ObservationEntry) => (
    <ObservationCard
      key={entry.id}
      entry={entry}
      showDate={showDate}
      showChild={showChild}
      family={family}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
  return (
    <Stack gap="sm" data-testid="observation-list" aria-busy={list.isFetching}>
      {header?.(total)}
      {entries.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconNotes size={26} />
            </ThemeIcon>
            <Text c="dimmed" ta="center" data-testid="observations-empty">
              {emptyText}
            </Text>
          </Stack>
        </Center>
      ) : render ? (
        render(entries, card)
      ) : (
        entries.map(card)
      )}
      {list.hasNextPage && (
        <Center>
          <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
