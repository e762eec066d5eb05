import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseWireDate, todayWire } from './dates';

export type ObservationView = 'dateView' | 'studentView';
export type ObservationKind = 'daily' | 'report_card';

/** The observation page's state, read from its query parameters (spec section 2). */
export interface ObservationParams {
  type: ObservationKind;
  /** DD-MM-YYYY; today when the URL has none. */
  date: string;
  view: ObservationView;
  /** The student of the student view. */
  id: string | null;
  report_title: string;
  search: string;
}

export type ParamName = keyof ObservationParams;

/**
 * The URL is the state: type, date, view, id, report_title and search. Changes that move to another
 * screen (a view, a day, a child, a type) add a history entry, so the back button returns; typing in a
 * box replaces the current one.
 */
export function useObservationParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ObservationParams>(() => {
    const date = searchParams.get('date');
    return {
      type: searchParams.get('type') === 'report_card' ? 'report_card' : 'daily',
      date: parseWireDate(date) ? (date as string) : todayWire(),
      view: searchParams.get('view') === 'studentView' ? 'studentView' : 'dateView',
      id: searchParams.get('id') || null,
      report_title: searchParams.get('report_title') ?? '',
      search: searchParams.get('search') ?? '',
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<Record<ParamName, string | null>>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}

/** The link to a child's student view, keeping the type. */
export const studentViewHref = (studentId: string, type: ObservationKind = 'daily') =>
  `/assessment/observation?${new URLSearchParams({ type, view: 'studentView', id: studentId }).toString()}`;
