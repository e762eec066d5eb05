/**
 * The Arabic and Hebrew reader of the local engine (Moonbeam's teachers write right to left): finds the
 * statuses, observations and announcements a message speaks of, and read-only questions.
 *
 * A message is cut into sentences; in each, an announcement starts at a request to tell families
 * ("ذكّري الأهالي إنو ...", "תזכירי להורים ש..."), a label ("تذكير:", "תזכורת:") or an addressee
 * ("أعزائي الأهالي،", "הורים יקרים,"); the rest is read as clauses, one per subject: children (in any
 * script, with the prefixes و / ו / ש ...), everyone (الكل, כולם) and its exceptions (ما عدا, חוץ מ).
 * A clause's status comes from the words of `rtl-words.ts` (a negation turns "came" into "did not
 * come"); its day from اليوم / امبارح / weekdays, היום / אתמול / weekdays; a clause with no status
 * tells of its children (an observation when the intent layer hears one; a relative or a passing
 * state is only a mention). Dates said once hold for the rest of the message.
 */
import type { Lang } from './lang.js';
import { findChildren, type NameMatch, type RosterChild } from './names.js';
import { AREAS, type ClassQuery } from './question.js';
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
import { ARABIC, HEBREW, type RtlWords } from './rtl-words.js';

/** Same-length folding for matching: ة as ه, ى as ي, Hebrew final letters as the others, Latin lower case. */
/** (Regular expressions below are written in this folded form: מ for ם, ه for ة, ي for ى.) */
const foldSame = (s: string) =>
  s
    .toLowerCase()
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ך/g, 'כ')
    .replace(/ם/g, 'מ')
    .replace(/ן/g, 'נ')
    .replace(/ף/g, 'פ')
    .replace(/ץ/g, 'צ');

const escapeWord = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
const LETTER = '[\\p{L}\\p{M}]';

interface Hit {
  start: number;
  end: number;
  word: string;
}

/** A list of words as one expression: whole words, an optional prefix letter before, longest first. */
class Words {
  private readonly re: RegExp;
  constructor(words: string[], prefix: string, opts: { open?: boolean } = {}) {
    const list = [...new Set(words.map(foldSame))].sort((a, b) => b.length - a.length).map(escapeWord);
    // "open": the word may run into the next one ("חוץ מאדם").
    // The prefix is lazy: a word is read whole before a letter of it is taken for a prefix ("כמה", not "כ" + "מה").
    this.re = new RegExp(`(?<!${LETTER})(?:${prefix})??(${list.join('|')})${opts.open ? '' : `(?!${LETTER})`}`, 'gud');
  }
  all(f: string, from = 0, to = f.length): Hit[] {
    const out: Hit[] = [];
    this.re.lastIndex = from;
    for (let m = this.re.exec(f); m && m.index < to; m = this.re.exec(f)) {
      const [start, end] = m.indices?.[1] ?? [m.index, m.index + m[0].length];
      if (end <= to) out.push({ start, end, word: m[1] as string });
      if (this.re.lastIndex === m.index) this.re.lastIndex++;
    }
    return out;
  }
  first(f: string, from = 0, to = f.length): Hit | null {
    return this.all(f, from, to)[0] ?? null;
  }
}

interface Compiled {
  w: RtlWords;
  status: [AttendanceStatus, Words][];
  negators: Words;
  everyone: Words;
  full: Words;
  except: Words;
  only: Words;
  mark: Words;
  obs: Words;
  family: Words;
  states: Words;
  notDeeds: Words;
  annVerbs: Words;
  annVerbsToAudience: Words;
  arrivals: Words;
  leave: Words;
  audience: Words;
  notes: Words;
  labels: Words;
  addressees: Words;
  bodyMarks: Words;
  sendIt: Words;
  request: Words;
  qStarts: Words;
  qAbsences: Words;
  qNoObs: Words;
  qRate: Words;
  today: Words;
  yesterday: Words;
  dayBefore: Words;
  tomorrow: Words;
  weekdays: Words[];
  last: Words;
  next: Words;
  hourWords: Words[];
  hourLead: Words;
  half: Words;
  quarter: Words;
  morning: Words;
  afternoon: Words;
  periods: Record<'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'thisTerm' | 'thisYear', Words>;
}

