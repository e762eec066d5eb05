import * as chrono from 'chrono-node';
import { findChildren, type NameMatch, type RosterChild } from './names.js';
import {
  type AttendanceStatus,
  announcement,
  DAY,
  dayOf,
  ddmmyyyy,
  type EngineContext,
  Reading,
  sentenceCase,
  withStop,
} from './reading.js';

/**
 * The English reader of the local engine: finds in a teacher's message the statuses, observations and
 * announcements it speaks of (which of them become drafts is decided with the intent layer, in
 * `engine.ts`). It only ever names children of the roster and dates the sentence gives (or today).
 *
 * How a message is read:
 * 1. It is cut into sentences (. ! ? ; and new lines).
 * 2. In each sentence, an announcement starts at a request to tell families ("tell parents ...",
 *    "let families know ...", "draft an announcement ...", "send parents a reminder ..."), at the start
 *    or after "and", a comma or "also"; the rest of the sentence is its text. A time right after the
 *    request ("tell parents at 3 pm that ...") or an instruction "send it / schedule it ..." schedules it.
 * 3. The rest is read as subjects and what is said of them: a subject is a child (full name, first name,
 *    misspelt, possessive), a group of children ("Diya, Omar and Ethan"), everyone ("everyone", "the
 *    whole class", "all present") or a pronoun ("he", "she", "both of them") standing for the children
 *    just named, when it starts a clause (at the start, after "and", "but", a comma ...) or follows "mark".
 *    Children after "except", "apart from" ... are the exceptions to "everyone". Other children named
 *    (objects: "shared with Noa") are only mentioned.
 * 4. What is said of a subject gives an attendance status (absent, off sick, late, came in late, excused,
 *    here ...), or else, when it tells of something the child did or can do, an observation in the
 *    teacher's words. A question acts on nothing.
 * 5. Dates come from the sentence (today, yesterday, last Friday, on Monday ...); a past weekday is the
 *    last one; a date said once holds for the rest of the message.
 */
// ---------------------------------------------------------------- dates

interface Found {
  date: Date;
  index: number;
  text: string;
  hasHour: boolean;
}

/** Dates and times a text names, for events that happened (a weekday is the last one, not the next). */
function datesIn(text: string, now: Date, future = false): Found[] {
  const ref = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()),
  );
  const out: Found[] = [];
  for (const r of chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: future })) {
    // Periods and durations ("this week", "for two weeks") are not the day of an event.
    if (/\b(weeks?|months?|years?|terms?|weekends?|fortnight|days)\b/i.test(r.text) || /^(for|in|within)\b/i.test(r.text))
      continue;
    if (/^now$/i.test(r.text)) continue;
    let date = r.start.date();
    if (!future && dayOf(date) > dayOf(now) && !/\b(next|tomorrow|coming)\b/i.test(r.text))
      date = new Date(date.getTime() - 7 * DAY);
    out.push({ date, index: r.index, text: r.text, hasHour: r.start.isCertain('hour') });
  }
  return out;
}

// ---------------------------------------------------------------- sentences

/** Splits a message into sentences (each may still hold several intents). */
export function clauses(text: string): string[] {
  return text
    .replace(/[’‘]/g, "'")
    .split(/(?<=[.!?])\s+|;\s*|\n+/)
    .map((c) => c.trim().replace(/[.!?]+$/, ''))
    .filter((c) => c.length > 0);
}

const QUESTION_START = /^(what|who|whose|which|how|when|where|why|is|are|was|were|has|have|does|do|did|any)\b/i;
const REQUEST_START = /^(please\s+)?(can|could|would|will)\s+you\b/i;
/** A question asks; it does not act. */
const isQuestion = (s: string, raw: string) =>
  QUESTION_START.test(s.trim()) || (/\?\s*$/.test(raw) && !REQUEST_START.test(s.trim()));

// ---------------------------------------------------------------- announcements

const AUDIENCE =
  "(?:(?:all|all of)\\s+)?(?:the\\s+|our\\s+|my\\s+)?(?:class\\s+|nursery\\s+)?(?:parents'?|families|family|carers|mums and dads|everyone|everybody)";
