import { Alert, Stack } from '@mantine/core';
import { LoadFailed } from '../../shell/pages/common';
import { assessmentErrorText } from '../i18n';

/** A page's data could not be read: the server's reason (assessment's own sentences first) and the way to try again. */
export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Alert color="red" variant="light" title={assessmentErrorText(error)} />
      <LoadFailed onRetry={onRetry} />
    </Stack>
  );
}
