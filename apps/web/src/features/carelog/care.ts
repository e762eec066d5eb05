import {
  type BodyMark,
  type CareDetails,
  type CareEntry,
  type CareKind,
  type ChildCareDay,
  formatHhmmA,
  type Incident,
  isoFromDdmmyyyy,
  type MedicineDose,
  type NapNow,
  parseHhmmA,
} from '@cue/contract';

/*
 * The carelog's pure rules on the browser's side: times between the wire's hh:mm A and the time field's
 * HH:mm, a day's entries grouped for the room board and the timelines, naps ticking between two reads
 * of the server, a correction's changed fields, and where a click lands on the body map.
 */

const pad = (n: number) => String(n).padStart(2, '0');

// ------------------------------------------------------------------ days and times

// The page's day (todayWire, dayFromParam, shiftDay, isFutureDay) is the journal's too: one set of rules.
import { todayWire } from '../../lib/day';

export { dayFromParam, isFutureDay, shiftDay, todayWire } from '../../lib/day';

/** The time now on the device's clock, as the wire writes it (hh:mm A). */
export const nowWire = (now: Date = new Date()): string => formatHhmmA(now.getHours(), now.getMinutes());

/** The time field's value (HH:mm) of a wire time; '' when it is none. */
export function fieldFromWire(wire: string | null | undefined): string {
  const t = wire ? parseHhmmA(wire) : null;
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : '';
}

/** The wire's hh:mm A of a time field's value (HH:mm or HH:mm:ss); undefined when it is empty or no time. */
export function wireFromField(value: string | null | undefined): string | undefined {
  const m = value ? /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(value.trim()) : null;
  return m ? formatHhmmA(Number(m[1]), Number(m[2])) : undefined;
}

/** Minutes since midnight of a wire time (-1 when it is none, so such entries sort first). */
export function minuteOfDay(wire: string): number {
  const t = parseHhmmA(wire);
  return t ? t.hour * 60 + t.minute : -1;
}

/** A wire time in the reader's words ('2:05 pm', '14:05', '٢:٠٥ م'); the wire's text when it is none. */
export function readableTime(wire: string, language: string): string {
  const t = parseHhmmA(wire);
  if (!t) return wire;
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, t.hour, t.minute));
}

// ------------------------------------------------------------------ a day's entries

/** Oldest first by time of day, then by when they were written. */
export function byTime<T extends { time: string; created_at?: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => minuteOfDay(a.time) - minuteOfDay(b.time) || (a.created_at ?? '').localeCompare(b.created_at ?? ''),
  );
}

/** Each child's entries of the day, oldest first. */
export function entriesByChild(entries: readonly CareEntry[]): Map<string, CareEntry[]> {
  const map = new Map<string, CareEntry[]>();
  for (const entry of byTime(entries)) {
    const list = map.get(entry.student._id) ?? [];
    list.push(entry);
    map.set(entry.student._id, list);
  }
  return map;
}

/** A child's last `count` entries of the day, newest first (the room board's small icons). */
export function lastEntries(entries: readonly CareEntry[] | undefined, count = 3): CareEntry[] {
  return byTime(entries ?? [])
    .slice(-count)
    .reverse();
}

/** One moment of a child's day for the family: an entry, a medicine dose or an incident report. */
export type DayItem =
  | { type: 'entry'; key: string; time: string; entry: CareEntry }
  | { type: 'dose'; key: string; time: string; dose: MedicineDose & { medicine: string } }
  | { type: 'incident'; key: string; time: string; incident: Incident };

/** A child's day as one timeline, oldest first: entries, doses given at school or at home, and incidents. */
export function dayTimeline(day: Pick<ChildCareDay, 'entries' | 'doses' | 'incidents'>): DayItem[] {
  const items: DayItem[] = [
    ...day.entries.map((entry) => ({ type: 'entry' as const, key: `e${entry._id}`, time: entry.time, entry })),
    ...day.doses.map((dose) => ({ type: 'dose' as const, key: `d${dose._id}`, time: dose.time, dose })),
    ...day.incidents.map((incident) => ({ type: 'incident' as const, key: `i${incident._id}`, time: incident.time, incident })),
  ];
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => minuteOfDay(a.item.time) - minuteOfDay(b.item.time) || a.index - b.index)
    .map(({ item }) => item);
}

/** The naps still open in a day's entries (a nap without an end). */
export const isOpenNap = (entry: CareEntry): boolean => entry.kind === 'nap' && !entry.details.end;

// ------------------------------------------------------------------ naps

const MINUTE = 60_000;

