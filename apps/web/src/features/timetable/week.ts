import {
  type DaySchedule,
  type PeriodRef,
  TIMETABLE_DAYS,
  type TimetableDay,
  type TimetableLesson,
  type TimetableOutline,
} from '@cue/contract';
import { sortedSlots } from '../academic/schedule/slots';

/*
 * The week as the timetable's pages draw it: the outline's days (columns) and periods (rows), what
 * stands in each cell (a double period spans two rows), the clashes a lesson would have in a cell (the
 * same teacher, class or shared room at the same time, computed here while a lesson is dragged), and
 * the teachers' week of constraints.
 */

export type OutlineDay = TimetableOutline['days'][number];
export type OutlinePeriod = OutlineDay['periods'][number];

/**
 * The week a day schedule gives (the server's rule, for the preview before saving): each weekday's
 * periods, or its sessions when the day has none, in time order; a rotating cycle has no weekdays.
 */
export function outlineOfSchedule(schedule: Pick<DaySchedule, 'cycle' | 'days'>): OutlineDay[] {
  if (schedule.cycle !== 'weekly') return [];
  const out: OutlineDay[] = [];
  for (const day of TIMETABLE_DAYS) {
    const slots = schedule.days.find((d) => d.day === day)?.slots ?? [];
    const periods = slots.filter((s) => s.kind === 'period');
    const chosen = sortedSlots(periods.length > 0 ? periods : slots.filter((s) => s.kind === 'session'));
    if (chosen.length > 0)
      out.push({ day, periods: chosen.map((s, period) => ({ period, name: s.name, start: s.start, end: s.end })) });
  }
  return out;
}

/** The periods in a week. */
export const periodCount = (days: readonly OutlineDay[]): number => days.reduce((sum, d) => sum + d.periods.length, 0);

/** Anything placed in the week: where it starts and how many periods it lasts. */
export interface Placed {
  _id: string;
  day: TimetableDay;
  period: number;
  length: number;
}

/** The days in the week's order (Monday first), as the outline gives them. */
export const orderedDays = (days: readonly OutlineDay[]): OutlineDay[] =>
  [...days].sort((a, b) => TIMETABLE_DAYS.indexOf(a.day) - TIMETABLE_DAYS.indexOf(b.day));

/** A period's position in its day (the outline's `period`, else its place in the list). */
const positionOf = (p: OutlinePeriod, index: number) => (Number.isInteger(p.period) ? p.period : index);

/** The period of a day at a position, if the day has it. */
export function periodOf(days: readonly OutlineDay[], day: TimetableDay, period: number): OutlinePeriod | null {
  const found = days.find((d) => d.day === day);
  return found?.periods.find((p, i) => positionOf(p, i) === period) ?? null;
}

/** The rows of the grid: one per position up to the longest day, named after the first day that has it. */
export function gridRows(days: readonly OutlineDay[]): { period: number; name: string; start: string; end: string }[] {
  const count = Math.max(0, ...days.map((d) => d.periods.reduce((most, p, i) => Math.max(most, positionOf(p, i) + 1), 0)));
  return Array.from({ length: count }, (_, period) => {
    for (const day of orderedDays(days)) {
      const p = periodOf(days, day.day, period);
      if (p) return { period, name: p.name, start: p.start, end: p.end };
    }
    return { period, name: '', start: '', end: '' };
  });
}

/** Whether a placed item takes the period (a double takes its start and the next). */
export const occupies = (item: Pick<Placed, 'day' | 'period' | 'length'>, day: TimetableDay, period: number): boolean =>
  item.day === day && period >= item.period && period < item.period + Math.max(1, item.length);

/** One cell of a day's column: the items in it (`continued`: the second period of a double), its height in rows. */
export interface GridCell<T> {
  period: number;
  rowSpan: number;
  /** The day has no such period (drawn shaded). */
  none: boolean;
  items: { item: T; continued: boolean }[];
}

/**
 * A day's column: a cell per period, a double period's cell two rows high when nothing else starts in
 * its second period (then that cell is left out); otherwise the double shows again, continued, below.
 */
export function layoutDay<T extends Placed>(
  days: readonly OutlineDay[],
  day: TimetableDay,
  rows: number,
  items: readonly T[],
): GridCell<T>[] {
  const mine = items.filter((x) => x.day === day);
  const startingAt = (period: number) => mine.filter((x) => x.period === period);
  const cells: GridCell<T>[] = [];
  for (let period = 0; period < rows; period++) {
    const none = periodOf(days, day, period) === null;
    const starting = startingAt(period);
    const doubles = starting.filter((x) => x.length > 1);
    const spans =
      !none &&
      doubles.length > 0 &&
      period + 1 < rows &&
      periodOf(days, day, period + 1) !== null &&
      startingAt(period + 1).length === 0;
    const previous = cells[cells.length - 1];
    const continuing =
      previous && previous.period + previous.rowSpan - 1 === period - 1 && previous.rowSpan === 1
        ? previous.items
            .filter(({ item, continued }) => !continued && item.length > 1)
            .map(({ item }) => ({ item, continued: true }))
        : [];
    cells.push({
      period,
      rowSpan: spans ? 2 : 1,
      none,
      items: [...starting.map((item) => ({ item, continued: false })), ...continuing],
    });
    if (spans) period += 1;
  }
  return cells;
}

// ------------------------------------------------------------------ clashes

export type ClashKind = 'teacher' | 'class' | 'room' | 'outside';

export interface Clash {
  kind: ClashKind;
  /** The lesson it clashes with (none when the lesson would run past the day's periods). */
  with: TimetableLesson | null;
}

