import { isoFromDdmmyyyy } from '@cue/contract';

/** A wire or ISO day in the reader's language ('Mon, 23 Nov'); the text itself if it is not a day. */
export function showDay(
  day: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  const iso = /^\d{4}-/.test(day) ? day : isoFromDdmmyyyy(day);
  if (!iso) return day;
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** Two days as one range in the reader's language ('23 – 29 Nov 2026'). */
export function showRange(from: string, to: string, language: string): string {
  const a = /^\d{4}-/.test(from) ? from : isoFromDdmmyyyy(from);
  const b = /^\d{4}-/.test(to) ? to : isoFromDdmmyyyy(to);
  if (!a || !b) return `${from} – ${to}`;
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`));
}

/**
 * A time (hh:mm A) kept left to right inside a sentence of any direction: in Arabic or Hebrew its
 * "AM"/"PM" would otherwise be reordered around the digits.
 */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
