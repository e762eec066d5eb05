import type { DataTableProps } from '../../../components/DataTable';

/** An item of an academic setup list: named, and archived rather than deleted. */
interface ListedItem {
  _id: string;
  name: string;
  archived: boolean;
}

/** What a list's query gives the table. */
interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The table props every academic setup list shares: its query's rows, loading, error and retry, rows
 * keyed by id and named by their name, and archived ones marked (`data-archived`) for the muted style.
 */
export function listTableProps<T extends ListedItem>(
  list: ListQuery<T>,
): Pick<DataTableProps<T>, 'rows' | 'loading' | 'error' | 'onRetry' | 'rowKey' | 'rowLabel' | 'rowAttributes'> {
  return {
    rows: list.data,
    loading: list.isPending,
    error: list.error,
    onRetry: () => void list.refetch(),
    rowKey: (x) => x._id,
    rowLabel: (x) => x.name,
    rowAttributes: (x) => ({ 'data-archived': x.archived ? 'true' : undefined }),
  };
}
