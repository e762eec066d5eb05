/**
 * The one date module. Inside the server and the web app a day is an ISO date ('YYYY-MM-DD') and a time
 * of day is hours and minutes; the wire formats of the spec ('DD-MM-YYYY', 'hh:mm A') exist only at the
 * edge: in the contract's schemas and in the presenters, through these functions. Pure functions, no
 * dependencies (the web app's first screens load it).
 */

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DDMMYYYY_RE = /^(\d{2})-(\d{2})-(\d{4})$/;
const HHMMA_RE = /^(0[1-9]|1[0-2]):([0-5]\d) (AM|PM)$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether year, month and day name a day that exists (no 31-02). */
function exists(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' of a day that exists. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_RE.exec(value);
  return !!m && exists(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** 'DD-MM-YYYY' of a day that exists. */
export function isDdmmyyyy(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DDMMYYYY_RE.exec(value);
  return !!m && exists(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** 'DD-MM-YYYY' → 'YYYY-MM-DD'; null when it is not a day that exists. */
export function isoFromDdmmyyyy(value: string): string | null {
  if (!isDdmmyyyy(value)) return null;
  return `${value.slice(6, 10)}-${value.slice(3, 5)}-${value.slice(0, 2)}`;
}

/** 'YYYY-MM-DD' (a date column's value, or the first ten characters of a timestamp) → 'DD-MM-YYYY'. */
export function ddmmyyyyFromIso(iso: string): string {
  const day = iso.slice(0, 10);
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** 'hh:mm A' → hours (0-23) and minutes; null when it is not such a time. */
export function parseHhmmA(value: string): { hour: number; minute: number } | null {
  const m = HHMMA_RE.exec(value.trim().toUpperCase());
  if (!m) return null;
  const h12 = Number(m[1]) % 12;
  return { hour: m[3] === 'PM' ? h12 + 12 : h12, minute: Number(m[2]) };
}

/** Hours (0-23) and minutes → 'hh:mm A' (English AM/PM, as the wire has it). */
export function formatHhmmA(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad(h12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The UTC fields of a date as 'YYYY-MM-DD'. */
export const isoOfUtc = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date ('YYYY-MM-DD') on the wall clock of a time zone (UTC when the zone is unknown). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return isoOfUtc(now);
    }
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const utc = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

export function addDays(iso: string, days: number): string {
  const d = utc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOfUtc(d);
}

/** Calendar days from one ISO day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The weekday of a day, as classes name their days ('monday' ...). */
export const weekdayOf = (iso: string): WeekdayName => WEEKDAY_NAMES[utc(iso).getUTCDay()] ?? 'sunday';

/** Monday of the week that holds the day. */
export function weekStart(iso: string): string {
  return addDays(iso, -((utc(iso).getUTCDay() + 6) % 7));
}

/** Every day from `from` to `to`, inclusive (ISO). */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The first and last day of the month that holds the day. */
export function monthOf(iso: string): { from: string; to: string } {
  const from = `${iso.slice(0, 7)}-01`;
  const next = utc(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(isoOfUtc(next), -1) };
}
