import { addDays, weekdayOf } from '@cue/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cycleDayIndex,
  dayKeysFit,
  meetingWeekdays,
  pickSchedule,
  type ResolvableSchedule,
  resolveDays,
  slotProblem,
  type WeekdayKey,
} from './resolve.js';

const monFri = meetingWeekdays([]);
const slot = (start: string, end: string) => ({ kind: 'session' as const, name: `${start}`, start, end });
const rotating = (cycleDays: number, cycleStart: string): ResolvableSchedule => ({
  cycle: 'rotating',
  cycleDays,
  cycleStart,
  days: Array.from({ length: cycleDays }, (_, i) => ({ day: `day_${i + 1}`, slots: [slot('09:00', '10:00')] })),
});
const fallback = { start: '09:00', end: '15:00' };

describe('pickSchedule', () => {
  const school = { id: 's', target: 'school', divisionId: null, classId: null };
  const division = { id: 'd', target: 'division', divisionId: 'D1', classId: null };
  const own = { id: 'c', target: 'class', divisionId: null, classId: 'C1' };
  const other = { id: 'o', target: 'class', divisionId: null, classId: 'C2' };
  it('takes the class’s own, else its division’s, else the school’s', () => {
    expect(pickSchedule([school, division, own, other], { id: 'C1', divisionId: 'D1' })?.id).toBe('c');
    expect(pickSchedule([school, division, other], { id: 'C1', divisionId: 'D1' })?.id).toBe('d');
    expect(pickSchedule([school, division, other], { id: 'C1', divisionId: null })?.id).toBe('s');
    expect(pickSchedule([other], { id: 'C1', divisionId: 'D1' })).toBeNull();
  });
});

describe('meetingWeekdays', () => {
  it('reads the class’s days in any spelling, Monday to Friday when none', () => {
    expect([...meetingWeekdays(['Mon', 'WEDNESDAY', 'friday'])]).toEqual(['monday', 'wednesday', 'friday']);
    expect([...monFri]).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
  });
});