type Movable = Pick<TimetableLesson, '_id' | 'class_id' | 'teacher_id' | 'length' | 'room_id'>;

/** Whether two lessons placed in these periods would be at the same time. */
function overlaps(a: { day: TimetableDay; period: number; length: number }, b: TimetableLesson): boolean {
  if (b.day === null || b.period === null || b.day !== a.day) return false;
  const aEnd = a.period + Math.max(1, a.length);
  const bEnd = b.period + Math.max(1, b.length);
  return a.period < bEnd && b.period < aEnd;
}

/**
 * The clashes a lesson would have starting in a period with a room (null: the class's own room): the
 * same teacher, the same class or the same shared room at the same time, or running past the day's
 * last period. (A teacher's unavailable periods are the server's to refuse.)
 */
export function clashesAt(
  lesson: Movable,
  target: { day: TimetableDay; period: number; room_id: string | null },
  lessons: readonly TimetableLesson[],
  days: readonly OutlineDay[],
): Clash[] {
  const clashes: Clash[] = [];
  for (let p = target.period; p < target.period + Math.max(1, lesson.length); p++) {
    if (periodOf(days, target.day, p) === null) {
      clashes.push({ kind: 'outside', with: null });
      break;
    }
  }
  const placed = { day: target.day, period: target.period, length: lesson.length };
  for (const other of lessons) {
    if (other._id === lesson._id || !overlaps(placed, other)) continue;
    if (other.teacher_id === lesson.teacher_id) clashes.push({ kind: 'teacher', with: other });
    if (other.class_id === lesson.class_id) clashes.push({ kind: 'class', with: other });
    if (target.room_id !== null && other.room_id === target.room_id) clashes.push({ kind: 'room', with: other });
  }
  return clashes;
}

/** A cell's key in the maps below. */
export const cellKey = (day: TimetableDay, period: number): string => `${day}:${period}`;

/** For a lesson being dragged: the clashes it would have in every period of the week (kept room). */
export function clashMap(
  lesson: Movable,
  lessons: readonly TimetableLesson[],
  days: readonly OutlineDay[],
  room: string | null = lesson.room_id,
): Map<string, Clash[]> {
  const map = new Map<string, Clash[]>();
  for (const day of days)
    day.periods.forEach((p, i) => {
      const period = positionOf(p, i);
      map.set(cellKey(day.day, period), clashesAt(lesson, { day: day.day, period, room_id: room }, lessons, days));
    });
  return map;
}

/** The kinds of a list of clashes, once each, in a fixed order. */
export const clashKinds = (clashes: readonly Clash[]): ClashKind[] =>
  (['outside', 'teacher', 'class', 'room'] as const).filter((k) => clashes.some((c) => c.kind === k));

// ------------------------------------------------------------------ views

export type ViewBy = 'class' | 'teacher' | 'room';

/** The lessons one class, teacher or shared room has. */
export function lessonsOf(lessons: readonly TimetableLesson[], by: ViewBy, id: string | null): TimetableLesson[] {
  if (!id) return [];
  return lessons.filter((l) => (by === 'class' ? l.class_id : by === 'teacher' ? l.teacher_id : l.room_id) === id);
}

/** Placed lessons as grid items; those not placed are left out. */
export const placedOf = (lessons: readonly TimetableLesson[]): (TimetableLesson & Placed)[] =>
  lessons.filter((l): l is TimetableLesson & Placed => l.day !== null && l.period !== null);

// ------------------------------------------------------------------ teachers' constraints

export type CellState = 'available' | 'unavailable' | 'preferFree';

/** A click moves a period on: available → unavailable → rather free → available. */
export const nextState = (state: CellState): CellState =>
  state === 'available' ? 'unavailable' : state === 'unavailable' ? 'preferFree' : 'available';

const sameRef = (a: PeriodRef, b: PeriodRef) => a.day === b.day && a.period === b.period;

/** A period's state in a teacher's week. */
export function stateOf(
  ref: PeriodRef,
  week: { unavailable: readonly PeriodRef[]; preferred_free: readonly PeriodRef[] },
): CellState {
  if (week.unavailable.some((r) => sameRef(r, ref))) return 'unavailable';
  if (week.preferred_free.some((r) => sameRef(r, ref))) return 'preferFree';
  return 'available';
}

/** A teacher's week with one period set to a state. */
export function withState<W extends { unavailable: PeriodRef[]; preferred_free: PeriodRef[] }>(
  week: W,
  ref: PeriodRef,
  state: CellState,
): W {
  const others = (list: PeriodRef[]) => list.filter((r) => !sameRef(r, ref));
  return {
    ...week,
    unavailable: state === 'unavailable' ? [...others(week.unavailable), ref] : others(week.unavailable),
    preferred_free: state === 'preferFree' ? [...others(week.preferred_free), ref] : others(week.preferred_free),
  };
}

/** The periods of the week a teacher can teach: every period of the outline but the unavailable ones. */
export function availableCount(days: readonly OutlineDay[], unavailable: readonly PeriodRef[]): number {
  let count = 0;
  for (const day of days)
    day.periods.forEach((p, i) => {
      if (!unavailable.some((r) => r.day === day.day && r.period === positionOf(p, i))) count += 1;
    });
  return count;
}

/** A weekday's name in the reader's language (2024-01-01 was a Monday). */
export function dayName(day: TimetableDay, language: string, width: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 1 + TIMETABLE_DAYS.indexOf(day)));
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(date);
}
