import { addDays as addIsoDays, ddmmyyyyFromIso, eachDay, isIsoDate as isIso, isoFromDdmmyyyy, weekStart } from '@cue/contract';
import dayjs from 'dayjs';

/*
 * Dates inside the attendance screens are ISO 'YYYY-MM-DD' (Mantine's date strings); the wire uses
 * 'DD-MM-YYYY'. The conversions are the contract's date module; this file keeps the screens' helpers.
 */
export const ISO = 'YYYY-MM-DD';

export const toWire = (iso: string): string => ddmmyyyyFromIso(iso);
/** A wire date as ISO ('' when it is none). */
export const fromWire = (ddmmyyyy: string): string => isoFromDdmmyyyy(ddmmyyyy) ?? '';

/** Today on this device. */
export const todayIso = (): string => dayjs().format(ISO);

export const isIsoDate = (value: string | null | undefined): value is string => isIso(value);

/** 'MM-YYYY' for the parent's month view from a 'YYYY-MM' month. */
export const monthToWire = (month: string): string => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

/** Every day from `from` to `to` inclusive. */
export const daysBetween = (from: string, to: string): string[] => eachDay(from, to);

/**
 * The weeks (Monday first) that cover a month: the first and last week hold days of the months next
 * to it so that every row has seven days.
 */
export function monthWeeks(month: string): string[][] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const end = last.add((7 - last.day()) % 7, 'day');
  const days = daysBetween(start.format(ISO), end.format(ISO));
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** Monday of the week that holds the date. */
export const weekStartOf = (iso: string): string => weekStart(iso);

export const addDays = (iso: string, days: number): string => addIsoDays(iso, days);
export const addMonths = (month: string, months: number): string => dayjs(`${month}-01`).add(months, 'month').format('YYYY-MM');

/** A date in the reader's language: 'Mon, 9 Mar 2026'. */
export const formatDay = (iso: string, language: string, options: Intl.DateTimeFormatOptions = {}): string =>
  new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${iso}T00:00:00Z`));

export const formatMonth = (month: string, language: string): string =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Weekday names, Monday first, in the reader's language. */
export const weekdayNames = (language: string, width: 'short' | 'narrow' | 'long' = 'short'): string[] =>
  // 2024-01-01 was a Monday.
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );

export const formatPercent = (rate: number | null, language: string): string =>
  rate === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
