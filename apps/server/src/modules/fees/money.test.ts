import { describe, expect, it } from 'vitest';
import { formatMoney, majorText, minorDigits, mulDivRound, paymentState, roundHalfAway, sumLines } from './money.js';

describe('money', () => {
  it('knows the minor digits of a currency', () => {
    expect(minorDigits('INR')).toBe(2);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('ILS')).toBe(2);
  });

  it('rounds half away from zero', () => {
    expect(roundHalfAway(1.5)).toBe(2);
    expect(roundHalfAway(-1.5)).toBe(-2);
    expect(roundHalfAway(2.4)).toBe(2);
    expect(roundHalfAway(-2.6)).toBe(-3);
    expect(mulDivRound(12345, 1000, 10000)).toBe(1235);
    expect(mulDivRound(-12345, 1000, 10000)).toBe(-1235);
    expect(mulDivRound(12344, 1000, 10000)).toBe(1234);
    expect(mulDivRound(1_200_000, 13, 31)).toBe(503226);
  });

  it('writes major units for CSV', () => {
    expect(majorText(1_250_000, 'INR')).toBe('12500.00');
    expect(majorText(-5, 'INR')).toBe('-0.05');
    expect(majorText(3500, 'KWD')).toBe('3.500');
    expect(majorText(1200, 'JPY')).toBe('1200');
  });

  it('formats money in the reader language with Latin digits', () => {
    expect(formatMoney(1_250_000, 'INR', 'en')).toBe('₹12,500.00');
    expect(formatMoney(1_250_000, 'INR', 'ar')).toMatch(/12,500\.00/);
    expect(formatMoney(1_250_000, 'ILS', 'he')).toMatch(/12,500\.00/);
  });

  it('tells the payment state', () => {
    expect(paymentState(1000, 1000, '2026-12-05', '2026-12-20')).toBe('paid');
    expect(paymentState(1000, 1200, '2026-12-05', '2026-12-01')).toBe('paid');
    expect(paymentState(1000, 0, '2026-12-05', '2026-12-05')).toBe('unpaid');
    expect(paymentState(1000, 400, '2026-12-05', '2026-12-01')).toBe('partly_paid');
    expect(paymentState(1000, 400, '2026-12-05', '2026-12-06')).toBe('overdue');
  });

  it('sums lines', () => {
    expect(
      sumLines([
        { kind: 'item', amount: 1000 },
        { kind: 'proration', amount: -300 },
        { kind: 'discount', amount: -70 },
        { kind: 'late_pickup', amount: 50 },
      ]),
    ).toEqual({ subtotal: 750, discount_total: -70, total: 680 });
  });
});
