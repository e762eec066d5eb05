import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, allocationOrder } from './allocation.js';

const day = fc.integer({ min: 0, max: 400 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));
const invoicesArb = fc.uniqueArray(
  fc.record({
    id: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 4, maxLength: 8 }),
    due: day,
    outstanding: fc.integer({ min: -5_000, max: 1_000_000 }),
  }),
  { selector: (i) => i.id, maxLength: 12 },
);
const amountArb = fc.integer({ min: 0, max: 5_000_000 });

describe('allocate', () => {
  it('never sets more against an invoice than it owes, and no negative amounts', () => {
    fc.assert(
      fc.property(amountArb, invoicesArb, (amount, invoices) => {
        const { allocations } = allocate(amount, invoices);
        for (const a of allocations) {
          const inv = invoices.find((i) => i.id === a.invoiceId);
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(Math.max(0, inv?.outstanding ?? 0));
        }
        expect(new Set(allocations.map((a) => a.invoiceId)).size).toBe(allocations.length);
      }),
    );
  });

  it('allocations plus the rest equal the amount; a rest only once everything is paid', () => {
    fc.assert(
      fc.property(amountArb, invoicesArb, (amount, invoices) => {
        const { allocations, rest } = allocate(amount, invoices);
        expect(allocations.reduce((s, a) => s + a.amount, 0) + rest).toBe(amount);
        expect(rest).toBeGreaterThanOrEqual(0);
        if (rest > 0) {
          for (const inv of invoices) {
            const got = allocations.find((a) => a.invoiceId === inv.id)?.amount ?? 0;
            expect(got).toBe(Math.max(0, inv.outstanding));
          }
        }
      }),
    );
  });

  it('pays the oldest due first: no later invoice gets money while an earlier one still owes (preferred ones first)', () => {
    fc.assert(
      fc.property(amountArb, invoicesArb, fc.nat({ max: 3 }), (amount, invoices, nPreferred) => {
        const preferred = invoices.slice(0, nPreferred).map((i) => i.id);
        const { allocations } = allocate(amount, invoices, preferred);
        const got = (id: string) => allocations.find((a) => a.invoiceId === id)?.amount ?? 0;
        const order = allocationOrder(invoices, preferred);
        // Along the order, once an invoice is left owing, nothing after it gets money.
        let shortSeen = false;
        for (const inv of order) {
          if (shortSeen) expect(got(inv.id)).toBe(0);
          if (got(inv.id) < Math.max(0, inv.outstanding)) shortSeen = true;
        }
        // Preferred invoices come before all others; the others by due date.
        const rest = order.slice(preferred.length);
        for (let i = 1; i < rest.length; i++)
          expect((rest[i - 1] as { due: string }).due <= (rest[i] as { due: string }).due).toBe(true);
        expect(order.slice(0, preferred.length).map((i) => i.id)).toEqual(preferred);
      }),
    );
  });

  it('is exact on a table of cases', () => {
    const inv = [
      { id: 'b', due: '2026-02-05', outstanding: 500 },
      { id: 'a', due: '2026-01-05', outstanding: 300 },
    ];
    expect(allocate(400, inv)).toEqual({
      allocations: [
        { invoiceId: 'a', amount: 300 },
        { invoiceId: 'b', amount: 100 },
      ],
      rest: 0,
    });
    expect(allocate(1000, inv)).toEqual({
      allocations: [
        { invoiceId: 'a', amount: 300 },
        { invoiceId: 'b', amount: 500 },
      ],
      rest: 200,
    });
    expect(allocate(400, inv, ['b'])).toEqual({ allocations: [{ invoiceId: 'b', amount: 400 }], rest: 0 });
    expect(() => allocate(-1, inv)).toThrow();
  });
});
