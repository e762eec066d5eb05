import { type DaySlot, formatHhmmA, MAX_CYCLE_DAYS, parseHhmmA, SCHEDULE_WEEKDAYS, type ScheduleDay } from '@cue/contract';

/*
 * The day schedule's editing rules, the same as the server's: times travel as hh:mm A, each part of a
 * day ends after it starts and no two parts of one day overlap (touching is fine: a break may start the
 * minute a period ends).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes since midnight of a wire time (hh:mm A); null when it is no time. */
export function minutesOf(wire: string): number | null {
  const t = parseHhmmA(wire);
  return t ? t.hour * 60 + t.minute : null;
}

/** The wire's hh:mm A of minutes since midnight. */
export const wireOfMinutes = (minutes: number): string => formatHhmmA(Math.floor(minutes / 60) % 24, minutes % 60);

/** A time field's value (HH:mm) of a wire time; '' when it is none. */
export function fieldFromWire(wire: string | null | undefined): string {
  const t = wire ? parseHhmmA(wire) : null;
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : '';
}

/** The wire's hh:mm A of a time field's value (HH:mm or HH:mm:ss); '' when it is empty or no time. */
export function wireFromField(value: string | null | undefined): string {
  const m = value ? /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(value.trim()) : null;
  return m ? formatHhmmA(Number(m[1]), Number(m[2])) : '';
}

/** A wire time in the reader's words ('9:30 AM', '٩:٣٠ ص'); the wire's text when it is none. */
export function readableTime(wire: string, language: string): string {
  const t = parseHhmmA(wire);
  if (!t) return wire;
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, t.hour, t.minute));
}

/** What is wrong with one part of a day or with the day: the contract's message's name. */
export type SlotProblem = { index: number; problem: 'endBeforeStart' | 'overlap' };

/**
 * The problems of a day's parts: a part that does not end after it starts, and each part that overlaps
 * an earlier-starting one (the later of the two is named). Parts without both times are left to the
 * schema's own check.
 */
