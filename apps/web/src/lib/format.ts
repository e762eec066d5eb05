import { CLASS_NAME_DISPLAY_LENGTH } from '@cue/contract';

export interface Truncated {
  text: string;
  full: string;
  truncated: boolean;
}

/** Cuts text at `max` characters (not UTF-16 units) and adds an ellipsis. */
export function truncate(value: string, max: number): Truncated {
  const chars = Array.from(value);
  if (chars.length <= max) return { text: value, full: value, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, full: value, truncated: true };
}

/** Class names display truncated at 25 characters; the full name goes in a tooltip (spec section 5). */
export const formatClassName = (name: string): Truncated => truncate(name, CLASS_NAME_DISPLAY_LENGTH);

export const fullName = (person: { first_name: string; last_name: string }): string =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

export const initials = (person: { first_name: string; last_name: string }): string =>
  [person.first_name, person.last_name]
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toUpperCase();

/** Formats a national phone number for display: 90000 00003. */
export const formatPhone = (digits: string): string =>
  digits.length === 10 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;

const AGE_RANGE = /^\s*(\d{1,2})\s*y\s*(\d{1,2})\s*m\s*-\s*(\d{1,2})\s*y\s*(\d{1,2})\s*m\s*$/i;

/**
 * A class's age range as stored in the spec's form ('2y 3m - 3y 0m'): as it is in English, in the
 * reader's words for years and months in Arabic and Hebrew ('سنتان و3 أشهر – 3 سنوات'); any other
 * text as it was written.
 */
export function formatAgeRange(text: string, language: string): string {
  const match = AGE_RANGE.exec(text);
  if (!match || language.startsWith('en')) return text;
  const unit = (name: 'year' | 'month') => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' });
  const years = unit('year');
  const months = unit('month');
  const list = new Intl.ListFormat(language, { type: 'unit', style: 'long' });
  const age = (y: number, m: number) =>
    list.format([...(y > 0 || m === 0 ? [years.format(y)] : []), ...(m > 0 ? [months.format(m)] : [])]);
  const [, y1, m1, y2, m2] = match.map(Number);
  return `${age(y1 ?? 0, m1 ?? 0)} – ${age(y2 ?? 0, m2 ?? 0)}`;
}
