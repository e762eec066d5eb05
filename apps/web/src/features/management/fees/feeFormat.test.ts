import { describe, expect, it } from 'vitest';
import { chartByMonth, defaultRange, monthLabel, periodName } from './feeFormat';

describe('fee report helpers', () => {
  it('names a month in the language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('Nov 2026');
    expect(monthLabel('bad', 'en')).toBe('bad');
  });
  it('defaults to the last six months', () => {
    expect(defaultRange(new Date(Date.UTC(2026, 10, 28)))).toEqual({ from: '01-06-2026', to: '28-11-2026' });
    expect(defaultRange(new Date(Date.UTC(2026, 1, 3)))).toEqual({ from: '01-09-2025', to: '03-02-2026' });
  });
  it('sums classes per month in month order', () => {
    const rows = [
      { month: '2026-11', invoiced: 100, collected: 50 },
      { month: '2026-10', invoiced: 30, collected: 30 },
      { month: '2026-11', invoiced: 200, collected: 0 },
    ];
    expect(chartByMonth(rows, (m) => m / 100)).toEqual([
      { month: '2026-10', invoiced: 0.3, collected: 0.3 },
      { month: '2026-11', invoiced: 3, collected: 0.5 },
    ]);
  });
});

describe('periodName', () => {
  const october = { period_label: 'October 2026', period_start: '01-10-2026', period_end: '31-10-2026' };
  it('names a whole month in the reader language', () => {
    expect(periodName(october, 'en')).toBe('October 2026');
    expect(periodName(october, 'ar')).toContain('أكتوبر');
    expect(periodName(october, 'he')).toContain('אוקטובר');
  });
  it('keeps the school words for a term, a year or a part of a month', () => {
    expect(periodName({ period_label: 'Autumn (2026)', period_start: '01-09-2026', period_end: '20-12-2026' }, 'ar')).toBe(
      'Autumn (2026)',
    );
    expect(periodName({ ...october, period_end: '30-10-2026' }, 'ar')).toBe('October 2026');
  });
});
