import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet.js';

const tz = 'Asia/Kolkata';
/** An instant at a wall-clock time in Kolkata (UTC+5:30). */
const at = (iso: string, hhmm: string) => new Date(`${iso}T${hhmm}:00+05:30`);

describe('quietUntil', () => {
  const evenings = { start: 18 * 60, end: 7 * 60 + 30, weekends: false };
  it('is null in working hours', () => {
    expect(quietUntil(evenings, at('2026-11-26', '10:00'), tz)).toBeNull();
    expect(quietUntil({ start: null, end: null, weekends: false }, at('2026-11-26', '23:00'), tz)).toBeNull();
  });
  it('runs over midnight to the next morning', () => {
    expect(quietUntil(evenings, at('2026-11-26', '21:15'), tz)?.toISOString()).toBe(at('2026-11-27', '07:30').toISOString());
    expect(quietUntil(evenings, at('2026-11-27', '05:00'), tz)?.toISOString()).toBe(at('2026-11-27', '07:30').toISOString());
  });
  it('skips a quiet weekend to Monday morning', () => {
    const weekends = { ...evenings, weekends: true };
    // Friday 2026-11-27 evening → Monday 2026-11-30 07:30.
    expect(quietUntil(weekends, at('2026-11-27', '19:00'), tz)?.toISOString()).toBe(at('2026-11-30', '07:30').toISOString());
    // Saturday noon, quiet weekends without quiet hours → Monday at midnight.
    const onlyWeekends = { start: null, end: null, weekends: true };
    expect(quietUntil(onlyWeekends, at('2026-11-28', '12:00'), tz)?.toISOString()).toBe(at('2026-11-30', '00:00').toISOString());
  });
  it('handles hours within a day', () => {
    const lunch = { start: 12 * 60, end: 13 * 60, weekends: false };
    expect(quietUntil(lunch, at('2026-11-26', '12:30'), tz)?.toISOString()).toBe(at('2026-11-26', '13:00').toISOString());
    expect(quietUntil(lunch, at('2026-11-26', '13:00'), tz)).toBeNull();
  });
});
