import { addDays, ddmmyyyyFromIso, formatHhmmA } from '@cue/contract';
import { wallClock, zonedToInstant } from '../../platform/zoned.js';

/** A school's quiet hours: minutes after midnight (null: none) and whether weekends are quiet all day. */
export interface QuietHours {
  start: number | null;
  end: number | null;
  weekends: boolean;
}

export const minutesOf = (hhmm: string | null): number | null => {
  if (!hhmm) return null;
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;
const weekdayOfIso = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

/** Whether a minute of the day falls in the quiet hours (which may run over midnight). */
function inHours(q: QuietHours, minute: number): boolean {
  if (q.start === null || q.end === null || q.start === q.end) return false;
  return q.start < q.end ? minute >= q.start && minute < q.end : minute >= q.start || minute < q.end;
}

/**
 * When staff can be expected to answer, if the school's quiet hours (or its quiet weekend) are on at
 * this instant: the instant they end. Null when it is not quiet now.
 */
export function quietUntil(q: QuietHours, now: Date, timeZone: string): Date | null {
  const clock = wallClock(now, timeZone);
  const weekendNow = q.weekends && isWeekend(clock.weekday);
  if (!weekendNow && !inHours(q, clock.minute)) return null;
  // Walk forward to the first moment that is neither a quiet hour nor a quiet weekend day.
  let day = clock.day;
  let minute = clock.minute;
  for (let step = 0; step < 10; step++) {
    const weekend = q.weekends && isWeekend(weekdayOfIso(day));
    if (weekend) {
      day = addDays(day, 1);
      minute = 0;
      continue;
    }
    if (!inHours(q, minute)) break;
    const end = q.end ?? 0;
    if (minute < end) minute = end;
    else {
      day = addDays(day, 1);
      minute = end;
    }
  }
  return zonedToInstant(ddmmyyyyFromIso(day), formatHhmmA(Math.floor(minute / 60), minute % 60), timeZone);
}