function compile(w: RtlWords): Compiled {
  const p = w.prefix;
  const words = (list: string[], opts?: { open?: boolean }) => new Words(list, p, opts);
  return {
    w,
    status: (['excused', 'late', 'absent', 'present'] as const).map((s) => [s, words(w.status[s])]),
    negators: new Words(w.negators, p),
    // "לכל הקבוצה" (to the whole group) is not everyone as a subject: only "and" may come before it.
    everyone: new Words(w.everyone, w === HEBREW ? 'ו' : 'و'),
    full: words(w.full),
    except: words(w.except, { open: true }),
    only: words(w.only),
    mark: words(w.markVerbs),
    obs: words(w.observationCues, { open: true }),
    family: words(w.family),
    states: words(w.states),
    notDeeds: words(w.notDeeds),
    annVerbs: words(w.ann.verbs),
    annVerbsToAudience: words(w.ann.verbsToAudience),
    arrivals: words(w.status.arrivals),
    leave: words(w.leave),
    audience: words(w.ann.audience),
    notes: words(w.ann.notes),
    labels: words(w.ann.labels),
    addressees: words(w.ann.addressees),
    bodyMarks: new Words(w.ann.bodyMarks, '', { open: true }),
    sendIt: words(w.ann.sendIt),
    request: words(w.request),
    qStarts: words(w.question.starts),
    qAbsences: words(w.question.absences),
    qNoObs: words(w.question.noObservation),
    qRate: words(w.question.rate),
    today: words(w.days.today),
    yesterday: words(w.days.yesterday),
    dayBefore: words(w.days.dayBefore),
    tomorrow: words(w.days.tomorrow),
    weekdays: w.days.weekdays.map((d) => words(d)),
    last: words(w.days.last),
    next: words(w.days.next),
    hourWords: w.time.hourWords.map((h) => words(h.split('|'))),
    hourLead: words(w.time.hourLead),
    half: words(w.time.half),
    quarter: words(w.time.quarter),
    morning: words(w.time.morning),
    afternoon: words(w.time.afternoon),
    periods: {
      thisWeek: words(w.days.thisWeek),
      lastWeek: words(w.days.lastWeek),
      thisMonth: words(w.days.thisMonth),
      lastMonth: words(w.days.lastMonth),
      thisTerm: words(w.days.thisTerm),
      thisYear: words(w.days.thisYear),
    },
  };
}

let compiled: { ar: Compiled; he: Compiled } | null = null;
const lexicon = (lang: Lang): Compiled => {
  compiled ??= { ar: compile(ARABIC), he: compile(HEBREW) };
  return lang === 'he' ? compiled.he : compiled.ar;
};

// ---------------------------------------------------------------- dates and times

interface When {
  start: number;
  end: number;
  date: Date;
  hasHour: boolean;
}

const utcDay = (d: Date) => dayOf(d).getTime();

