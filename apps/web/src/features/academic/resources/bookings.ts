import { addDays, ddmmyyyyFromIso, eachDay, isoFromDdmmyyyy, weekStart } from '@cue/contract';
import { minutesOf } from '../schedule/slots';

/*
 * The bookings' view: one day or the week (Monday to Sunday) that holds it, and each day's bookings by
 * resource, in the order of the day.
 */

/** The first and last day shown (DD-MM-YYYY) for a day and a view. */
export function rangeOf(day: string, view: 'day' | 'week'): { from: string; to: string } {
  const iso = isoFromDdmmyyyy(day);
  if (!iso || view === 'day') return { from: day, to: day };
  const monday = weekStart(iso);
  return { from: ddmmyyyyFromIso(monday), to: ddmmyyyyFromIso(addDays(monday, 6)) };
}

/** The day `by` days or weeks from `day` (DD-MM-YYYY). */
export function stepDay(day: string, view: 'day' | 'week', by: number): string {
  const iso = isoFromDdmmyyyy(day);
  return iso ? ddmmyyyyFromIso(addDays(iso, by * (view === 'week' ? 7 : 1))) : day;
}

interface Bookable {
  date: string;
  start: string;
  end: string;
  resource: { _id: string; name: string };
}

/**
 * Every day of the range (DD-MM-YYYY) with its bookings grouped by resource (resources by name, bookings
 * by start then end); days without bookings keep an empty list so the week reads whole.
 */
export function agendaOf<T extends Bookable>(
  bookings: readonly T[],
  from: string,
  to: string,
): { date: string; resources: { id: string; name: string; bookings: T[] }[] }[] {
  const a = isoFromDdmmyyyy(from);
  const b = isoFromDdmmyyyy(to);
  const days = a && b ? eachDay(a, b).map(ddmmyyyyFromIso) : [from];
  const time = (x: T) => [minutesOf(x.start) ?? 0, minutesOf(x.end) ?? 0] as const;
  return days.map((date) => {
    const mine = bookings.filter((x) => x.date === date);
    const byResource = new Map<string, { id: string; name: string; bookings: T[] }>();
    for (const x of mine) {
      const entry = byResource.get(x.resource._id) ?? { id: x.resource._id, name: x.resource.name, bookings: [] };
      entry.bookings.push(x);
      byResource.set(x.resource._id, entry);
    }
    const resources = [...byResource.values()].sort((p, q) => p.name.localeCompare(q.name));
    for (const r of resources) r.bookings.sort((p, q) => time(p)[0] - time(q)[0] || time(p)[1] - time(q)[1]);
    return { date, resources };
  });
}

/** Whether a booking's start is before its end (both wire times). */
export function endsAfterStart(start: string, end: string): boolean {
  const a = minutesOf(start);
  const b = minutesOf(end);
  return a !== null && b !== null && b > a;
}
