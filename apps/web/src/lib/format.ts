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
