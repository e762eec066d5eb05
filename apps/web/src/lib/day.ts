import { addDays, ddmmyyyyFromIso, isDdmmyyyy, isoFromDdmmyyyy } from '@cue/contract';

/*
 * A page's day as the wire writes it (DD-MM-YYYY): the journal and the carelog both show one day at a
 * time, named in the address's `?date=` so a link opens that day, today on the reader's clock without one.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the device's clock, as the wire writes it (the day the room is living). */
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

/** Whether a wire day comes after today (nothing is written for a day not yet lived). */
export function isFutureDay(wire: string, now: Date = new Date()): boolean {
  const iso = isoFromDdmmyyyy(wire);
  const today = isoFromDdmmyyyy(todayWire(now));
  return !!iso && !!today && iso > today;
}
