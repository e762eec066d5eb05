import type { CSSProperties } from 'react';

/** A picker's choice (a child, an item): a bordered card, outlined and tinted in the school's colour when chosen. */
export const optionStyle = (selected: boolean): CSSProperties => ({
  borderRadius: 'var(--mantine-radius-md)',
  border: `1px solid ${selected ? 'var(--mantine-color-cue-6)' : 'var(--mantine-color-default-border)'}`,
  background: selected ? 'var(--mantine-color-cue-light)' : undefined,
});