describe('resolveDays', () => {
  // 2026-11-02 is a Monday.
  it('gives weekly days their weekday’s slots, none on weekends and holidays', () => {
    const days = resolveDays({
      from: '2026-11-02',
      to: '2026-11-08',
      schedule: {
        cycle: 'weekly',
        cycleDays: null,
        cycleStart: null,
        days: [{ day: 'monday', slots: [slot('09:00', '11:00')] }],
      },
      meets: monFri,
      holidays: new Set(['2026-11-04']),
      fallback,
    });
    expect(days.map((d) => d.day)).toEqual(['monday', 'tuesday', null, 'thursday', 'friday', null, null]);
    expect(days[0]?.slots).toHaveLength(1);
    expect(days[1]?.slots).toEqual([]);
  });

  it('counts a rotating cycle over meeting days only, skipping a holiday', () => {
    const days = resolveDays({
      from: '2026-11-02',
      to: '2026-11-10',
      schedule: rotating(3, '2026-11-02'),
      meets: monFri,
      holidays: new Set(['2026-11-04']),
      fallback,
    });
    expect(days.map((d) => d.day)).toEqual(['day_1', 'day_2', null, 'day_3', 'day_1', null, null, 'day_2', 'day_3']);
  });

  it('continues the cycle from days before the range', () => {
    const days = resolveDays({
      from: '2026-11-09',
      to: '2026-11-09',
      schedule: rotating(3, '2026-11-02'),
      meets: monFri,
      holidays: new Set(['2026-11-04']),
      fallback,
    });
    // Mon 2, Tue 3, Thu 5, Fri 6 met: four days since the start, so Monday the 9th is day_2.
    expect(days[0]?.day).toBe('day_2');
  });

  it('without a schedule, gives each meeting day one session of the class’s hours', () => {
    const days = resolveDays({
      from: '2026-11-06',
      to: '2026-11-07',
      schedule: null,
      meets: monFri,
      holidays: new Set(),
      fallback: { start: '08:30', end: '12:00' },
    });
    expect(days).toEqual([
      { date: '2026-11-06', day: 'friday', slots: [{ kind: 'session', name: 'Session', start: '08:30', end: '12:00' }] },
      { date: '2026-11-07', day: null, slots: [] },
    ]);
  });

  const weekdays: WeekdayKey[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const isoDay = fc.integer({ min: 0, max: 900 }).map((n) => addDays('2025-01-01', n));

  it('property: a rotating cycle advances by one per meeting day, wraps at its length, and stands still otherwise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        isoDay,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 41 }),
        fc.subarray(weekdays, { minLength: 1 }),
        fc.array(fc.integer({ min: 0, max: 101 }), { maxLength: 12 }),
        (cycleDays, cycleStart, offset, span, meetList, holidayOffsets) => {
          const from = addDays(cycleStart, offset);
          const to = addDays(from, span);
          const holidays = new Set(holidayOffsets.map((o) => addDays(cycleStart, o)));
          const meets = new Set(meetList);
          const days = resolveDays({ from, to, schedule: rotating(cycleDays, cycleStart), meets, holidays, fallback });
          expect(days).toHaveLength(span + 1);
          let previous: number | null = null;
          for (const d of days) {
            const meeting = meets.has(weekdayOf(d.date) as WeekdayKey) && !holidays.has(d.date);
            if (!meeting) {
              expect(d.day).toBeNull();
              expect(d.slots).toEqual([]);
              continue;
            }
            const k = Number(d.day?.replace('day_', ''));
            expect(k).toBeGreaterThanOrEqual(1);
            expect(k).toBeLessThanOrEqual(cycleDays);
            if (previous !== null) expect(k).toBe((previous % cycleDays) + 1);
            previous = k;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: the day a cycle starts on, when the class meets, is day_1; a range split in two resolves the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        isoDay,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 41 }),
        (cycleDays, cycleStart, span, cut) => {
          const to = addDays(cycleStart, span);
          const whole = resolveDays({
            from: cycleStart,
            to,
            schedule: rotating(cycleDays, cycleStart),
            meets: monFri,
            holidays: new Set(),
            fallback,
          });
          const first = whole.find((d) => d.day !== null);
          if (first?.date === cycleStart) expect(first.day).toBe('day_1');
          const mid = addDays(cycleStart, Math.min(cut, span));
          const tail = resolveDays({
            from: mid,
            to,
            schedule: rotating(cycleDays, cycleStart),
            meets: monFri,
            holidays: new Set(),
            fallback,
          });
          expect(tail).toEqual(whole.slice(whole.length - tail.length));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cycleDayIndex wraps forwards and backwards', () => {
    expect([0, 1, 2, 3, -1, -3].map((n) => cycleDayIndex(n, 3))).toEqual([1, 2, 3, 1, 3, 1]);
  });
});

describe('checks', () => {
  it('slotProblem: end before start, overlap; touching is fine', () => {
    expect(slotProblem([slot('10:00', '09:00')])).toBe('endBeforeStart');
    expect(slotProblem([slot('10:00', '10:00')])).toBe('endBeforeStart');
    expect(slotProblem([slot('09:00', '10:30'), slot('10:00', '11:00')])).toBe('overlap');
    expect(slotProblem([slot('10:00', '11:00'), slot('09:00', '10:00')])).toBeNull();
  });
  it('dayKeysFit: weekdays for weekly, day_1…day_N for rotating, each once', () => {
    expect(dayKeysFit(['monday', 'friday'], 'weekly', null)).toBe(true);
    expect(dayKeysFit(['day_1'], 'weekly', null)).toBe(false);
    expect(dayKeysFit(['day_1', 'day_3'], 'rotating', 3)).toBe(true);
    expect(dayKeysFit(['day_4'], 'rotating', 3)).toBe(false);
    expect(dayKeysFit(['monday'], 'rotating', 3)).toBe(false);
    expect(dayKeysFit(['monday', 'monday'], 'weekly', null)).toBe(false);
  });
});
