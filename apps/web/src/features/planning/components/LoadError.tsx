import { Alert, Stack } from '@mantine/core';
import { LoadFailed } from '../../shell/pages/common';
import { planningErrorText } from '../i18n';

/** A plan or its figures could not be read: the server's reason, and the way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" title={planningErrorText(error)} />
      <LoadFailed onRetry={onRetry} />
    </Stack>
  );
}