const NOTE_WORD = '(?:announcement|notice|message|note|reminder|post|email|e-mail|letter|newsletter|update|text|memo)';
const HEADS = [
  new RegExp(
    `(?:tell|inform|notify|remind|email|e-mail|message|text|update|warn|ask|write to)\\s+${AUDIENCE}(?:\\s+know)?`,
    'iy',
  ),
  new RegExp(`let\\s+${AUDIENCE}\\s+know`, 'iy'),
  new RegExp(
    `(?:send|write|draft|post|schedule|create|make|prepare|put out|put up|compose|do)\\s+(?:out\\s+)?(?:${AUDIENCE}\\s+)?(?:an?\\s+|the\\s+|some\\s+)?(?:quick\\s+|short\\s+|little\\s+|new\\s+)?${NOTE_WORD}(?:\\s+(?:to|for)\\s+${AUDIENCE})?`,
    'iy',
  ),
  /announce\b/iy,
];
const AUDIENCE_RE = new RegExp(AUDIENCE, 'i');
const HEAD_VERB =
  /\b(tell|inform|notify|remind|email|e-mail|message|text|update|warn|ask|write|let|send|draft|post|schedule|create|make|prepare|put|compose|do|announce)\b/gi;
const HEAD_BOUNDARY =
  /(?:^|[,:;\-—–]|\band|\balso|\bthen|\bplease|\bpls|\bcan you|\bcould you|\bwould you|\bwill you|\bok(?:ay)?|\bnow)\s*$/i;

/**
 * A label or an addressee that opens an announcement without a verb: "Reminder:", "Notice for parents -",
 * "Reminder for tomorrow 8am:", "Dear families,", "Hi all,", "Parents -". Read only when the intent layer
 * hears an announcement (otherwise "Hi all, everyone is here" would be one).
 */
const LABEL =
  /^(?:(?:ok(?:ay)?|so|hi cue|hey cue|cue|please|pls|also|and|hello|hi)\s*[,!]?\s*)*(?:(?:a\s+)?(?:quick|gentle|friendly|important|urgent|small|little|short|final|last)\s+)?(?:reminder|notice|announcement|update|important|fyi|message|attention|heads[- ]up|info|news|notification|alert|please note)\b([^:\-—–!\n]{0,60}?)\s*(?:[:\-—–!]\s*|$)/i;
const ADDRESS =
  /^(?:(?:ok(?:ay)?|so|hi cue|hey cue|cue|please|pls|also|and)\s*[,!]?\s*)*(?:(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|attention|to|calling)\s+(?:all\s+(?:of\s+)?(?:the\s+|our\s+)?|our\s+|the\s+|my\s+)?(?:[\w ]{0,20}?\s)?(?:parents?|famil(?:y|ies)|everyone|everybody|all|carers|mums and dads|guardians)(?:\s+(?:and|&)\s+(?:carers|guardians|families))?|(?:parents|families|carers))\s*(?:[,:!\-—–.]+\s*|\s+(?=please\b))/i;

/** Where in the sentence an announcement request starts, and its head ("tell parents", "draft a notice"). */
function announcementAt(s: string, labels = false): { start: number; headEnd: number; when?: string } | null {
  if (labels) {
    const address = ADDRESS.exec(s);
    if (address) return { start: 0, headEnd: address[0].length };
    const label = LABEL.exec(s);
    if (label) return { start: 0, headEnd: label[0].length, when: label[1] };
  }
  for (const m of s.matchAll(HEAD_VERB)) {
    const at = m.index ?? 0;
    if (!HEAD_BOUNDARY.test(s.slice(0, at))) continue;
    for (const head of HEADS) {
      head.lastIndex = at;
      const h = head.exec(s);
      if (!h) continue;
      // A message, note or reminder is an announcement when it goes to families; an announcement always is.
      if (head === HEADS[2] && !/announcement|notice|newsletter/i.test(h[0]) && !AUDIENCE_RE.test(h[0])) continue;
      return { start: at, headEnd: at + h[0].length };
    }
  }
  return null;
}

