import type { InvoiceLineKind, PaymentState } from '@cue/contract';

/*
 * Money helpers shared by invoicing and the ledger. Amounts are integers of the currency's minor units
 * (paise, fils, agorot); only the edges (emails, PDFs, CSV) turn them into text.
 */

const digitsCache = new Map<string, number>();

/** How many minor digits the currency has (INR 2, KWD 3, JPY 0), as Intl knows it. */
export function minorDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code keeps two digits: the settings schema only accepts three capital letters.
  }
  digitsCache.set(currency, digits);
  return digits;
}

/** Rounds half away from zero (1.5 → 2, −1.5 → −2), unlike Math.round which rounds −1.5 to −1. */
export function roundHalfAway(x: number): number {
  const r = Math.round(Math.abs(x));
  return x < 0 ? -r : r;
}

/**
 * `amount × numerator / denominator` rounded half away from zero, in integers so that a half is never
 * lost to binary fractions (12345 × 10 % is 1234.5 exactly → 1235).
 */
export function mulDivRound(amount: number, numerator: number, denominator: number): number {
  const sign = Math.sign(amount) * Math.sign(numerator) * Math.sign(denominator);
  const a = Math.abs(amount) * Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(a / d);
  const rest = a - q * d;
  const rounded = rest * 2 >= d ? q + 1 : q;
  return sign < 0 ? -rounded : rounded;
}

/** Latin digits in every language: PDFs and emails read the same numbers as the bank statement. */
function locale(language: 'en' | 'ar' | 'he'): string {
  return `${language}-u-nu-latn`;
}

/** "₹12,500.00", "‏12,500.00 ₪" — for emails and PDFs. */
export function formatMoney(minor: number, currency: string, language: 'en' | 'ar' | 'he'): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** The amount in major units with the currency's digits and no grouping ('12500.00', '-3.500'), for CSV. */
export function majorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  const whole = Math.floor(abs / scale);
  const fraction = String(abs - whole * scale).padStart(digits, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Paid when nothing is owed; overdue when something is owed after the due day; else partly paid or unpaid. */
export function paymentState(total: number, paid: number, dueIso: string, todayIso: string): PaymentState {
  if (total - paid <= 0) return 'paid';
  if (todayIso > dueIso) return 'overdue';
  return paid > 0 ? 'partly_paid' : 'unpaid';
}

/** An invoice's sums: the total is always the sum of every line; discounts (≤ 0) are kept apart. */
export function sumLines(lines: readonly { kind: InvoiceLineKind; amount: number }[]): {
  subtotal: number;
  discount_total: number;
  total: number;
} {
  let subtotal = 0;
  let discountTotal = 0;
  for (const line of lines) {
    if (line.kind === 'discount') discountTotal += line.amount;
    else subtotal += line.amount;
  }
  return { subtotal, discount_total: discountTotal, total: subtotal + discountTotal };
}
