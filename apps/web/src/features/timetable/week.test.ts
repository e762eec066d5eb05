import type { TimetableLesson } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  availableCount,
  cellKey,
  clashesAt,
  clashKinds,
  clashMap,
  dayName,
  gridRows,
  layoutDay,
  lessonsOf,
  nextState,
  type OutlineDay,
  orderedDays,
  outlineOfSchedule,
  periodCount,
  placedOf,
  stateOf,
  withState,
} from './week';

const period = (n: number, start = `0${9 + n}:00 AM`.slice(-8)) => ({ period: n, name: `Period ${n + 1}`, start, end: start });
const days: OutlineDay[] = [
  { day: 'tuesday', periods: [period(0), period(1), period(2)] },
  { day: 'monday', periods: [period(0), period(1), period(2), period(3)] },
];

const lesson = (patch: Partial<TimetableLesson>): TimetableLesson => ({
  _id: 'l1',
  class_id: 'c1',
  subject_id: 's1',
  teacher_id: 't1',
  mapping_id: 'm1',
  length: 1,
  day: 'monday',
  period: 0,
  room_id: null,
  locked: false,
  ...patch,
});

describe('the grid', () => {
  it('has a row per period of the longest day, named after the first day (Monday first) that has it', () => {
    expect(orderedDays(days).map((d) => d.day)).toEqual(['monday', 'tuesday']);
    const rows = gridRows(days);
    expect(rows).toHaveLength(4);
    expect(rows[3]?.name).toBe('Period 4');
    expect(gridRows([])).toEqual([]);
  });

  it('spans a double period over two rows when nothing else starts in its second period', () => {
    const items = [lesson({ _id: 'a', length: 2, period: 1 })] as (TimetableLesson & { day: 'monday'; period: number })[];
    const cells = layoutDay(days, 'monday', 4, items);
    expect(cells.map((c) => [c.period, c.rowSpan])).toEqual([
      [0, 1],
      [1, 2],
      [3, 1],
    ]);
    expect(cells[1]?.items.map((x) => x.item._id)).toEqual(['a']);
  });

  it('shows a double again, continued, when another lesson starts in its second period', () => {
    const items = placedOf([lesson({ _id: 'a', length: 2, period: 1 }), lesson({ _id: 'b', period: 2, teacher_id: 't2' })]);
    const cells = layoutDay(days, 'monday', 4, items);
    expect(cells.map((c) => c.rowSpan)).toEqual([1, 1, 1, 1]);
    expect(cells[2]?.items).toEqual([
      { item: expect.objectContaining({ _id: 'b' }), continued: false },
      { item: expect.objectContaining({ _id: 'a' }), continued: true },
    ]);
  });

  it('marks the periods a day does not have', () => {
    const cells = layoutDay(days, 'tuesday', 4, []);
    expect(cells.map((c) => c.none)).toEqual([false, false, false, true]);
  });

  it('names the days in the reader’s language', () => {
    expect(dayName('monday', 'en')).toBe('Monday');
    expect(dayName('sunday', 'en', 'short')).toBe('Sun');
    expect(dayName('monday', 'ar')).toBe('الاثنين');
  });
});

describe('clashes', () => {
  const lessons = [
    lesson({ _id: 'math', teacher_id: 'tara', class_id: 'nursery', day: 'monday', period: 0 }),
    lesson({ _id: 'music', teacher_id: 'neha', class_id: 'kg', room_id: 'music-room', day: 'monday', period: 1 }),
    lesson({ _id: 'art', teacher_id: 'sam', class_id: 'toddlers', day: null, period: null }),
  ];

  it('finds the same teacher, the same class and the same shared room at the same time', () => {
    const moving = lesson({ _id: 'x', teacher_id: 'tara', class_id: 'kg', day: 'tuesday', period: 2 });
    expect(clashKinds(clashesAt(moving, { day: 'monday', period: 0, room_id: null }, lessons, days))).toEqual(['teacher']);
    expect(clashKinds(clashesAt(moving, { day: 'monday', period: 1, room_id: null }, lessons, days))).toEqual(['class']);
    const other = lesson({ _id: 'y', teacher_id: 'sam', class_id: 'toddlers' });
    expect(clashKinds(clashesAt(other, { day: 'monday', period: 1, room_id: 'music-room' }, lessons, days))).toEqual(['room']);
    expect(clashesAt(other, { day: 'monday', period: 1, room_id: null }, lessons, days)).toEqual([]);
    expect(clashesAt(other, { day: 'tuesday', period: 0, room_id: null }, lessons, days)).toEqual([]);
  });

  it('counts both periods of a double and refuses one that runs past the day', () => {
    const double = lesson({ _id: 'd', teacher_id: 'tara', class_id: 'toddlers', length: 2 });
    // Starting in period 0 of Monday takes periods 0 and 1: Tara teaches in 0.
    expect(clashKinds(clashesAt(double, { day: 'monday', period: 0, room_id: null }, lessons, days))).toEqual(['teacher']);
    // Tuesday has three periods: a double cannot start in the third.
    expect(clashKinds(clashesAt(double, { day: 'tuesday', period: 2, room_id: null }, lessons, days))).toEqual(['outside']);
    expect(clashesAt(double, { day: 'tuesday', period: 1, room_id: null }, lessons, days)).toEqual([]);
  });

  it('never clashes a lesson with itself, nor with a lesson not placed', () => {
    const math = lessons[0] as TimetableLesson;
    expect(clashesAt(math, { day: 'monday', period: 0, room_id: null }, lessons, days)).toEqual([]);
    const art = lesson({ _id: 'z', teacher_id: 'sam', class_id: 'toddlers' });
    expect(clashesAt(art, { day: 'monday', period: 3, room_id: null }, lessons, days)).toEqual([]);
  });

  it('maps every period of the week for a lesson being dragged', () => {
    const moving = lesson({ _id: 'x', teacher_id: 'tara', class_id: 'kg', room_id: null });
    const map = clashMap(moving, lessons, days);
    expect(map.size).toBe(7);
    expect(clashKinds(map.get(cellKey('monday', 0)) ?? [])).toEqual(['teacher']);
    expect(map.get(cellKey('tuesday', 0))).toEqual([]);
  });
});

