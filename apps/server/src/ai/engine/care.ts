import { type CareDetails, type CareKind, formatHhmmA, type MEALS } from '@cue/contract';
import { findNames, type NameMatch, type RosterChild } from './names.js';
import { DAY, dayOf, ddmmyyyy, type EngineContext, hhmma } from './reading.js';

/**
 * The care reader (the carelog, issue 21): what a teacher says of children's care through the day —
 * "Aarav and Mia napped 12:10 to 1:30", "everyone had all their lunch except Kabir who had some", "Zara
 * had a wet nappy at 10", "Leo drank 150 ml at 9:30", "sun cream on everyone at 11" — as one entry per
 * child and thing done (kind, day, time, details), for a card the teacher confirms.
 *
 * Why rules and not the intent layer: care sentences are short and formulaic (a verb of care, an amount,
 * a nappy's state, a clock time), the words that make them care are few and unambiguous ("napped",
 * "nappy", "ml", "sun cream", "had ... lunch"), and the details must be read exactly (12:10 to 1:30 is
 * 12:10 PM to 01:30 PM), which a classifier does not give. The reader only fires on those words, so a
 * sentence the intent layer was trained on keeps its reading ("Omar finished his lunch first and helped
 * Noa" stays an observation: "finished" is not a care verb; "Aarav is poorly today" stays an absence:
 * a mood is only read when the word "mood" is said).
 *
 * "Everyone had lunch except Kabir" names everyone and an exception like attendance does, but it speaks
 * of a meal: it is care, and the engine reads care before attendance (see `engine.ts`). Kabir is left out
 * (nothing is known of his lunch) unless the exception says what he did ("... except Kabir who had some").
 */

export interface CareEntryDraft {
  student_id: string;
  kind: CareKind;
  date: string;
  time: string;
  details: CareDetails;
  note: string;
}

export interface CareReading {
  entries: CareEntryDraft[];
  /** The sentences of the message that speak of no care (read by the other readers). */
  rest: string;
  /** Capitalised names spoken of as a child's care that are not children of the class. */
  notFound: string[];
}

type Meal = (typeof MEALS)[number];

interface Event {
  kind: CareKind;
  start: number;
  end: number;
  details: CareDetails;
  /** Words that need the clock time of the event to be read (a snack is the morning's or the afternoon's). */
  snack?: 'am' | 'pm' | null;
}

// ------------------------------------------------------------------ words

const AMOUNT =
  /\b(all(?:\s+of)?|everything|the\s+lot|every\s+bit|most(?:\s+of)?|nearly\s+all|almost\s+all|lots(?:\s+of)?|a\s+lot(?:\s+of)?|some(?:\s+of)?|half(?:\s+of)?|a\s+little(?:\s+of)?|a\s+bit(?:\s+of)?|a\s+few\s+bites(?:\s+of)?|a\s+couple\s+of\s+bites(?:\s+of)?|little|hardly\s+any(?:\s+of)?|barely\s+any(?:\s+of)?|none(?:\s+of)?|nothing|no)\b/i;

function amountOf(word: string | undefined): CareDetails['amount'] | undefined {
  if (!word) return undefined;
  const w = word
    .toLowerCase()
    .replace(/\s+of$/, '')
    .replace(/\s+/g, ' ');
  if (['all', 'everything', 'the lot', 'every bit'].includes(w)) return 'all';
  if (['most', 'nearly all', 'almost all', 'lots', 'a lot'].includes(w)) return 'most';
  if (['none', 'nothing', 'no'].includes(w)) return 'none';
  return 'some';
}

const MEAL_WORD = '(breakfast|morning\\s+snack|afternoon\\s+snack|snacks?|lunch|tea|dinner|supper)';
const POSSESSIVE = '(?:(?:his|her|their|the|its|my|your|a|an)\\s+)';

function mealOf(word: string): { meal?: Meal; snack?: 'am' | 'pm' | null } {
  const w = word.toLowerCase();
  if (w.startsWith('breakfast')) return { meal: 'breakfast' };
  if (w.startsWith('lunch')) return { meal: 'lunch' };
  if (w.startsWith('tea') || w.startsWith('dinner') || w.startsWith('supper')) return { meal: 'tea' };
  if (w.startsWith('morning')) return { meal: 'snack_am' };
  if (w.startsWith('afternoon')) return { meal: 'snack_pm' };
  return { snack: null };
}

