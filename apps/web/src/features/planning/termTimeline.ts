import { addDays, daysBetween, isoFromDdmmyyyy } from '@cue/contract';

/*
 * The term plan's timeline geometry: every position is a share (0-100) of the academic year's days, so
 * the timeline is drawn with percentages (start and width) and keeps its shape at any width and in
 * either reading direction (the page sets inset-inline-start, which flips in Arabic and Hebrew).
 */

export interface Span {
  /** Share of the year before it starts (0-100). */
  start: number;
  /** Share of the year it lasts (0-100). */
  width: number;
}

/** A span of ISO days on the year's timeline, clipped to the year; null when it falls outside it. */
export function spanOf(yearStart: string, yearEnd: string, from: string, to: string): Span | null {
  const total = daysBetween(yearStart, yearEnd) + 1;
  if (total <= 0 || to < yearStart || from > yearEnd || to < from) return null;
  const a = Math.max(0, daysBetween(yearStart, from));
  const b = Math.min(total, daysBetween(yearStart, to) + 1);
  return { start: (a / total) * 100, width: ((b - a) / total) * 100 };
}

/** Where a day stands on the year's timeline (0-100), or null outside it. */
export function pointOf(yearStart: string, yearEnd: string, day: string): number | null {
  if (day < yearStart || day > yearEnd) return null;
  const total = daysBetween(yearStart, yearEnd) + 1;
  return ((daysBetween(yearStart, day) + 0.5) / total) * 100;
}

/** The months of the year (their first day, ISO) with their span, for the timeline's scale. */
export function monthsOf(yearStart: string, yearEnd: string): { month: string; span: Span }[] {
  const out: { month: string; span: Span }[] = [];
  let first = `${yearStart.slice(0, 7)}-01`;
  while (first <= yearEnd) {
    const [y, m] = first.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const span = spanOf(yearStart, yearEnd, first, addDays(next, -1));
    if (span) out.push({ month: first, span });
    first = next;
  }
  return out;
}

/** A wire day as ISO, or null. */
export const isoOf = (wire: string): string | null => isoFromDdmmyyyy(wire);

/** Units in the order their bars read: by start, then end, then title. */
export function byStart<T extends { start_date: string; end_date: string; name: string }>(units: readonly T[]): T[] {
  const key = (w: string) => isoFromDdmmyyyy(w) ?? w;
  return [...units].sort(
    (a, b) =>
      key(a.start_date).localeCompare(key(b.start_date)) ||
      key(a.end_date).localeCompare(key(b.end_date)) ||
      a.name.localeCompare(b.name),
  );
}
