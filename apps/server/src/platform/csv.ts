import { stringify } from 'csv-stringify/sync';

/**
 * Rows as CSV for a download, the one way the server writes CSV. A cell that a spreadsheet would run
 * as a formula (starting with =, +, -, @, a tab or a carriage return, or their full-width forms) is
 * prefixed with a single quote, so that a name such as `=HYPERLINK(...)` shows as text when opened.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return stringify(rows, { escape_formulas: true });
}