const NEGATION = /\b(?:didn'?t|did\s+not|wouldn'?t|would\s+not|won'?t|refused|no|not|never|wasn'?t|weren'?t)\b/i;

const MOOD_WORDS: [RegExp, NonNullable<CareDetails['mood']>][] = [
  [/\b(?:happy|cheerful|smiley|content|joyful|bubbly|great|good)\b/i, 'happy'],
  [/\b(?:calm|settled|relaxed|chilled|peaceful)\b/i, 'calm'],
  [/\b(?:tired|sleepy|drowsy)\b/i, 'tired'],
  [/\b(?:sad|upset|teary|tearful|crying|low)\b/i, 'sad'],
  [/\b(?:unsettled|grumpy|cranky|clingy|irritable|fussy|grizzly|restless)\b/i, 'unsettled'],
  [/\b(?:poorly|unwell|sick|ill|off\s+colour)\b/i, 'poorly'],
];

const EVERYONE =
  /\b(?:everyone|everybody|every\s+child|all\s+(?:the\s+|of\s+the\s+|my\s+|our\s+)?(?:children|kids|babies|toddlers|little\s+ones)|all\s+of\s+them|they\s+all|the\s+whole\s+(?:class|room|group)|whole\s+class|the\s+(?:children|kids|babies|toddlers)|the\s+room)\b/i;
const EXCEPT = /\b(?:except(?:\s+for)?|apart\s+from|other\s+than|but\s+not|besides|save\s+for|but)\s+/gi;
/** What opens an exception's own detail: "who had some", ", she had none", "had none" right after the name. */
const WHO =
  /^\s*(?:,\s*)?(?:who|which|as|,\s*(?:he|she|they))\s+|^\s*,\s*(?=\S)|^\s+(?=(?:had|has|ate|drank|slept|napped|only|just|did|didn'?t|was|wasn'?t)\b)/i;

// ------------------------------------------------------------------ times

interface Clock {
  hour: number;
  minute: number;
  /** am/pm or noon said, not inferred. */
  said: boolean;
}

const T = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)?`;
const RANGE = new RegExp(
  String.raw`\b(?:from\s+|between\s+)?(?:${T}|(noon|midday))\s*(?:to|till|til|until|-|–|—|and)\s*(?:${T}|(noon|midday))(?![\d:]|\s*(?:ml|mls|oz|min|mins|minutes|hours?|hrs?)\b)`,
  'i',
);
const AT = new RegExp(
  String.raw`\b(?:at|@|around|about|by|since|from|approx\.?|approximately)\s+(?:${T}|(noon|midday))(?![\d:]|\s*(?:ml|mls|oz|min|mins|minutes|hours?|hrs?)\b)`,
  'i',
);
/** A clock time said without "at": "12:10", "9.30", "10am", "2 pm". */
const BARE = /\b(\d{1,2})(?:[:](\d{2})\s*(a\.?m\.?|p\.?m\.?)?|\.(\d{2})\s*(a\.?m\.?|p\.?m\.?)|\s*(a\.?m\.?|p\.?m\.?))(?![\w\d])/i;
/** Any clock time, to count them. */
const CLOCK = /\d{1,2}[:.]\d{2}|\b(?:at|@|from|by)\s+\d{1,2}\b|\d\s*[ap]\.?m\b|\b(?:noon|midday)\b/gi;
const DURATION =
  /\bfor\s+(?:(an?|one|two|three|half\s+an|\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?)\b)(?:\s+and\s+(?:a\s+)?(half|\d+\s*(?:minutes?|mins?)))?/i;

function clockOf(h: string | undefined, m: string | undefined, suffix: string | undefined, noon?: string): Clock | null {
  if (noon) return { hour: 12, minute: 0, said: true };
  const hour = Number(h);
  const minute = m ? Number(m) : 0;
  if (!Number.isFinite(hour) || hour > 23 || minute > 59) return null;
  const s = (suffix ?? '').toLowerCase();
  if (s.startsWith('p')) return { hour: hour < 12 ? hour + 12 : hour, minute, said: true };
  if (s.startsWith('a')) return { hour: hour === 12 ? 0 : hour, minute, said: true };
  if (hour > 12 || hour === 0) return { hour, minute, said: true };
  return { hour, minute, said: false };
}

/**
 * A nursery's day runs from about 7 in the morning to 7 in the evening: an hour said without am/pm is
 * in the morning from 7 to 11, noon at 12, and in the afternoon from 1 to 6. "In the afternoon" moves a
 * morning hour to the afternoon.
 */
function dayHour(c: Clock, afternoon: boolean): Clock {
  if (c.said) return c;
  if (c.hour === 12) return { ...c, said: true };
  if (c.hour >= 1 && c.hour <= 6) return { ...c, hour: c.hour + 12, said: true };
  if (afternoon && c.hour < 12) return { ...c, hour: c.hour + 12, said: true };
  return { ...c, said: true };
}

const minutes = (c: Clock) => c.hour * 60 + c.minute;
const hhmmOf = (c: Clock) => formatHhmmA(c.hour, c.minute);

interface TimesFound {
  start?: Clock;
  end?: Clock;
  /** Minutes, for "slept for an hour". */
  duration?: number;
}

function durationOf(m: RegExpExecArray): number {
  const n = (m[1] ?? '').toLowerCase();
  const value = n.startsWith('half')
    ? 0.5
    : n === 'a' || n === 'an' || n === 'one'
      ? 1
      : n === 'two'
        ? 2
        : n === 'three'
          ? 3
          : Number(n);
  const unit = (m[2] ?? '').toLowerCase();
  let total = unit.startsWith('h') ? value * 60 : value;
  const extra = (m[3] ?? '').toLowerCase();
  if (extra === 'half') total += 30;
  else if (extra) total += Number.parseInt(extra, 10) || 0;
  return Math.round(total);
}

/**
 * The clock times a stretch of text says: a range, a time after "at", a bare clock time; a duration.
 * `hours`: a range of bare hours is a time ("slept 1 to 2"), which it is not in general ("2 to 3 bottles").
 */
function timesIn(text: string, hours = false): TimesFound {
  const afternoon = /\b(?:afternoon|after\s+lunch)\b/i.test(text);
  const out: TimesFound = {};
  const d = DURATION.exec(text);
  if (d) out.duration = durationOf(d);
  const r = RANGE.exec(text);
  if (r) {
    const a = clockOf(r[1], r[2], r[3], r[4]);
    const b = clockOf(r[5], r[6], r[7], r[8]);
    // "12 to 2" are hours only when they read as clock times (not "2 to 3 bottles").
    if (a && b && (hours || r[2] || r[6] || r[3] || r[7] || r[4] || r[8] || /^(?:from|between)\b/i.test(r[0]))) {
      const start = dayHour(a, afternoon && !a.said && a.hour < 12 && !/\bmorning\b/i.test(text));
      let end = b.said ? b : dayHour(b, false);
      // A nap from 11:30 to 1 ends in the afternoon; from 12:10 to 1:30 too.
      if (minutes(end) <= minutes(start) && end.hour < 12 && !b.said) end = { ...end, hour: end.hour + 12 };
      out.start = start;
      out.end = end;
      return out;
    }
  }
  const at = AT.exec(text);
  if (at) {
    const c = clockOf(at[1], at[2], at[3], at[4]);
    if (c) out.start = dayHour(c, afternoon && !/\bmorning\b/i.test(text));
    return out;
  }
  const bare = BARE.exec(text);
  if (bare) {
    const c = clockOf(bare[1], bare[2] ?? bare[4], bare[3] ?? bare[5] ?? bare[6]);
    if (c) out.start = dayHour(c, afternoon && !/\bmorning\b/i.test(text));
  }
  return out;
}

// ------------------------------------------------------------------ events

const NAP =
  /\b(?:napped|slept|fell\s+asleep|dozed(?:\s+off)?|(?:went|gone|put)\s+(?:down\s+)?(?:for\s+(?:a|an|their|his|her)\s+(?:\w+\s+)?nap|to\s+sleep)|(?:is|are|was|were)\s+(?:asleep|napping|sleeping)|had\s+(?:a|an|their|his|her)\s+(?:\w+\s+)?(?:nap|sleep|snooze)|(?:nap|naps|nap\s+time|naptime|sleep)\s*(?::|from|between)|napping)\b/gi;
const MEAL = new RegExp(
  String.raw`\b(ate|eaten|had|has|finished(?=\s+all\b)|didn'?t\s+eat|did\s+not\s+eat|didn'?t\s+have|did\s+not\s+have|wouldn'?t\s+eat|refused|barely\s+touched|hardly\s+touched|only\s+had|only\s+ate)\s+(?:(?:only|just|about|around)\s+)?(?:${AMOUNT.source.slice(2, -2)}\s+)?(?:of\s+)?${POSSESSIVE}?(?:([a-z][a-z\s-]{0,40}?)\s+(?:for|at)\s+${POSSESSIVE}?)?(?:(?:for|at)\s+${POSSESSIVE}?)?${MEAL_WORD}\b`,
  'gi',
);
/** "Lunch: all", "lunch - most", "breakfast all eaten": the meal first, then how much. */
const MEAL_FIRST = new RegExp(String.raw`\b${MEAL_WORD}\s*(?::|-|–|was|were)\s*(?:${AMOUNT.source.slice(2, -2)})\b`, 'gi');
const BOTTLE =
  /\b(?:(?:drank|drunk|had|finished|took|drink|drinks)\s+(?:(?:a|an|his|her|their|the|only|about|around)\s+)*(?:bottle\s+(?:of\s+)?)?(\d{1,4})\s*(ml|mls|millilitres?|milliliters?|oz|ounces?)\b|(\d{1,4})\s*(ml|mls|oz)\s+(?:bottle|of\s+(?:milk|formula)|milk|formula)\b|(?:had|drank|finished|took|gave)\s+(?:(?:a|an|his|her|their|the)\s+)?(?:milk\s+)?bottle\b|\bbottle\s*(?::|-|of)\s*(\d{1,4})\s*(ml|mls|oz)\b)/gi;
