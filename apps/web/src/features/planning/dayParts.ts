import { type ClassDays, type DaySlot, parseHhmmA, type ResourceBooking } from '@cue/contract';
import { fieldTime, minutesOf, timeProblem } from './weekGrid';

/*
 * The class's day beside its plan and its attendance: the parts of each day (sessions, periods, breaks)
 * from the day schedule, the resources booked for the class, and the periods an activity's times can be
 * picked from. Kept apart from the screens so it is tested on its own.
 */

/** What a day of the week holds besides its activities. */
export interface DayContext {
  /** DD-MM-YYYY. */
  date: string;
  /** The day of a rotating cycle (day_3 → 3); null for a weekly schedule's day or a day without school. */
  cycleDay: number | null;
  /** The day's parts in the order of the day (none when the class does not meet). */
  slots: DaySlot[];
  /** The class's bookings of the day that stand (cancelled ones left out), by start. */
  bookings: ResourceBooking[];
}

/** The number of a rotating cycle's day key (day_3 → 3); null for a weekday or none. */
export function cycleDay(key: string | null | undefined): number | null {
  const m = key ? /^day_(\d+)$/.exec(key) : null;
  return m ? Number(m[1]) : null;
}

const clock = (hour: number, minute: number) => `${hour % 12 || 12}:${String(minute).padStart(2, '0')}`;
const half = (hour: number) => (hour < 12 ? 'AM' : 'PM');

/**
 * Two wire times (hh:mm A) as one short range: "10:00–11:00 AM" within a half of the day, "11:30 AM–12:30 PM"
 * across noon. The wire's text when either is no time.
 */
export function timeRange(start: string, end: string): string {
  const a = parseHhmmA(start);
  const b = parseHhmmA(end);
  if (!a || !b) return `${start}–${end}`;
  if (half(a.hour) === half(b.hour)) return `${clock(a.hour, a.minute)}–${clock(b.hour, b.minute)} ${half(b.hour)}`;
  return `${clock(a.hour, a.minute)} ${half(a.hour)}–${clock(b.hour, b.minute)} ${half(b.hour)}`;
}

/** Parts or bookings in the order of the day: by start, then end. */
export const byStart = <T extends { start: string; end: string }>(list: readonly T[]): T[] =>
  [...list].sort(
    (x, y) =>
      (minutesOf(x.start) ?? 24 * 60) - (minutesOf(y.start) ?? 24 * 60) ||
      (minutesOf(x.end) ?? 24 * 60) - (minutesOf(y.end) ?? 24 * 60),
  );

/**
 * Each day's parts and bookings by date (DD-MM-YYYY). Only the answers of `classId` count: an answer kept
 * from the class shown before is not this class's day. Days the schedule did not answer still get their
 * bookings.
 */
export function dayContexts(
  classId: string | null,
  classDays: ClassDays | undefined,
  bookings: readonly ResourceBooking[] | undefined,
): Map<string, DayContext> {
  const out = new Map<string, DayContext>();
  const day = (date: string): DayContext => {
    let found = out.get(date);
    if (!found) {
      found = { date, cycleDay: null, slots: [], bookings: [] };
      out.set(date, found);
    }
    return found;
  };
  if (classDays && classDays.class_id === classId) {
    for (const d of classDays.days) {
      const entry = day(d.date);
      entry.cycleDay = cycleDay(d.day);
      entry.slots = d.day === null ? [] : byStart(d.slots);
    }
  }
  for (const booking of bookings ?? []) {
    if (booking.cancelled || booking.class?._id !== classId) continue;
    day(booking.date).bookings.push(booking);
  }
  for (const entry of out.values()) entry.bookings = byStart(entry.bookings);
  return out;
}

/**
 * The periods an activity's times may be picked from: the day's sessions and periods (not its breaks)
 * that fit within the class's hours (the server refuses an activity outside them), once each, in the
 * order of the day.
 */
export function quickPicks(slots: readonly DaySlot[] | undefined, classStart: string, classEnd: string): DaySlot[] {
  const seen = new Set<string>();
  return byStart(slots ?? []).filter((slot) => {
    if (slot.kind === 'break') return false;
    const key = `${slot.start}|${slot.end}|${slot.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return timeProblem(fieldTime(slot.start), fieldTime(slot.end), classStart, classEnd) === null;
  });
}

/** The first start and last end of a day's parts (wire times), or null when it has none. */
export function daySpan(slots: readonly DaySlot[]): { start: string; end: string } | null {
  const timed = byStart(slots).filter((s) => minutesOf(s.start) !== null && minutesOf(s.end) !== null);
  const first = timed[0];
  if (!first) return null;
  const last = timed.reduce((a, b) => ((minutesOf(b.end) ?? 0) > (minutesOf(a.end) ?? 0) ? b : a));
  return { start: first.start, end: last.end };
}
