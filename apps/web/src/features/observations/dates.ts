import { DATE_FORMAT, OBSERVATION_DATE_DISPLAY } from '@cue/contract';
import dayjs from 'dayjs';
// The pickers' calendars (DatesProvider locale) name months and weekdays in Arabic and Hebrew.
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** A wire date (DD-MM-YYYY) as a dayjs date; null when it is not one. */
export function parseWireDate(value: string | null | undefined): dayjs.Dayjs | null {
  if (!value) return null;
  const date = dayjs(value, DATE_FORMAT, true);
  return date.isValid() ? date : null;
}

export const toWireDate = (date: dayjs.Dayjs | Date | string): string => dayjs(date).format(DATE_FORMAT);

export const todayWire = (): string => toWireDate(dayjs());

/** The picker's value (YYYY-MM-DD) from a wire date, and back. */
export const wireToPicker = (value: string): string | null => parseWireDate(value)?.format('YYYY-MM-DD') ?? null;
export const pickerToWire = (value: string | null): string | null => (value ? toWireDate(dayjs(value, 'YYYY-MM-DD')) : null);

/**
 * An observation's day: 'ddd, MMM DD, YYYY' (the spec's form) in English; in Arabic and Hebrew the
 * same parts in their own order and punctuation ('الاثنين، 09 مارس 2026'), as the browser writes them.
 */
export function formatObservationDate(value: string, language: string): string {
  const date = parseWireDate(value);
  if (!date) return value;
  if (language !== 'ar' && language !== 'he') return date.locale('en').format(OBSERVATION_DATE_DISPLAY);
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: '2-digit', year: 'numeric' }).format(
    new Date(date.year(), date.month(), date.date(), 12),
  );
}

/** Moves a wire date by whole days. */
export const shiftWireDate = (value: string, days: number): string =>
  toWireDate((parseWireDate(value) ?? dayjs()).add(days, 'day'));
