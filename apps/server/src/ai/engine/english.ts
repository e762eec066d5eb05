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
    // "he was sick last night": the night is not a school day, it is the reason's.
    if (/\b(?:night|overnight|tonight)\b/i.test(r.text) && !future) continue;
    // Ordinary words chrono reads as days or months ("sat reading", "may come", "a second").
    if (/^(?:sat|sun|mon|tue|tues|wed|thu|thur|thurs|fri|may|march|second|sec)$/i.test(r.text)) continue;
    let date = r.start.date();
    // A bare hour is read in school hours: "at 3" is 3 pm, "at 8" is 8 am.
    const hour = date.getUTCHours();
    if (r.start.isCertain('hour') && !r.start.isCertain('meridiem') && hour >= 1 && hour <= 6) {
      date = new Date(date.getTime() + 12 * 3_600_000);
      // "at 4:45" said in the morning is this afternoon, not tomorrow's (chrono moved the morning hour on a day).
      if (future && !r.start.isCertain('day') && !r.start.isCertain('weekday') && date.getTime() - DAY > now.getTime())
        date = new Date(date.getTime() - DAY);
    }
    // "Tomorrow morning" without an hour: the start of the school day.
    if (!r.start.isCertain('hour') && /\bmorning\b/i.test(r.text))
      date = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 9, 0));
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
    `(?:tell|inform|notify|remind|email|e-mail|message|text|update|warn|ask|write to|share with|ping|whatsapp|sms|drop (?:a )?(?:message|note|line) to|shoot)\\s+${AUDIENCE}(?:\\s+(?:know|a (?:message|note|reminder|text)))?`,
    'iy',
  ),
  new RegExp(`let\\s+${AUDIENCE}\\s+know`, 'iy'),
  new RegExp(
    `(?:send|write|draft|post|schedule|create|make|prepare|put out|put up|compose|do|queue|set up)\\s+(?:out\\s+)?(?:${AUDIENCE}\\s+)?(?:an?\\s+|the\\s+|some\\s+)?(?:quick\\s+|short\\s+|little\\s+|new\\s+)?${NOTE_WORD}(?:\\s+(?:to|for)\\s+${AUDIENCE})?`,
    'iy',
  ),
  /announce\b/iy,
  // "Post this on Friday: ...", "send this out tomorrow at 8: ...", "share this with parents".
  new RegExp(
    `(?:post|send|share|publish|put|queue|schedule)\\s+(?:this|the following)(?:\\s+(?:out|up))?(?:\\s+(?:to|with)\\s+${AUDIENCE})?`,
    'iy',
  ),
  // "Schedule for Monday 8.30am - ...".
  /schedule(?=\s+(?:for|on|at)\b)/iy,
  // Hindi: "parents ko batao ki ..." (tell the parents that ...).
  /(?:sab\s+|saare\s+|sabhi\s+)?parents\s+ko\s+(?:batao|bata do|bol do|bolo|batana|inform karo|message karo|message kar do)(?:\s+ki)?/iy,
];
const AUDIENCE_RE = new RegExp(AUDIENCE, 'i');
const HEAD_VERB =
  /\b(tell|inform|notify|remind|email|e-mail|message|text|update|warn|ask|write|let|send|draft|post|schedule|create|make|prepare|put|compose|do|announce|share|publish|queue|sab|saare|sabhi|parents|ping|whatsapp|sms|drop|shoot)\b/gi;
const HEAD_BOUNDARY =
  /(?:^|[,:;\-—–]|\band|\balso|\bthen|\bplease|\bpls|\bkindly|\bcan you|\bcould you|\bwould you|\bwill you|\bok(?:ay)?|\bnow)\s*$/i;

/**
 * A label or an addressee that opens an announcement without a verb: "Reminder:", "Notice for parents -",
 * "Reminder for tomorrow 8am:", "Dear families,", "Hi all,", "Parents -". Read only when the intent layer
 * hears an announcement (otherwise "Hi all, everyone is here" would be one).
 */
const LABEL =
  /^(?:(?:ok(?:ay)?|so|hi cue|hey cue|hey|hiya|cue|please|pls|also|and|hello|hi|good morning)\s*[,!]?\s*)*(?:(?:a\s+)?(?:quick|gentle|friendly|important|urgent|small|little|short|final|last|kind)\s+)?(?:reminder|notice|announcement|update|important|fyi|message|attention|heads[- ]up|info|news|notification|alert|please note|circular|intimation|psa|note (?=(?:to|for) (?:the |all |our )?(?:parents|families|carers)))\b((?:[^:\-—–!\n]|(?<=\d)[:.](?=\d)){0,60}?)\s*(?:[:\-—–!](?!\d)\s*|$)/i;
