import { ddmmyyyyFromIso } from '@cue/contract';

/** A report month ('YYYY-MM') in the reader's language ("Nov 2026"). */
export function monthLabel(month: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const iso = (d: Date) =>
  `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/**
 * The collection report's default range (DD-MM-YYYY): the last six months, from the first day of the
 * month five months back to today (a school year's own dates are the server's; six months always answer).
 */
export function defaultRange(today: Date): { from: string; to: string } {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 5, 1));
  return { from: ddmmyyyyFromIso(iso(start)), to: ddmmyyyyFromIso(iso(today)) };
}

/** The chart's points: per month, the sums over classes of invoiced and collected, in major units. */
export function chartByMonth(
  rows: { month: string; invoiced: number; collected: number }[],
  toMajor: (minor: number) => number,
): { month: string; invoiced: number; collected: number }[] {
  const months = new Map<string, { invoiced: number; collected: number }>();
  for (const row of rows) {
    const at = months.get(row.month) ?? { invoiced: 0, collected: 0 };
    at.invoiced += row.invoiced;
    at.collected += row.collected;
    months.set(row.month, at);
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, v]) => ({ month, invoiced: toMajor(v.invoiced), collected: toMajor(v.collected) }));
}

/**
 * An invoice's or a run's period in the reader's language: a whole calendar month by its name
 * ("October 2026", "أكتوبر 2026"); a term or a year as the school named it when it was invoiced.
 */
export function periodName(x: { period_label: string; period_start: string; period_end: string }, language: string): string {
  const start = /^01-(\d{2})-(\d{4})$/.exec(x.period_start);
  const end = /^(\d{2})-(\d{2})-(\d{4})$/.exec(x.period_end);
  if (!start || !end || start[1] !== end[2] || start[2] !== end[3]) return x.period_label;
  const year = Number(start[2]);
  const month = Number(start[1]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (Number(end[1]) !== last) return x.period_label;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
