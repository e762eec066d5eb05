import type { Lang } from './lang.js';
import { findNames, type RosterChild } from './names.js';
import { ARABIC, HEBREW } from './rtl-words.js';

/**
 * What the engine must not draft from, said before any reading: a message that stops mid-sentence
 * ("Mark everyone present today except"), a request with nothing in it ("mark attendance", "send a
 * message to parents"), what the chat does not write (a whole lesson plan: plans are made in Planning or
 * by Cue's unit task), something Cue cannot do yet (progress reports), and
 * names of the whole class's attendance that are no child of the class ("everyone present except
 * Omar" in a class without an Omar). Each answers with a reply the assistant words in the teacher's
 * interface language (`replies.ts`), never with a draft.
 */

/** Why nothing was drafted, for the reply. */
export type Guard =
  /** The message stops where something must follow ("except", "about", "for ..."). */
  | 'unfinished'
  /** Attendance asked for, with no child and no status ("mark attendance"). */
  | 'attendanceWhat'
  /** A message to parents asked for, with nothing to say in it. */
  | 'announcementWhat'
  /** A story or learning item: stories do not exist; an observation is offered (which child, what happened). */
  | 'observationWhat'
  /** A lesson plan asked of the chat: plans are made in Planning, or by asking Cue to plan a unit. */
  | 'noPlanning'
  /** Progress analysis: the questions Cue can answer over the class's records. */
  | 'progress';

/**
 * An English message that stops where something must follow: the children excepted from everyone
 * ("... except"), the subject of a message or a plan ("parents about", "a story for the class about"),
 * what was seen or is to be told ("I observed that", "tell parents that"), or a request's object
 * ("Mark attendance for", "note for").
 */
