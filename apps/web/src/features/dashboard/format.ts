import { isoFromDdmmyyyy, parseHhmmA } from '@cue/contract';

/** 'DD-MM-YYYY' as a local date, or null when it is not a day that exists (the contract's date module). */
export function parseDayMonthYear(text: string): Date | null {
  const iso = isoFromDdmmyyyy(text.trim());
  return iso ? new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) : null;
}

/** 'DD-MM-YYYY - DD-MM-YYYY' as "Jun 2026 – May 2027" in the reader's language; null for '-' or bad text. */
export function formatAcademicYear(value: string, language: string): string | null {
  const [start, end] = value.split(' - ');
  if (!start || !end) return null;
  const from = parseDayMonthYear(start);
  const to = parseDayMonthYear(end);
  if (!from || !to) return null;
  const month = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric' });
  return `${month.format(from)} – ${month.format(to)}`;
}

/** Morning before 12, afternoon before 17, evening after. */
export const partOfDay = (hour: number): 'morning' | 'afternoon' | 'evening' =>
  hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';

export const formatToday = (language: string, date = new Date()): string =>
  new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/** 'DD-MM-YYYY' as "Tue 24 Nov" in the reader's language (the text itself when it is no date). */
export function formatShortDay(value: string, language: string): string {
  const date = parseDayMonthYear(value);
  return date ? new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(date) : value;
}

/** 'hh:mm AM' as the reader's language writes a time of day (the text itself when it is no time). */
export function formatTimeOfDay(value: string, language: string): string {
  const time = parseHhmmA(value);
  if (!time) return value;
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(2000, 0, 1, time.hour, time.minute),
  );
}
