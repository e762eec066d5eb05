import { addDays, SCHEDULE_WEEKDAYS, weekdayOf } from '@cue/contract';
import { minuteOfHhmm } from '../../platform/dates.js';

/*
 * Which schedule applies to a class and what day of it a date is (issue 25's decisions), as pure
 * functions over what the service read: the school's live schedules, the class's meeting days, the
 * holidays. Times here are stored 'HH:MM' (24 h); dates ISO.
 */

export type WeekdayKey = (typeof SCHEDULE_WEEKDAYS)[number];
export interface StoredSlot {
  kind: 'session' | 'period' | 'break';
  name: string;
  start: string;
  end: string;
}
export interface StoredDay {
  day: string;
  slots: StoredSlot[];
}

export interface ScheduleCandidate {
  id: string;
  target: string;
  divisionId: string | null;
  classId: string | null;
}

/** The class's own schedule, else its division's, else the school's (the candidates are the live ones). */
export function pickSchedule<T extends ScheduleCandidate>(
  candidates: readonly T[],
  cls: { id: string; divisionId: string | null },
): T | null {
  return (
    candidates.find((s) => s.target === 'class' && s.classId === cls.id) ??
    (cls.divisionId ? candidates.find((s) => s.target === 'division' && s.divisionId === cls.divisionId) : undefined) ??
    candidates.find((s) => s.target === 'school') ??
    null
  );
}

const MON_FRI: readonly WeekdayKey[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** A class's meeting weekdays from its `days` ('monday', 'Mon', 'MONDAY'…): Monday to Friday when it names none. */
export function meetingWeekdays(days: readonly string[] | null | undefined): Set<WeekdayKey> {
  const found = new Set<WeekdayKey>();
  for (const d of days ?? []) {
    const prefix = d.trim().toLowerCase().slice(0, 3);
    const key = SCHEDULE_WEEKDAYS.find((w) => w.startsWith(prefix));
    if (prefix.length === 3 && key) found.add(key);
  }
  return found.size ? found : new Set(MON_FRI);
}

/** Whether the class has school on that day: one of its weekdays and not a holiday. */
export const meetsOn = (iso: string, meets: ReadonlySet<WeekdayKey>, holidays: ReadonlySet<string>): boolean =>
  meets.has(weekdayOf(iso) as WeekdayKey) && !holidays.has(iso);

/**
 * How many days the class met from `start` up to `date` (exclusive); negative when `date` is before
 * `start` (minus the meeting days from `date` up to `start`), so that the cycle runs backwards too.
 */
export function meetingDaysBetween(start: string, date: string, isDay: (iso: string) => boolean): number {
  let n = 0;
  if (date >= start) {
    for (let d = start; d < date; d = addDays(d, 1)) if (isDay(d)) n++;
  } else {
    for (let d = date; d < start; d = addDays(d, 1)) if (isDay(d)) n--;
  }
  return n;
}

/** day_k of a rotating cycle: 1 + meeting days since the cycle's start, modulo its length. */
export function cycleDayIndex(meetingDaysSinceStart: number, cycleDays: number): number {
  return 1 + (((meetingDaysSinceStart % cycleDays) + cycleDays) % cycleDays);
}

export interface ResolvedDay {
  date: string;
  /** The schedule's day key ('monday', 'day_3'), or null on a day the class does not meet. */
  day: string | null;
  slots: StoredSlot[];
}

export interface ResolvableSchedule {
  cycle: string;
  cycleDays: number | null;
  cycleStart: string | null;
  days: readonly StoredDay[];
}

/**
 * The class's days from `from` to `to` (ISO, inclusive). A holiday or a day it does not meet has no
 * day and no slots, and does not move a rotating cycle on. With no schedule, each meeting day is one
 * session from the class's start to its end time.
 */
export function resolveDays(input: {
  from: string;
  to: string;
  schedule: ResolvableSchedule | null;
  meets: ReadonlySet<WeekdayKey>;
  holidays: ReadonlySet<string>;
  fallback: { start: string; end: string };
  sessionName?: string;
}): ResolvedDay[] {
  const { from, to, schedule, meets, holidays } = input;
  const isDay = (iso: string) => meetsOn(iso, meets, holidays);
  const out: ResolvedDay[] = [];
  const rotating = schedule?.cycle === 'rotating' && schedule.cycleDays && schedule.cycleStart ? schedule : null;
  let count = rotating?.cycleStart ? meetingDaysBetween(rotating.cycleStart, from, isDay) : 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!isDay(date)) {
      out.push({ date, day: null, slots: [] });
      continue;
    }
    if (!schedule) {
      out.push({
        date,
        day: weekdayOf(date),
        slots: [{ kind: 'session', name: input.sessionName ?? 'Session', ...input.fallback }],
      });
      continue;
    }
    const key = rotating?.cycleDays ? `day_${cycleDayIndex(count, rotating.cycleDays)}` : weekdayOf(date);
    count++;
    const slots = schedule.days.find((d) => d.day === key)?.slots ?? [];
    out.push({ date, day: key, slots: [...slots].sort((a, b) => a.start.localeCompare(b.start)) });
  }
  return out;
}

/** The first problem of one day's slots: a slot that does not end after it starts, or two that overlap. */
export function slotProblem(slots: readonly StoredSlot[]): 'endBeforeStart' | 'overlap' | null {
  if (slots.some((s) => minuteOfHhmm(s.end) <= minuteOfHhmm(s.start))) return 'endBeforeStart';
  const sorted = [...slots].sort((a, b) => minuteOfHhmm(a.start) - minuteOfHhmm(b.start));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    // Touching (one ends when the next starts) is not overlapping.
    if (prev && cur && minuteOfHhmm(cur.start) < minuteOfHhmm(prev.end)) return 'overlap';
  }
  return null;
}

/** Whether these day keys fit the cycle: weekdays for a weekly one, day_1 … day_<cycleDays> for a rotating one, each once. */
export function dayKeysFit(keys: readonly string[], cycle: string, cycleDays: number | null): boolean {
  if (new Set(keys).size !== keys.length) return false;
  if (cycle === 'weekly') return keys.every((k) => (SCHEDULE_WEEKDAYS as readonly string[]).includes(k));
  if (!cycleDays) return false;
  return keys.every((k) => {
    const m = /^day_(\d+)$/.exec(k);
    const n = m ? Number(m[1]) : 0;
    return n >= 1 && n <= cycleDays;
  });
}
