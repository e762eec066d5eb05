import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The full class name on hover; its own chunk, so pages without long names do not load the tooltip code. */
export default function ClassNameTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} multiline maw={320}>
      {children}
    </Tooltip>
  );
}
