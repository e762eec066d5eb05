import type { DaySlot } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  copyToDays,
  dayKeysOf,
  daySpan,
  daysForKeys,
  fieldFromWire,
  minutesOf,
  moved,
  nextSlotTimes,
  slotProblems,
  timelineOf,
  wireFromField,
  wireOfMinutes,
} from './slots';

const slot = (start: string, end: string, kind: DaySlot['kind'] = 'period', name = 'P'): DaySlot => ({ kind, name, start, end });

describe('hh:mm A conversions', () => {
  it('reads and writes the wire times around noon and midnight', () => {
    expect(minutesOf('12:00 AM')).toBe(0);
    expect(minutesOf('12:30 PM')).toBe(12 * 60 + 30);
    expect(minutesOf('01:05 PM')).toBe(13 * 60 + 5);
    expect(minutesOf('13:00 PM')).toBeNull();
    expect(wireOfMinutes(0)).toBe('12:00 AM');
    expect(wireOfMinutes(12 * 60)).toBe('12:00 PM');
    expect(wireOfMinutes(15 * 60 + 45)).toBe('03:45 PM');
  });
  it('turns a time field into the wire and back', () => {
    expect(wireFromField('09:30')).toBe('09:30 AM');
    expect(wireFromField('00:15')).toBe('12:15 AM');
    expect(wireFromField('23:59:00')).toBe('11:59 PM');
    expect(wireFromField('24:00')).toBe('');
    expect(wireFromField('')).toBe('');
    expect(fieldFromWire('12:15 AM')).toBe('00:15');
    expect(fieldFromWire('02:00 PM')).toBe('14:00');
    expect(fieldFromWire('nonsense')).toBe('');
  });
});

describe('slotProblems', () => {
  it('accepts parts that touch', () => {
    expect(
      slotProblems([slot('09:00 AM', '09:45 AM'), slot('09:45 AM', '10:00 AM', 'break'), slot('10:00 AM', '10:45 AM')]),
    ).toEqual([]);
  });
  it('refuses a part that ends before or when it starts', () => {
    expect(slotProblems([slot('10:00 AM', '09:00 AM'), slot('11:00 AM', '11:00 AM')])).toEqual([
      { index: 0, problem: 'endBeforeStart' },
      { index: 1, problem: 'endBeforeStart' },
    ]);
  });
  it('names the later of two overlapping parts, whatever their order in the list', () => {
    expect(slotProblems([slot('10:00 AM', '11:00 AM'), slot('09:00 AM', '10:30 AM')])).toEqual([
      { index: 0, problem: 'overlap' },
    ]);
    // A part inside a long one overlaps it even after a short one in between.
    expect(slotProblems([slot('09:00 AM', '12:00 PM'), slot('09:30 AM', '10:00 AM'), slot('11:00 AM', '11:30 AM')])).toEqual([
      { index: 1, problem: 'overlap' },
      { index: 2, problem: 'overlap' },
    ]);
  });
  it('leaves parts without times to the schema', () => {
    expect(slotProblems([slot('', '09:00 AM'), slot('08:00 AM', '10:00 AM')])).toEqual([]);
  });
});

describe('days of a schedule', () => {
  it('lists the weekdays kept or the days of a cycle', () => {
    expect(dayKeysOf('weekly', {})).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(dayKeysOf('weekly', { saturday: true })).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(dayKeysOf('rotating', { cycleDays: 3 })).toEqual(['day_1', 'day_2', 'day_3']);
    expect(dayKeysOf('rotating', { cycleDays: 40 })).toHaveLength(20);
  });
  it('keeps the parts of the days still shown', () => {
    const days = [{ day: 'monday', slots: [slot('09:00 AM', '10:00 AM')] }];
    expect(daysForKeys(days, ['monday', 'tuesday'])).toEqual([...days, { day: 'tuesday', slots: [] }]);
    expect(daysForKeys(days, ['day_1'])).toEqual([{ day: 'day_1', slots: [] }]);
  });
  it('copies a day to the chosen days only, as copies', () => {
    const days = [
      { day: 'monday', slots: [slot('09:00 AM', '10:00 AM', 'session', 'Morning')] },
      { day: 'tuesday', slots: [slot('08:00 AM', '08:30 AM')] },
      { day: 'wednesday', slots: [] },
    ];
    const out = copyToDays(days, 'monday', ['wednesday', 'monday']);
    expect(out[0]).toBe(days[0]);
    expect(out[1]).toBe(days[1]);
    expect(out[2]).toEqual({ day: 'wednesday', slots: days[0]?.slots });
    expect(out[2]?.slots[0]).not.toBe(days[0]?.slots[0]);
    expect(copyToDays(days, 'friday', ['monday'])).toEqual(days);
  });
});

describe('editing helpers', () => {
  it('moves a row within the list', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
  it('suggests the next part after the last one, as long as it', () => {
    expect(nextSlotTimes([])).toEqual({ start: '09:00 AM', end: '09:45 AM' });
    expect(nextSlotTimes([slot('09:00 AM', '09:40 AM'), slot('08:00 AM', '08:30 AM')])).toEqual({
      start: '09:40 AM',
      end: '10:20 AM',
    });
  });
  it('summarises and draws a day', () => {
    const day = [slot('09:00 AM', '10:00 AM'), slot('10:00 AM', '10:30 AM', 'break'), slot('10:30 AM', '11:00 AM')];
    expect(daySpan(day)).toEqual({ lessons: 2, start: '09:00 AM', end: '11:00 AM' });
    expect(daySpan([])).toEqual({ lessons: 0, start: null, end: null });
    const drawn = timelineOf(day);
    expect(drawn.map((d) => [Math.round(d.top), Math.round(d.height)])).toEqual([
      [0, 50],
      [50, 25],
      [75, 25],
    ]);
  });
});
