import { describe, expect, it, vi } from 'vitest';
import { listTableProps } from './listTable';

describe('an academic list as a table', () => {
  const rows = [
    { _id: 'a', name: 'Hall', archived: false },
    { _id: 'b', name: 'Old room', archived: true },
  ];

  it("hands over the query's rows, loading, error and retry", () => {
    const refetch = vi.fn();
    const props = listTableProps({ data: rows, isPending: false, error: null, refetch });
    expect(props.rows).toBe(rows);
    expect(props.loading).toBe(false);
    expect(props.error).toBeNull();
    props.onRetry?.();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(listTableProps({ data: undefined, isPending: true, error: 'x', refetch }).loading).toBe(true);
  });

  it('keys rows by id, names them by name and marks only archived ones', () => {
    const props = listTableProps({ data: rows, isPending: false, error: null, refetch: () => undefined });
    expect(rows.map(props.rowKey)).toEqual(['a', 'b']);
    expect(rows.map((r) => props.rowLabel?.(r))).toEqual(['Hall', 'Old room']);
    expect(rows.map((r) => props.rowAttributes?.(r))).toEqual([{ 'data-archived': undefined }, { 'data-archived': 'true' }]);
  });
});
