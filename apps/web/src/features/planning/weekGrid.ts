import {
  addDays,
  ddmmyyyyFromIso,
  formatHhmmA,
  isDdmmyyyy,
  isIsoDate,
  isoFromDdmmyyyy,
  parseHhmmA,
  weekStart,
} from '@cue/contract';

/*
 * The weekly plan's arithmetic, kept apart from the screens so it is tested on its own: which week the
 * address asks for, which days get a column, the order of a day's activities, and the times of the
 * activity form (a time field speaks 24-hour "HH:mm", the wire hh:mm A).
 */

/**
 * The Monday (ISO) of the week the address names: an ISO day (what the page writes) or the wire's
 * DD-MM-YYYY (what a link built elsewhere may carry), any day of the week; else this week's.
 */
export function weekFromParam(value: string | null, todayIso: string): string {
  const iso = value && isIsoDate(value) ? value : value && isDdmmyyyy(value) ? isoFromDdmmyyyy(value) : null;
  return weekStart(iso ?? todayIso);
}

/** The week before (-1) or after (+1), by its Monday. */
export const shiftWeek = (mondayIso: string, weeks: number): string => addDays(mondayIso, weeks * 7);

/** The address's value for a week: nothing for this week (the plain address stays this week's). */
export const weekParam = (mondayIso: string, todayIso: string): string | null =>
  mondayIso === weekStart(todayIso) ? null : mondayIso;

/** Minutes after midnight of an hh:mm A time (null when it is not one). */
export function minutesOf(wire: string): number | null {
  const t = parseHhmmA(wire);
  return t ? t.hour * 60 + t.minute : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wire time as a time field shows it ('01:05 PM' → '13:05'); empty when it is not one. */
export function fieldTime(wire: string): string {
  const t = parseHhmmA(wire);
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : '';
}

/** A time field's 'HH:mm' as the wire writes it ('13:05' → '01:05 PM'); null when it is not a time. */
export function wireTime(field: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(field.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return formatHhmmA(hour, minute);
}

/** What is wrong with an activity's times in the class's day (start and end as time fields), or null. */
export function timeProblem(
  start: string,
  end: string,
  classStart: string,
  classEnd: string,
): 'startRequired' | 'endRequired' | 'endBeforeStart' | 'outsideHours' | null {
  const from = wireTime(start);
  const to = wireTime(end);
  if (!from) return 'startRequired';
  if (!to) return 'endRequired';
  const a = minutesOf(from) ?? 0;
  const b = minutesOf(to) ?? 0;
  if (b <= a) return 'endBeforeStart';
  const open = minutesOf(classStart);
  const close = minutesOf(classEnd);
  if (open !== null && close !== null && (a < open || b > close)) return 'outsideHours';
  return null;
}

/** The first free slot of a day for a new activity: after the day's last one, within the class's hours. */
export function nextSlot(
  activities: readonly { end_time: string }[],
  classStart: string,
  classEnd: string,
  length = 30,
): { start: string; end: string } {
  const open = minutesOf(classStart) ?? 9 * 60;
  const close = minutesOf(classEnd) ?? 15 * 60;
  const last = Math.max(open, ...activities.map((a) => minutesOf(a.end_time) ?? open));
  const start = Math.min(last, Math.max(open, close - length));
  const end = Math.min(close, start + length);
  const hhmm = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  return { start: hhmm(start), end: hhmm(end) };
}

type Timed = { start_time: string; end_time: string; title: string };

/** A day's activities by start time (then end time, then title), as the grid's rows read. */
export function byTime<T extends Timed>(activities: readonly T[]): T[] {
  return [...activities].sort(
    (a, b) =>
      (minutesOf(a.start_time) ?? 0) - (minutesOf(b.start_time) ?? 0) ||
      (minutesOf(a.end_time) ?? 0) - (minutesOf(b.end_time) ?? 0) ||
      a.title.localeCompare(b.title),
  );
}

/**
 * The week's columns: each day the class meets, and any other day that holds activities (planned before
 * the class's days changed), with its activities in time order.
 */
export function gridDays<D extends { open: boolean; activities: readonly Timed[] }>(
  days: readonly D[],
): (D & { sorted: D['activities'][number][] })[] {
  return days
    .filter((d) => d.open || d.activities.length > 0)
    .map((d) => ({ ...d, sorted: byTime<D['activities'][number]>(d.activities) }));
}

/** The week's days as the wire writes them, Monday first (for the copy dialog's target). */
export const weekWire = (mondayIso: string): string => ddmmyyyyFromIso(mondayIso);
