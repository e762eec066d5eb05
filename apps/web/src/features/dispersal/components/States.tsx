import { Alert, Button, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import { DISPERSAL_NS } from '../i18n';

/** A read's three states: the refusal with Try again, a placeholder of the expected height, then its data. */
export function Loaded<T>({
  error,
  data,
  h,
  retry,
  children,
}: {
  error: unknown;
  data: T | undefined;
  h: number;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(DISPERSAL_NS);
  if (data !== undefined) return <>{children(data)}</>;
  if (error)
    return (
      <Alert color="red" variant="light" title={errorText(error)} data-testid="dispersal-load-error">
        <Button variant="default" size="xs" onClick={retry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  return <Skeleton h={h} radius="lg" />;
}
