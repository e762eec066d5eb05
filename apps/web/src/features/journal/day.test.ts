import { describe, expect, it } from 'vitest';
import { dayFromParam, firstLines, isFuture, shiftDay, todayWire } from './day';

const noon = new Date(2026, 2, 9, 12, 0, 0); // 9 March 2026, local time

describe("the journal's day", () => {
  it('is the one the address names, else today on the device clock', () => {
    expect(todayWire(noon)).toBe('09-03-2026');
    expect(dayFromParam('01-03-2026', noon)).toBe('01-03-2026');
    expect(dayFromParam('30-02-2026', noon)).toBe('09-03-2026');
    expect(dayFromParam(null, noon)).toBe('09-03-2026');
  });

  it('moves a day at a time across months and years', () => {
    expect(shiftDay('01-03-2026', -1)).toBe('28-02-2026');
    expect(shiftDay('31-12-2026', 1)).toBe('01-01-2027');
    expect(shiftDay('not a day', 1)).toBe('not a day');
  });

  it('knows a day after today', () => {
    expect(isFuture('10-03-2026', noon)).toBe(true);
    expect(isFuture('09-03-2026', noon)).toBe(false);
    expect(isFuture('01-01-2020', noon)).toBe(false);
  });

  it('cuts a preview at a word', () => {
    expect(firstLines('  short   text ')).toBe('short text');
    const long = 'word '.repeat(60);
    const cut = firstLines(long, 23);
    expect(cut).toBe('word word word word…');
    expect(firstLines('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