export function slotProblems(slots: readonly Pick<DaySlot, 'start' | 'end'>[]): SlotProblem[] {
  const problems: SlotProblem[] = [];
  const timed: { index: number; start: number; end: number }[] = [];
  slots.forEach((slot, index) => {
    const start = minutesOf(slot.start);
    const end = minutesOf(slot.end);
    if (start === null || end === null) return;
    if (end <= start) problems.push({ index, problem: 'endBeforeStart' });
    else timed.push({ index, start, end });
  });
  timed.sort((a, b) => a.start - b.start || a.end - b.end);
  let latestEnd = -1;
  for (const part of timed) {
    if (part.start < latestEnd) problems.push({ index: part.index, problem: 'overlap' });
    latestEnd = Math.max(latestEnd, part.end);
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** A day's parts in the order of the day (by start, then end). */
export function sortedSlots<T extends Pick<DaySlot, 'start' | 'end'>>(slots: readonly T[]): T[] {
  const key = (s: T) => [minutesOf(s.start) ?? 24 * 60, minutesOf(s.end) ?? 24 * 60] as const;
  return [...slots].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
}

/** The keys of a schedule's days: the weekdays kept (Monday to Friday, then Saturday, Sunday when chosen), or day_1 … day_N. */
export function dayKeysOf(
  cycle: 'weekly' | 'rotating',
  options: { cycleDays?: number | null; saturday?: boolean; sunday?: boolean },
): string[] {
  if (cycle === 'rotating') {
    const n = Math.min(MAX_CYCLE_DAYS, Math.max(2, options.cycleDays ?? 2));
    return Array.from({ length: n }, (_, i) => `day_${i + 1}`);
  }
  return SCHEDULE_WEEKDAYS.filter((d) => (d === 'saturday' ? options.saturday : d === 'sunday' ? options.sunday : true));
}

/** The number of a rotating cycle's day key (day_3 → 3); null for a weekday. */
export const cycleDayNumber = (key: string): number | null => {
  const m = /^day_(\d+)$/.exec(key);
  return m ? Number(m[1]) : null;
};

/**
 * The days the editor holds, for the keys it shows: each key keeps its parts (a new key starts empty),
 * keys no longer shown are dropped.
 */
export function daysForKeys(days: readonly ScheduleDay[], keys: readonly string[]): ScheduleDay[] {
  const byKey = new Map(days.map((d) => [d.day, d.slots]));
  return keys.map((day) => ({ day, slots: byKey.get(day) ?? [] }));
}

/** The days with the parts of `from` copied (replacing theirs) to each of `to`; the others unchanged. */
export function copyToDays(days: readonly ScheduleDay[], from: string, to: readonly string[]): ScheduleDay[] {
  const source = days.find((d) => d.day === from);
  if (!source) return [...days];
  const targets = new Set(to.filter((d) => d !== from));
  return days.map((d) => (targets.has(d.day) ? { day: d.day, slots: source.slots.map((s) => ({ ...s })) } : d));
}

/** A list with one element moved by `by` places (clamped to the list). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, index + by));
  if (to === index || index < 0 || index >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** The next part's suggested times: from the end of the day's last part, as long as it was (45 minutes for the first). */
export function nextSlotTimes(slots: readonly Pick<DaySlot, 'start' | 'end'>[]): { start: string; end: string } {
  const ends = slots.map((s) => [minutesOf(s.start), minutesOf(s.end)] as const).filter(([a, b]) => a !== null && b !== null);
  if (ends.length === 0) return { start: '09:00 AM', end: '09:45 AM' };
  const [lastStart, lastEnd] = ends.reduce((a, b) => ((b[1] as number) > (a[1] as number) ? b : a));
  const length = Math.max(5, (lastEnd as number) - (lastStart as number));
  const start = Math.min(lastEnd as number, 23 * 60 + 54);
  return { start: wireOfMinutes(start), end: wireOfMinutes(Math.min(start + length, 23 * 60 + 59)) };
}

/** A day's summary: its number of periods and sessions, and its first start and last end (wire times). */
export function daySpan(slots: readonly DaySlot[]): { lessons: number; start: string | null; end: string | null } {
  const timed = slots.map((s) => [minutesOf(s.start), minutesOf(s.end)] as const).filter(([a, b]) => a !== null && b !== null);
  if (timed.length === 0) return { lessons: 0, start: null, end: null };
  const start = Math.min(...timed.map(([a]) => a as number));
  const end = Math.max(...timed.map(([, b]) => b as number));
  return { lessons: slots.filter((s) => s.kind !== 'break').length, start: wireOfMinutes(start), end: wireOfMinutes(end) };
}

/** A day drawn as a vertical timeline: each part's offset and height in percent of the day's span. */
export function timelineOf(slots: readonly DaySlot[]): { slot: DaySlot; top: number; height: number }[] {
  const span = daySpan(slots);
  const from = span.start ? (minutesOf(span.start) as number) : 0;
  const to = span.end ? (minutesOf(span.end) as number) : 0;
  const total = Math.max(1, to - from);
  return sortedSlots(slots)
    .map((slot) => ({ slot, start: minutesOf(slot.start), end: minutesOf(slot.end) }))
    .filter((x): x is { slot: DaySlot; start: number; end: number } => x.start !== null && x.end !== null && x.end > x.start)
    .map(({ slot, start, end }) => ({ slot, top: ((start - from) / total) * 100, height: ((end - start) / total) * 100 }));
}

/**
 * Two wire times as a range in the reader's words: each time kept whole (isolated) while the range
 * reads in the sentence's own direction, so Arabic's "9:00 ص" comes first on the right.
 */
export const timeRange = (start: string, end: string, language: string): string =>
  `\u2068${readableTime(start, language)}\u2069–\u2068${readableTime(end, language)}\u2069`;
