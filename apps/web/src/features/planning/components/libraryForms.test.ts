import { describe, expect, it } from 'vitest';
import { ageRangeText, cleanTags, monthsOf, nextMonday, yearsMonths } from './libraryForms';

describe('nextMonday', () => {
  it('is the Monday of the following week from any day, Monday and Sunday included', () => {
    expect(nextMonday('2026-11-27')).toBe('2026-11-30'); // Friday
    expect(nextMonday('2026-11-23')).toBe('2026-11-30'); // Monday: not the same day
    expect(nextMonday('2026-11-29')).toBe('2026-11-30'); // Sunday
    expect(nextMonday('2026-12-28')).toBe('2027-01-04'); // across the year
  });
});

describe('ages in years and months', () => {
  it('round-trips months through years and months', () => {
    expect(yearsMonths(30)).toEqual({ years: 2, months: 6 });
    expect(monthsOf(2, 6)).toBe(30);
    expect(yearsMonths(null)).toEqual({ years: '', months: '' });
  });
  it('reads one part alone and nothing as no age', () => {
    expect(monthsOf(3, '')).toBe(36);
    expect(monthsOf('', 18)).toBe(18);
    expect(monthsOf('', '')).toBeNull();
    expect(monthsOf(0, 0)).toBe(0);
  });
});

describe('ageRangeText', () => {
  const words = { age: (m: number) => `${m}m`, from: (a: string) => `from ${a}`, to: (a: string) => `up to ${a}` };
  it('says a range, an open end or nothing', () => {
    expect(ageRangeText(24, 48, words)).toBe('24m – 48m');
    expect(ageRangeText(36, null, words)).toBe('from 36m');
    expect(ageRangeText(null, 18, words)).toBe('up to 18m');
    expect(ageRangeText(null, null, words)).toBeNull();
  });
});

describe('cleanTags', () => {
  it('trims, drops blanks and repeats regardless of case, keeping the first spelling', () => {
    expect(cleanTags([' Water ', 'water', '', 'Sand', 'SAND '])).toEqual(['Water', 'Sand']);
  });
  it('splits a tag holding commas (pasted, or typed before the separator was taken)', () => {
    expect(cleanTags(['songs,', 'rhymes, counting', ','])).toEqual(['songs', 'rhymes', 'counting']);
  });
});
