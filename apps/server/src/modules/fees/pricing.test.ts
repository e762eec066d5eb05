import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attendance, dueDate, periodLabel, periodOf } from './periods.js';
import {
  type EarlyPaymentRule,
  earlyPaymentCredit,
  type PricingChild,
  type PricingDiscount,
  type PricingItem,
  priceInvoice,
} from './pricing.js';

const KINDS = ['tuition', 'meals', 'transport', 'late_pickup', 'activity', 'other'] as const;

const itemArb = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom(...KINDS),
  name: fc.constantFrom('Tuition', 'Meals', 'Transport', 'Late pick-up'),
  amount: fc.integer({ min: 0, max: 5_000_000 }),
  optional: fc.boolean(),
  studentIds: fc.constantFrom([] as string[], ['child']),
}) satisfies fc.Arbitrary<PricingItem>;

const discountArb = fc.record({
  id: fc.uuid(),
  name: fc.constantFrom('Sibling', 'Staff', 'Scholarship'),
  kind: fc.constantFrom('sibling', 'staff', 'scholarship', 'other', 'early_payment') as fc.Arbitrary<PricingDiscount['kind']>,
  mode: fc.constantFrom('percent', 'amount') as fc.Arbitrary<'percent' | 'amount'>,
  value: fc.integer({ min: 1, max: 10_000 }),
  itemKinds: fc.subarray([...KINDS]),
  position: fc.integer({ min: 0, max: 5 }),
  stackable: fc.boolean(),
  validFrom: fc.constantFrom(null, '2026-01-01', '2027-01-01'),
  validTo: fc.constantFrom(null, '2026-06-30', '2027-12-31'),
  studentIds: fc.constantFrom([] as string[], ['child']),
}) satisfies fc.Arbitrary<PricingDiscount>;

const childArb = fc
  .record({
    isSibling: fc.boolean(),
    parentIsStaff: fc.boolean(),
    days: fc.integer({ min: 28, max: 31 }),
    attended: fc.integer({ min: 0, max: 40 }),
    latePickups: fc.integer({ min: 0, max: 6 }),
  })
  .map((c): PricingChild => ({ studentId: 'child', ...c }));

const PERIOD = '2026-12-01';

