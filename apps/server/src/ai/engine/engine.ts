import { isoFromDdmmyyyy } from '@cue/contract';
import { type CareEntryDraft, readCare } from './care.js';
import { type IntentModel, intentModel, LABELS, type Label, type Scores, scoreMessage } from './classifier.js';
import { announcementFallback, readEnglish, tidyEnglish } from './english.js';
import { type Guard, guardOf, unknownInAttendance } from './guards.js';
import { type Lang, langOf, readable } from './lang.js';
import { type AmbiguousName, findNames, fullName, type RosterChild } from './names.js';
import { type ClassQuery, question } from './question.js';
import { DAY, dayOf, ddmmyyyy, type EngineContext, mentionedCall, type Reading, type ToolCall } from './reading.js';
import { questionRtl, readRtl } from './rtl.js';

export { AREAS, areaIn, type ClassQuery, periodIn, type QuestionKind, question } from './question.js';
export type { AttendanceStatus, EngineContext, ToolCall } from './reading.js';

/**
 * The local language engine: turns a teacher's message (English, Arabic or Hebrew) into tool calls —
 * attendance, observations, announcements, the children mentioned, or a read-only question over the
 * class's records — offline and deterministic. It only ever names children of the roster and dates
 * the message gives (or today); it never invents a child, a date or a fact.
 *
 * 1. Which tools the message calls comes from the intent layer (`classifier.ts`, trained on the
 *    development set), not from keywords alone.
 * 2. What each call holds comes from the reader of the message's language (`english.ts`, `rtl.ts`):
 *    children by roster matching (any script), dates, statuses, the teacher's own words.
 * 3. The two meet: a draft the reader found is kept when the intent layer does not rule it out; a
 *    tool the intent layer hears clearly but the reader missed is read again more loosely (an
 *    observation of the children told of, an announcement after a label or an addressee).
 * 4. Where it is unsure — a name two children share, a weekday that may be today or a week ago, an
 *    intent heard but not clearly — it asks one short question with the choices, and the answer
 *    completes the draft (`Resolution`).
 */

export type EngineCall = ToolCall | { name: 'class_question'; args: ClassQuery };

/** One short question and its choices; the chosen value, sent back as a `Resolution`, completes the draft. */
export interface Clarification {
  kind: 'child' | 'date' | 'intent';
  /** The message it is about (read again with the answer). */
  sentence: string;
  /** For a child: the word that names two children. */
  word?: string;
  options: { label: string; value: string }[];
}

/** An answer to a clarification: which child a word names, which day, which tool. */
export interface Resolution {
  child?: { word: string; id: string };
  /** The day a weekday meant (DD-MM-YYYY). */
  date?: { word: string; date: string };
  intent?: Label | 'none';
}

export interface EngineResult {
  calls: EngineCall[];
  clarify: Clarification | null;
  /** Names the message speaks of that are not children of the class (never drafted). */
  notFound: string[];
  scores: Scores;
  lang: Lang;
  /** Why nothing was drafted from a message that asks for something (the reply says what to add). */
  guard?: Guard;
  /** The attendance the message asks for was not drafted: it names someone not in the class (`notFound`). */
  attendanceHeld?: boolean;
  /** The message logs care where the school keeps no carelog: nothing drafted for it, and Cue says so. */
  careOff?: boolean;
}

/** Below this the intent layer rules a tool out; at or above `HEAR` it is heard even if the reader found nothing. */
export const KEEP = 0.2;
export const HEAR = 0.5;
/** An intent heard between these (and nothing drafted) is asked about. */
const UNSURE = 0.35;

const TOOL_OF: Record<Exclude<Label, 'question'>, ToolCall['name']> = {
  attendance: 'mark_attendance',
  observation: 'create_observation',
  announcement: 'draft_announcement',
};

/** The text with a word that named two children replaced by the chosen child's full name. */
function resolveChild(text: string, child: { word: string; id: string }, roster: RosterChild[]): string {
  const chosen = roster.find((c) => c.id === child.id);
  if (!chosen) return text;
  const at = text.indexOf(child.word);
  return at < 0 ? text : `${text.slice(0, at)}${fullName(chosen)}${text.slice(at + child.word.length)}`;
}

/** One card of care for a message: an entry per child and thing done, saved when the teacher confirms. */
const careCall = (entries: CareEntryDraft[]): ToolCall => ({
  name: 'log_care',
  args: { care_entries: entries, confirm_allergen: false, is_saved: false },
});

