/**
 * One cell of a CSV the browser writes (a file downloaded without asking the server): quoted when it
 * holds a comma, a quote or a line break, and text a spreadsheet would run as a formula kept as text —
 * the server's rule (platform/csv.ts): a leading =, +, -, @, tab or carriage return, or their full-width
 * forms, gets a single quote before it.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
