import { describe, expect, it } from 'vitest';
import { byStart, monthsOf, pointOf, spanOf } from './termTimeline';

describe('the term timeline', () => {
  const from = '2026-09-01';
  const to = '2027-08-31'; // 365 days

  it('places a span as shares of the year, clipped to it', () => {
    expect(spanOf(from, to, from, to)).toEqual({ start: 0, width: 100 });
    const first = spanOf(from, to, '2026-09-01', '2026-09-30');
    expect(first?.start).toBe(0);
    expect(first?.width).toBeCloseTo((30 / 365) * 100);
    const clipped = spanOf(from, to, '2026-08-01', '2026-09-10');
    expect(clipped).toEqual({ start: 0, width: (10 / 365) * 100 });
    expect(spanOf(from, to, '2027-09-01', '2027-09-30')).toBeNull();
    expect(spanOf(from, to, '2026-10-05', '2026-10-01')).toBeNull();
  });

  it('marks a day within the year and none outside it', () => {
    expect(pointOf(from, to, '2026-09-01')).toBeCloseTo((0.5 / 365) * 100);
    expect(pointOf(from, to, '2027-09-01')).toBeNull();
  });

  it('lists the months of the year, the first and last clipped', () => {
    const months = monthsOf('2026-09-15', '2027-08-31');
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe('2026-09-01');
    expect(months[0]?.span.start).toBe(0);
    expect(months.at(-1)?.month).toBe('2027-08-01');
    const total = months.reduce((sum, m) => sum + m.span.width, 0);
    expect(total).toBeCloseTo(100);
  });

  it('orders units by their start on the wire', () => {
    const u = (name: string, start_date: string, end_date: string) => ({ name, start_date, end_date });
    expect(byStart([u('b', '01-02-2027', '01-03-2027'), u('a', '15-09-2026', '01-10-2026')]).map((x) => x.name)).toEqual([
      'a',
      'b',
    ]);
  });
});