/** Minutes between two wire times of one day (across midnight when the end is earlier). */
export function minutesBetween(from: string, to: string): number {
  const a = minuteOfDay(from);
  const b = minuteOfDay(to);
  if (a < 0 || b < 0) return 0;
  return (b - a + 1440) % 1440;
}

/**
 * Minutes asleep now: the server's count when it answered, plus the time since (so the board ticks
 * between two reads without asking again).
 */
export function minutesAsleep(nap: Pick<NapNow, 'minutes'>, readAt: number, now: number): number {
  return nap.minutes + Math.max(0, Math.floor((now - readAt) / MINUTE));
}

/**
 * Whether a baby's sleep check is due now: the server said so, or the minutes since the last check (or
 * the start) have reached the school's interval since it answered.
 */
export function checkDue(
  nap: Pick<NapNow, 'baby' | 'start' | 'last_check' | 'minutes' | 'check_due'>,
  checkMinutes: number,
  readAt: number,
  now: number,
): boolean {
  if (!nap.baby) return false;
  if (nap.check_due) return true;
  const sinceCheckAtRead = nap.last_check ? nap.minutes - minutesBetween(nap.start, nap.last_check) : nap.minutes;
  return sinceCheckAtRead + Math.max(0, Math.floor((now - readAt) / MINUTE)) >= checkMinutes;
}

/** "1 h 05" style parts of a count of minutes. */
export const hoursAndMinutes = (minutes: number): { hours: number; minutes: number } => ({
  hours: Math.floor(Math.max(0, minutes) / 60),
  minutes: Math.max(0, minutes) % 60,
});

// ------------------------------------------------------------------ medicines

/** Whether a dose may be given now: no earliest time, or it has passed. */
export const doseAllowed = (nextAllowedAt: string | null, now: Date = new Date()): boolean =>
  !nextAllowedAt || new Date(nextAllowedAt).getTime() <= now.getTime();

/** A medicine's last dose (at home or school), the newest by day and time. */
export function lastDose<T extends Pick<MedicineDose, 'date' | 'time' | 'created_at'>>(doses: readonly T[]): T | null {
  let best: T | null = null;
  let bestKey = '';
  for (const dose of doses) {
    const key = `${isoFromDdmmyyyy(dose.date) ?? ''} ${String(minuteOfDay(dose.time) + 1).padStart(4, '0')} ${dose.created_at}`;
    if (!best || key > bestKey) {
      best = dose;
      bestKey = key;
    }
  }
  return best;
}

// ------------------------------------------------------------------ incidents

/** Whole days from today until a wire day (negative when it has passed). */
export function daysUntil(wire: string, now: Date = new Date()): number | null {
  const iso = isoFromDdmmyyyy(wire);
  const today = isoFromDdmmyyyy(todayWire(now));
  if (!iso || !today) return null;
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The fields of a report a correction may change. */
export const CORRECTABLE = [
  'kind',
  'date',
  'time',
  'location',
  'description',
  'injury',
  'first_aid',
  'witness',
  'serious',
  'body_map',
] as const;
export type Correctable = (typeof CORRECTABLE)[number];
export type CorrectableValues = Pick<Incident, Correctable>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ from the report's (a correction names only what it changes). */
export function changedFields(report: CorrectableValues, values: CorrectableValues): Partial<CorrectableValues> {
  const changes: Partial<Record<Correctable, unknown>> = {};
  for (const field of CORRECTABLE) {
    const next = typeof values[field] === 'string' ? (values[field] as string).trim() : values[field];
    if (!same(report[field], next)) changes[field] = next;
  }
  return changes as Partial<CorrectableValues>;
}

// ------------------------------------------------------------------ the body map

/** The figure's drawing box: marks are kept as 0-100 across and down it, whatever size it is drawn. */
export const FIGURE = { width: 120, height: 260 } as const;

/**
 * Where a click lands on a figure drawn in `rect` (the element's box on screen), as the contract's 0-100
 * across and down, to one decimal. The figure is never mirrored (its left is the screen's left in every
 * language), so no direction enters here.
 */
export function markFromClick(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v * 10) / 10));
  return {
    x: clamp(rect.width > 0 ? ((clientX - rect.left) / rect.width) * 100 : 0),
    y: clamp(rect.height > 0 ? ((clientY - rect.top) / rect.height) * 100 : 0),
  };
}

/** A mark's place in the figure's drawing box. */
export const pointOfMark = (mark: Pick<BodyMark, 'x' | 'y'>): { cx: number; cy: number } => ({
  cx: (mark.x / 100) * FIGURE.width,
  cy: (mark.y / 100) * FIGURE.height,
});

/**
 * Which of the child's sides a point is on: on the front figure the child faces the reader, so the
 * child's right is the reader's left; on the back figure they agree.
 */
