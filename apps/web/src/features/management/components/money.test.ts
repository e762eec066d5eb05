import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, majorFromMinor, minorDigits, minorFromMajor } from './money';

describe('money', () => {
  it('formats an amount in the language with the currency digits', () => {
    expect(formatMoney(1250000, 'INR', 'en')).toBe('₹12,500.00');
    expect(formatMoney(-5, 'INR', 'en')).toBe('-₹0.05');
    expect(formatMoney(0, 'INR', 'en')).toBe('₹0.00');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
    // Arabic and Hebrew write the symbol after the number; the digits stay the same amount.
    expect(formatMoney(1250000, 'INR', 'ar')).toMatch(/12[,٬]500[.٫]00|١٢٬٥٠٠٫٠٠/);
    expect(formatMoney(1250000, 'INR', 'he')).toContain('12,500.00');
  });

  it('knows each currency minor digits', () => {
    expect(minorDigits('INR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('AED')).toBe(2);
  });

  it('writes minor units as an exact major decimal', () => {
    expect(majorFromMinor(29, 'INR')).toBe('0.29');
    expect(majorFromMinor(1250000, 'INR')).toBe('12500.00');
    expect(majorFromMinor(-5, 'INR')).toBe('-0.05');
    expect(majorFromMinor(1500, 'JPY')).toBe('1500');
    expect(majorFromMinor(1, 'KWD')).toBe('0.001');
  });

  it('reads major units without float drift', () => {
    expect(minorFromMajor('0.29', 'INR')).toBe(29);
    expect(minorFromMajor(0.29, 'INR')).toBe(29);
    expect(minorFromMajor(1.15, 'INR')).toBe(115);
    expect(minorFromMajor('12,500.5', 'INR')).toBe(1250050);
    expect(minorFromMajor(1500, 'JPY')).toBe(1500);
    expect(minorFromMajor('', 'INR')).toBeNull();
    expect(minorFromMajor('abc', 'INR')).toBeNull();
  });

  it('rounds digits beyond the currency half away from zero on the decimal as written', () => {
    // 1.005 × 100 is 100.49999… as a float; the written decimal's half goes up.
    expect(minorFromMajor(1.005, 'INR')).toBe(101);
    expect(minorFromMajor('-1.005', 'INR')).toBe(-101);
    expect(minorFromMajor('1.004', 'INR')).toBe(100);
    expect(minorFromMajor('2.5', 'JPY')).toBe(3);
  });

  it('round trips every minor amount', () => {
    for (let minor = -1000; minor <= 100000; minor += 7) {
      expect(minorFromMajor(majorFromMinor(minor, 'INR'), 'INR')).toBe(minor);
      expect(minorFromMajor(Number(majorFromMinor(minor, 'INR')), 'INR')).toBe(minor);
    }
    expect(minorFromMajor(majorFromMinor(9007199254740, 'INR'), 'INR')).toBe(9007199254740);
  });

  it('places the symbol where the language puts it', () => {
    expect(currencySymbol('INR', 'en')).toEqual({ symbol: '₹', before: true });
    expect(currencySymbol('INR', 'he').before).toBe(false);
  });
});
