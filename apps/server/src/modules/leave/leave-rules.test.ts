import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOf, carriedInto, entitled, type LeavePolicy, leaveYear, leaveYearOf, monthsBegun } from './balance.js';
import { countDays } from './days.js';

const WEEK = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);

describe('counting the days of a request', () => {
  it('skips the weekend and a holiday, naming the holiday', () => {
    // Friday 4 December 2026 to Tuesday 8 December, Monday a holiday.
    const c = countDays('2026-12-04', '2026-12-08', 'full', 'full', WEEK, new Map([['2026-12-07', 'Founders day']]));
    expect(c.days.map((d) => d.date)).toEqual(['2026-12-04', '2026-12-08']);
    expect(c.halves).toBe(4);
    expect(c.skipped).toEqual([
      { date: '2026-12-05', reason: 'weekend', name: '' },
      { date: '2026-12-06', reason: 'weekend', name: '' },
      { date: '2026-12-07', reason: 'holiday', name: 'Founders day' },
    ]);
  });

  it('counts a first afternoon and a last morning as halves, and a one-day morning as one half', () => {
    expect(countDays('2026-12-01', '2026-12-03', 'pm', 'am', WEEK, new Map()).halves).toBe(4);
    expect(countDays('2026-12-01', '2026-12-01', 'am', 'full', WEEK, new Map()).days).toEqual([
      { date: '2026-12-01', portion: 'am', halves: 1 },
    ]);
    expect(countDays('2026-12-05', '2026-12-06', 'full', 'full', WEEK, new Map()).halves).toBe(0);
  });
});

describe('balances', () => {
  const policy = (over: Partial<LeavePolicy> = {}): LeavePolicy => ({ quota: 36, accrual: 'monthly', carryLimit: 10, ...over });

  it('places a day in the leave year of the school (April to March)', () => {
    expect(leaveYearOf('2027-02-10', 4)).toEqual({ year: 2026, start: '2026-04-01', end: '2027-03-31' });
    expect(leaveYear(2026, 1)).toEqual({ year: 2026, start: '2026-01-01', end: '2026-12-31' });
    expect(monthsBegun(leaveYear(2026, 4), '2026-04-01')).toBe(1);
    expect(monthsBegun(leaveYear(2026, 4), '2027-03-31')).toBe(12);
  });

  it('accrues monthly to the full quota in the last month, never going down, rounded down to a half-day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 12 }), (quota, startMonth) => {
        const year = leaveYear(2026, startMonth);
        let last = -1;
        for (let m = 0; m < 12; m++) {
          const on = new Date(Date.UTC(2026, startMonth - 1 + m, 15)).toISOString().slice(0, 10);
          const e = entitled(policy({ quota }), year, on);
          expect(e).toBeGreaterThanOrEqual(last);
          expect(Number.isInteger(e)).toBe(true);
          last = e;
        }
        expect(last).toBe(quota);
        expect(entitled(policy({ quota, accrual: 'upfront' }), year, year.start)).toBe(quota);
      }),
    );
  });

  it('carries over at most the limit, across a year boundary, year after year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 6 }),
        (quota, limit, takenPerYear) => {
          const taken = new Map(takenPerYear.map((n, i) => [2020 + i, n]));
          const p = policy({ quota, carryLimit: limit, accrual: 'upfront' });
          let expected = 0;
          for (let i = 0; i < takenPerYear.length; i++) {
            const year = 2020 + i;
            expect(carriedInto(p, year, taken)).toBe(expected);
            expected = Math.min(limit, Math.max(0, quota + expected - (takenPerYear[i] ?? 0)));
            expect(expected).toBeLessThanOrEqual(limit);
          }
          expect(carriedInto(p, 2020 + takenPerYear.length, taken)).toBe(expected);
        },
      ),
    );
  });

  it('available is what is entitled and carried less what is taken and waiting', () => {
    const year = leaveYear(2026, 1);
    const b = balanceOf(
      policy({ accrual: 'upfront' }),
      year,
      '2026-06-01',
      new Map([
        [2025, 30],
        [2026, 8],
      ]),
      4,
    );
    // 2025: 36 + 0 − 30 = 6 carried (under the limit of 10).
    expect(b).toEqual({ entitled: 36, carried: 6, taken: 8, pending: 4, available: 30 });
  });
});
