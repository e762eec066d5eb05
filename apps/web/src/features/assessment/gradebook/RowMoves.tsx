import { ActionIcon, Button, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * A list row's Up, Down and Remove buttons (a scale's levels, a template's sections), each named with the row
 * so a reader of the form knows which row it moves. Up is off on the first row, Down on the last.
 */
export function RowMoves({
  index,
  count,
  labels,
  onMove,
  onRemove,
  mb,
}: {
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  mb?: number;
}) {
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        mb={mb}
        aria-label={labels.up}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        mb={mb}
        aria-label={labels.down}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" mb={mb} aria-label={labels.remove} onClick={() => onRemove(index)}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </>
  );
}

/** Below such a list: what is wrong with the list as a whole (said at once), and the button that adds a row. */
export function ListAdd({ error, label, full, onAdd }: { error: unknown; label: string; full: boolean; onAdd: () => void }) {
  return (
    <>
      {typeof error === 'string' && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={full}
        onClick={onAdd}
      >
        {label}
      </Button>
    </>
  );
}
