import { DATE_FORMAT } from '@cue/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** 'DD-MM-YYYY - DD-MM-YYYY' as "Jun 2026 – May 2027" in the reader's language; null for '-' or bad text. */
export function formatAcademicYear(value: string, language: string): string | null {
  const [start, end] = value.split(' - ');
  if (!start || !end) return null;
  const from = dayjs(start, DATE_FORMAT, true);
  const to = dayjs(end, DATE_FORMAT, true);
  if (!from.isValid() || !to.isValid()) return null;
  const month = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric' });
  return `${month.format(from.toDate())} – ${month.format(to.toDate())}`;
}

/** Morning before 12, afternoon before 17, evening after. */
export const partOfDay = (hour: number): 'morning' | 'afternoon' | 'evening' =>
  hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';

export const formatToday = (language: string, date = new Date()): string =>
  new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
