/*
 * Leave balances (pure), in half-days. A leave year starts in the school's chosen month. Entitlement is
 * the year's quota up front, or accrued monthly: quota × (months of the year begun) / 12, rounded down to
 * a half-day. Carry-over into a year is the previous year's unused days (its full quota and its own
 * carry-over less what was approved in it), at most the type's limit, worked out year by year from the
 * first year the member took leave of the type (at most ten years back).
 */

export interface LeavePolicy {
  /** Half-days a year. */
  quota: number;
  accrual: 'upfront' | 'monthly';
  /** Half-days. */
  carryLimit: number;
}

export interface LeaveYear {
  /** The calendar year the leave year starts in. */
  year: number;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The leave year holding a day. */
export function leaveYearOf(iso: string, startMonth: number): LeaveYear {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const year = m >= startMonth ? y : y - 1;
  return leaveYear(year, startMonth);
}

export function leaveYear(year: number, startMonth: number): LeaveYear {
  const start = `${year}-${pad(startMonth)}-01`;
  const endDate = new Date(Date.UTC(year + 1, startMonth - 1, 0));
  const end = endDate.toISOString().slice(0, 10);
  return { year, start, end };
}

/** Months of the leave year begun on `on` (1 in its first month, 12 in its last). */
export function monthsBegun(year: LeaveYear, on: string): number {
  if (on < year.start) return 0;
  if (on > year.end) return 12;
  const months =
    (Number(on.slice(0, 4)) - Number(year.start.slice(0, 4))) * 12 + Number(on.slice(5, 7)) - Number(year.start.slice(5, 7));
  return Math.min(12, months + 1);
}

/** Half-days entitled by `on` in that leave year. */
export function entitled(policy: LeavePolicy, year: LeaveYear, on: string): number {
  if (policy.accrual === 'upfront') return policy.quota;
  return Math.floor((policy.quota * monthsBegun(year, on)) / 12);
}

/** Half-days carried into `year`, from the approved half-days of each earlier leave year. */
export function carriedInto(policy: LeavePolicy, year: number, takenByYear: ReadonlyMap<number, number>): number {
  if (policy.carryLimit <= 0) return 0;
  const years = [...takenByYear.keys()].filter((y) => y < year);
  if (years.length === 0) return 0;
  const first = Math.max(Math.min(...years), year - 10);
  let carry = 0;
  for (let y = first; y < year; y++) {
    const unused = policy.quota + carry - (takenByYear.get(y) ?? 0);
    carry = Math.min(policy.carryLimit, Math.max(0, unused));
  }
  return carry;
}

export interface Balance {
  entitled: number;
  carried: number;
  taken: number;
  pending: number;
  available: number;
}

export function balanceOf(
  policy: LeavePolicy,
  year: LeaveYear,
  on: string,
  takenByYear: ReadonlyMap<number, number>,
  pendingThisYear: number,
): Balance {
  const e = entitled(policy, year, on);
  const carried = carriedInto(policy, year.year, takenByYear);
  const taken = takenByYear.get(year.year) ?? 0;
  return { entitled: e, carried, taken, pending: pendingThisYear, available: e + carried - taken - pendingThisYear };
}
