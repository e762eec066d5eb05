import { addDays, ddmmyyyyFromIso, isDdmmyyyy, isoFromDdmmyyyy } from '@cue/contract';

/**
 * The journal's day: one entry per class and day. The page's address holds it as the wire's
 * DD-MM-YYYY (`?date=09-03-2026`) so a link opens that day; without one it is today on the reader's
 * clock (the day the teacher is living).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the device's clock, as the wire writes it. */
export const todayWire = (now: Date = new Date()): string =>
  `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;

/** The day the address asks for, else today. */
export const dayFromParam = (value: string | null, now: Date = new Date()): string =>
  value && isDdmmyyyy(value) ? value : todayWire(now);

/** The day before (-1) or after (+1) a wire day. */
export function shiftDay(wire: string, days: number): string {
  const iso = isoFromDdmmyyyy(wire);
  return iso ? ddmmyyyyFromIso(addDays(iso, days)) : wire;
}

/** Whether a wire day is after today (the journal of a day not yet lived is not written). */
export function isFuture(wire: string, now: Date = new Date()): boolean {
  const iso = isoFromDdmmyyyy(wire);
  const today = isoFromDdmmyyyy(todayWire(now));
  return !!iso && !!today && iso > today;
}

/** The first `max` characters of a text, cut at a word where one is near, with an ellipsis. */
export function firstLines(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