/** Days and times a sentence names; `future` for send times (a weekday is the next one, not the last). */
function datesIn(L: Compiled, f: string, now: Date, future: boolean, from = 0, to = f.length): When[] {
  const today = dayOf(now);
  const days: When[] = [];
  const push = (h: Hit, date: Date) => days.push({ start: h.start, end: h.end, date, hasHour: false });
  for (const h of L.dayBefore.all(f, from, to)) push(h, new Date(today.getTime() - 2 * DAY));
  for (const h of L.yesterday.all(f, from, to))
    if (!days.some((d) => h.start >= d.start && h.start < d.end)) push(h, new Date(today.getTime() - DAY));
  for (const h of L.today.all(f, from, to)) if (!days.some((d) => h.start >= d.start && h.start < d.end)) push(h, today);
  for (const h of L.tomorrow.all(f, from, to)) push(h, new Date(today.getTime() + DAY));
  L.weekdays.forEach((words, wd) => {
    for (const h of words.all(f, from, to)) {
      // A bare Arabic weekday ("احد", "تنين", "جمعه") is also a number or "week": a day only after "يوم".
      if (L.w === ARABIC && !h.word.startsWith('ال') && !/يوم\s*$/u.test(f.slice(Math.max(0, h.start - 6), h.start))) continue;
      const after = f.slice(h.end, Math.min(to, h.end + 14));
      const last = L.last.first(after);
      const next = L.next.first(after);
      const gap = (x: Hit | null) => x !== null && /^\s*$/.test(after.slice(0, x.start));
      const diff = (wd - today.getUTCDay() + 7) % 7;
      let date: Date;
      if (gap(next) || (future && !gap(last))) date = new Date(today.getTime() + (diff === 0 ? 7 : diff) * DAY);
      else date = new Date(today.getTime() - ((7 - diff) % 7 || (gap(last) ? 7 : 0)) * DAY);
      const end = gap(last) ? h.end + (last as Hit).end : gap(next) ? h.end + (next as Hit).end : h.end;
      push({ ...h, end }, date);
    }
  });
  // Clock times: "الساعة 8", "الساعة تمانية ونص الصبح", "בשעה 8:30", "ב-4", "בשמונה בבוקר".
  const times: { start: number; end: number; h: number; m: number }[] = [];
  for (const m of f.slice(from, to).matchAll(/(?<![\p{L}\d])(?:[בל]-?)?(\d{1,2})(?:[:.](\d{2}))?(?!\d|[:.]\d)/gu)) {
    const start = from + (m.index ?? 0);
    const lead = f.slice(Math.max(from, start - 12), start);
    const hasLead = L.hourLead.all(lead).some((x) => /^\s*$/.test(lead.slice(x.end))) || /^[בל]/.test(m[0]);
    const h = Number(m[1]);
    if (h > 23 || (!hasLead && !m[2])) continue;
    times.push({
      start: hasLead ? start - (lead.length - (L.hourLead.all(lead).at(-1)?.start ?? lead.length)) : start,
      end: start + m[0].length,
      h,
      m: Number(m[2] ?? 0),
    });
  }
  L.hourWords.forEach((words, i) => {
    for (const hw of words.all(f, from, to)) {
      const lead = f.slice(Math.max(from, hw.start - 12), hw.start);
      const attached = /ב$/.test(f.slice(hw.start - 1, hw.start));
      const leadHit = L.hourLead.all(lead).find((x) => /^\s*$/.test(lead.slice(x.end)));
      if (!leadHit && !attached) continue;
      if (times.some((t) => hw.start < t.end && hw.end > t.start)) continue;
      times.push({ start: leadHit ? hw.start - (lead.length - leadHit.start) : hw.start - 1, end: hw.end, h: i + 1, m: 0 });
    }
  });
  const whens: When[] = [];
  for (const t of times) {
    let end = t.end;
    let minute = t.m;
    const after = () => f.slice(end, Math.min(to, end + 20));
    const half = L.half.first(after());
    if (half && /^\s*$/.test(after().slice(0, half.start))) {
      minute = 30;
      end += half.end;
    }
    const quarter = L.quarter.first(after());
    if (quarter && /^\s*$/.test(after().slice(0, quarter.start))) {
      minute = 15;
      end += quarter.end;
    }
    let hour = t.h;
    const morning = L.morning.first(after());
    const afternoon = L.afternoon.first(after());
    if (morning && /^\s*$/.test(after().slice(0, morning.start))) {
      end += morning.end;
      if (hour === 12) hour = 0;
    } else if (afternoon && /^\s*$/.test(after().slice(0, afternoon.start))) {
      end += afternoon.end;
      if (hour < 12) hour += 12;
    } else if (hour >= 1 && hour <= 6) hour += 12;
    // The day it belongs to: a day said just before it, else just after it (not across a colon), else today.
    const day =
      days.find((d) => d.end <= t.start && /^[\s,]*$/.test(f.slice(d.end, t.start))) ??
      days.find((d) => d.start >= end && /^[\s,]*$/.test(f.slice(end, d.start)));
    const base = day ? day.date : dayOf(now);
    whens.push({
      start: Math.min(t.start, day?.start ?? t.start),
      end: Math.max(end, day?.end ?? end),
      date: new Date(base.getTime() + hour * 3_600_000 + minute * 60_000),
      hasHour: true,
    });
  }
  const out = [...whens, ...days.filter((d) => !whens.some((w) => d.start >= w.start && d.end <= w.end))];
  return out.sort((a, b) => a.start - b.start);
}