describe('invoice pricing (properties)', () => {
  it('the total is always the sum of the lines, never below 0, and every discount line fits what it reduces', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 6 }),
        fc.array(discountArb, { maxLength: 5 }),
        childArb,
        (items, discounts, child) => {
          const priced = priceInvoice(items, discounts, child, PERIOD);
          const sum = priced.lines.reduce((s, l) => s + l.amount, 0);
          expect(priced.total).toBe(sum);
          expect(priced.subtotal + priced.discount_total).toBe(priced.total);
          expect(priced.total).toBeGreaterThanOrEqual(0);
          // Every line's amount is its quantity × unit amount.
          for (const l of priced.lines) expect(l.amount).toBe(l.quantity * l.unitAmount);
          // No item goes below 0: per item, its lines (item, proration, late) minus the discounts' share stay ≥ 0,
          // and the discounts never take more than the items left after proration.
          const itemsNet = priced.lines.filter((l) => l.kind !== 'discount').reduce((s, l) => s + l.amount, 0);
          expect(-priced.discount_total).toBeLessThanOrEqual(itemsNet);
          for (const l of priced.lines.filter((x) => x.kind === 'discount')) expect(l.amount).toBeLessThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a non-stackable discount applies only when none applied before it, and none applies after it', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 4 }),
        fc.array(discountArb, { minLength: 1, maxLength: 5 }),
        childArb,
        (items, discounts, child) => {
          const priced = priceInvoice(items, discounts, child, PERIOD);
          const byId = new Map(discounts.map((d) => [d.id, d]));
          priced.applied.forEach((id, i) => {
            const d = byId.get(id);
            if (d && !d.stackable) {
              expect(i).toBe(0);
              expect(priced.applied).toHaveLength(1);
            }
          });
          // Applied in position order.
          const positions = priced.applied.map((id) => byId.get(id)?.position ?? 0);
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('proration keeps the fraction in [0, 1] and never makes the total negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 31 }),
        fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
        (amount, startDay, leaveDay) => {
          const period = { start: '2026-12-01', end: '2026-12-31' };
          const start = `2026-12-${String(startDay).padStart(2, '0')}`;
          const leaving = leaveDay === null ? null : `2026-12-${String(leaveDay).padStart(2, '0')}`;
          const a = attendance(period, start, leaving);
          expect(a.attended / a.days).toBeGreaterThanOrEqual(0);
          expect(a.attended / a.days).toBeLessThanOrEqual(1);
          const priced = priceInvoice(
            [{ id: 'i', kind: 'tuition', name: 'Tuition', amount, optional: false, studentIds: [] }],
            [],
            { studentId: 'child', isSibling: false, parentIsStaff: false, latePickups: 0, ...a },
            period.start,
          );
          expect(priced.total).toBeGreaterThanOrEqual(0);
          expect(priced.total).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('invoice pricing (documented cases)', () => {
  const tuition: PricingItem = { id: 't', kind: 'tuition', name: 'Tuition', amount: 1_200_000, optional: false, studentIds: [] };
  const meals: PricingItem = { id: 'm', kind: 'meals', name: 'Meals', amount: 250_000, optional: true, studentIds: ['child'] };
  const late: PricingItem = {
    id: 'l',
    kind: 'late_pickup',
    name: 'Late pick-up',
    amount: 30_000,
    optional: false,
    studentIds: [],
  };
  const full: PricingChild = { studentId: 'child', isSibling: true, parentIsStaff: true, attended: 31, days: 31, latePickups: 0 };
  const percent: PricingDiscount = {
    id: 'p',
    name: 'Sibling',
    kind: 'sibling',
    mode: 'percent',
    value: 1000,
    itemKinds: [],
    position: 1,
    stackable: true,
    validFrom: null,
    validTo: null,
    studentIds: [],
  };
  const amount: PricingDiscount = {
    ...percent,
    id: 'a',
    name: 'Bursary',
    kind: 'scholarship',
    mode: 'amount',
    value: 100_000,
    position: 2,
    studentIds: ['child'],
  };

  it('applies stackable discounts in position order: a percentage of what is left after earlier ones', () => {
    // 10 % of 14,500 = 1,450 then 1,000 off → 12,050.
    expect(priceInvoice([tuition, meals], [percent, amount], full, PERIOD).total).toBe(1_205_000);
    // Swapped: 1,000 off then 10 % of 13,500 = 1,350 → 12,150.
    const swapped = priceInvoice([tuition, meals], [{ ...percent, position: 3 }, amount], full, PERIOD);
    expect(swapped.total).toBe(1_215_000);
    expect(swapped.applied).toEqual(['a', 'p']);
  });

  it('a discount reduces only the kinds it lists, and optional items go only to their children', () => {
    const onTuition = { ...percent, itemKinds: ['tuition' as const] };
    const priced = priceInvoice([tuition, meals], [onTuition], full, PERIOD);
    expect(priced.discount_total).toBe(-120_000);
    const other = priceInvoice([tuition, meals], [onTuition], { ...full, studentId: 'other' }, PERIOD);
    expect(other.subtotal).toBe(1_200_000);
  });

  it('a non-stackable discount is skipped after another applied, and stops later ones', () => {
    const staff: PricingDiscount = {
      ...percent,
      id: 's',
      name: 'Staff',
      kind: 'staff',
      value: 2500,
      position: 2,
      stackable: false,
    };
    expect(priceInvoice([tuition], [percent, staff], full, PERIOD).applied).toEqual(['p']);
    expect(priceInvoice([tuition], [{ ...percent, position: 3 }, staff], full, PERIOD).applied).toEqual(['s']);
    expect(priceInvoice([tuition], [staff, { ...amount, position: 3 }], full, PERIOD).total).toBe(900_000);
  });

  it('pro-rates a mid-month joiner by calendar days and bills late pick-ups', () => {
    const a = attendance({ start: '2026-12-01', end: '2026-12-31' }, '2026-12-15', null);
    expect(a).toEqual({ attended: 17, days: 31 });
    const priced = priceInvoice([tuition, late], [], { ...full, ...a, latePickups: 2 }, PERIOD);
    const proration = priced.lines.find((l) => l.kind === 'proration');
    expect(proration?.amount).toBe(658_065 - 1_200_000);
    expect(priced.lines.find((l) => l.kind === 'late_pickup')?.amount).toBe(60_000);
    expect(priced.total).toBe(658_065 + 60_000);
  });

  it('validity is compared with the period start and a 100 % discount leaves 0', () => {
    expect(priceInvoice([tuition], [{ ...percent, validFrom: '2027-01-01' }], full, PERIOD).applied).toEqual([]);
    expect(priceInvoice([tuition], [{ ...percent, value: 10_000 }], full, PERIOD).total).toBe(0);
    expect(priceInvoice([tuition], [{ ...amount, value: 9_000_000 }], full, PERIOD).total).toBe(0);
  });
});

describe('periods', () => {
  it('finds the period, its label and due date', () => {
    const month = periodOf('monthly', '2026-12-17');
    expect(month).toEqual({ start: '2026-12-01', end: '2026-12-31', termName: null });
    if (!month) throw new Error('no month');
    expect(periodLabel('monthly', month, 'en')).toBe('December 2026');
    expect(periodLabel('monthly', month, 'ar')).toContain('2026');
    expect(periodOf('monthly', '2028-02-10')?.end).toBe('2028-02-29');
    expect(periodOf('termly', '2026-12-17', { terms: [{ name: 'Term 2', start: '2026-11-01', end: '2027-02-28' }] })?.start).toBe(
      '2026-11-01',
    );
    expect(periodOf('termly', '2026-06-17', { terms: [] })).toBeNull();
    expect(periodOf('yearly', '2026-12-17', { academicYear: { start: '2026-06-01', end: '2027-03-31' } })?.end).toBe(
      '2027-03-31',
    );
    expect(periodOf('yearly', '2026-12-17')).toEqual({ start: '2026-01-01', end: '2026-12-31', termName: null });
    expect(dueDate('2026-12-01', 5)).toBe('2026-12-05');
    expect(dueDate('2027-02-01', 31)).toBe('2027-02-28');
  });
});

describe('earlyPaymentCredit', () => {
  const rule = (over: Partial<EarlyPaymentRule> = {}): EarlyPaymentRule => ({
    id: 'r1',
    mode: 'percent',
    value: 500,
    itemKinds: [],
    position: 0,
    daysBeforeDue: 3,
    validFrom: null,
    validTo: null,
    ...over,
  });
  const invoice = {
    periodStart: '2026-11-01',
    dueDate: '2026-11-10',
    total: 90_000,
    lines: [
      { amount: 80_000, itemKind: 'tuition' },
      { amount: 20_000, itemKind: 'meals' },
      { amount: -10_000, itemKind: null },
    ],
  };

  it('gives the percentage of the total on or before the deadline and nothing after it', () => {
    expect(earlyPaymentCredit([rule()], invoice, '2026-11-07')).toEqual({ ruleId: 'r1', amount: 4_500 });
    expect(earlyPaymentCredit([rule()], invoice, '2026-11-08')).toBeNull();
  });

  it('reduces only the item kinds it names, and an amount is capped at what they charge', () => {
    expect(earlyPaymentCredit([rule({ itemKinds: ['meals'] })], invoice, '2026-11-01')?.amount).toBe(1_000);
    expect(
      earlyPaymentCredit([rule({ mode: 'amount', value: 50_000, itemKinds: ['meals'] })], invoice, '2026-11-01')?.amount,
    ).toBe(20_000);
    expect(earlyPaymentCredit([rule({ itemKinds: ['transport'] })], invoice, '2026-11-01')).toBeNull();
  });

  it('respects validity against the period and takes the first rule by position', () => {
    expect(earlyPaymentCredit([rule({ validFrom: '2026-12-01' })], invoice, '2026-11-01')).toBeNull();
    expect(earlyPaymentCredit([rule({ validTo: '2026-10-31' })], invoice, '2026-11-01')).toBeNull();
    const later = rule({ id: 'r2', position: 5, mode: 'amount', value: 100 });
    const first = rule({ id: 'r3', position: 1, value: 1_000 });
    expect(earlyPaymentCredit([later, first], invoice, '2026-11-01')).toEqual({ ruleId: 'r3', amount: 9_000 });
  });

  it('never gives more than the invoice total, whatever the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'percent' | 'amount'>('percent', 'amount'),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (mode, value, total) => {
          const credit = earlyPaymentCredit(
            [rule({ mode, value: mode === 'percent' ? Math.min(value, 10_000) : value })],
            { ...invoice, total },
            '2026-11-01',
          );
          expect(credit?.amount ?? 0).toBeLessThanOrEqual(total);
          expect(credit?.amount ?? 0).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