const DANGLING = [
  /\b(?:except(?:\s+for)?|apart\s+from|but\s+not|other\s+than|besides|excluding|save\s+for|not\s+including)\s*[:,-]?\s*$/i,
  /\b(?:parents|families|family|message|note|announcement|notice|update|story|stories|plan|reminder|everyone|class|item|email)\b(?:\s+[\p{L}']+){0,3}?\s+(?:about|regarding|re)\s*[:,-]?\s*$/iu,
  /\b(?:observed|noticed|saw|see|tell|told|say|said|remind|reminding|inform|let\s+(?:them|parents|families)\s+know)\b(?:\s+[\p{L}']+){0,2}?\s+that\s*[:,-]?\s*$/iu,
  /^\s*(?:please\s+)?(?:mark|note|log|record|send|write|draft|tell|remind|create|make)\b(?:\s+[\p{L}']+){0,4}?\s+(?:for|to|of|with|that|the|and|as)\s*[:,-]?\s*$/iu,
  /^\s*(?:please\s+)?(?:mark|note|log|record|send|write|draft|tell|remind)\s*[:,-]?\s*$/i,
  /[:\-–]\s*$/,
];
/** An Arabic or Hebrew message ending on an "except" word or a preposition. */
const DANGLING_RTL = new RegExp(
  `(?:^|\\s)(?:${[
    ...ARABIC.except,
    ...HEBREW.except,
    'عن',
    'بخصوص',
    'حول',
    'ل',
    'الى',
    'ان',
    'על',
    'לגבי',
    'בנושא',
    'ל',
    'את',
    'ש',
  ]
    .map((w) => w.replace(/\s+/g, '\\s+'))
    .join('|')})\\s*[:,-]?\\s*$`,
  'u',
);

const RTL_PLEASE = 'من\\s+فضلك|لو\\s+سمحت|בבקשה';
const RTL_MAKE = 'اكتب|اكتبي|أنشئ|انشئ|انشئي|اعمل|اعملي|حضّر|حضر|כתוב|כתבי|כתבו|צור|צרי|צרו|תכין|תכיני|הכינו';

/** A request for attendance with nothing said of anyone. */
const ATTENDANCE_ONLY =
  /^\s*(?:(?:hi|hey|ok|okay)\s*,?\s*)?(?:please\s+)?(?:can\s+you\s+|could\s+you\s+|let's\s+|i\s+want\s+to\s+|i'd\s+like\s+to\s+)?(?:mark|take|do|record|fill(?:\s+in)?|start|open)\s+(?:the\s+|today'?s\s+|my\s+|class\s+)?(?:attendance|register|roll(?:\s+call)?)(?:\s+(?:for\s+)?(?:today|now|please|the\s+class|my\s+class|this\s+morning))*\s*[.!?]*\s*$/i;
const ATTENDANCE_ONLY_RTL =
  /^\s*(?:سجل|سجلي|خذ|خذي)\s+(?:ال)?حضور(?:\s+(?:اليوم|الصف))*\s*$|^\s*(?:סמן|סמני|תסמן|קח|קחי)\s+(?:את\s+)?(?:ה)?נוכחות(?:\s+(?:היום|של\s+הכיתה))*\s*$/u;

/** A request to write to parents, with no words of the message itself. */
const FRAME = new Set(
  'please kindly can could would you i want to like need send write draft make create compose prepare post share put out a an the new short quick message messages note notice announcement announcements update email to for all our my class parents parent families family everyone guardians about regarding re on some something today now'.split(
    ' ',
  ),
);
const ASKS_TO_WRITE = /\b(?:send|write|draft|make|create|compose|prepare|post|share)\b/i;
const TO_PARENTS = /\b(?:message|note|notice|announcement|update|email)\b/i;

const STORY = /\b(?:stor(?:y|ies)|learning\s+(?:item|story|moment)s?)\b/i;
const LESSON_PLAN =
  /^\s*(?:please\s+)?(?:can\s+you\s+|could\s+you\s+)?(?:create|make|write|prepare|draft|plan|generate|give\s+me|help\s+me\s+(?:with|plan|write))\b.*\b(?:lesson\s*plans?|plan\s+(?:(?:a|the|my|our|some)\s+)?lessons?|(?:lesson|weekly|unit|curriculum)\s+planning|weekly\s+plan|unit\s+plan|curriculum\s+plan)\b/i;
/** Requests only (the message opens with them), not a mention in passing ("we'll review progress at parents' evening"). */
const REQUEST = String.raw`^\s*(?:(?:hi|hey|ok|okay)\s*,?\s*)?(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:help\s+me\s+)?`;
const PROGRESS = new RegExp(
  String.raw`${REQUEST}(?:(?:analy[sz]e|assess|evaluate|review|report\s+on|summari[sz]e|show(?:\s+me)?|give\s+me)\b.*\bprogress\b|(?:(?:student|class|children'?s?)\s+)?progress\s+(?:report|analysis|summary)\b)`,
  'i',
);
const STORY_REQUEST = new RegExp(String.raw`${REQUEST}(?:write|create|make|draft|add|generate|start)\b`, 'i');

const words = (t: string) => t.toLowerCase().match(/[\p{L}']+/gu) ?? [];

/** Nothing to draft from this message, and why (checked before reading it). */
export function guardOf(t: string, lang: Lang, roster: RosterChild[]): Guard | null {
  const named = findNames(t, roster).found.length > 0;
  if (lang !== 'en') {
    // Requests only: the message opens with the request (a verb, or the thing asked for).
    const asks = (what: string) => new RegExp(`^\\s*(?:${RTL_PLEASE})?\\s*(?:${RTL_MAKE})?\\s*(?:${what})`, 'u').test(t);
    if (asks('خطة\\s+(?:ال)?درس|خطط\\s+(?:ال)?دروس|מער(?:ך|כי|כת)\\s+שיעור')) return 'noPlanning';
    if (!named && asks('(?:حلل|حللي|تحليل)\\s+(?:ال)?تقدم|(?:נתח|נתחי|נתחו|ניתוח)\\s+(?:את\\s+)?(?:ה)?התקדמות'))
      return 'progress';
    if (!named && asks('(?:ال)?قص(?:ة|ه|ص)|סיפור')) return 'observationWhat';
    if (DANGLING_RTL.test(t.trim())) return 'unfinished';
    if (!named && ATTENDANCE_ONLY_RTL.test(t)) return 'attendanceWhat';
    return null;
  }
  if (LESSON_PLAN.test(t) && !/\b(?:parents|families|tell|remind)\b/i.test(t)) return 'noPlanning';
  if (PROGRESS.test(t) && !named) return 'progress';
  if (STORY.test(t) && !named && (STORY_REQUEST.test(t) || words(t).length <= 3)) return 'observationWhat';
  if (!named && ASKS_TO_WRITE.test(t) && TO_PARENTS.test(t) && words(t).every((w) => FRAME.has(w))) return 'announcementWhat';
  if (DANGLING.some((r) => r.test(t.trim()))) return 'unfinished';
  if (!named && ATTENDANCE_ONLY.test(t)) return 'attendanceWhat';
  return null;
}

/** The start of an unfinished message, for the question ("Mark everyone present today except …"). */
export const unfinishedOf = (t: string) => t.trim().replace(/[\s:,-]+$/, '');

const EXCEPT_EN = /\b(?:except(?:\s+for)?|apart\s+from|but\s+not|other\s+than|besides|excluding|save\s+for|not\s+including)\s+/gi;
const STATUS_AFTER =
  /^(?:'s)?\s+(?:is|was|are|were|has\s+been|came|come|arrived|isn't|wasn't|didn't|did\s+not|won't|will\s+not|not)?\s*(?:absent|late|present|here|in|off|away|sick|ill|out|excused|on\s+leave|not\s+(?:here|in|coming)|coming|come\s+in|came\s+in)\b/i;
const EVERYONE_RTL =
  /(?:^|\s)(?:ال)?(?:كل|جميع|كلهم)(?:\s|$)|(?:^|\s)(?:كل\s+(?:ال)?(?:أولاد|اولاد|أطفال|اطفال))|(?:^|\s)(?:ו?כולם|כל\s+הילדים)(?:\s|$)/u;
const EXCEPT_RTL = /(?:^|\s)(?:ما\s*عدا|باستثناء|חוץ\s+מ|מלבד\s+|פרט\s+ל)/u;
/** Capitalised words that are never a child's name where attendance speaks of one. */
const NOT_CHILD = new Set(
  'Mum Mom Mummy Mommy Mama Dad Daddy Papa Granny Grandma Grandpa Nani Nana Dadi Dada Aunt Auntie Aunty Uncle Sister Brother Baby Teacher Miss Mr Mrs Ms Sir Madam Bus Van Driver School Group Team Traffic Everything Nobody Noone Someone I Dear Hi Hello Hey Also Parents Families Reminder Note Please Thanks Good Everyone Everybody All The Today Yesterday Tomorrow Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mark Please And Or But Except Apart Nursery Kindergarten Toddlers Class Cue Morning Afternoon Both Them Him Her They He She'.split(
    ' ',
  ),
);

/**
 * Names of an attendance message that are no child of the class: `excepted`, the exceptions to
 * "everyone" (the whole class's attendance depends on them), and `named`, names given a status of their
 * own ("Zara is absent"). English: capitalised words; Arabic and Hebrew: the word after an "except" word
 * (a name in either script is matched against the roster).
 */
export function unknownInAttendance(t: string, lang: Lang, roster: RosterChild[]): { excepted: string[]; named: string[] } {
  const out: string[] = [];
  const named: string[] = [];
  const rosterWords = new Set(roster.flatMap((c) => [c.firstName, c.lastName]).map((w) => w.toLowerCase()));
  const isChild = (w: string) => {
    if (w.split(/\s+/).every((x) => rosterWords.has(x.toLowerCase()))) return true;
    const found = findNames(w, roster);
    return found.found.length > 0 || found.ambiguous.length > 0;
  };
  if (lang === 'en') {
    const candidates: { word: string; at: number }[] = [];
    for (const m of t.matchAll(/(^|[^\p{L}'])(\p{Lu}[\p{L}]+)/gu))
      candidates.push({ word: m[2] as string, at: (m.index ?? 0) + (m[1]?.length ?? 0) });
    for (const m of t.matchAll(EXCEPT_EN)) {
      // The list after "except": names joined by commas and "and", up to what is said of them.
      const rest = t.slice((m.index ?? 0) + m[0].length);
      const list =
        /^[\p{L}'\s,]+?(?=\s+(?:is|was|are|were|who|,?\s*(?:they|he|she)\b|came|come|arrived|has|have|had|absent|late|excused|off|sick|today|yesterday|on\s+leave)\b|[.;!?]|$)/u.exec(
          rest,
        );
      for (const w of (list?.[0] ?? '').split(/\s*(?:,|\band\b|&)\s*/)) {
        const name = w.trim().split(/\s+/)[0] ?? '';
        if (name && /^\p{Lu}/u.test(name) && !NOT_CHILD.has(name) && !isChild(w.trim())) out.push(w.trim());
      }
    }
    for (const [i, c] of candidates.entries()) {
      if (NOT_CHILD.has(c.word) || isChild(c.word)) continue;
      // The last name of a child said in full ("Aarav Sharma is absent").
      const before = candidates[i - 1];
      if (before && /^\s+$/.test(t.slice(before.at + before.word.length, c.at)) && isChild(`${before.word} ${c.word}`)) continue;
      // A child given a status opens its clause ("Zara is absent", "..., and Zara was late"); a word
      // after "her", "his", "the" ... is someone else ("her Mum is unwell").
      const opens = /(?:^|[.,;:!?]|\b(?:and|but|also|so|then|mark|today|yesterday|morning|&))\s*$/i.test(t.slice(0, c.at));
      if (opens && STATUS_AFTER.test(t.slice(c.at + c.word.length)) && !out.includes(c.word)) named.push(c.word);
    }
  } else if (EVERYONE_RTL.test(t)) {
    // Only the unmistakable "except" words, after "everyone": the first word after one is a child.
    const m = EXCEPT_RTL.exec(t);
    const word = m ? (t.slice((m.index ?? 0) + m[0].length).split(/[\s,،.:]+/)[0] ?? '') : '';
    if (word.length > 1 && !isChild(word)) out.push(word);
  }
  return { excepted: [...new Set(out)], named: [...new Set(named)] };
}
