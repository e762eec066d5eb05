import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { impossibilities, reasonText, remainingConflicts } from './explain.js';
import { generatedInstance, quickstartInstance, weekPeriods } from './instances.js';
import { type Assignment, HOME_ROOM, hardConflicts, hardCount, type Instance, nextPeriods } from './model.js';
import { random, solve } from './solve.js';

/** A random instance, small enough to solve in a blink, feasible or not. */
const instanceArb = fc
  .record({
    days: fc.integer({ min: 1, max: 3 }),
    perDay: fc.integer({ min: 2, max: 5 }),
    groups: fc.integer({ min: 1, max: 4 }),
    teachers: fc.integer({ min: 1, max: 4 }),
    rooms: fc.integer({ min: 1, max: 3 }),
    lessons: fc.integer({ min: 1, max: 24 }),
    homeRooms: fc.boolean(),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map((o): Instance => {
    const rnd = random(o.seed);
    const periods = weekPeriods(o.days, o.perDay);
    const P = periods.length;
    const some = (n: number) => Array.from({ length: P }, (_, p) => p).filter(() => rnd() < n);
    return {
      periods,
      rooms: Array.from({ length: o.rooms }, (_, r) => ({
        name: `R${r}`,
        type: r === 0 && o.rooms > 1 ? 'music' : null,
        capacity: rnd() < 0.2 ? 10 : 0,
      })),
      groups: Array.from({ length: o.groups }, (_, g) => ({
        name: `G${g}`,
        size: 8 + Math.floor(rnd() * 8),
        unavailable: some(0.1),
      })),
      teachers: Array.from({ length: o.teachers }, (_, t) => ({
        name: `T${t}`,
        unavailable: some(0.15),
        maxPerDay: rnd() < 0.3 ? 2 : 0,
        preferredFree: some(0.1),
      })),
      subjects: [
        { name: 'Music', morning: false },
        { name: 'Maths', morning: true },
        { name: 'Art', morning: false },
      ],
      lessons: Array.from({ length: o.lessons }, () => {
        const subject = Math.floor(rnd() * 3);
        return {
          group: Math.floor(rnd() * o.groups),
          teacher: Math.floor(rnd() * o.teachers),
          subject,
          length: rnd() < 0.15 ? 2 : 1,
          roomType: subject === 0 && o.rooms > 1 ? 'music' : null,
        } as const;
      }),
      afternoonFrom: 12 * 60,
      homeRooms: o.homeRooms,
    };
  });

describe('the timetable solver', () => {
  it('never reports a timetable as free of hard conflicts when the plain checker finds one (random instances)', () => {
    fc.assert(
      fc.property(instanceArb, fc.integer({ min: 1, max: 1000 }), (instance, seed) => {
        const result = solve(instance, { timeLimitMs: 40, seed });
        // The solver's own count of its best timetable is the plain checker's.
        expect(result.bestHard).toBe(hardCount(instance, result.assignment));
        if (result.bestHard === 0) expect(hardConflicts(instance, result.assignment)).toEqual([]);
        if (impossibilities(instance).length > 0) expect(result.bestHard).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it('places a double lesson in two periods that follow each other, never across lunch or a day', () => {
    const periods = weekPeriods(2, 6);
    const next = nextPeriods(periods);
    // 08:30, 09:15, 10:00 | break | 11:00, 11:45 | lunch | 13:30: the 3rd and 4th follow each other (15 minutes), the 5th and 6th do not.
    expect(next.slice(0, 6)).toEqual([1, 2, 3, 4, -1, -1]);
    const instance: Instance = {
      periods,
      rooms: [],
      groups: [{ name: 'A', size: 10, unavailable: [] }],
      teachers: [{ name: 'T', unavailable: [], maxPerDay: 0, preferredFree: [] }],
      subjects: [{ name: 'Art', morning: false }],
      lessons: [
        { group: 0, teacher: 0, subject: 0, length: 2, roomType: null },
        { group: 0, teacher: 0, subject: 0, length: 2, roomType: null },
      ],
      afternoonFrom: 12 * 60,
      homeRooms: true,
    };
    const result = solve(instance, { timeLimitMs: 50, seed: 3 });
    expect(result.bestHard).toBe(0);
    for (const p of result.assignment.period) expect(next[p]).toBeGreaterThanOrEqual(0);
    expect(result.assignment.room).toEqual([HOME_ROOM, HOME_ROOM]);
  });

  it('solves the quickstart demo data without hard conflicts, small and large', () => {
    for (const size of ['small', 'large'] as const) {
      const instance = quickstartInstance(size);
      expect(instance.lessons).toHaveLength(size === 'small' ? 20 : 100);
      expect(instance.periods).toHaveLength(size === 'small' ? 10 : 25);
      expect(instance.rooms).toHaveLength(size === 'small' ? 3 : 6);
      const result = solve(instance, { timeLimitMs: 10_000, stopAtFeasible: true, seed: 11 });
      expect(hardConflicts(instance, result.assignment)).toEqual([]);
      expect(result.stopped).toBe('feasible');
    }
  });

  it('keeps pinned lessons where they are and moves little when repairing', () => {
    const instance = generatedInstance({ groups: 4, teachers: 5, rooms: 2, days: 5, perDay: 5, fill: 0.8, shared: 0.2, seed: 5 });
    const first = solve(instance, { timeLimitMs: 5000, stopAtFeasible: true, seed: 1 });
    expect(first.bestHard).toBe(0);
    // A teacher is away on Monday's first period: their lessons there must move, nothing else has to.
    const away = instance.lessons.findIndex((_, l) => first.assignment.period[l] === 0);
    const teacher = instance.lessons[away]?.teacher ?? 0;
    const absent: Instance = {
      ...instance,
      teachers: instance.teachers.map((t, i) => (i === teacher ? { ...t, unavailable: [...t.unavailable, 0] } : t)),
    };
    const pinned = new Set(
      instance.lessons.map((_, l) => l).filter((l) => l % 3 === 0 && instance.lessons[l]?.teacher !== teacher),
    );
    const repaired = solve(absent, { timeLimitMs: 500, seed: 2, initial: first.assignment, pinned, keepInitial: true });
    expect(repaired.bestHard).toBe(0);
    for (const l of pinned) expect(repaired.assignment.period[l]).toBe(first.assignment.period[l]);
    const moved = instance.lessons.filter((_, l) => repaired.assignment.period[l] !== first.assignment.period[l]).length;
    expect(moved).toBeLessThan(instance.lessons.length / 3);
  });

  it('answers the best so far when asked to stop', () => {
    const instance = generatedInstance({ groups: 6, teachers: 8, rooms: 3, days: 5, perDay: 6, fill: 1, shared: 0.3, seed: 9 });
    let calls = 0;
    const result = solve(instance, { timeLimitMs: 60_000, seed: 4, shouldStop: () => ++calls > 3 });
    expect(result.stopped).toBe('asked');
    expect(result.bestHard).toBe(hardCount(instance, result.assignment));
  });
});

describe('explaining what cannot be done', () => {
  const base = (): Instance => ({
    periods: weekPeriods(5, 3),
    rooms: [{ name: 'Music room', type: 'music', capacity: 30 }],
    groups: Array.from({ length: 6 }, (_, g) => ({ name: `Class ${g + 1}`, size: 20, unavailable: [] })),
    teachers: [{ name: 'Ms Rao', unavailable: [], maxPerDay: 0, preferredFree: [] }],
    subjects: [{ name: 'Music', morning: false }],
    lessons: Array.from(
      { length: 18 },
      (_, i) => ({ group: i % 6, teacher: 0, subject: 0, length: 1, roomType: 'music' }) as const,
    ),
    afternoonFrom: 12 * 60,
    homeRooms: true,
  });

  it('names the music room that has 15 periods for 18 lessons', () => {
    const reasons = impossibilities(base());
    const room = reasons.find((r) => r.kind === 'room_kind_overfull');
    expect(room).toMatchObject({ roomType: 'music', needed: 18, available: 15, subjects: ['Music'] });
    expect(reasonText(room as NonNullable<typeof room>)).toBe(
      'Music: 18 lessons a week need the music room, which has 15 periods',
    );
    // The one music teacher cannot teach 18 lessons in 15 periods either.
    expect(reasons.find((r) => r.kind === 'teacher_overfull')).toMatchObject({ teacher: 'Ms Rao', needed: 18, available: 15 });
    const result = solve(base(), { timeLimitMs: 100, seed: 1 });
    expect(result.bestHard).toBeGreaterThan(0);
    const left = remainingConflicts(base(), result.assignment);
    expect(left.length).toBeGreaterThan(0);
  });

  it('names a class with more lessons than periods, and a room too small', () => {
    const instance = base();
    const crowded: Instance = {
      ...instance,
      rooms: [{ name: 'Music room', type: 'music', capacity: 12 }],
      lessons: Array.from({ length: 16 }, () => ({ group: 0, teacher: 0, subject: 0, length: 1, roomType: 'music' }) as const),
    };
    const reasons = impossibilities(crowded);
    expect(reasons.find((r) => r.kind === 'group_overfull')).toMatchObject({ group: 'Class 1', needed: 16, available: 15 });
    expect(reasons.find((r) => r.kind === 'no_room')).toMatchObject({ group: 'Class 1', size: 20 });
  });

  it('finds nothing to say about a feasible school', () => {
    const instance = generatedInstance({
      groups: 20,
      teachers: 25,
      rooms: 10,
      days: 5,
      perDay: 6,
      fill: 1,
      shared: 0.3,
      seed: 3,
    });
    expect(instance.lessons).toHaveLength(600);
    expect(impossibilities(instance)).toEqual([]);
  });
});

/** An assignment with everything in the first period: many conflicts, all found by the plain checker. */
it('the plain checker counts every clash of a crowded assignment', () => {
  const instance = quickstartInstance('small');
  const a: Assignment = { period: instance.lessons.map(() => 0), room: instance.lessons.map(() => 0) };
  // 20 lessons in one period and one room: 19 room clashes, 2 groups → 18 group clashes, 5 teachers → 15 teacher clashes.
  expect(hardCount(instance, a)).toBe(19 + 18 + 15);
});
