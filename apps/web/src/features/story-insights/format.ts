import { isoFromDdmmyyyy } from '@cue/contract';

/** A wire day (DD-MM-YYYY) in the reader's language ('9 Mar 2026'); the wire text itself if it is not a day. */
export function showDay(wire: string | null | undefined, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  if (!wire) return '';
  const iso = isoFromDdmmyyyy(wire);
  if (!iso) return wire;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** An instant (ISO) as a day and time in the reader's language and time zone. */
export function showInstant(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** A copy of the list with the entry at `index` moved by `delta` places (kept within the list). */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + delta));
  const copy = [...list];
  if (index < 0 || index >= list.length || target === index) return copy;
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** Whether two lists hold the same ids in the same order. */
export const sameOrder = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The bars of a chart: each value's share of the largest (0-100); all 0 when nothing was counted. */
export function barPercents(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.round((Math.max(0, v) / max) * 100) : 0));
}
