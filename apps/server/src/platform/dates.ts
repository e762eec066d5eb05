import { formatHhmmA, isoFromDdmmyyyy, parseHhmmA } from '@cue/contract';
import { badRequest } from './errors.js';

/**
 * A wire date ('DD-MM-YYYY', already checked by the route's schema) as the ISO date services work
 * with; a day that does not exist is the caller's mistake (400 on the field).
 */
export function isoFromWire(value: string, field = 'date'): string {
  const iso = isoFromDdmmyyyy(value);
  if (!iso) throw badRequest(`${field}: ${value} is not a date`, undefined, field);
  return iso;
}

/** An optional wire date as ISO. */
export const optionalIso = (value: string | null | undefined, field = 'date'): string | undefined =>
  value ? isoFromWire(value, field) : undefined;

/*
 * Times of day have three forms: the wire's 'hh:mm A', the stored 'HH:MM' (24-hour, the day
 * schedule's and classes' columns) and minutes after midnight (care entries, bookings). One set of
 * conversions serves every module so a time reads the same wherever it is shown.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A wire time ('hh:mm A', already checked by the route's schema) as minutes after midnight; 400 on the field when it is not a time. */
export function minuteFromWire(value: string, field = 'time'): number {
  const t = parseHhmmA(value);
  if (!t) throw badRequest(`${field}: ${value} is not a time`, undefined, field);
  return t.hour * 60 + t.minute;
}

/** Minutes after midnight as the wire's 'hh:mm A'. */
export const wireOfMinute = (minute: number): string => formatHhmmA(Math.floor(minute / 60) % 24, minute % 60);

/** Minutes after midnight as the stored 'HH:MM'. */
export const hhmmOfMinute = (minute: number): string => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** A wire time ('hh:mm A') as the stored 'HH:MM', or null when it is not a time. */
export function hhmmOfWire(value: string): string | null {
  const t = parseHhmmA(value);
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : null;
}

/** A stored 'HH:MM' as the wire's 'hh:mm A'. */
export const wireOfHhmm = (hhmm: string): string => formatHhmmA(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));

/** A stored 'HH:MM' as minutes after midnight. */
export const minuteOfHhmm = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
