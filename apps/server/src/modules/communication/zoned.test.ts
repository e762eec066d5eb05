import { describe, expect, it } from 'vitest';
import { instantToZoned, zonedToInstant } from './zoned.js';

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
