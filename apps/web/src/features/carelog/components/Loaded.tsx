import { Alert, Badge, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { careErrorText } from '../i18n';

/**
 * What a read from the server shows: its refusal in the carelog's words, a placeholder of the expected
 * height while it loads, then what its data makes. The caller passes `error` only when it should hide
 * the data (the care day keeps what it holds through a failed refresh).
 */
export function Loaded<T>({
  error,
  data,
  h,
  children,
}: {
  error: unknown;
  data: T | undefined;
  h: number;
  children: (data: T) => ReactNode;
}) {
  if (error) return <Alert color="red" variant="light" title={careErrorText(error)} />;
  if (data === undefined) return <Skeleton h={h} radius="lg" />;
  return <>{children(data)}</>;
}

/**
 * A tab's count, or nothing when there is none (a function, not a component: the tab keeps no empty
 * section where the count would stand). Its name says what is counted.
 */
export function tabCount(count: number, color: string, label: string): ReactNode {
  if (count <= 0) return undefined;
  return (
    <Badge size="sm" circle color={color} aria-label={label}>
      {count}
    </Badge>
  );
}
