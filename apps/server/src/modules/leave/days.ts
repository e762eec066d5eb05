import { addDays, type DayPortion, WEEKDAY_NAMES } from '@cue/contract';

/*
 * Counting a leave request's days (pure): the working days of the range (the school's working weekdays
 * less its holidays), the first taken whole or from noon ('pm'), the last whole or until noon ('am'); a
 * one-day request may be a morning or an afternoon. Counted in half-days: a day is 2, a half is 1.
 */

export interface CountedDay {
  date: string;
  portion: DayPortion;
  halves: 1 | 2;
}

export interface SkippedDay {
  date: string;
  reason: 'weekend' | 'holiday';
  name: string;
}

export interface Counted {
  days: CountedDay[];
  skipped: SkippedDay[];
  halves: number;
}

export const weekdayOf = (iso: string): string => WEEKDAY_NAMES[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? 'sunday';

export function countDays(
  start: string,
  end: string,
  startPortion: DayPortion,
  endPortion: DayPortion,
  workingDays: ReadonlySet<string>,
  holidays: ReadonlyMap<string, string>,
): Counted {
  const days: CountedDay[] = [];
  const skipped: SkippedDay[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    if (!workingDays.has(weekdayOf(d))) {
      skipped.push({ date: d, reason: 'weekend', name: '' });
      continue;
    }
    const holiday = holidays.get(d);
    if (holiday !== undefined) {
      skipped.push({ date: d, reason: 'holiday', name: holiday });
      continue;
    }
    let portion: DayPortion = 'full';
    if (start === end) portion = startPortion !== 'full' ? startPortion : endPortion;
    else if (d === start) portion = startPortion === 'pm' ? 'pm' : 'full';
    else if (d === end) portion = endPortion === 'am' ? 'am' : 'full';
    days.push({ date: d, portion, halves: portion === 'full' ? 2 : 1 });
  }
  return { days, skipped, halves: days.reduce((s, d) => s + d.halves, 0) };
}
