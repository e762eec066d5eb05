import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/notify';

/**
 * A read of a child's record card that the reader is not to see: 403 when the child's school does not
 * have the card's feature, 404 when the child is not theirs. The card is then left out, not an error.
 */
export const isHidden = (err: unknown): boolean => err instanceof ApiError && (err.status === 403 || err.status === 404);

/** A card of a child's record: a titled section named by its title. */
export function RecordCard({
  title,
  testId,
  gap = 'sm',
  children,
}: {
  title: string;
  testId: string;
  gap?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A record card that shows one read: nothing when the read is hidden (see isHidden), the refusal with a
 * Retry button when it failed, a skeleton while it loads, then `children(data)`.
 */
export function RecordQueryCard<T>({
  query,
  title,
  testId,
  gap,
  retryLabel,
  skeletonHeight,
  children,
}: {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  title: string;
  testId: string;
  gap?: 'sm' | 'md';
  retryLabel: string;
  skeletonHeight: number;
  children: (data: T) => ReactNode;
}) {
  if (isHidden(query.error)) return null;
  return (
    <RecordCard title={title} testId={testId} gap={gap}>
      {query.isError && !query.data ? (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorText(query.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {retryLabel}
            </Button>
          </Stack>
        </Alert>
      ) : !query.data ? (
        <Skeleton h={skeletonHeight} aria-hidden />
      ) : (
        children(query.data)
      )}
    </RecordCard>
  );
}
