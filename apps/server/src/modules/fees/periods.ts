import type { BillingCycle } from '@cue/contract';

/*
 * Billing periods, pure: which period holds a day for a cycle, its label in the reader's language, its
 * due date and the share of it a child attends (pro-rating counts calendar days — decision 0037).
 * Every date is ISO (YYYY-MM-DD).
 */

export type Language = 'en' | 'ar' | 'he';

export interface Period {
  start: string;
  end: string;
  /** termly: the term's name; otherwise null. */
  termName: string | null;
}

export interface PeriodContext {
  /** termly: the structure's terms (ISO days). */
  terms?: readonly { name: string; start: string; end: string }[];
  /** yearly: the class's academic year, when it has one. */
  academicYear?: { start: string; end: string } | null;
}

const DAY_MS = 86_400_000;
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Calendar days from `from` to `to`, both counted (01-12 to 31-12 is 31). */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.round((ms(to) - ms(from)) / DAY_MS) + 1;
}

function lastDayOfMonth(year: number, month: number): string {
  return iso(Date.UTC(year, month, 0));
}

/** The period of `cycle` that holds `day`; null when a termly structure has no term holding it. */
export function periodOf(cycle: BillingCycle, day: string, ctx: PeriodContext = {}): Period | null {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (cycle === 'monthly') {
    return { start: `${day.slice(0, 7)}-01`, end: lastDayOfMonth(year, month), termName: null };
  }
  if (cycle === 'termly') {
    const term = (ctx.terms ?? []).find((t) => t.start <= day && day <= t.end);
    return term ? { start: term.start, end: term.end, termName: term.name } : null;
  }
  const ay = ctx.academicYear;
  if (ay && ay.start <= day && day <= ay.end) return { start: ay.start, end: ay.end, termName: null };
  return { start: `${year}-01-01`, end: `${year}-12-31`, termName: null };
}

/** "December 2026", "ديسمبر 2026", "Term 1 (2026)", "2026–2027". */
export function periodLabel(cycle: BillingCycle, period: Period, language: Language): string {
  const locale = `${language}-u-nu-latn`;
  if (cycle === 'monthly') {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(ms(period.start)),
    );
  }
  const y1 = period.start.slice(0, 4);
  const y2 = period.end.slice(0, 4);
  const years = y1 === y2 ? y1 : `${y1}–${y2}`;
  if (cycle === 'termly') return `${period.termName ?? ''} (${years})`.trim();
  return years;
}

/** The due day in the period's first month (a due day past the month's end falls on its last day). */
export function dueDate(periodStart: string, dueDay: number): string {
  const year = Number(periodStart.slice(0, 4));
  const month = Number(periodStart.slice(5, 7));
  const last = Number(lastDayOfMonth(year, month).slice(8, 10));
  const day = Math.min(Math.max(1, dueDay), last);
  return `${periodStart.slice(0, 7)}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar days of the period a child attends: from their first day (when it falls inside) to their
 * leaving day (when it falls inside). A child who starts after the period or left before it attends 0.
 */
export function attendance(
  period: { start: string; end: string },
  startDate: string | null,
  leavingDate: string | null,
): { attended: number; days: number } {
  const days = daysBetweenInclusive(period.start, period.end);
  const from = startDate && startDate > period.start ? startDate : period.start;
  const to = leavingDate && leavingDate < period.end ? leavingDate : period.end;
  if (from > to) return { attended: 0, days };
  return { attended: Math.min(days, daysBetweenInclusive(from, to)), days };
}

/** The share of the period attended, in [0, 1]. */
export function prorationFraction(
  period: { start: string; end: string },
  startDate: string | null,
  leavingDate: string | null,
): number {
  const { attended, days } = attendance(period, startDate, leavingDate);
  return days > 0 ? attended / days : 0;
}

/** Age in whole months on a day (for structures billed by age group). */
export function ageInMonths(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}
