import { isoFromDdmmyyyy } from '@cue/contract';
import { currentLanguage } from '../../lib/i18n';

/*
 * Times and days of the chat in the reader's language and time zone (the browser's): a message's time,
 * a day's heading, the list's "when".
 */

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The local day of an instant ('2026-11-27'), to group messages by. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** '9:41 AM' (or the language's own way). */
export const timeOf = (iso: string): string =>
  new Intl.DateTimeFormat(currentLanguage(), { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** A day heading: 'today' / 'yesterday' (the caller's words) or the date in the reader's language. */
export function dayHeading(day: string, words: { today: string; yesterday: string }, now = new Date()): string {
  const date = new Date(`${day}T12:00:00`);
  if (sameDay(date, now)) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return words.yesterday;
  return new Intl.DateTimeFormat(currentLanguage(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The list's "when": the time for today's, else the day. */
export function whenOf(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (sameDay(date, now)) return timeOf(iso);
  return new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short' }).format(date);
}

/** A day and time ('Mon 30 Nov, 8:00 AM'), for when staff will see a message. */
export const dayTimeOf = (iso: string): string =>
  new Intl.DateTimeFormat(currentLanguage(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** A file's size in the reader's digits ('1.2 MB'). */
export function sizeOf(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** The last day of an out-of-office note (DD-MM-YYYY on the wire, or an instant) in the reader's words. */
export function untilOf(value: string): string {
  const day = isoFromDdmmyyyy(value);
  const date = day ? new Date(`${day}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', day: 'numeric', month: 'short' }).format(date);
}