const ADDRESS =
  /^(?:(?:ok(?:ay)?|so|hi cue|hey cue|hey|cue|please|pls|also|and)\s*[,!]?\s*)*(?:(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|attention|to|calling)\s+(?:all\s+(?:of\s+)?(?:the\s+|our\s+)?|our\s+|the\s+|my\s+)?(?:[\w ]{0,20}?\s)?(?:parents?|famil(?:y|ies)|everyone|everybody|all|carers|mums and dads|guardians)(?:\s+(?:and|&)\s+(?:carers|guardians|families))?|(?:all\s+(?:the\s+|our\s+)?)?(?:parents|families|carers))\s*(?:[,:!\-—–.]+\s*|\s+(?=please\b)|$)/i;

/** Where in the sentence an announcement request starts, and its head ("tell parents", "draft a notice"). */
function announcementAt(s: string, labels = false): { start: number; headEnd: number; when?: string } | null {
  if (labels) {
    // At the start, or where a new part begins (a comma, "and", "also", a capital in mid-sentence).
    const starts = [
      0,
      ...[...s.matchAll(/[,;]\s*|\b(?:and|also)\s+|\s(?=[A-Z][a-z])/g)].map((m) => (m.index ?? 0) + m[0].length),
    ];
    for (const at of starts) {
      const part = s.slice(at);
      const address = ADDRESS.exec(part);
      if (address) return { start: at, headEnd: at + address[0].length };
      const label = LABEL.exec(part);
      if (label) return { start: at, headEnd: at + label[0].length, when: label[1] };
    }
  }
  for (const m of s.matchAll(HEAD_VERB)) {
    const at = m.index ?? 0;
    // After a comma, "and", "please" ..., or a capital in mid-sentence ("... absent Send this out ..."); a request
    // that names families or an announcement may come anywhere, even run on ("... without help create an announcement").
    const opens = HEAD_BOUNDARY.test(s.slice(0, at)) || (at > 0 && /^[A-Z]/.test(m[0]));
    for (const head of HEADS) {
      head.lastIndex = at;
      const h = head.exec(s);
      if (!h) continue;
      // A message, note or reminder is an announcement when it goes to families, or is scheduled or queued;
      // an announcement always is.
      if (head === HEADS[2] && !/announcement|notice|newsletter|^(?:schedule|queue)/i.test(h[0]) && !AUDIENCE_RE.test(h[0]))
        continue;
      const strong =
        (head === HEADS[0] || head === HEADS[1] || head === HEADS[2] || head === HEADS.at(-1)) &&
        (AUDIENCE_RE.test(h[0]) || /announcement|notice|newsletter/i.test(h[0]));
      if (!opens && !strong) continue;
      return { start: at, headEnd: at + h[0].length };
    }
  }
  return null;
}

