import type { MediaItem } from '@cue/contract';
import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import type { useClassMedia } from '../api';
import { MEDIA_NS } from '../i18n';

/**
 * A gallery list's states, one way for every side: the refusal with a retry, the placeholder while the
 * first page loads, the empty sentence, then the items and "Load more" for the next page.
 */
export function GalleryList({
  list,
  empty,
  children,
}: {
  list: ReturnType<typeof useClassMedia>;
  empty: string;
  children: (items: MediaItem[]) => ReactNode;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const items = list.data?.pages.flatMap((p) => p.items);
  if (list.error && !items)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={errorText(list.error)}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  if (!items) return <Skeleton h={260} radius="lg" />;
  if (items.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
          {empty}
        </Text>
      </Paper>
    );
  return (
    <>
      {children(items)}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('gallery.loadMore')}
          </Button>
        </Group>
      )}
    </>
  );
}