const SEND_IT =
  /(?:,\s*)?(?:\band\s+)?(?:then\s+)?(?:please\s+)?\b(?:send|schedule|post|publish)\s+(?:it|this|that|them)\b(.*)$/i;
const BODY_LEAD =
  /^\s*(?:[,:\-—–]\s*)?(?:(?:that|saying|about|regarding|re|reminding(?:\s+(?:them|everyone|families|parents))?(?:\s+(?:about|that|to))?|telling them(?:\s+that)?|letting them know(?:\s+that)?|to say(?:\s+that)?|to)\s+)?/i;

function sendTime(found: Found): Date {
  if (found.hasHour || /\b(morning|afternoon|evening|noon|midday|lunchtime|tonight)\b/i.test(found.text)) return found.date;
  // A day without a time: the start of the school day.
  return new Date(Date.UTC(found.date.getUTCFullYear(), found.date.getUTCMonth(), found.date.getUTCDate(), 9, 0));
}

function announcementFrom(rest: string, ctx: EngineContext, classIds: string[], extra: string[], labelWhen?: string) {
  let body = rest;
  let when: Date | null = null;
  if (labelWhen) {
    // "Reminder for tomorrow 8am:", "Reminder (send Friday at 9):".
    const [d] = datesIn(labelWhen, ctx.now, true);
    if (d) when = sendTime(d);
  }
  const instruction = SEND_IT.exec(body);
  if (instruction) {
    body = body.slice(0, instruction.index);
    const [d] = datesIn(instruction[1] ?? '', ctx.now, true);
    if (d) when = sendTime(d);
  }
  for (const line of extra) {
    const [d] = datesIn(line, ctx.now, true);
    if (d) when = sendTime(d);
  }
  if (!when) {
    // A time right after the request ("tell parents at 3 pm that ...") is when to send it.
    const [d] = datesIn(body, ctx.now, true);
    if (d) {
      const before = body.slice(0, d.index);
      const after = body.slice(d.index + d.text.length);
      if (
        /^\s*,?\s*(?:(?:for|on|at|by|to go out|to be sent|to send)\s+)?$/i.test(before) &&
        /^\s*(?:$|[,:\-—–]|(?:that|about|saying|to|reminding|telling|letting|asking|regarding|re|with)\b)/i.test(after)
      ) {
        when = sendTime(d);
        body = after;
      }
    }
  }
  return announcement(body.replace(BODY_LEAD, '').replace(/[\s,]+$/, ''), when, ctx, classIds);
}

// ---------------------------------------------------------------- statuses

interface StatusHit {
  status: AttendanceStatus;
  at: number;
  end: number;
  /** "on time": an exception to it is late, not absent. */
  onTime?: boolean;
  /** Words that are only a status when nothing the child did comes first ("here", "in", "away"). */
  weak?: boolean;
}