const NAPPY =
  /\b(?:(?:(wet|dirty|dry|soiled|pooey|poo|poopy|wet\s+and\s+dirty|dirty\s+and\s+wet)\s+)(?:nappy|nappies|diaper|diapers)|(?:nappy|nappies|diaper|diapers)(?:\s+change(?:d)?(?:\s*(?::|-)\s*(?:wet|dirty|dry|soiled|pooey))?|\s*(?:was|were|is|:|-)\s*(wet|dirty|dry|soiled|pooey)|\s+(?:changed|change))|changed\s+(?:\w+(?:'s)?\s+)?(?:nappy|nappies|diaper|diapers))\b/gi;
const TOILET =
  /\b(?:(?:used|went\s+(?:on|to)|sat\s+on)\s+the\s+(potty|toilet|loo)|(?:(?:did|had)\s+(?:a\s+)?)?(wee|pee|poo)d?\s+(?:in|on)\s+the\s+(potty|toilet|loo)|(potty|toilet)\s+(?:trip|visit|success|time)|had\s+a\s+(wee|pee|poo)\b)/gi;
const SUNCREAM = /\b(?:sun\s*cream|suncream|sunscreen|sun\s*block|sunblock|sun\s+lotion|spf)\b/gi;
const MOOD = /\b(?:in\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+mood|mood\s*(?::|-|was|is|=)?\s*([a-z]+(?:\s+[a-z]+)?))\b/gi;

const AREAS =
  /\b(?:on|to)\s+(?:(?:his|her|their|the)\s+)?((?:face|arms|legs|neck|shoulders|back|ears|nose|feet|hands|body)(?:(?:\s*,\s*|\s+and\s+)(?:(?:his|her|their)\s+)?(?:face|arms|legs|neck|shoulders|back|ears|nose|feet|hands|body))*)/i;

function nappyState(word: string | undefined): CareDetails['state'] | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  if (/dirty|soiled|poo/.test(w)) return 'dirty';
  if (w.startsWith('wet')) return 'wet';
  if (w.startsWith('dry')) return 'dry';
  return undefined;
}

function moodOf(text: string): CareDetails['mood'] | undefined {
  for (const [re, mood] of MOOD_WORDS) if (re.test(text)) return mood;
  return undefined;
}

/**
 * How a child did something for themselves is a deed for an observation, not care to log: "used the
 * toilet independently", "used a spoon to eat his lunch", "poured her own milk".
 */
const SKILL =
  /\b(?:independently|by\s+(?:him|her|them)sel(?:f|ves)|on\s+(?:his|her|their)\s+own|all\s+by|for\s+the\s+first\s+time|without\s+help|to\s+eat|to\s+drink|used\s+a\s+(?:spoon|fork|cup))\b/i;

/** Every care event of a sentence, in order, each with what its own words say. */
function eventsIn(s: string): Event[] {
  if (SKILL.test(s)) return [];
  const events: Event[] = [];
  const overlaps = (start: number, end: number) => events.some((e) => start < e.end && end > e.start);
  const add = (e: Event) => {
    if (!overlaps(e.start, e.end)) events.push(e);
  };
  for (const m of s.matchAll(BOTTLE)) {
    const ml = m[1] ?? m[3] ?? m[5];
    const unit = (m[2] ?? m[4] ?? m[6] ?? 'ml').toLowerCase();
    const details: CareDetails = {};
    if (ml) details.ml = Math.min(1000, unit.startsWith('o') ? Math.round(Number(ml) * 30) : Number(ml));
    add({ kind: 'bottle', start: m.index, end: m.index + m[0].length, details });
  }
  for (const m of s.matchAll(MEAL)) {
    const verb = (m[1] ?? '').toLowerCase();
    const { meal, snack } = mealOf(m[4] ?? '');
    const details: CareDetails = {};
    if (meal) details.meal = meal;
    const negative = /n'?t|not|refused|barely|hardly/.test(verb);
    const amount = negative && !/barely|hardly/.test(verb) ? 'none' : /barely|hardly/.test(verb) ? 'some' : amountOf(m[2]);
    if (amount) details.amount = verb.startsWith('only') && amount === 'all' ? 'some' : amount;
    else if (verb.startsWith('only')) details.amount = 'some';
    const food = (m[3] ?? '').trim();
    if (food && !/^(?:it|them|some|all|most|none|half|everything|nothing)$/i.test(food)) details.food = food;
    add({ kind: 'meal', start: m.index, end: m.index + m[0].length, details, snack: meal ? undefined : snack });
  }
  for (const m of s.matchAll(MEAL_FIRST)) {
    const { meal, snack } = mealOf(m[1] ?? '');
    const details: CareDetails = {};
    if (meal) details.meal = meal;
    const amount = amountOf(m[2]);
    if (amount) details.amount = amount;
    add({ kind: 'meal', start: m.index, end: m.index + m[0].length, details, snack: meal ? undefined : snack });
  }
  for (const m of s.matchAll(NAPPY)) {
    const details: CareDetails = {};
    const state = nappyState(m[1] ?? m[2]);
    if (state) details.state = state;
    add({ kind: 'nappy', start: m.index, end: m.index + m[0].length, details });
  }
  for (const m of s.matchAll(TOILET)) {
    const place = (m[1] ?? m[3] ?? m[4] ?? '').toLowerCase();
    const what = (m[2] ?? m[5] ?? '').toLowerCase();
    const details: CareDetails = {};
    if (place) details.potty = place === 'potty';
    if (what) details.state = what === 'poo' ? 'dirty' : 'wet';
    add({ kind: 'toilet', start: m.index, end: m.index + m[0].length, details });
  }
  for (const m of s.matchAll(SUNCREAM)) add({ kind: 'suncream', start: m.index, end: m.index + m[0].length, details: {} });
  // A night's sleep at home is not a nap at school ("slept badly last night").
  if (!/\b(?:last\s+night|overnight|at\s+home)\b/i.test(s))
    for (const m of s.matchAll(NAP)) add({ kind: 'nap', start: m.index, end: m.index + m[0].length, details: {} });
  for (const m of s.matchAll(MOOD)) {
    const mood = moodOf(m[1] ?? m[2] ?? '');
    if (mood) add({ kind: 'mood', start: m.index, end: m.index + m[0].length, details: { mood } });
  }
  return events.sort((a, b) => a.start - b.start);
}

/** The details an exception says of its children, read as the same kind as the event it excepts from. */
function exceptionDetails(kind: CareKind, text: string, base: CareDetails): CareDetails | null {
  const negative = NEGATION.test(text);
  switch (kind) {
    case 'meal': {
      if (negative) return { ...base, amount: 'none' };
      const a = AMOUNT.exec(text);
      return a ? { ...base, amount: amountOf(a[1]) } : null;
    }
    case 'bottle': {
      if (negative) return null;
      const ml = /(\d{1,4})\s*(ml|mls|oz)\b/i.exec(text);
      return ml
        ? { ...base, ml: Math.min(1000, (ml[2] ?? '').toLowerCase() === 'oz' ? Number(ml[1]) * 30 : Number(ml[1])) }
        : null;
    }
    case 'nappy':
    case 'toilet': {
      const state = nappyState(/\b(wet|dirty|dry|soiled|pooey|poo)\b/i.exec(text)?.[1]);
      return state ? { ...base, state } : null;
    }
    case 'mood': {
      const mood = moodOf(text);
      return mood ? { ...base, mood } : null;
    }
    default:
      return null;
  }
}

// ------------------------------------------------------------------ the message

/** The sentences of a message: at full stops, semicolons and new lines (not the dot of "9.30"). */
const sentencesOf = (text: string) =>
  text
    .split(/[.!?;]+(?!\d)|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

const NOT_A_CHILD = new Set(
  'I We Our My The A An And But So Also Everyone Everybody All They He She It Today Yesterday Lunch Breakfast Tea Snack Nap Sun Mood Morning Afternoon Please Log Note Record Mark Can Could Would Ok Okay Then After Before At Around About Cue Hi Hello Both Nappy Bottle Potty Toilet Monday Tuesday Wednesday Thursday Friday Saturday Sunday Dear Parents Families Reminder Please Remember Tell Send'.split(
    ' ',
  ),
);

/**
 * A capitalised word where the child of the care would be, not on the roster (a child of another class,
 * a slip): right before the words of care ("Zara had a wet nappy", "Zara and Leo napped", "Zara's nappy").
 */
function unknownIn(before: string, found: NameMatch[], offset: number): string[] {
  const m =
    /(\p{Lu}\p{Ll}+)(?:'s)?(?:\s*(?:,|and|&)\s*(\p{Lu}\p{Ll}+))?\s+(?:(?:had|has|was|is|were|drank|napped|slept|fell|ate|used|went|did|didn'?t|only|just|also)\s+)?(?:(?:a|an|his|her|their|the)\s+)?$/u.exec(
      before,
    );
  if (!m) return [];
  const out: string[] = [];
  for (const [i, word] of [m[1], m[2]].entries()) {
    if (!word || NOT_A_CHILD.has(word)) continue;
    const at = offset + m.index + (i === 0 ? 0 : m[0].indexOf(word, (m[1] ?? '').length));
    if (found.some((f) => at >= f.start && at < f.end)) continue;
    out.push(word);
  }
  return out;
}

/**
 * Reads the care a message speaks of. Null when it speaks of none (the other readers take it whole).
 * `ctx.now` is the teacher's local "now": entries without a time said are at that time, today (or
 * yesterday when the sentence says so).
 */
export function readCare(text: string, ctx: EngineContext): CareReading | null {
  // A question is not a log ("did Leo have his lunch?").
  if (/\?\s*$/.test(text) && !/^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b/i.test(text)) return null;
  const entries: CareEntryDraft[] = [];
  const notFound: string[] = [];
  const rest: string[] = [];
  let any = false;
  let lastChildren: RosterChild[] = [];
  for (const sentence of sentencesOf(text)) {
    const events = eventsIn(sentence);
    if (events.length === 0) {
      rest.push(sentence);
      continue;
    }
    any = true;
    const names = findNames(sentence, ctx.roster).found;
    const yesterday = /\byesterday\b/i.test(sentence);
    const day = yesterday ? new Date(dayOf(ctx.now).getTime() - DAY) : dayOf(ctx.now);
    const date = ddmmyyyy(day);
    const nowTime = hhmma(ctx.now);

    // Exceptions to everyone: "except Kabir (who had some)", up to the next event or the sentence's end.
    const exceptions: { start: number; end: number; children: RosterChild[]; detail: string }[] = [];
    if (EVERYONE.test(sentence)) {
      for (const m of sentence.matchAll(EXCEPT)) {
        const from = m.index + m[0].length;
        const firstName = names.find((n) => n.start >= from && n.start <= from + 2);
        // "but" is only an exception when a child follows it and no care verb of their own does.
        if (!firstName) continue;
        const next = events.find((e) => e.start >= from);
        let end = next ? next.start : sentence.length;
        const children: RosterChild[] = [];
        let cursor = from;
        for (const n of names.filter((x) => x.start >= from && x.start < end)) {
          if (!/^[\s,]*(?:and|&|or|nor)?[\s,]*$/i.test(sentence.slice(cursor, n.start))) break;
          children.push(n.child);
          cursor = n.end;
        }
        const after = sentence.slice(cursor);
        // A verb right after the names is the exception's own only after the care it excepts from
        // ("everyone had lunch but Kabir had none"); before it, it is that care ("everyone except Kabir napped").
        const who = ((w) => ((w && !/^\s+$/.test(w[0])) || events.some((e) => e.end <= m.index) ? w : null))(WHO.exec(after));
        // "but" is only an exception when no care of the child's own follows ("... but Kabir drank 100 ml").
        if (/^but\b/i.test(m[0]) && !who && next && next.start - cursor < 30) continue;
        // "except Kabir who had some": the clause is his own detail, not an event of its own.
        let detail = '';
        if (who) {
          const clauseEnd = after.slice(who[0].length).search(/,\s*(?!and\b)|\s+and\s+(?=\p{Lu})/u);
          const length = clauseEnd >= 0 ? who[0].length + clauseEnd : after.length;
          detail = after.slice(0, length);
          end = cursor + length;
          // The exception's own words ("who had some lunch", "who slept 1 to 2") are its details.
          for (const e of events.filter((x) => x.start >= cursor && x.start < end)) events.splice(events.indexOf(e), 1);
        } else end = cursor;
        exceptions.push({ start: m.index, end, children, detail });
      }
    }
    const excepted = (at: number) => exceptions.some((x) => at >= x.start && at < x.end);

    let previousEnd = 0;
    for (const [i, event] of events.entries()) {
      const nextStart = events[i + 1]?.start ?? sentence.length;
      const before = [previousEnd, event.start] as const;
      // Children named inside the words of care count as before them ("changed Leo's nappy").
      const subject = [previousEnd, event.end] as const;
      const after = [event.end, nextStart] as const;
      const inRange = (r: readonly [number, number]) =>
        names.filter((n) => n.start >= r[0] && n.start < r[1] && !excepted(n.start));
      const span = (r: readonly [number, number]) => sentence.slice(r[0], r[1]);
      let children = inRange(subject).map((n) => n.child);
      let everyone = EVERYONE.test(span(before));
      if (!children.length && !everyone) {
        // "Sun cream on everyone at 11", "changed Aarav's nappy": the children after the words of care.
        children = inRange(after).map((n) => n.child);
        everyone = EVERYONE.test(span(after));
      }
      if (!children.length && !everyone && lastChildren.length) children = lastChildren;
      // The exceptions of this event: before it ("everyone except Kabir had lunch") or after it.
      const mine = exceptions.filter((x) => x.start >= previousEnd && x.start < nextStart);
      const out = new Set<string>(mine.flatMap((x) => x.children.map((c) => c.id)));
      let who = everyone ? ctx.roster.filter((c) => !out.has(c.id)) : children;
      who = [...new Map(who.map((c) => [c.id, c])).values()];
      if (!everyone) notFound.push(...unknownIn(span(before), names, previousEnd));
      if (!who.length) {
        previousEnd = event.end;
        continue;
      }
      lastChildren = who;

      // The time: said after the words of care (up to the next), else before them.
      const hours = event.kind === 'nap';
      const own = timesIn(span([event.end, nextStart]).split(EXCEPT)[0] ?? '', hours);
      // A time before the words of care is theirs only at the start of a sentence ("At 10, Zara had a
      // wet nappy"); between two events it was the first one's ("drank 150 ml at 9:30 and had a nappy").
      let times = own.start || i > 0 ? own : timesIn(span(before), hours);
      // One clock time in the sentence is every event's ("Mia had a dirty nappy and Leo a wet one at 10:15").
      if (!times.start && (sentence.match(CLOCK) ?? []).length === 1)
        times = { ...timesIn(sentence, hours), duration: times.duration };
      const start = times.start;
      let time = start ? hhmmOf(start) : nowTime;
      const details: CareDetails = { ...event.details };
      if (event.kind === 'nap') {
        const length = own.duration ?? times.duration;
        if (times.end) details.end = hhmmOf(times.end);
        else if (length && start) {
          const endAt = minutes(start) + length;
          details.end = formatHhmmA(Math.floor(endAt / 60) % 24, endAt % 60);
        } else if (length && !start) {
          // "Slept for an hour", said when they woke: it ended now.
          const startAt = ctx.now.getUTCHours() * 60 + ctx.now.getUTCMinutes() - length;
          time = formatHhmmA(Math.floor(Math.max(0, startAt) / 60), Math.max(0, startAt) % 60);
          details.end = nowTime;
        } else if (
          /\b(?:asleep|napping|sleeping|fell\s+asleep|dozed|went\s+down|gone\s+down|put\s+down)\b/i.test(
            sentence.slice(event.start, event.end),
          )
        )
          // Asleep now: the nap is open until it is ended on the nap board.
          details.end = null;
      }
      if (event.kind === 'meal' && !details.meal) {
        const t = start ? minutes(start) : ctx.now.getUTCHours() * 60 + ctx.now.getUTCMinutes();
        details.meal = t < 12 * 60 ? 'snack_am' : 'snack_pm';
      }
      if ((event.kind === 'nappy' || event.kind === 'toilet') && !details.state) {
        // "Changed Zara's nappy, it was wet".
        const state = nappyState(/\b(wet|dirty|dry|soiled|pooey|poo)\b/i.exec(span(after))?.[1]);
        if (state) details.state = state;
      }
      if (event.kind === 'suncream') {
        const area = AREAS.exec(span([event.end, nextStart]))?.[1];
        if (area) details.area = area.trim();
      }
      for (const c of who) entries.push({ student_id: c.id, kind: event.kind, date, time, details: { ...details }, note: '' });
      // The exceptions that say their own detail ("except Kabir who had some").
      for (const x of mine) {
        if (!x.detail) continue;
        const own2 = exceptionDetails(event.kind, x.detail, details);
        const xt = timesIn(x.detail, event.kind === 'nap');
        if (event.kind === 'nap' && xt.start) {
          for (const c of x.children)
            entries.push({
              student_id: c.id,
              kind: 'nap',
              date,
              time: hhmmOf(xt.start),
              details: xt.end ? { end: hhmmOf(xt.end) } : {},
              note: '',
            });
          continue;
        }
        if (!own2) continue;
        for (const c of x.children)
          entries.push({
            student_id: c.id,
            kind: event.kind,
            date,
            time: xt.start ? hhmmOf(xt.start) : time,
            details: own2,
            note: '',
          });
      }
      previousEnd = event.end;
    }
  }
  if (!any) return null;
  // Children in roster order within each kind and time, as the room board lists them.
  const order = new Map(ctx.roster.map((c, i) => [c.id, i]));
  const seen = new Set<string>();
  const unique = entries.filter((e) => {
    const key = `${e.student_id} ${e.kind} ${e.date} ${e.time} ${JSON.stringify(e.details)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => (order.get(a.student_id) ?? 0) - (order.get(b.student_id) ?? 0));
  return { entries: unique, rest: rest.join('. '), notFound: [...new Set(notFound)] };
}
