import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Money on the web (issue 26). Amounts travel as integers of the currency's minor units (paise, fils,
 * agorot; yen have none) with the currency beside them. They are shown ONLY through `formatMoney` /
 * `<Money>` and typed ONLY through `<MoneyInput>`, so every screen agrees on digits and rounding.
 */

const digitsCache = new Map<string, number>();

/** How many minor digits a currency has (INR 2, JPY 0, KWD 3), as Intl knows it; 2 for an unknown code. */
export function minorDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An invalid code (never from the server, whose schema checks it) falls back to two digits.
  }
  digitsCache.set(currency, digits);
  return digits;
}

function formatter(currency: string, language: string): Intl.NumberFormat {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    return new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
}

/**
 * The amount in major units as an exact decimal string ("12500.00", "-0.05", "1500" for JPY): no float
 * arithmetic, so 29 paise is "0.29" and never "0.28999…". CSV files and the input use this.
 */
export function majorFromMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0;
  const whole = Math.abs(Math.trunc(minor)).toString();
  if (digits === 0) return `${negative ? '-' : ''}${whole}`;
  const padded = whole.padStart(digits + 1, '0');
  const text = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return `${negative ? '-' : ''}${text}`;
}

/**
 * Minor units from what was typed in major units. The decimal text is read digit by digit (not
 * multiplied as a float): "0.29" → 29, "12,500.5" → 1250050. Digits beyond the currency's are rounded half
 * away from zero on the decimal as written: "1.005" → 101, "-1.005" → -101, "1.004" → 100 (a float
 * product would give 100.49999… and lose the half). Empty or unreadable text → null.
 */
export function minorFromMajor(value: number | string, currency: string): number | null {
  const digits = minorDigits(currency);
  let text = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : value.trim();
  text = text.replace(/[,\s_]/g, '');
  if (/e/i.test(text)) {
    // Exponent notation only comes from extreme numbers; Math.round of the product is exact enough there.
    const n = Number(text);
    return Number.isFinite(n) ? Math.round(n * 10 ** digits) || 0 : null;
  }
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const negative = match[1] === '-';
  const whole = match[2] || '0';
  const fraction = match[3] ?? '';
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  let minor = Number(whole) * 10 ** digits + (kept ? Number(kept) : 0);
  const next = fraction.charAt(digits);
  if (next && Number(next) >= 5) minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return negative && minor !== 0 ? -minor : minor;
}

/** The amount as the reader's language writes it: formatMoney(1250000, 'INR', 'en') → "₹12,500.00". */
export function formatMoney(minor: number, currency: string, language: string): string {
  // Through the exact decimal string, so the float never rounds a half the wrong way.
  return formatter(currency, language).format(Number(majorFromMinor(minor, currency)));
}

/** The currency's symbol in the language ("₹", "JP¥", "د.إ.‏") and whether it stands before the number. */
export function currencySymbol(currency: string, language: string): { symbol: string; before: boolean } {
  const parts = formatter(currency, language).formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const number = parts.findIndex((part) => part.type === 'integer');
  const symbol = at >= 0 ? (parts[at]?.value ?? currency) : currency;
  return { symbol, before: at >= 0 && at < number };
}

/** An amount shown in the reader's language, with figures of equal width so columns line up. */
export function Money({ amount, currency, fw }: { amount: number; currency: string; fw?: number | string }) {
  const { i18n } = useTranslation();
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: fw }}>
      {formatMoney(amount, currency, i18n.language)}
    </span>
  );
}

type MoneyInputProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'decimalScale' | 'fixedDecimalScale' | 'prefix' | 'suffix' | 'thousandSeparator'
> & {
  /** Minor units, or null while empty. */
  value: number | null;
  onChange: (minor: number | null) => void;
  currency: string;
};

/**
 * A money field: typed in major units with the currency's digits and thousands separators, the symbol
 * where the language puts it, and handed back as minor units.
 */
export function MoneyInput({ value, onChange, currency, ...rest }: MoneyInputProps) {
  const { i18n } = useTranslation();
  const digits = minorDigits(currency);
  const { symbol, before } = currencySymbol(currency, i18n.language);
  return (
    <NumberInput
      {...rest}
      value={value === null ? '' : majorFromMinor(value, currency)}
      onChange={(next) => onChange(next === '' ? null : minorFromMajor(next, currency))}
      decimalScale={digits}
      fixedDecimalScale={digits > 0}
      thousandSeparator=","
      decimalSeparator="."
      prefix={before ? `${symbol} ` : undefined}
      suffix={before ? undefined : ` ${symbol}`}
      hideControls
      inputMode={digits > 0 ? 'decimal' : 'numeric'}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
