import { badRequest } from '../../platform/errors.js';
import { dateTimeFormat } from '../../platform/intl.js';

/** 'DD-MM-YYYY' → 'YYYY-MM-DD', refusing days that do not exist. */
export function toIso(ddmmyyyy: string, field = 'date'): string {
  const [d, m, y] = ddmmyyyy.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
  if (date.getUTCDate() !== d || date.getUTCMonth() + 1 !== m)
    throw badRequest(`${field}: ${ddmmyyyy} is not a date`, undefined, field);
  return date.toISOString().slice(0, 10);
}

export const toDdmmyyyy = (iso: string): string => iso.split('-').reverse().join('-');

/** Today's date ('YYYY-MM-DD') in a time zone. */
export const todayIn = (timeZone: string, now: Date): string => dateTimeFormat('en-CA', { timeZone }).format(now);

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, inclusive. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const weekdayOf = (iso: string) => WEEKDAY_NAMES[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? 'sunday';

/** Monday of the week that holds the date. */
export function weekStart(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((day + 6) % 7));
}
