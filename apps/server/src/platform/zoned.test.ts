import { describe, expect, it } from 'vitest';
import { instantToZoned, wallClock, zonedToInstant } from './zoned.js';

describe('wall-clock times in a school time zone', () => {
  it('turns a date and hh:mm A into the right instant and back', () => {
    expect(zonedToInstant('27-11-2026', '09:30 AM', 'Asia/Kolkata').toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(zonedToInstant('27-11-2026', '12:05 PM', 'UTC').toISOString()).toBe('2026-11-27T12:05:00.000Z');
    expect(zonedToInstant('27-11-2026', '12:05 AM', 'UTC').toISOString()).toBe('2026-11-27T00:05:00.000Z');
    expect(zonedToInstant('01-07-2026', '03:00 PM', 'Europe/London').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(instantToZoned(new Date('2026-11-27T04:00:00.000Z'), 'Asia/Kolkata')).toEqual({
      date: '27-11-2026',
      time: '09:30 AM',
    });
  });
});

describe('wallClock', () => {
  it('reads the day, minute and weekday of a time zone', () => {
    // 2026-11-27 22:30 UTC is Saturday 02:30 in Dubai (UTC+4) and Friday 17:30 in New York (UTC-5).
    const instant = new Date('2026-11-27T22:30:00Z');
    expect(wallClock(instant, 'Asia/Dubai')).toEqual({ day: '2026-11-28', minute: 150, weekday: 6 });
    expect(wallClock(instant, 'America/New_York')).toEqual({ day: '2026-11-27', minute: 17 * 60 + 30, weekday: 5 });
  });
});
