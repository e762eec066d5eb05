import { describe, expect, it } from 'vitest';
import { allocationPlan, linesTotal, totalsByClass, wireMonthStart, yearsAndMonths } from './plan';

const inv = (id: string, due: string, outstanding: number) => ({ _id: id, due_date: due, outstanding });

describe('a payment shown before it is recorded', () => {
  const open = [inv('b', '05-02-2026', 3000), inv('a', '05-01-2026', 5000), inv('c', '05-03-2026', 2000)];

  it('pays the oldest due date first and never more than an invoice owes', () => {
    expect(allocationPlan(6000, open, [])).toEqual({
      allocations: [
        { id: 'a', amount: 5000 },
        { id: 'b', amount: 1000 },
      ],
      credit: 0,
    });
  });

  it('pays the chosen invoices first, then the oldest', () => {
    expect(allocationPlan(4000, open, ['c']).allocations).toEqual([
      { id: 'c', amount: 2000 },
      { id: 'a', amount: 2000 },
    ]);
  });

  it('keeps what is paid over what is owed as credit', () => {
    expect(allocationPlan(12_500, open, [])).toMatchObject({ credit: 2500 });
    expect(allocationPlan(0, open, [])).toEqual({ allocations: [], credit: 0 });
  });

  it('compares due dates as days, not as the DD-MM-YYYY text', () => {
    const plan = allocationPlan(100, [inv('late', '01-12-2025', 100), inv('early', '30-11-2025', 100)], []);
    expect(plan.allocations[0]?.id).toBe('early');
  });
});

describe('a correction and a preview', () => {
  it('totals the lines as the server rounds them', () => {
    expect(
      linesTotal([
        { quantity: 3, unit_amount: 1000 },
        { quantity: 1, unit_amount: -250 },
      ]),
    ).toBe(2750);
  });

  it('sums a preview per class, the largest first', () => {
    const rows = totalsByClass([
      { class: { _id: 'n', name: 'Nursery' }, total: 100 },
      { class: { _id: 'r', name: 'Reception' }, total: 300 },
      { class: { _id: 'n', name: 'Nursery' }, total: 150 },
      { class: null, total: 10 },
    ]);
    expect(rows.map((r) => [r.name, r.count, r.total])).toEqual([
      ['Reception', 1, 300],
      ['Nursery', 2, 250],
      ['', 1, 10],
    ]);
  });

  it('shows an age band in years and months and a month as its first day', () => {
    expect(yearsAndMonths(30)).toEqual({ years: 2, months: 6 });
    expect(wireMonthStart('2026-11-17')).toBe('01-11-2026');
    expect(wireMonthStart('nope')).toBeNull();
  });
});