/** "..., and send it tomorrow at 8", "- send tmrw", "(send Friday at 9)", "to go out Monday at 8.45am", "schedule it for ...". */
const SEND_IT =
  /(?:^|[\s,.;(\-—–]+)(?:and\s+)?(?:then\s+)?(?:please\s+|pls\s+|can you\s+)?(?:(?:send|post|schedule|publish|share|queue|put)(?:\s+(?:it|this|that|them))?(?:\s+out)?(?:\s+(?:for|on|at))?|(?:to\s+)?(?:go|goes|going)\s+out(?:\s+(?:on|at|for))?|to be sent(?:\s+(?:on|at|out))?|can (?:it|this) go out)\s+(?=\S)/gi;
const BODY_LEAD =
  /^\s*(?:[,:\-—–]\s*)?(?:(?:that|saying|about|regarding|re|reminding(?:\s+(?:them|everyone|families|parents))?(?:\s+(?:about|that|to))?|telling them(?:\s+that)?|letting them know(?:\s+that)?|to say(?:\s+that)?|to)\s+)?/i;

function sendTime(found: Found): Date {
  if (found.hasHour || /\b(morning|afternoon|evening|noon|midday|lunchtime|tonight)\b/i.test(found.text)) return found.date;
  // A day without a time: the start of the school day.
  return new Date(Date.UTC(found.date.getUTCFullYear(), found.date.getUTCMonth(), found.date.getUTCDate(), 9, 0));
}

/** A send time said at the start of a text (after its lead words), or null. */
function timeAtStart(text: string, now: Date): { found: Found; end: number } | null {
  const [d] = datesIn(text, now, true);
  if (
    !d ||
    !/^[\s,:(\-—–]*(?:(?:for|on|at|by|this|out|to parents|to all parents|to families|first thing|hi cue|hey cue|hey|cue|ok so|ok|okay|so|please|pls|and|then)[\s,]+)*$/i.test(
      text.slice(0, d.index),
    )
  )
    return null;
  return { found: d, end: d.index + d.text.length };
}

function announcementFrom(rest: string, ctx: EngineContext, classIds: string[], extra: string[], labelWhen?: string) {
  let body = rest;
  let when: Date | null = null;
  if (labelWhen) {
    // "Reminder for tomorrow 8am:", "Reminder (send Friday at 9):".
    const [d] = datesIn(labelWhen, ctx.now, true);
    if (d) when = sendTime(d);
  }
  // An instruction to send it, at the end: "..., and send it tomorrow at 8", "- send tmrw at 9.30".
  for (const m of body.matchAll(SEND_IT)) {
    const at = (m.index ?? 0) + m[0].length;
    const t = timeAtStart(body.slice(at), ctx.now);
    if (!t || !/^[\s).!?,]*(?:thanks?|thank you|pls|please|ty)?[\s).!?]*$/i.test(body.slice(at + t.end))) continue;
    if (m.index === 0) continue;
    when = sendTime(t.found);
    body = body.slice(0, m.index);
    break;
  }
  for (const line of extra) {
    const [d] = datesIn(line, ctx.now, true);
    if (d) when = sendTime(d);
  }
  if (!when) {
    // A time right after the request ("tell parents at 3 pm that ...", "post this on Friday: ...") is when to send it.
    const t = timeAtStart(body, ctx.now);
    if (t) {
      const after = body.slice(t.end);
      if (/^\s*(?:$|[,:\-—–]|(?:that|about|saying|to|reminding|telling|letting|asking|regarding|re|with)\b)/i.test(after)) {
        when = sendTime(t.found);
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
/** Leave the parents asked for or the school approved: excused (illness is an absence). */
const LEAVE =
  /(?:\b(?:excused(?: absence)?|on (?:approved |authori[sz]ed |family |a )?leave|authori[sz]ed(?: absence)?|(?:approved|authori[sz]ed|sanctioned|family) leave|leave (?:note|letter|application|request|form)|(?:applied|asked|requested|applying|asking) (?:for )?(?:a )?leave|requested leave|(?:has|have|had|got) (?:a )?leave|(?:on )?chutti|absent with (?:a )?(?:note|permission)|(?:prior|advance) (?:intimation|notice|permission)|informed (?:us |me |the school )?in advance|with (?:prior )?permission|pre-?approved|approved absence)|(?:^|[-:–]|\bas)\s*(?:on )?leave)\b(?!\s+(?:early|at)\b)/g;
const STATUS_PATTERNS: { re: RegExp; status: AttendanceStatus; weak?: boolean; onTime?: boolean }[] = [
  {
    re: /\b(?:(?:came|come|comes|coming|arrived|arrives|arriving|got|gets|turned up|turns up|rolled|walked|dropped off|was dropped|reached|aaya|aayi|aaye)\s+(?:in\s+)?(?:\w+\s+){0,3}?late|late|tardy|not on time|after (?:the )?(?:register|registration|circle time)|der se (?:aaya|aayi|aaye|aa))\b/g,
    status: 'late',
  },
  { re: LEAVE, status: 'excused' },
  {
    re: new RegExp(
      `${COPULA}\\s+(?:\\w+\\s+)?off\\b(?!\\s+(?:work)\\b)|\\b(?:absent|absence|off sick|off ill|off poorly|off today|off again|off with|out sick|home sick|sick at home|sick leave|didn't (?:come|turn up|show up|make it)(?: in)?|did not (?:come|turn up|show up|make it)(?: in)?|hasn't (?:come|turned up|shown up|arrived)(?: in)?|has not (?:come|turned up|shown up|arrived)(?: in)?|haven't (?:come|turned up)|have not (?:come|turned up)|won't be (?:in|here|coming)|will not be (?:in|here|coming)|(?:can't|cannot|couldn't|could not) (?:come|make it)(?: in)?|not (?:in|here|present|coming|at (?:school|nursery))|(?:isn't|wasn't|aren't|weren't) (?:in|here|present|coming)|stay(?:ed|ing|s)? (?:at )?home|kept (?:him|her|them) (?:at )?home|at home|missing|on holiday|missed (?:nursery|school|class|kindergarten|the day)|no[- ]show|no sign of|down with|came down with|(?:called|phoned|rang|messaged|texted) in sick|running a (?:fever|temperature)|nahi(?:n)? (?:aaya|aayi|aaye|aa|aayega|aayegi|aayenge|aa raha|aa rahi|aa rahe)|absent hai|absent hain|bimaar|bukhar|ghar (?:pe|par) (?:hai|hain|hi)|not with us|out of (?:station|town)|(?:gone|went|going) (?:to|back to) (?:his|her|their) (?:village|native place|hometown|grandparents)|(?:won't|can't|couldn't|will not|cannot|could not) make it|(?:not|won't be|isn't|wasn't) joining|skipped (?:nursery|school|today|class))\\b`,
      'g',
    ),
    status: 'absent',
  },
  {
    re: /\b(?:sick|ill|poorly|unwell|not well|under the weather|away|has (?:a |the )?(?:fever|temperature|cold|flu|cough|chickenpox|tummy bug)|got (?:a |the )?(?:fever|temperature|cold|flu|tummy bug))\b/g,
    status: 'absent',
    weak: true,
  },
  { re: /^\s*'s\s+off\b|^\s*off\b/g, status: 'absent' },
  { re: /\bon time\b/g, status: 'present', onTime: true },
  {
    re: new RegExp(
      `${COPULA}\\s+(?:all\\s+|now\\s+)?(?:back|in|here)\\b(?!\\s+(?:the|a|an|his|her|their|my|our|front|time)\\b)|\\b(?:present|attended|in today|in class|came in|come in|just arrived|arrived|here|made it(?: in)?|came(?! (?:to|from|with|back from|over|up with|down)\\b)|aa gaye|aa gaya|aa gayi|aaye hain|aaya hai|aayi hai)\\b`,
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
  // Leave is excused wherever it is said ("away on authorised leave").
  const found0 = best as StatusHit | null;
  LEAVE.lastIndex = 0;
  const leave = found0 && found0.status !== 'excused' && found0.status !== 'late' ? LEAVE.exec(p) : null;
  // "arrived on time this morning": present, and an exception to it is late.
  const found = leave ? { status: 'excused' as const, at: leave.index, end: leave.index + leave[0].length } : found0;
  if (found?.status === 'present' && /\bon time\b/.test(p)) return { ...found, onTime: true };
  return found;
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
/** What a reason for a status speaks of (an illness, an appointment, a journey): never an observation. */
const REASON =
  /\b(?:vomit\w*|threw up|throwing up|sick|fever|temperature|cough\w*|cold|flu|rash|chickenpox|tummy|stomach|ear infection|infection|doctor|hospital|dentist|appointment|wedding|funeral|travel\w*|holiday|traffic|bus|car|overslept|unwell|poorly|ill|not well|medicine|antibiotics)\b/i;
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
  /\b(?:every(?:one|body)(?: else)?|the whole class|whole class|the (?:entire )?class|all (?:of )?the (?:children|kids|class|students|pupils)|all (?:kids|children)|full house|sab(?:hi)?|all(?: \d+| twelve| ten| eleven| five| nine)?)\b/gi;
const CONNECTOR = /^\s*(?:,|and|&|or|plus|as well as)\s*$/i;
const COMMA_AND = /^\s*,\s*and\s*$/i;
const TRAILING_TIME =
  /(?:\b(?:today|yesterday|now|then|also|just|so|well|oh|ok|okay|please|too|earlier|this (?:morning|afternoon)|last \w+|on \w+day|at [\d:]+(?:\s*[ap]m)?|on the \w+)\s*,?\s*)$/i;
const CLAUSE_BOUNDARY =
  /(?:^|[,;:(\-—–&]|\b(?:and|but|then|so|while|whilst|whereas|because|as|when|after|before|although|though|plus|also|since|until|if|that|say|says|said|saying|told me|tells me|only|just))\s*$/i;
const MARK_VERB = /\b(?:mark|put|record|register|set|note|have|log|tick|enter|show)\s*$/i;
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
      (!COMMA_AND.test(between) || last.children.length >= 2) &&
      // "except Kabir, Meera is on leave": a comma before a child with a verb of one is a new clause.
      !(/^\s*,\s*$/.test(between) && /^\s*(?:is|was|has|'s|isn't|wasn't|hasn't)\b/i.test(s.slice(m.end)));
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
    // "No sign of Arjun", "leave note from Aarav's mum", "Late: Reyansh": a status said just before the child.
    else if (
      g.kind === 'children' &&
      /^\s*(?:(?:of|for|from|about)\s+|[:\-–—]\s*)?$/i.test(trimmed.slice(statusIn(trimmed)?.end ?? trimmed.length)) &&
      statusIn(trimmed) !== null
    )
      g.role = 'subject';
    // "an observation for Kabir: he ...", "for Aditi's learning journal: she ...": the child it is about.
    else if (
      g.kind === 'children' &&
      /\b(?:for|about|on)\s*$/i.test(trimmed) &&
      /^(?:'s\s+(?:learning\s+)?(?:journal|profile|file|record|folder|portfolio|observation)|\s*[:\-—–]|\s*,)/i.test(
        s.slice(g.end),
      )
    )
      g.role = 'subject';
    else if (!isPronounObject && (trimmed.trim() === '' || atBoundary || CLAUSE_BOUNDARY.test(trimmed))) g.role = 'subject';
    // A run-on list ("Kabir absent Meera late"): a child after a status said of the children before,
    // with a status of its own right after it.
    else if (g.kind === 'children' && prevEnd > 0 && statusIn(before) && (statusIn(s.slice(g.end, g.end + 40))?.at ?? 99) <= 12)
      g.role = 'subject';
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
    // "Aarav's parents sent a leave note": leave asked for by the family is the child's.
    LEAVE.lastIndex = 0;
    // "Diya's mum called in sick for her": what the family reports is the child's.
    const reports = /\b(?:called|rang|phoned|messaged|texted|emailed|wrote|said|says|informed|told)\b/i.test(predicate);
    const hit = FAMILY.test(predicate) && !LEAVE.test(predicate) && !reports ? null : statusIn(predicate);
    let status: AttendanceStatus | null = hit?.status ?? null;
    if (!status && BARE_NEGATIVE.test(predicate)) status = 'absent';
    // "Late: Reyansh and Ethan", "leave note from Aarav's mum", "no sign of Kabir": a status said first.
    if (!status && i === 0 && g.kind === 'children') {
      const lead = s.slice(0, g.start);
      const first = statusIn(lead);
      if (first && deedAt(lead.toLowerCase()) < 0 && !tellsOfChild(predicate)) status = first.status;
    }
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
      // "Vihaan was off on Monday and Tuesday": the same status on each day.
      const span = spans[i];
      const own = span ? dates.filter((d) => d.index >= span.from && d.index < span.to) : [];
      own.forEach((d, k) => {
        const prev = own[k - 1];
        if (
          prev &&
          /^\s*(?:,|and|&|or)?\s*(?:,\s*)?(?:and\s+)?(?:on\s+)?$/i.test(s.slice(prev.index + prev.text.length, d.index))
        )
          mark(state, d.date, children, status as AttendanceStatus);
      });
      // "Kabir came in late and built a tower": an attendance and an observation.
      const after = predicate.slice((hit?.end ?? 0) + 0);
      if (/\b(?:and|but|then)\b/i.test(after) && tellsOfChild(after.replace(/^.*?\b(?:and|but|then)\b/i, ''))) {
        observe(state, date, children, note(s.slice(i === 0 ? 0 : g.lead, next ? next.lead : s.length)));
      }
    } else if (
      children.length &&
      g.kind === 'pronoun' &&
      previous?.status &&
      previous.children.every((c) => children.includes(c)) &&
      REASON.test(predicate)
    ) {
      // "Kabir is off sick, he vomited twice last night": the reason for a status is not an observation.
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
    // "Hello families! Pick-up is at 12 tomorrow": an opening with no text takes the next sentence as its text.
    if (pending && !(pending as { rest: string }).rest.replace(/[\s,:;.!\-—–]+/g, '')) {
      (pending as { rest: string }).rest = s;
      continue;
    }
    // "... Send it on Friday at 4 pm": when to send the announcement just asked for.
    if (pending && /^(?:and\s+)?(?:then\s+)?(?:please\s+)?(?:send|schedule|post|publish)\s+(?:it|this|that|them)\b/i.test(s)) {
      (pending as { extra: string[] }).extra.push(s);
      continue;
    }
    flush();
    const at = announcementAt(s, opts.labels);
    let before = at ? s.slice(0, at.start) : s;
    if (at) pending = { rest: s.slice(at.headEnd), extra: [], when: at.when };
    // "Tomorrow at 8 am, remind parents that ...": a send time before the request.
    const lead = timeAtStart(before, ctx.now);
    if (at && lead && /^[\s,.:;\-—–]*(?:(?:please|pls|can you|could you|and)\s*)*$/i.test(before.slice(lead.end)) && pending) {
      (pending as { when?: string }).when = before.slice(0, lead.end);
      before = '';
    }
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
export function announcementFallback(text: string, ctx: EngineContext, classIds: string[], whole = true): Reading {
  const again = readEnglish(text, ctx, classIds, { labels: true });
  if (again.announcements.length === 0 && whole) {
    const whole = announcementFrom(text.replace(/[.!?]+$/, ''), ctx, classIds, []);
    if (whole) again.announcements.push(whole);
  }
  return again;
}

// ---------------------------------------------------------------- spelling

/** Shortcuts people type for the words the reader needs. */
const SHORTCUTS: Record<string, string> = {
  yday: 'yesterday',
  ystday: 'yesterday',
  yest: 'yesterday',
  ytd: 'yesterday',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tomo: 'tomorrow',
  '2moro': 'tomorrow',
  '2mrw': 'tomorrow',
  tdy: 'today',
  aaj: 'today',
  '2day': 'today',
  msg: 'message',
  abt: 'about',
  coz: 'because',
  cuz: 'because',
  bcoz: 'because',
  bcz: 'because',
  mrng: 'morning',
  morn: 'morning',
  plz: 'please',
  didnt: "didn't",
  isnt: "isn't",
  wasnt: "wasn't",
  hasnt: "hasn't",
  havent: "haven't",
  arent: "aren't",
  werent: "weren't",
  couldnt: "couldn't",
  cant: "can't",
  wont: "won't",
  doesnt: "doesn't",
  dont: "don't",
  shes: "she's",
  theyre: "they're",
  everyones: "everyone's",
  hadnt: "hadn't",
  wouldnt: "wouldn't",
  shouldnt: "shouldn't",
};

/** Words the reader relies on, with no ordinary word one or two letters away: a typo of one is read as it. */
const KEY_WORDS = [
  'absent',
  'absence',
  'absences',
  'present',
  'excused',
  'yesterday',
  'tomorrow',
  'today',
  'everyone',
  'everybody',
  'announcement',
  'reminder',
  'observation',
  'attendance',
  'parents',
  'families',
  'children',
  'morning',
  'afternoon',
  'register',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'schedule',
  'message',
  'holiday',
  'temperature',
  'chickenpox',
  'arrived',
  'poorly',
  'unwell',
  'because',
  'please',
  'notice',
  'remind',
  'inform',
  'nursery',
  'turned',
  'stayed',
  'leave',
  'except',
  'apart',
];

/** Edit distance with transpositions (optimal string alignment), for short words. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * An English message as the reader reads it: shortcuts written out ("yday", "tmrw", "didnt") and typos of
 * the words it relies on corrected ("absnet", "yesetrday"). Children's names are left as they are.
 */
export function tidyEnglish(text: string, names: string[] = []): string {
  const protect = new Set(names.map((n) => n.toLowerCase()));
  return text.replace(/[A-Za-z0-9][A-Za-z0-9']*/g, (word) => {
    const lower = word.toLowerCase();
    if (protect.has(lower)) return word;
    const short = SHORTCUTS[lower];
    if (short) return /^[A-Z]/.test(word) ? short[0]?.toUpperCase() + short.slice(1) : short;
    if (lower.length < 5 || KEY_WORDS.includes(lower) || /[^a-z]/.test(lower)) return word;
    const tolerance = lower.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = 99;
    for (const k of KEY_WORDS) {
      // Another form of the word ("scheduled", "parent") is not a typo of it.
      if (k[0] !== lower[0] || Math.abs(k.length - lower.length) > tolerance || lower.startsWith(k) || k.startsWith(lower))
        continue;
      const dist = editDistance(lower, k);
      if (dist <= tolerance && dist < bestDistance) {
        best = k;
        bestDistance = dist;
      }
    }
    if (!best) return word;
    return /^[A-Z]/.test(word) ? best[0]?.toUpperCase() + best.slice(1) : best;
  });
}
