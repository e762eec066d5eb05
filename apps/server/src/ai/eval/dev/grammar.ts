/**
 * What the three grammars (English, Arabic, Hebrew) share: the environment of one sentence, pieces of
 * sentences with their facts, dates said in a clause, template filling and the sentence composer.
 */
import {
  addDays,
  type Child,
  type ClassInfo,
  ddmmyyyy,
  type Fact,
  hhmma,
  lastWeekday,
  type Moment,
  mondayOf,
  nextWeekday,
  type Rng,
  weekdayOf,
} from './core.js';

export type Lang = 'en' | 'ar' | 'he';

export interface Env {
  r: Rng;
  cls: ClassInfo;
  m: Moment;
  lang: Lang;
  /** Children of other classes and names of no one. */
  strangers: Child[];
}

export const todayOf = (e: Env) => e.m.day;
export const nowDate = (e: Env) => ddmmyyyy(e.m.day);
export const nowTime = (e: Env) => hhmma(e.m.hour, e.m.minute);

/** A piece of a sentence: its words and what it says. */
export interface Piece {
  text: string;
  facts: Fact[];
  kind: 'att' | 'everyone' | 'obs' | 'ann' | 'question' | 'mention' | 'none';
  /** The day the piece speaks of (attendance, observations), to say it once for the sentence. */
  day?: Date;
  /** What a sentence about a child of another class asks for (nothing is drafted; the intent layer still learns it). */
  says?: ('attendance' | 'observation')[];
}

/** A past (or present) day a clause speaks of, and how each language says it. */
export interface PastDay {
  day: Date;
  /** "today" (the day spoken), "yesterday", a past weekday, or two days ago. */
  which: 'today' | 'yesterday' | 'weekday' | 'dayBefore';
  weekday?: number;
  /** "last Friday" rather than "on Friday". */
  last?: boolean;
  /** Whether the clause says its day: always (other clauses speak of other days) or never (said before). */
  say?: 'must' | 'never';
}

export function pastDay(e: Env, pToday = 0.6): PastDay {
  const today = todayOf(e);
  const wd = weekdayOf(today);
  const x = e.r.next();
  if (x < pToday) return { day: today, which: 'today' };
  if (x < pToday + 0.18 && wd !== 1) return { day: addDays(today, -1), which: 'yesterday' };
  if (x < pToday + 0.22 && wd >= 3) return { day: addDays(today, -2), which: 'dayBefore' };
  // A weekday at least two school days back (so "on Monday" is never yesterday or today).
  const choices = [1, 2, 3, 4, 5].filter((d) => d !== wd && d !== (wd + 6) % 7);
  const w = e.r.pick(choices);
  return { day: lastWeekday(today, w), which: 'weekday', weekday: w, last: e.r.chance(0.3) };
}

/** A day ahead to send something on, with its hour (or none: the school day's start). */
export interface SendAt {
  day: Date;
  which: 'today' | 'tomorrow' | 'weekday' | 'nextWeekday';
  weekday?: number;
  hour: number | null;
  minute: number;
  /** "morning" said for the hour (the start of the school day). */
  morning?: boolean;
}

export function sendAt(e: Env): SendAt {
  const today = todayOf(e);
  const wd = weekdayOf(today);
  const r = e.r;
  const hourAfternoon = () => r.pick([13, 14, 15, 16, 17, 18]);
  const hourMorning = () => r.pick([7, 8, 8, 9, 10, 11]);
  const minute = r.pick([0, 0, 0, 0, 30, 15, 45]);
  const x = r.next();
  if (x < 0.2) {
    // Later today, in the afternoon (speaking is in the morning).
    return { day: today, which: 'today', hour: hourAfternoon(), minute };
  }
  if (x < 0.55 && wd !== 5) {
    const morning = r.chance(0.15);
    return {
      day: addDays(today, 1),
      which: 'tomorrow',
      hour: morning ? null : r.chance(0.6) ? hourMorning() : hourAfternoon(),
      minute: morning ? 0 : minute,
      morning,
    };
  }
  // A coming weekday (never today); "next Monday" only across a weekend.
  const w = r.pick([1, 2, 3, 4, 5].filter((d) => d !== wd));
  const day = nextWeekday(today, w);
  const crossesWeekend = mondayOf(day).getTime() !== mondayOf(today).getTime();
  return {
    day,
    which: crossesWeekend && r.chance(0.4) ? 'nextWeekday' : 'weekday',
    weekday: w,
    hour: r.chance(0.25) ? null : r.chance(0.6) ? hourMorning() : hourAfternoon(),
    minute,
  };
}

export const sendFact = (s: SendAt): Fact => ({
  kind: 'ann',
  date: ddmmyyyy(s.day),
  time: hhmma(s.hour ?? 9, s.hour === null ? 0 : s.minute),
  scheduled: true,
});

/** Fills `{key}` slots of a template; unknown keys are left as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([\p{L}\w]+)\}/gu, (all, key: string) => values[key] ?? all);
}

/** Spaces tidied: no double spaces, none before punctuation. */
export const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?:;،؟])/g, '$1')
    .trim();

/** Joins a list: "A", "A and B", "A, B and C" (in the language's words). */
export function joinList(items: string[], and: string, comma = ', '): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(comma)}${and}${items.at(-1)}`;
}