/** A message as the engine reads it: marks and letter variants unified, English shortcuts and typos of key words fixed; its language and the children it names. */
export function prepare(text: string, roster: RosterChild[]) {
  let t = readable(text);
  const lang = langOf(t);
  if (lang === 'en')
    t = tidyEnglish(
      t,
      roster.flatMap((c) => [c.firstName, c.lastName]),
    );
  return { t, lang, names: findNames(t, roster) };
}

const read = (t: string, lang: Lang, ctx: EngineContext, classIds: string[]): Reading =>
  lang === 'en' ? readEnglish(t, ctx, classIds) : readRtl(t, lang, ctx, classIds);

/** What the rules found, as hints for the intent layer. */
function hintsOf(reading: Reading, asked: ClassQuery | null): string[] {
  const found = reading.calls().map((c) => c.name);
  return [
    ...(found.includes('mark_attendance') ? ['attendance'] : []),
    ...(found.includes('create_observation') ? ['observation'] : []),
    ...(found.includes('draft_announcement') ? ['announcement'] : []),
    ...(asked ? ['question'] : []),
    ...(reading.told.some((x) => x.subject) ? ['told'] : []),
    ...(found.length === 0 && !asked ? ['nothing'] : []),
  ];
}

/** The rules' hints for a message, as the engine computes them (for training the intent layer). */
export function hintsFor(text: string, ctx: EngineContext): string[] {
  const { t, lang } = prepare(text, ctx.roster);
  const asked = lang === 'en' ? question(t, ctx) : questionRtl(t, lang, ctx);
  return hintsOf(read(t, lang, ctx, []), asked);
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "Kabir was absent on Monday", said on a Monday: today, or a week ago? A weekday that is today's, said
 * of something that happened, with nothing to tell which.
 */
function ambiguousWeekday(t: string, now: Date): string | null {
  const today = WEEKDAY_NAMES[now.getUTCDay()] as string;
  const m = new RegExp(`\\b(?:on\\s+)?${today}\\b`, 'i').exec(t);
  if (!m) return null;
  const before = t.slice(0, m.index);
  const after = t.slice(m.index + m[0].length);
  if (/\b(?:last|next|this|coming|every)\s*$/i.test(before) || /^\s*(?:next|last|week|morning|afternoon)\b/i.test(after))
    return null;
  if (/\b(?:today|tomorrow|will|won't|going to|next)\b/i.test(t)) return null;
  return m[0];
}

/** 'DD-MM-YYYY' as words: 'on 9 March 2026'. */
const dateWords = (date: string) => {
  const iso = isoFromDdmmyyyy(date) ?? date;
  return `on ${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
};

/** Capitalised words a message speaks of as children that are not on the roster ("Zara is absent" in Nursery A). */
const NOT_A_NAME = new Set(
  'I Im Ive Id Mr Mrs Ms Miss Dear Hi Hello Hey Ok Okay Please Pls Kindly Thanks Thank Today Tomorrow Yesterday Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Parents Families Everyone Everybody All The A An And But So Also Mark Note Log Record Reminder Notice Announcement Important Update Message Observation Can Could Would Will Is Was Were Are Did Do Does Has Have Had Who Which What When Where Why How Any Cue Good Morning Afternoon Evening Class Nursery Kindergarten Toddlers Diwali Christmas Eid Easter Halloween FYI PTM PE PD PSED EYFS UTW EAD Gruffalo Twinkle Handa World Book Day Happy Birthday Quick New Lovely So Kg KG B A'.split(
    ' ',
  ),
);
function unknownNames(text: string, roster: RosterChild[]): string[] {
  const known = new Set(roster.flatMap((c) => [c.firstName.toLowerCase(), c.lastName.toLowerCase()]));
  const out: string[] = [];
  for (const m of text.matchAll(/(^|[^\p{L}'])(\p{Lu}[\p{Ll}]+(?:\s+\p{Lu}[\p{Ll}]+)?)/gu)) {
    const words = (m[2] ?? '').split(/\s+/);
    if (words.some((w) => NOT_A_NAME.has(w) || known.has(w.toLowerCase()))) continue;
    const at = (m.index ?? 0) + (m[1]?.length ?? 0);
    const after = text.slice(at + (m[2]?.length ?? 0));
    const before = text.slice(0, at);
    // A name where a child would be: before what is said of a child, or after "mark", "that", "for".
    const childLike =
      /^(?:'s)?\s+(?:is|was|are|isn't|wasn't|came|come|has|had|hasn't|didn't|did|won't|will|can|could|absent|late|present|off|here|in|excused|arrived|built|painted|made|drew|counted|sang|wrote|and\s+\p{Lu})\b/u.test(
        after,
      ) || /\b(?:mark|put|that|for|note|log|record|of|except|but|apart from)\s+$/i.test(before);
    if (childLike) out.push(m[2] as string);
  }
  return [...new Set(out)];
}

function clarifyChild(text: string, word: AmbiguousName): Clarification {
  return {
    kind: 'child',
    sentence: text,
    word: word.word,
    options: word.children.map((c) => ({ label: fullName(c), value: c.id })),
  };
}

/**
 * Reads a message: the tool calls it asks for, or one question back when the engine is unsure.
 * `resolution` carries the answer to that question when the message is read again.
 */
export function respond(
  text: string,
  ctx: EngineContext,
  classIds: string[] = [],
  resolution: Resolution = {},
  model: IntentModel = intentModel(),
): EngineResult {
  let said = resolution.child ? resolveChild(readable(text), resolution.child, ctx.roster) : text;
  // The day chosen for a weekday, written out in full ("on 9 November 2026").
  if (resolution.date) said = said.replace(resolution.date.word, dateWords(resolution.date.date));
  const { t, lang, names } = prepare(said, ctx.roster);

  const asked = lang === 'en' ? question(t, ctx) : questionRtl(t, lang, ctx);
  let reading: Reading = read(t, lang, ctx, classIds);
  const scores = scoreMessage(model, t, names.found, hintsOf(reading, asked));
  const result = (
    calls: EngineCall[],
    clarify: Clarification | null = null,
    notFound: string[] = [],
    guard?: Guard,
  ): EngineResult => ({
    calls,
    clarify,
    notFound,
    scores,
    lang,
    ...(guard ? { guard } : {}),
  });
  if (resolution.intent) for (const l of LABELS) scores[l] = l === resolution.intent ? 1 : 0;

  // A read-only question over the records.
  if (
    asked &&
    (scores.question >= KEEP ||
      (!resolution.intent && scores.question >= Math.max(scores.attendance, scores.observation, scores.announcement)))
  )
    return result([{ name: 'class_question', args: asked }]);

  // Care ("Aarav and Mia napped 12:10 to 1:30", "everyone had lunch except Kabir") is read before
  // attendance: "everyone ... except Kabir" about a meal is not the register. English only for now.
  const care = lang === 'en' ? readCare(t, ctx) : null;
  const caring = care !== null && (care.entries.length > 0 || care.notFound.length > 0);

  // An unfinished message, a request with nothing in it, something Cue cannot do yet: nothing drafted.
  const guard = caring || resolution.child || resolution.date || resolution.intent ? null : guardOf(t, lang, ctx.roster);
  if (guard) return result([], null, [], guard);

  // A name two children share: ask which child before drafting anything.
  const ambiguous = names.ambiguous[0];
  if (ambiguous && !resolution.child) return result([], clarifyChild(text, ambiguous));

  if (caring && care) {
    // The sentences that speak of no care are read as any message ("Everyone had lunch. Kabir is absent").
    const other = care.rest.trim().split(/\s+/).length >= 2 ? respond(care.rest, ctx, classIds, resolution, model) : null;
    const calls: EngineCall[] = [
      ...(ctx.care !== false && care.entries.length ? [careCall(care.entries)] : []),
      ...(other?.calls ?? []),
    ];
    const notFound = [...new Set([...care.notFound, ...(other?.notFound ?? [])])];
    return {
      ...result(calls, null, notFound),
      ...(other?.attendanceHeld ? { attendanceHeld: true } : {}),
      ...(ctx.care === false ? { careOff: true } : {}),
    };
  }

  // An announcement heard without a request verb: read again with labels and addressees as its opening.
  // The whole message is its text only when it names no child and asks for nothing else.
  if (lang === 'en' && reading.announcements.length === 0 && scores.announcement >= HEAR)
    reading = announcementFallback(t, ctx, classIds, names.found.length === 0 && reading.calls().length === 0);
  if (reading.observations.size === 0 && scores.observation >= HEAR) {
    // An observation heard but not found by the rules: the children told of (subjects first).
    // A child may have a status and be observed too ("Kabir came in late and built a tower").
    const subjects = reading.told.filter((x) => x.subject);
    const others = reading.told.filter((x) => !x.subject && !reading.statusOf(x.date, x.child));
    for (const x of subjects.length ? subjects : others) reading.observe(x.date, [x.child], x.note);
  }
  const found = reading.calls().filter((c) => {
    const label = (Object.keys(TOOL_OF) as (keyof typeof TOOL_OF)[]).find((l) => TOOL_OF[l] === c.name);
    return !label || scores[label] >= KEEP;
  });
  const calls: EngineCall[] = [...found];
  // A weekday that may be today or a week ago, for attendance or an observation: ask which.
  const weekday = lang === 'en' && !resolution.date ? ambiguousWeekday(t, ctx.now) : null;
  if (
    weekday &&
    found.some((c) => c.name === 'mark_attendance' || c.name === 'create_observation') &&
    // In an announcement's text a weekday is the next one ("forms are due by Friday").
    !found.some((c) => c.name === 'draft_announcement')
  ) {
    const today = dayOf(ctx.now);
    const weekAgo = new Date(today.getTime() - 7 * DAY);
    return result([], {
      kind: 'date',
      sentence: text,
      word: weekday,
      options: [today, weekAgo].map((d) => ({ label: ddmmyyyy(d), value: ddmmyyyy(d) })),
    });
  }
  // "Everyone present except Omar" in a class without an Omar: the whole class's attendance depends on
  // the name, so nothing is drafted for the class until the teacher corrects it. A name given a status
  // of its own ("Kabir is absent and Zara is late") is left out and reported; the others are drafted.
  const unknown = calls.some((c) => c.name === 'mark_attendance')
    ? unknownInAttendance(t, lang, ctx.roster)
    : { excepted: [], named: [] };
  if (unknown.excepted.length)
    return {
      ...result(
        calls.filter((c) => c.name !== 'mark_attendance' && c.name !== 'mentioned_students'),
        null,
        [...unknown.excepted, ...unknown.named],
      ),
      attendanceHeld: true,
    };
  if (unknown.named.length) return result(calls, null, unknown.named);
  const notFound = calls.length || reading.mentioned.size ? [] : unknownNames(t, ctx.roster);
  // A question acts on nothing ("Is Kabir in today?"), unless it is a request ("can you mark ...?").
  const asks = /\?\s*$/.test(t) && !/^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b|^\s*(?:ممكن|بتقدر|אפשר|תוכל)/i.test(t);
  if (calls.length === 0 && notFound.length === 0 && !resolution.intent && !asks) {
    // Heard, but not clearly: ask what to do. Attendance or an observation only when a child is named,
    // an announcement only when none is.
    const named = names.found.length > 0;
    const heard = (['attendance', 'observation', 'announcement'] as const).filter(
      (l) => scores[l] >= UNSURE && (l === 'announcement' ? !named && t.trim().split(/\s+/).length >= 5 : named),
    );
    if (heard.length && heard.every((l) => scores[l] < HEAR))
      return result([], {
        kind: 'intent',
        sentence: text,
        options: [...heard.map((l) => ({ label: l, value: l })), { label: 'none', value: 'none' }],
      });
  }
  if (calls.length === 0 && reading.mentioned.size) calls.push(mentionedCall([...reading.mentioned.values()]));
  return result(calls, null, notFound);
}

/** The drafts a message asks for (no questions, no clarification): the engine as the tests and tasks use it. */
export function understand(text: string, ctx: EngineContext, classIds: string[] = []): ToolCall[] {
  return respond(text, ctx, classIds).calls.filter((c): c is ToolCall => c.name !== 'class_question');
}

/**
 * Loads the intent layer and reads one sentence in each language, so that the first teacher's message
 * does not pay for reading the model file and compiling the expressions (called when the server starts).
 */
export function warmUp(): void {
  const ctx = { roster: [{ id: '0'.repeat(24), firstName: 'Adam', lastName: 'Nassar' }], now: new Date(Date.UTC(2026, 0, 5, 9)) };
  for (const text of [
    'Adam is absent today, tell parents at 3 pm that sports day is on Friday',
    'آدم غايب اليوم',
    'אדם חסר היום',
  ])
    respond(text, ctx, []);
}
