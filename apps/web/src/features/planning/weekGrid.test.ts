import { describe, expect, it } from 'vitest';
import { byTime, fieldTime, gridDays, nextSlot, shiftWeek, timeProblem, weekFromParam, weekParam, wireTime } from './weekGrid';

describe('the weekly plan', () => {
  it('reads the week from an ISO day or a wire day, any day of it, else this week', () => {
    expect(weekFromParam('2026-11-26', '2026-01-01')).toBe('2026-11-23');
    expect(weekFromParam('26-11-2026', '2026-01-01')).toBe('2026-11-23');
    expect(weekFromParam('2026-11-29', '2026-01-01')).toBe('2026-11-23');
    expect(weekFromParam(null, '2026-11-27')).toBe('2026-11-23');
    expect(weekFromParam('2026-02-30', '2026-11-27')).toBe('2026-11-23');
    expect(weekFromParam('nonsense', '2026-11-27')).toBe('2026-11-23');
  });

  it('moves by weeks across months and keeps this week out of the address', () => {
    expect(shiftWeek('2026-11-30', 1)).toBe('2026-12-07');
    expect(shiftWeek('2026-11-02', -1)).toBe('2026-10-26');
    expect(weekParam('2026-11-23', '2026-11-27')).toBeNull();
    expect(weekParam('2026-11-30', '2026-11-27')).toBe('2026-11-30');
  });

  it('converts times between the time field and the wire', () => {
    expect(fieldTime('01:05 PM')).toBe('13:05');
    expect(fieldTime('12:00 AM')).toBe('00:00');
    expect(wireTime('13:05')).toBe('01:05 PM');
    expect(wireTime('09:30')).toBe('09:30 AM');
    expect(wireTime('24:00')).toBeNull();
    expect(wireTime('')).toBeNull();
  });

  it("says what is wrong with an activity's times in the class's day", () => {
    expect(timeProblem('09:00', '09:30', '08:30 AM', '03:00 PM')).toBeNull();
    expect(timeProblem('', '09:30', '08:30 AM', '03:00 PM')).toBe('startRequired');
    expect(timeProblem('09:00', '', '08:30 AM', '03:00 PM')).toBe('endRequired');
    expect(timeProblem('10:00', '09:30', '08:30 AM', '03:00 PM')).toBe('endBeforeStart');
    expect(timeProblem('10:00', '10:00', '08:30 AM', '03:00 PM')).toBe('endBeforeStart');
    expect(timeProblem('08:00', '09:30', '08:30 AM', '03:00 PM')).toBe('outsideHours');
    expect(timeProblem('14:30', '15:30', '08:30 AM', '03:00 PM')).toBe('outsideHours');
  });

  it("offers the slot after the day's last activity, kept within the class's hours", () => {
    expect(nextSlot([], '08:30 AM', '03:00 PM')).toEqual({ start: '08:30', end: '09:00' });
    expect(nextSlot([{ end_time: '10:15 AM' }], '08:30 AM', '03:00 PM')).toEqual({ start: '10:15', end: '10:45' });
    expect(nextSlot([{ end_time: '03:00 PM' }], '08:30 AM', '03:00 PM')).toEqual({ start: '14:30', end: '15:00' });
  });

  it("orders a day's activities by time and gives a column to open days and days with activities", () => {
    const a = (title: string, start_time: string, end_time = '11:59 PM') => ({ title, start_time, end_time });
    expect(byTime([a('b', '01:00 PM'), a('a', '09:00 AM'), a('c', '09:00 AM', '09:15 AM')]).map((x) => x.title)).toEqual([
      'c',
      'a',
      'b',
    ]);
    const days = [
      { date: 'mon', open: true, activities: [] },
      { date: 'sat', open: false, activities: [] },
      { date: 'sun', open: false, activities: [a('x', '10:00 AM')] },
    ];
    expect(gridDays(days).map((d) => d.date)).toEqual(['mon', 'sun']);
  });
});
