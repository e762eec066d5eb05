import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Fixed width (e.g. for counts). */
  width?: number | string;
  align?: 'start' | 'center' | 'end';
}

export interface RowAction {
  /** What the action does ("Edit"); the button's accessible name adds the row's name. */
  label: string;
  icon: ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers (a hidden caption). */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** The row's name in action buttons' labels ("Edit Nursery A"). */
  rowLabel?: (row: T) => string;
  actions?: (row: T) => RowAction[];
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows. */
  emptyText: string;
  /** Filters and buttons above the table. */
  toolbar?: ReactNode;
  /** Below the table (pagination, totals). */
  footer?: ReactNode;
  /** Extra attributes per row (e.g. data-archived). */
  rowAttributes?: (row: T) => Record<string, string | undefined>;
  testId?: string;
}

const textAlign = (align: Column<unknown>['align']) => align ?? 'start';

/**
 * The one table pattern of the admin screens: an optional toolbar, a horizontally scrolling table
 * with a sticky header, per-row icon actions with accessible names, skeleton rows while loading, a
 * retry on failure and an empty message.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  actions,
  loading = false,
  error,
  onRetry,
  emptyText,
  toolbar,
  footer,
  rowAttributes,
  testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const withActions = !!actions;
  const colSpan = columns.length + (withActions ? 1 : 0);

  let body: ReactNode;
  if (loading && !rows) {
    body = [0, 1, 2].map((n) => (
      <Table.Tr key={`skeleton-${n}`}>
        <Table.Td colSpan={colSpan}>
          <Skeleton height={18} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (rows && rows.length > 0) {
    body = rows.map((row) => {
      const name = rowLabel?.(row) ?? '';
      return (
        <Table.Tr key={rowKey(row)} {...rowAttributes?.(row)}>
          {columns.map((col) => (
            <Table.Td key={col.key} ta={textAlign(col.align)} style={{ verticalAlign: 'middle' }}>
              {col.render(row)}
            </Table.Td>
          ))}
          {withActions && (
            <Table.Td ta="end">
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {actions(row).map((action) => {
                  const Icon = action.icon;
                  const label = name ? t('table.actionFor', { action: action.label, name }) : action.label;
                  return (
                    <Tooltip key={action.label} label={action.label}>
                      <ActionIcon
                        variant="subtle"
                        color={action.color ?? 'gray'}
                        size="lg"
                        aria-label={label}
                        onClick={action.onClick}
                        disabled={action.disabled}
                      >
                        <Icon size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  );
                })}
              </Group>
            </Table.Td>
          )}
        </Table.Tr>
      );
    });
  }

  const empty = !loading && !error && rows !== undefined && rows.length === 0;

  return (
    <Stack gap="md" data-testid={testId}>
      {toolbar}
      {error && !rows ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('table.loadFailed')}>
          {onRetry && (
            <Button size="xs" variant="white" color="red" mt="xs" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      ) : empty ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {emptyText}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" stickyHeader aria-busy={loading}>
              <VisuallyHidden component="caption">{caption}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((col) => (
                    <Table.Th key={col.key} w={col.width} ta={textAlign(col.align)} fz="xs" tt="uppercase" c="dimmed">
                      {col.header}
                    </Table.Th>
                  ))}
                  {withActions && (
                    <Table.Th ta="end" w={1}>
                      <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {footer}
    </Stack>
  );
}
