import { stringify } from 'csv-stringify/sync';

/** What a spreadsheet would run as a formula: =, +, -, @, a tab or a carriage return first, or their full-width forms. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number ("-120.50", "+3") is data, not a formula, and stays a number when opened. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** One cell as it is written: a formula-looking text gets a leading single quote, so it shows as text. */
export function csvCell(value: string | number | null | undefined): string | number | null | undefined {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/**
 * Rows as CSV for a download, the one way the server writes CSV. A cell that a spreadsheet would run as a
 * formula is prefixed with a single quote, so that a name such as `=HYPERLINK(...)` shows as text when
 * opened; a negative amount such as `-120.50` stays a number.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return stringify(rows.map((row) => row.map(csvCell)));
}
