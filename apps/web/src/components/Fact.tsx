import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled fact of a record's page (an invoice's due date, a leave request's days). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}