/** "is", "'s", "were" ... (an apostrophe has no word boundary before it, so it is matched apart). */
const COPULA = "(?:\\b(?:is|are|was|were|be|been|being|all)|'s|'re)";
const STATUS_PATTERNS: { re: RegExp; status: AttendanceStatus; weak?: boolean; onTime?: boolean }[] = [
  {
    re: /\b(?:(?:came|come|comes|coming|arrived|arrives|arriving|got|gets|turned up|turns up|rolled|walked|dropped off|was dropped)\s+(?:in\s+)?(?:\w+\s+){0,3}?late|late|tardy|not on time)\b/g,
    status: 'late',
  },
  { re: /\b(?:excused(?: absence)?|on leave|authori[sz]ed(?: absence)?)\b/g, status: 'excused' },
  {
    re: new RegExp(
      `${COPULA}\\s+(?:\\w+\\s+)?off\\b|\\b(?:absent|absence|off sick|off ill|off poorly|off today|off again|off with|didn't come(?: in)?|did not come(?: in)?|won't be (?:in|here|coming)|will not be (?:in|here|coming)|can't come(?: in)?|cannot come(?: in)?|not (?:in|here|present|coming|at (?:school|nursery))|(?:isn't|wasn't|aren't|weren't|isnt|wasnt|arent|werent) (?:in|here|present|coming)|stay(?:ed|ing|s)? (?:at )?home|at home|missing|on holiday)\\b`,
      'g',
    ),
    status: 'absent',
  },
  { re: /\b(?:sick|ill|poorly|unwell|not well|under the weather|away)\b/g, status: 'absent', weak: true },
  { re: /^\s*'s\s+off\b|^\s*off\b/g, status: 'absent' },
  { re: /\bon time\b/g, status: 'present', onTime: true },
  {
    re: new RegExp(
      `${COPULA}\\s+(?:all\\s+|now\\s+)?(?:back|in|here)\\b(?!\\s+(?:the|a|an|his|her|their|my|our|front|time)\\b)|\\b(?:present|attended|in today|in class|came in|come in|just arrived|arrived|here)\\b`,
      'g',
    ),
    status: 'present',
    weak: true,
  },
  { re: /^\s*in\b(?!\s+(?:the|a|an|his|her|their|my|our|front)\b)/g, status: 'present' },
];

/** The first status a predicate gives (the longest at the same place). */
function statusIn(predicate: string): StatusHit | null {
  const p = predicate.toLowerCase();
  const firstDeed = deedAt(p);
  let best: StatusHit | null = null;
  for (const { re, status, weak, onTime } of STATUS_PATTERNS) {
    re.lastIndex = 0;
    for (const m of p.matchAll(re)) {
      const at = m.index ?? 0;
      if (weak && firstDeed >= 0 && firstDeed < at) continue;
      const hit = { status, at, end: at + m[0].length, weak, onTime };
      if (!best || at < best.at || (at === best.at && hit.end > best.end)) best = hit;
      break;
    }
  }
  return best;
}

/** "Layla is here but Noa isn't": a bare negative is an absence. */
const BARE_NEGATIVE =
  /^\s*(?:'s\s+)?(?:isn'?t|wasn'?t|aren'?t|weren'?t|is not|was not|are not|were not|didn'?t|did not|hasn'?t)(?:\s+(?:today|yet))?\W*$/i;
/** "and so is Ethan", "Ethan too": the same as the children before. */
const SAME_AS_BEFORE = /^\W*(?:too|as well|also|either)?\W*$/i;

// ---------------------------------------------------------------- observations

const IRREGULAR_PAST =
  'built|drew|drawn|made|ran|sang|sung|said|told|wrote|written|read|ate|eaten|took|taken|gave|given|threw|thrown|caught|rode|spoke|began|found|put|cut|held|kept|knew|lost|met|sat|saw|seen|shook|slept|stood|swam|taught|thought|understood|won|wore|brought|bought|chose|drank|dug|fed|felt|flew|forgot|fell|hid|hit|hung|led|lit|rose|sent|shut|spun|spread|stuck|swept|swung|tore|woke|blew|grew|did|sprang|sank|dealt|fought|slid|bent|built|leapt|learnt|spelt|span|strode|stole|struck|wound|shone|splashed';
const DEED = new RegExp(
  `(?:\\b(?:is|are|was|has been)|'s)\\s+(?:\\w+\\s+)?(?:starting|beginning|learning|getting|becoming|trying|using|showing|growing|developing|improving)\\b|^\\s*(?:getting|starting|beginning|learning|becoming|trying)\\b|\\b(?:[a-z]{2,}(?:ed)|${IRREGULAR_PAST}|can now|can|could|is able|was able|were able|are able|managed|manages|loves|enjoys|likes|knows|recogni[sz]es|counts|writes|reads|shares|plays|sings)\\b(?!')`,
  'g',
);
const NOT_DEEDS = new Set([
  'excused',
  'called',
  'rang',
  'needed',
  'booked',
  'scheduled',
  'supposed',
  'planned',
  'cancelled',
  'canceled',
  'closed',
  'allowed',
  'expected',
  'required',
  'approved',
  'authorised',
  'authorized',
  'dropped',
  'picked',
  'collected',
  'arrived',
  'stayed',
  'need',
  'seed',
  'speed',
  'indeed',
  'feed',
  'hundred',
  'red',
  'bed',
  'shed',
  'ted',
]);
/** Where the first thing a child did or can do is told, or -1. */
const AFTER_COPULA =
  /(?:\b(?:was|were|is|are|be|been|got|get|gets|feeling|felt|seemed|seems|looked|looks)|'s|'re)\s+(?:(?:really|very|so|quite|a bit|a little|extremely|super|too)\s+)*$/;
function deedAt(p: string): number {
  DEED.lastIndex = 0;
  for (const m of p.matchAll(DEED)) {
    const at = m.index ?? 0;
    if (NOT_DEEDS.has(m[0])) continue;
    // "was tired", "got bored": a word in -ed after "was" describes; descriptions are read apart.
    if (/ed$/.test(m[0]) && AFTER_COPULA.test(p.slice(0, at))) continue;
    return at;
  }
  return -1;
}

/** "was really kind", "were so focused": a description of the child (not of a passing state). */
const STATES = new Set([
  'tired',
  'sleepy',
  'hungry',
  'thirsty',
  'cold',
  'hot',
  'wet',
  'at',
  'in',
  'on',
  'with',
  'to',
  'a',
  'an',
  'the',
  'not',
  'here',
  'there',
  'back',
  'off',
  'late',
  'absent',
  'present',
  'away',
  'sick',
  'ill',
  'poorly',
  'unwell',
  'excused',
  'picked',
  'collected',
  'dropped',
  'going',
  'coming',
  'being',
  'having',
  'staying',
]);
const DESCRIPTION =
  /\b(?:was|were|is being|'s being|has been|have been)\s+(?:(?:really|very|so|quite|extremely|super|such|incredibly|especially|particularly|absolutely|a bit|a little)\s+)*([a-z]+)/g;
const FAMILY =
  /^\s*'s\s+(?:mum|mom|mummy|mother|dad|daddy|father|parents?|gran|grandma|grandmother|granny|nan|nana|nanny|grandad|grandpa|grandfather|grandparents?|brother|sister|sibling|aunt|auntie|aunty|uncle|carer|childminder|key person|family|cousin)\b/i;

function tellsOfChild(predicate: string): boolean {
  const p = predicate.toLowerCase();
  if (FAMILY.test(p)) return false;
  if (deedAt(p) >= 0) return true;
  DESCRIPTION.lastIndex = 0;
  for (const m of p.matchAll(DESCRIPTION)) if (m[1] && !STATES.has(m[1])) return true;
  return false;
}

// ---------------------------------------------------------------- subjects

type Kind = 'children' | 'everyone' | 'pronoun';
interface Mention {
  kind: Kind;
  children: RosterChild[];
  start: number;
  end: number;
  /** For pronouns: one child ("he", "she") or several ("they", "both of them"). */
  plural?: boolean;
  /** "full house": everyone, present. */
  implied?: AttendanceStatus;
}
type Role = 'subject' | 'exception' | 'same' | 'object';
interface Group extends Mention {
  role: Role;
  /** Where the clause of this subject starts (after "and", "but", a comma ...), with its time words. */
  lead: number;
  members: Mention[];
}

const PRONOUN =
  /\b(?:both of them|the two of them|the pair of them|all three(?: of them)?|all four(?: of them)?|all of them|both|they|he|she|him|her|them)\b/gi;
const EVERYONE =
  /\b(?:every(?:one|body)(?: else)?|the whole class|whole class|the (?:entire )?class|all (?:of )?the (?:children|kids|class|students|pupils)|full house|all(?: \d+| twelve| ten| eleven)?)\b/gi;
const CONNECTOR = /^\s*(?:,|and|&|or|plus|as well as)\s*$/i;
const COMMA_AND = /^\s*,\s*and\s*$/i;
const TRAILING_TIME =
  /(?:\b(?:today|yesterday|now|then|also|just|so|well|oh|ok|okay|please|too|earlier|this (?:morning|afternoon)|last \w+|on \w+day|at [\d:]+(?:\s*[ap]m)?|on the \w+)\s*,?\s*)$/i;
const CLAUSE_BOUNDARY =
  /(?:^|[,;:(\-—–]|\b(?:and|but|then|so|while|whilst|whereas|because|as|when|after|before|although|though|plus|also|since|until|if|that|say|says|said|saying|told me|tells me))\s*$/i;
const MARK_VERB = /\b(?:mark|put|record|register|set|note|have)\s*$/i;
const EXCEPT = /\b(?:except(?: for)?|apart from|but not|other than|besides|bar|excluding|save for|not including|but)\s*$/i;
const SO_IS = /\b(?:so|same|as) (?:is|was|are|were|did|does|has|had|for)\s*$/i;

function mentionsIn(s: string, ctx: EngineContext): { mentions: Mention[]; names: NameMatch[] } {
  const names = findChildren(s, ctx.roster);
  const mentions: Mention[] = names.map((n) => ({ kind: 'children', children: [n.child], start: n.start, end: n.end }));
  const taken = (a: number, b: number) => mentions.some((m) => a < m.end && b > m.start);
  for (const m of s.matchAll(PRONOUN)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (taken(start, end)) continue;
    mentions.push({ kind: 'pronoun', children: [], start, end, plural: !/^(he|she|him|her)$/i.test(m[0]) });
  }
  for (const m of s.matchAll(EVERYONE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (taken(start, end)) continue;
    const count = /^all (\d+|twelve|ten|eleven)$/i.exec(m[0])?.[1];
    const numbers: Record<string, number> = { twelve: 12, ten: 10, eleven: 11 };
    if (count && (numbers[count.toLowerCase()] ?? Number(count)) !== ctx.roster.length) {
      mentions.push({ kind: 'pronoun', children: [], start, end, plural: true });
      continue;
    }
    mentions.push({
      kind: 'everyone',
      children: ctx.roster,
      start,
      end,
      implied: /full house/i.test(m[0]) ? 'present' : undefined,
    });
  }
  return { mentions: mentions.sort((a, b) => a.start - b.start), names };
}

/** Groups mentions joined by "and" or commas, and finds which of them are subjects. */
function groupsIn(s: string, mentions: Mention[]): Group[] {
  const groups: Group[] = [];
  for (const m of mentions) {
    const last = groups.at(-1);
    const between = last ? s.slice(last.end, m.start) : '';
    const joins =
      last &&
      last.kind === 'children' &&
      m.kind === 'children' &&
      CONNECTOR.test(between) &&
      (!COMMA_AND.test(between) || last.children.length >= 2);
    if (last && joins) {
      last.children = [...last.children, ...m.children];
      last.end = m.end;
      last.members.push(m);
      continue;
    }
    groups.push({ ...m, role: 'object', lead: m.start, members: [m] });
  }
  let everyoneSeen = false;
  let prevEnd = 0;
  for (const g of groups) {
    const before = s.slice(prevEnd, g.start);
    let trimmed = before;
    for (let i = 0; i < 4 && TRAILING_TIME.test(trimmed); i++) trimmed = trimmed.replace(TRAILING_TIME, '');
    const lead = prevEnd + trimmed.length;
    const isPronounObject = g.kind === 'pronoun' && /^(him|her|them)$/i.test(s.slice(g.start, g.end));
    const atBoundary = CLAUSE_BOUNDARY.test(before);
    if (everyoneSeen && (EXCEPT.test(trimmed) || EXCEPT.test(before)) && g.kind !== 'everyone') g.role = 'exception';
    else if (SO_IS.test(trimmed)) g.role = 'same';
    else if (MARK_VERB.test(trimmed)) g.role = 'subject';
    else if (!isPronounObject && (trimmed.trim() === '' || atBoundary || CLAUSE_BOUNDARY.test(trimmed))) g.role = 'subject';
    // A subject's clause starts after "and", "but", a comma ..., with the time words before it.
    g.lead = g.role === 'object' ? g.start : atBoundary ? g.start : lead;
    if (g.kind === 'everyone' && g.role === 'subject') everyoneSeen = true;
    prevEnd = g.end;
  }
  return groups;
}

// ---------------------------------------------------------------- understanding

interface State {
  r: Reading;
  ctx: EngineContext;
  date: Date;
  last: RosterChild[];
  lastSingle: RosterChild | null;
}

const mark = (state: State, date: Date, children: RosterChild[], status: AttendanceStatus) =>
  state.r.mark(ddmmyyyy(date), children, status);

function note(text: string): string {
  const t = text
    .replace(/^[\s,;:\-—–]*(?:and|but|then|so|also)?\s+/i, '')
    .replace(/[\s,;:\-—–]+(?:and|but|then|so|also)?\s*$/i, '')
    .replace(/\s*\b(?:today|this morning|this afternoon)\b/gi, '')
    .replace(/^[\s,]+|[\s,]+$/g, '');
  return withStop(sentenceCase(t));
}

const observe = (state: State, date: Date, children: RosterChild[], text: string) =>
  state.r.observe(ddmmyyyy(date), children, text);

function readSentence(s: string, raw: string, state: State) {
  const { ctx } = state;
  const { mentions, names } = mentionsIn(s, ctx);
  state.r.mention(names.map((n) => n.child));
  if (isQuestion(s, raw)) return;
  const groups = groupsIn(s, mentions);
  const subjects = groups.filter((g) => g.role !== 'object');
  // Dates: one date holds for the whole sentence; several belong each to the clause they are in.
  const dates = datesIn(s, ctx.now);
  const spans = subjects.map((g, i) => ({ from: i === 0 ? 0 : g.lead, to: subjects[i + 1]?.lead ?? s.length }));
  const dateOf = (i: number): Date => {
    if (dates.length === 0) return state.date;
    if (new Set(dates.map((d) => ddmmyyyy(d.date))).size === 1) return dates[0]?.date ?? state.date;
    for (let j = i; j >= 0; j--) {
      const span = spans[j];
      const d = span && dates.find((x) => x.index >= span.from && x.index < span.to);
      if (d) return d.date;
    }
    return dates[0]?.date ?? state.date;
  };
  // Children only spoken of ("shared with Noa", "an observation for Kabir"): told of, not subjects.
  for (const g of groups)
    if (g.role === 'object' && g.kind === 'children')
      for (const c of g.children) state.r.tell(c, ddmmyyyy(dateOf(0)), note(s), false);
  let previous: { children: RosterChild[]; status: AttendanceStatus | null } | null = null;
  let everyone: { date: Date; status: AttendanceStatus | null; onTime: boolean } | null = null;
  subjects.forEach((g, i) => {
    const next = subjects[i + 1];
    const predicate = s.slice(g.end, next ? next.lead : s.length);
    const date = dateOf(i);
    let children = g.children;
    if (g.kind === 'pronoun') {
      children = g.plural ? state.last : state.lastSingle ? [state.lastSingle] : [];
      if (g.plural && children.length < 2) children = [];
    }
    // "Diya's brother is in Kindergarten B": what follows is said of the relative, not the child.
    const hit = FAMILY.test(predicate) ? null : statusIn(predicate);
    let status: AttendanceStatus | null = hit?.status ?? null;
    if (!status && BARE_NEGATIVE.test(predicate)) status = 'absent';
    if (g.kind === 'everyone') {
      status = status ?? g.implied ?? null;
      everyone = { date, status, onTime: !!hit?.onTime };
      if (status) state.r.everyone(ddmmyyyy(date), status);
      else if (tellsOfChild(predicate))
        observe(state, date, ctx.roster, note(s.slice(i === 0 ? 0 : g.lead, next ? next.lead : s.length)));
      previous = null;
      return;
    }
    if (g.role === 'exception' && everyone) {
      const e: { date: Date; status: AttendanceStatus | null; onTime: boolean } = everyone;
      // "Everyone except Vihaan is here": what follows the exception is said of everyone.
      if (!e.status && status && /^\s*(?:is|are|was|were|'s|'re|has|have|came|arrived)\b/i.test(predicate)) {
        e.status = status;
        state.r.everyone(ddmmyyyy(e.date), status);
        status = null;
      }
      const opposite: AttendanceStatus | null = !e.status
        ? null
        : e.onTime
          ? 'late'
          : e.status === 'present'
            ? 'absent'
            : 'present';
      const own = status && status !== e.status ? status : null;
      const chosen = own ?? opposite;
      if (chosen) mark(state, e.date, children, chosen);
    } else if (g.role === 'same' || (SAME_AS_BEFORE.test(predicate) && previous && /\band\s*$/i.test(s.slice(0, g.lead)))) {
      const p: { children: RosterChild[]; status: AttendanceStatus | null } | null = previous;
      if (p?.status) {
        status = p.status;
        mark(state, date, children, p.status);
      }
    } else if (status && children.length) {
      mark(state, date, children, status);
      // "Kabir came in late and built a tower": an attendance and an observation.
      const after = predicate.slice((hit?.end ?? 0) + 0);
      if (/\b(?:and|but|then)\b/i.test(after) && tellsOfChild(after.replace(/^.*?\b(?:and|but|then)\b/i, ''))) {
        observe(state, date, children, note(s.slice(i === 0 ? 0 : g.lead, next ? next.lead : s.length)));
      }
    } else if (children.length && tellsOfChild(predicate)) {
      // The teacher's words: from this subject's clause to the next clause about other children.
      let to = i + 1;
      while (subjects[to] && subjects[to]?.kind === 'pronoun' && subjects[to]?.plural === children.length > 1) to++;
      let from = i === 0 ? 0 : g.lead;
      if (g.kind === 'pronoun') from = 0;
      observe(state, date, children, note(s.slice(from, subjects[to] ? (subjects[to]?.lead ?? s.length) : s.length)));
    } else if (children.length) {
      const clause = note(s.slice(i === 0 || g.kind === 'pronoun' ? 0 : g.lead, next ? next.lead : s.length));
      for (const c of children) state.r.tell(c, ddmmyyyy(date), clause, true);
    }
    // What "he", "she", "they" and "both of them" stand for next.
    if (children.length === 1) state.lastSingle = children[0] ?? null;
    if (children.length > 1) state.last = children;
    previous = { children, status };
  });
  if (dates.length) state.date = dates.at(-1)?.date ?? state.date;
}

/** Reads an English message: the statuses, observations and announcements its rules find, and the children told of. */
export function readEnglish(text: string, ctx: EngineContext, classIds: string[] = [], opts: { labels?: boolean } = {}): Reading {
  const state: State = { r: new Reading(ctx), ctx, date: ctx.now, last: [], lastSingle: null };
  const rawSentences = text
    .replace(/[’‘]/g, "'")
    .split(/(?<=[.!?])\s+|;\s*|\n+/)
    .filter((x) => x.trim());
  let pending: { rest: string; extra: string[]; when?: string } | null = null;
  const flush = () => {
    if (!pending) return;
    const a = announcementFrom(pending.rest, ctx, classIds, pending.extra, pending.when);
    if (a) state.r.announcements.push(a);
    pending = null;
  };
  for (const raw of rawSentences) {
    const s = raw.trim().replace(/[.!?]+$/, '');
    if (!s) continue;
    // "... Send it on Friday at 4 pm": when to send the announcement just asked for.
    if (pending && /^(?:and\s+)?(?:then\s+)?(?:please\s+)?(?:send|schedule|post|publish)\s+(?:it|this|that|them)\b/i.test(s)) {
      (pending as { extra: string[] }).extra.push(s);
      continue;
    }
    flush();
    const at = announcementAt(s, opts.labels);
    const before = at ? s.slice(0, at.start) : s;
    if (at) pending = { rest: s.slice(at.headEnd), extra: [], when: at.when };
    const rest = before.replace(HEAD_BOUNDARY, '').trim();
    if (rest) readSentence(rest, at ? rest : raw, state);
  }
  flush();
  return state.r;
}

/**
 * An announcement the intent layer hears but no request verb opens: after a label or an addressee, or
 * else the whole message as its text.
 */
export function announcementFallback(text: string, ctx: EngineContext, classIds: string[]): Reading {
  const again = readEnglish(text, ctx, classIds, { labels: true });
  if (again.announcements.length === 0) {
    const whole = announcementFrom(text.replace(/[.!?]+$/, ''), ctx, classIds, []);
    if (whole) again.announcements.push(whole);
  }
  return again;
}