describe('views', () => {
  it('lists the lessons of one class, teacher or room', () => {
    const lessons = [lesson({ _id: 'a', room_id: 'hall' }), lesson({ _id: 'b', class_id: 'c2', teacher_id: 't2' })];
    expect(lessonsOf(lessons, 'class', 'c2').map((l) => l._id)).toEqual(['b']);
    expect(lessonsOf(lessons, 'teacher', 't1').map((l) => l._id)).toEqual(['a']);
    expect(lessonsOf(lessons, 'room', 'hall').map((l) => l._id)).toEqual(['a']);
    expect(lessonsOf(lessons, 'room', null)).toEqual([]);
  });
});

describe('a teacher’s week', () => {
  it('cycles a period through available, unavailable and rather free', () => {
    expect(nextState('available')).toBe('unavailable');
    expect(nextState('unavailable')).toBe('preferFree');
    expect(nextState('preferFree')).toBe('available');
  });

  it('keeps a period in one list at most, and counts the periods left available', () => {
    const ref = { day: 'monday', period: 1 } as const;
    let week = { unavailable: [], preferred_free: [] } as { unavailable: (typeof ref)[]; preferred_free: (typeof ref)[] };
    week = withState(week, ref, 'unavailable');
    expect(stateOf(ref, week)).toBe('unavailable');
    expect(availableCount(days, week.unavailable)).toBe(6);
    week = withState(week, ref, 'preferFree');
    expect(week.unavailable).toEqual([]);
    expect(stateOf(ref, week)).toBe('preferFree');
    expect(availableCount(days, week.unavailable)).toBe(7);
    week = withState(week, ref, 'available');
    expect(week).toEqual({ unavailable: [], preferred_free: [] });
  });
});

describe('a day schedule’s week', () => {
  it('takes each weekday’s periods, or its sessions when it has none, in time order', () => {
    const slot = (kind: 'session' | 'period' | 'break', name: string, start: string, end: string) => ({ kind, name, start, end });
    const week = outlineOfSchedule({
      cycle: 'weekly',
      days: [
        {
          day: 'tuesday',
          slots: [slot('session', 'Afternoon', '01:00 PM', '03:00 PM'), slot('session', 'Morning', '09:00 AM', '11:00 AM')],
        },
        {
          day: 'monday',
          slots: [
            slot('period', 'P2', '10:00 AM', '10:45 AM'),
            slot('break', 'Snack', '09:45 AM', '10:00 AM'),
            slot('period', 'P1', '09:00 AM', '09:45 AM'),
            slot('session', 'Whole day', '09:00 AM', '03:00 PM'),
          ],
        },
        { day: 'day_1', slots: [slot('period', 'X', '09:00 AM', '10:00 AM')] },
      ],
    });
    expect(week.map((d) => [d.day, d.periods.map((p) => `${p.period}:${p.name}`)])).toEqual([
      ['monday', ['0:P1', '1:P2']],
      ['tuesday', ['0:Morning', '1:Afternoon']],
    ]);
    expect(periodCount(week)).toBe(4);
    expect(outlineOfSchedule({ cycle: 'rotating', days: [] })).toEqual([]);
  });
});