export function childSideOf(mark: Pick<BodyMark, 'side' | 'x'>): 'left' | 'right' | 'middle' {
  if (mark.x > 45 && mark.x < 55) return 'middle';
  const readerLeft = mark.x <= 45;
  if (mark.side === 'front') return readerLeft ? 'right' : 'left';
  return readerLeft ? 'left' : 'right';
}

/** The marks numbered 1, 2, … in the order they were made, whichever figure they are on. */
export const numberedMarks = <T extends BodyMark>(marks: readonly T[]): (T & { n: number })[] =>
  marks.map((mark, i) => ({ ...mark, n: i + 1 }));

/** A person's initials for a tile without a photo. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(parts[0] ?? '')[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1] ?? '')[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

// ------------------------------------------------------------------ an entry's form

/** What the entry form holds, whatever the kind (only the kind's own fields are sent). */
export interface EntryFields {
  /** HH:mm (the time field's value). */
  time: string;
  meal: CareDetails['meal'] | null;
  food: string;
  amount: CareDetails['amount'] | null;
  ml: number | string;
  /** A nap's end, HH:mm; '' while asleep. */
  end: string;
  state: CareDetails['state'] | null;
  potty: boolean;
  mood: CareDetails['mood'] | null;
  activity: string;
  area: string;
  note: string;
}

/** A meal by the time of day it is logged: breakfast before 9, a snack before 11, lunch before 2, a snack before 4, then tea. */
export function mealOfTime(hhmm: string): NonNullable<CareDetails['meal']> {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const minute = h * 60 + m;
  if (minute < 9 * 60) return 'breakfast';
  if (minute < 11 * 60) return 'snack_am';
  if (minute < 14 * 60) return 'lunch';
  if (minute < 16 * 60) return 'snack_pm';
  return 'tea';
}

/** The form's values for a new entry: the time now and the likely meal, nothing else chosen. */
export function newEntryFields(now: Date = new Date()): EntryFields {
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return {
    time,
    meal: mealOfTime(time),
    food: '',
    amount: null,
    ml: '',
    end: '',
    state: null,
    potty: false,
    mood: null,
    activity: '',
    area: '',
    note: '',
  };
}

/** The form's values of a saved entry (to edit it). */
export function entryFields(entry: Pick<CareEntry, 'time' | 'details' | 'note'>): EntryFields {
  const d = entry.details;
  return {
    time: fieldFromWire(entry.time),
    meal: d.meal ?? null,
    food: d.food ?? '',
    amount: d.amount ?? null,
    ml: d.ml ?? '',
    end: fieldFromWire(d.end ?? null),
    state: d.state ?? null,
    potty: d.potty ?? false,
    mood: d.mood ?? null,
    activity: d.activity ?? '',
    area: d.area ?? '',
    note: entry.note,
  };
}

const text = (value: string) => value.trim() || undefined;

/** The details a kind records, from the form (empty fields left out). */
export function detailsOf(kind: CareKind, v: EntryFields): CareDetails {
  switch (kind) {
    case 'meal':
      return { meal: v.meal ?? undefined, food: text(v.food), amount: v.amount ?? undefined };
    case 'bottle':
      return { ml: v.ml === '' || v.ml === null ? undefined : Number(v.ml) };
    case 'nap':
      return { end: wireFromField(v.end) ?? null };
    case 'nappy':
    case 'toilet':
      return { state: v.state ?? undefined, potty: v.potty };
    case 'mood':
      return { mood: v.mood ?? undefined };
    case 'activity':
      return { activity: text(v.activity) };
    case 'suncream':
      return { area: text(v.area) };
    default:
      return {};
  }
}

/** An instant (ISO) in the reader's words: the time alone when it is today (unless `withDay`), else with its day. */
export function readableMoment(iso: string, language: string, now: Date = new Date(), withDay = false): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = !withDay && at.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: 'numeric', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(language, options).format(at);
}

/** When something was signed or done (ISO), always with its day. */
export const readableStamp = (iso: string, language: string): string => readableMoment(iso, language, new Date(), true);

/** A wire day (DD-MM-YYYY) in the reader's words ('9 Mar 2026', '٩ مارس ٢٠٢٦'); the wire's text when it is no day. */
export function readableDay(wire: string, language: string): string {
  const iso = isoFromDdmmyyyy(wire);
  if (!iso) return wire;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${iso}T12:00:00`),
  );
}

/**
 * A value set into a sentence in its own direction (first strong isolate … pop), so a Latin dose or name
 * inside an Arabic sentence keeps its order ('5 ml' stays '5 ml').
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
