import { describe, expect, it } from 'vitest';
import { formatAcademicYear, formatShortDay, formatTimeOfDay, partOfDay } from './format';

describe('dashboard formats', () => {
  it('shows an academic year as months in the reader language', () => {
    expect(formatAcademicYear('01-06-2026 - 31-05-2027', 'en')).toBe('Jun 2026 – May 2027');
    expect(formatAcademicYear('01-06-2026 - 31-05-2027', 'ar')).not.toContain('Jun');
  });
  it('refuses days that do not exist and text that is not a range', () => {
    expect(formatAcademicYear('31-02-2026 - 31-05-2027', 'en')).toBeNull();
    expect(formatAcademicYear('2026-06-01 - 2027-05-31', 'en')).toBeNull();
    expect(formatAcademicYear('-', 'en')).toBeNull();
  });
  it('names the part of the day', () => {
    expect([partOfDay(9), partOfDay(12), partOfDay(17)]).toEqual(['morning', 'afternoon', 'evening']);
  });
  it('writes a day and a time of day the way the reader reads them', () => {
    expect(formatShortDay('24-11-2026', 'en')).toBe('Tue, Nov 24');
    expect(formatShortDay('31-02-2026', 'en')).toBe('31-02-2026');
    expect(formatTimeOfDay('09:30 PM', 'en')).toBe('9:30 PM');
    expect(formatTimeOfDay('12:05 AM', 'en-GB')).toBe('0:05');
  });
});