/** A day without a time is sent at the start of the school day. */
const sendTime = (w: When) =>
  w.hasHour ? w.date : new Date(Date.UTC(w.date.getUTCFullYear(), w.date.getUTCMonth(), w.date.getUTCDate(), 9, 0));

// ---------------------------------------------------------------- announcements

interface AnnouncementStart {
  start: number;
  /** Where its text starts. */
  bodyAt: number;
  /** Where a send time may be said (between the request and its text). */
  whenFrom: number;
  whenTo: number;
}

/** Where an announcement starts in a sentence: a request to tell families, a label or an addressee. */
function announcementAt(L: Compiled, f: string): AnnouncementStart | null {
  const lead = (at: number) => /^[\s,:;\-—–.!]*(?:\p{L}{1,3}\s*[,:!]\s*)?$/u.test(f.slice(0, at));
  // An addressee ("أولياء الأمور الكرام", "הורים יקרים") opens an announcement wherever it is.
  const address = L.addressees.first(f);
  if (address) {
    const body = /^[\s,:!\-—–.]*/.exec(f.slice(address.end))?.[0].length ?? 0;
    return { start: address.start, bodyAt: address.end + body, whenFrom: address.end, whenTo: address.end };
  }
  // A label at the start, after a comma or "و / ו", or anywhere when a colon or a dash follows it.
  const label = L.labels
    .all(f)
    .find(
      (x) =>
        lead(x.start) ||
        /(?:[,;:.!]\s*(?:[وו]\s*)?|[وו]|\s(?:كمان|وكمان|גמ|וגמ))$/u.test(f.slice(0, x.start).trimEnd()) ||
        /^\s*(?:[:\-—–(]|\S+\s*[:\-—–])/u.test(f.slice(x.end)),
    );
  if (label) {
    // "تذكير:", "تذكير (بكرا الساعة 8):", "תזכורת שתצא מחר ב-8:".
    const rest = f.slice(label.end);
    const colon = /^(?:[^:\n]|(?<=\d):(?=\d)){0,60}?[:\-—–](?!\d)\s*/.exec(rest);
    const bodyAt = label.end + (colon ? colon[0].length : (/^[\s,!.]*/.exec(rest)?.[0].length ?? 0));
    return { start: label.start, bodyAt, whenFrom: label.end, whenTo: bodyAt };
  }
  // A request to tell families may come anywhere, even run on after a clause ("... ذكّر الأهالي إنو ...").
  const verbs = [
    ...L.annVerbs.all(f).map((v) => ({ ...v, notes: true })),
    // "أرسلوا" is also "they sent": a request only when the families follow it ("أرسلوا للأهل").
    ...L.annVerbsToAudience.all(f).map((v) => ({ ...v, notes: false })),
  ].sort((a, b) => a.start - b.start);
  for (const v of verbs) {
    // The audience or a note word within the next few words.
    const window = f.slice(v.end, v.end + 60);
    const who = [...L.audience.all(window), ...(v.notes ? L.notes.all(window) : [])].sort((a, b) => a.start - b.start)[0];
    if (!who) continue;
    const between = window.slice(0, who.start);
    if (between.trim().split(/\s+/).filter(Boolean).length > 5) continue;
    let afterWho = v.end + who.end;
    // Its text starts after "إنو / أن / :" or a Hebrew "ש" on the next word.
    const rest = f.slice(afterWho);
    // Not a letter of a send time ("بشلوש" is "at three", not "that").
    const times = datesIn(L, rest, new Date(0), true);
    const mark =
      L.bodyMarks
        .all(rest)
        .find(
          (m) =>
            m.start < 60 &&
            !times.some((t) => m.start >= t.start && m.start < t.end) &&
            (m.word !== 'ש' || /(?:^|\s)$/.test(rest.slice(0, m.start))),
        ) ?? null;
    const colon = rest.search(/:(?!\d)/);
    let bodyAt = afterWho;
    if (colon >= 0 && colon < 60 && (!mark || colon < mark.start)) bodyAt = afterWho + colon + 1;
    else if (mark) bodyAt = afterWho + mark.end;
    if (mark && L.w === HEBREW && mark.word === 'ש') bodyAt = afterWho + mark.start + 1;
    let whenTo =
      colon >= 0 && colon < 60 && (!mark || colon < mark.start) ? afterWho + colon : mark ? afterWho + mark.start : afterWho;
    // "أرسلوا للأهل غداً الساعة 8 تذكير ...": a time right after the families, before its text, is when to send it.
    const sendAt = times[0];
    if (sendAt && /^[\s,]*$/.test(rest.slice(0, sendAt.start)) && whenTo <= afterWho + sendAt.start) {
      whenTo = afterWho + sendAt.end;
      if (bodyAt <= whenTo) bodyAt = whenTo + (/^[\s,:]*/.exec(f.slice(whenTo))?.[0].length ?? 0);
    }
    afterWho = v.end + who.end;
    return { start: v.start, bodyAt, whenFrom: v.end, whenTo: Math.max(whenTo, afterWho) };
  }
  return null;
}

// ---------------------------------------------------------------- reading

interface Clause {
  start: number;
  end: number;
  children: RosterChild[];
  everyone: boolean;
  exception: boolean;
  /** "only Adam is absent": an exception with a status of its own. */
  only: boolean;
  family: boolean;
}

/** The school day starts at 9: an arrival after it is late (milliseconds into the day). */
const DAY_STARTS = 9 * 3_600_000;

function statusIn(L: Compiled, f: string, from: number, to: number): { status: AttendanceStatus; at: number } | null {
  let best: { status: AttendanceStatus; at: number; rank: number } | null = null;
  L.status.forEach(([status, words], rank) => {
    for (const h of words.all(f, from, to)) {
      let s = status;
      // "ما إجا", "לא הגיע": a negated arrival is an absence.
      if (s === 'present') {
        const before = f.slice(Math.max(from, h.start - 8), h.start);
        if (L.negators.all(before).some((n) => /^\s*$/.test(before.slice(n.end)))) s = 'absent';
      }
      // "وصل الساعة 9:30", "הגיע ב-9:30": an arrival at a time after the start of the day is late.
      if (s === 'present' && L.arrivals.first(f, h.start, h.end)) {
        const [at] = datesIn(L, f, new Date(0), false, h.end, Math.min(to, h.end + 16));
        if (at?.hasHour && /^[\s,]*$/.test(f.slice(h.end, at.start)) && at.date.getTime() % DAY > DAY_STARTS) s = 'late';
      }
      // "غايب ... عشان عرس", "חסרה כי הם בחופשה": a family occasion or trip makes an absence a leave.
      if (s === 'absent' && L.leave.first(f, from, to)) s = 'excused';
      const r = s === 'present' ? 3 : s === 'absent' ? 2 : rank;
      if (!best || r < best.rank) best = { status: s, at: h.start, rank: r };
    }
  });
  return best;
}

/** Readers of the two languages share everything but their words. */
export function readRtl(text: string, lang: Lang, ctx: EngineContext, classIds: string[]): Reading {
  const L = lexicon(lang);
  const r = new Reading(ctx);
  const f = foldSame(text);
  const sentences: { start: number; end: number }[] = [];
  for (const m of text.matchAll(/[^.!?;\n]+[.!?;\n]*/g)) {
    const start = m.index ?? 0;
    sentences.push({ start, end: start + m[0].replace(/[.!?;\n]+$/, '').length });
  }
  let date = dayOf(ctx.now);
  let pending: { body: string; when: Date | null } | null = null;
  const flush = () => {
    if (!pending) return;
    const a = announcement(pending.body, pending.when, ctx, classIds, /[,:;.!?،]/);
    if (a) r.announcements.push(a);
    pending = null;
  };
  for (const sentence of sentences) {
    const s = f.slice(sentence.start, sentence.end);
    if (!s.trim()) continue;
    // "הורים יקרים! ...": an opening with no text takes the next sentence as its text.
    if (pending && !pending.body.replace(/[\s,:;.!\-—–]+/g, '')) {
      pending.body = text.slice(sentence.start, sentence.end).trim();
      continue;
    }
    // "... ابعتها بكرا الساعة 8" / "תשלחי את זה מחר ב-8": when to send the announcement just asked for.
    const sendIt = L.sendIt.first(s);
    if (pending && sendIt && sendIt.start < 12) {
      const [w] = datesIn(L, s, ctx.now, true, sendIt.end);
      if (w) pending.when = sendTime(w);
      continue;
    }
    flush();
    const ann = announcementAt(L, s);
    const until = ann ? ann.start : s.length;
    if (ann) {
      let bodyAt = ann.bodyAt;
      let body = s.slice(bodyAt);
      let when: Date | null = null;
      // A time between the request and its text, or just before the request, schedules it.
      const near = datesIn(L, s, ctx.now, true, 0, s.length).filter(
        (w) =>
          (w.start >= ann.whenFrom - 1 && w.end <= ann.whenTo + 1) ||
          (w.end <= ann.start + 1 &&
            /^[\s,]*$/.test(s.slice(w.end, ann.start)) &&
            (s.slice(0, w.start).trim().split(/\s+/).filter(Boolean).length <= 2 || /[,;:.!]\s*$/.test(s.slice(0, w.start)))),
      );
      if (near[0]) when = sendTime(near[0]);
      // "..., وابعتها بكرا" / "(לשלוח מחר ב-8)" inside the sentence.
      // An instruction to send it, followed by when: "..., وابعتها بكرا", "(לשלוח מחר ב-8)".
      for (const inside of L.sendIt.all(s, bodyAt).reverse()) {
        const [w] = datesIn(L, s, ctx.now, true, inside.end);
        if (!w || !/^[\s,:]*(?:(?:ביומ|יומ|يوم|ب|ב|في)\s*)?$/u.test(s.slice(inside.end, w.start))) continue;
        when = sendTime(w);
        body = s.slice(bodyAt, inside.start).replace(/[\s,،(\-–—]+(?:[وו])?\s*$/u, '');
        break;
      }
      bodyAt += body.length - body.trimStart().length;
      body = text.slice(sentence.start + bodyAt, sentence.start + bodyAt + body.trim().length);
      pending = { body: body.replace(/^[\s,:\-–—]+/, ''), when };
    }
    date = readClauses(L, text, f, sentence.start, sentence.start + until, ctx, r, date);
  }
  flush();
  return r;
}

/** Reads the clauses of a part of a sentence; returns the day it last spoke of. */
function readClauses(
  L: Compiled,
  text: string,
  f: string,
  from: number,
  to: number,
  ctx: EngineContext,
  r: Reading,
  said: Date,
): Date {
  const part = text.slice(from, to);
  if (!part.trim()) return said;
  const isQuestion = /\?\s*$/.test(part) && !L.request.all(f, from, to).some((x) => x.start - from < 8);
  const names: NameMatch[] = findChildren(part, ctx.roster).map((n) => ({ ...n, start: n.start + from, end: n.end + from }));
  r.mention(
    names.filter((n, i) => !names[i - 1] || !/^\s+$/.test(f.slice((names[i - 1] as NameMatch).end, n.start))).map((n) => n.child),
  );
  if (isQuestion) return said;
  const everyone = L.everyone.all(f, from, to);
  const except = L.except.all(f, from, to);
  const only = L.only.all(f, from, to);
  // Children named just after a family word are that relative's ("ماما لينا", "אמא של אדם").
  const familyBefore = (at: number) => {
    const before = f.slice(Math.max(from, at - 12), at);
    return L.family.all(before).some((h) => /^\s*(?:של\s*)?$/.test(before.slice(h.end)));
  };
  // Subjects: children and "everyone" in order; a child starts a clause at the start, after a comma or
  // "و / ו", after a status (a run-on list), or as an exception; otherwise it is an object ("ساعد مايا").
  // "ל-", "مع", "עם", "את" before a child: the child is spoken to or of, not the subject.
  const objectBefore = (at: number) =>
    /(?:^|\s)(?:مع|عن|علي|ل|لـ|עמ|את|על|של|ל|ב)-?\s*$/u.test(f.slice(Math.max(from, at - 6), at)) ||
    /[لל]-?$/u.test(f.slice(Math.max(from, at - 2), at));
  // Two names with nothing between ("לינה שרה את כל השיר"): the second is a word (here "sang"), not a child.
  const kept = names.filter((n, i) => {
    const prev = names[i - 1];
    return !prev || !/^\s+$/.test(f.slice(prev.end, n.start));
  });
  const items = [
    ...kept.map((n) => ({ start: n.start, end: n.end, child: n.child as RosterChild | null })),
    ...everyone.map((e) => ({ start: e.start, end: e.end, child: null })),
  ].sort((a, b) => a.start - b.start);
  const clauses: Clause[] = [];
  for (const it of items) {
    const last = clauses.at(-1);
    const between = last ? f.slice(last.end, it.start) : f.slice(from, it.start);
    const joined = /^\s*(?:[,،]\s*|[وו]\s*|[وו]?-?\s*)?$/u.test(between);
    const prefixAnd = /[وו]-?$/u.test(text.slice(Math.max(from, it.start - 2), it.start));
    const exceptHere = except.find((e) => e.end <= it.start && /^[\s-]*$/u.test(f.slice(e.end, it.start)));
    const onlyHere = only.find((e) => e.end <= it.start && /^\s*$/u.test(f.slice(e.end, it.start)));
    if (
      last &&
      it.child &&
      joined &&
      !exceptHere &&
      !onlyHere &&
      !statusIn(L, f, last.start, it.start) &&
      (last.children.length || last.exception)
    ) {
      // "آدم ومايا", "חוץ מאדם ולינה": one group.
      last.children.push(it.child);
      last.end = it.end;
      continue;
    }
    const startsClause =
      !last ||
      !!exceptHere ||
      !!onlyHere ||
      !it.child ||
      /[,،;:]\s*$/.test(between) ||
      prefixAnd ||
      /(?:^|\s)[وו]\s*$/u.test(between) ||
      !!statusIn(L, f, last.start, it.start) ||
      L.mark.all(f, from, it.start).some((m) => /^\s*$/.test(f.slice(m.end, it.start))) ||
      // A run-on clause: a child followed by a status of its own ("... قوس قزح مايا غايبة").
      (!objectBefore(it.start) && (statusIn(L, f, it.end, Math.min(to, it.end + 16))?.at ?? 99) - it.end <= 3);
    if (!startsClause) continue;
    clauses.push({
      start: it.start,
      end: it.end,
      children: it.child ? [it.child] : [],
      everyone: !it.child,
      exception: !!exceptHere && clauses.some((c) => c.everyone),
      only: !!onlyHere && clauses.some((c) => c.everyone),
      family: !!it.child && familyBefore(it.start),
    });
  }
  const dates = datesIn(L, f, ctx.now, false, from, to);
  const oneDay = new Set(dates.map((d) => utcDay(d.date))).size === 1;
  let day = dates.length && oneDay ? (dates[0] as When).date : said;
  let everyoneStatus: { status: AttendanceStatus; date: Date } | null = null;
  const obsCue = L.obs.all(f, from, to).length > 0;
  clauses.forEach((c, i) => {
    const next = clauses[i + 1];
    // A clause runs from its subject (or the start, for the first) to the next subject.
    const cFrom = i === 0 ? from : c.start;
    const cTo = next ? next.start - (c.everyone && next.exception ? 0 : 0) : to;
    if (!oneDay) {
      const own = dates.find((d) => d.start >= cFrom && d.start < cTo);
      if (own) day = own.date;
    }
    const key = ddmmyyyy(day);
    const st = statusIn(L, f, c.end, cTo) ?? (i === 0 ? statusIn(L, f, from, c.start) : null);
    if (c.everyone) {
      // "الصف كامل" (the class is full): everyone is here.
      const status = st?.status ?? (L.full.first(f, c.start, cTo) ? 'present' : null);
      if (status) {
        everyoneStatus = { status, date: day };
        r.everyone(key, status);
      } else if (!next?.exception && !next?.only) {
        if (obsCue) r.observe(key, ctx.roster, note(text.slice(cFrom, cTo)));
        else for (const ch of ctx.roster) r.tell(ch, key, note(text.slice(cFrom, cTo)), true);
      }
      return;
    }
    if ((c.exception || c.only) && everyoneStatus) {
      const e: { status: AttendanceStatus; date: Date } = everyoneStatus;
      const own = st && st.status !== e.status ? st.status : null;
      const opposite: AttendanceStatus = e.status === 'present' ? 'absent' : 'present';
      r.mark(ddmmyyyy(e.date), c.children, own ?? opposite);
      return;
    }
    if (st) {
      r.mark(key, c.children, st.status);
      return;
    }
    const rest = f.slice(c.end, cTo);
    const clauseText = note(text.slice(cFrom, cTo));
    if (c.family || L.states.all(rest).length || !rest.trim()) {
      for (const ch of c.children) r.tell(ch, key, clauseText, false);
      return;
    }
    // Something said of the child (two words or more, not a state, a relative or what the child has or
    // will do) tells of the child, as a description does in English: an observation, unless the intent
    // layer rules it out.
    const words = rest
      .trim()
      .split(/\s+/)
      .filter((w) => /\p{L}/u.test(w));
    if (obsCue || (words.length >= 2 && !L.notDeeds.first(rest))) r.observe(key, c.children, clauseText);
    else for (const ch of c.children) r.tell(ch, key, clauseText, true);
  });
  return dates.length ? (dates.at(-1) as When).date : day;
}

function note(text: string): string {
  const t = text.replace(/^[\s,،;:\-—–]+|[\s,،;:\-—–]+$/g, '').replace(/^[وו]\s+/u, '');
  return withStop(sentenceCase(t));
}

// ---------------------------------------------------------------- questions

const fmt = ddmmyyyy;
function termStart(d: Date): Date {
  const m = d.getUTCMonth();
  const y = d.getUTCFullYear();
  return new Date(Date.UTC(y, m >= 8 ? 8 : m <= 2 ? 0 : 3, 1));
}

/** A read-only question over the class's records in Arabic or Hebrew, or null. */
export function questionRtl(text: string, lang: Lang, ctx: EngineContext): ClassQuery | null {
  const L = lexicon(lang);
  const f = foldSame(text);
  const start = L.qStarts.first(f);
  const asks =
    /\?[\s,.!]*(?:\p{L}+[\s,.!]*){0,2}$/u.test(f) ||
    (start !== null && (/^[\s\p{P}]*$/u.test(f.slice(0, start.start)) || L.request.all(f.slice(0, start.start)).length > 0));
  if (!asks) return null;
  if (L.request.all(f).some((x) => x.start < 4) && L.annVerbs.first(f)) return null;
  const today = dayOf(ctx.now);
  const child = findChildren(text, ctx.roster)[0]?.child;
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  let period: { from: Date; to: Date } | null = null;
  const P = L.periods;
  if (P.lastWeek.first(f)) period = { from: new Date(monday.getTime() - 7 * DAY), to: new Date(monday.getTime() - 3 * DAY) };
  else if (P.thisWeek.first(f)) period = { from: monday, to: today };
  else if (P.lastMonth.first(f))
    period = {
      from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)),
      to: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)),
    };
  else if (P.thisMonth.first(f)) period = { from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), to: today };
  else if (P.thisTerm.first(f)) period = { from: termStart(today), to: today };
  else if (P.thisYear.first(f))
    period = {
      from: new Date(Date.UTC(today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1, 8, 1)),
      to: today,
    };
  else {
    const [d] = datesIn(L, f, ctx.now, false).filter((x) => !x.hasHour);
    if (d) period = { from: dayOf(d.date), to: dayOf(d.date) };
  }
  const range = (fallback: { from: Date; to: Date }) => {
    const p = period ?? fallback;
    return { from: fmt(p.from), to: fmt(p.to) };
  };
  const noObs = L.qNoObs.first(f);
  if (noObs) {
    const area = L.w.question.areas.find(([, words]) => words.some((w) => f.includes(foldSame(w))))?.[0];
    return {
      kind: 'no_observation_in_area',
      ...range({ from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), to: today }),
      ...(area && AREAS.some((a) => a.name === area) ? { area } : {}),
    };
  }
  const rate = L.qRate.first(f);
  if (rate && (child || /نسب|معدل|אחוז|כללי|العام|بالصف|בקבוצה/u.test(f)))
    return {
      kind: 'attendance_rate',
      ...range({ from: termStart(today), to: today }),
      ...(child ? { student_id: child.id } : {}),
    };
  if (L.qAbsences.first(f)) {
    // "Was Adam absent?" without a period: this week.
    const fallback = child && !period ? { from: monday, to: today } : { from: today, to: today };
    return { kind: 'absences', ...range(fallback), ...(child ? { student_id: child.id } : {}) };
  }
  return null;
}
