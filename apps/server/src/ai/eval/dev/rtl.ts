/**
 * The machinery of the Arabic and Hebrew grammars: each language gives its lexicon (status phrases
 * by gender and number, days, send times, deeds, announcements, questions ...) and this file turns it
 * into pieces with their facts, the same way for both.
 */
import { type Child, ddmmyyyy, type Fact, fullName, lastWeekday, mondayOf, type Status, weekdayOf } from './core.js';
import {
  type Env,
  fill,
  nowDate,
  nowTime,
  type PastDay,
  type Piece,
  pastDay,
  type SendAt,
  sendAt,
  sendFact,
  tidy,
  todayOf,
} from './grammar.js';

/** A phrase for one boy, one girl, several children (null: not said of several). */
export type G3 = [string, string, string | null];
export type Tense = 'now' | 'any' | 'past';
export interface StatusPhrase {
  g: G3;
  tense: Tense;
  /** Already gives a reason. */
  reason?: boolean;
  /** A request to mark ("mark X absent"), not a plain statement. */
  ask?: boolean;
}

export interface Lexicon {
  lang: 'ar' | 'he';
  /** A child's name as written in a sentence: the language's script mostly, sometimes Latin letters or the full name. */
  name(e: Env, ch: Child): string;
  /** A one-letter prefix on a name ("و", "ل", "ש", "ל", "מ"); Latin names take it with a hyphen or a space. */
  prefix(e: Env, letter: string, name: string): string;
  /** "A and B", "A, B and C". */
  list(e: Env, names: string[]): string;
  /** A past day at the end of a clause (with its leading space), or '' for today when allowed. */
  day(e: Env, d: PastDay, allowBare: boolean): string;
  /** When to send (no leading space). */
  send(e: Env, s: SendAt): string;
  weekdays: string[][];
  status: Record<Status, StatusPhrase[]>;
  reasons: Record<Status, G3[]>;
  everyone: { now: string[]; past: string[]; except: string[]; exceptOwn: [G3, Status][] };
  deeds: { g: G3; now?: boolean }[];
  obsFrames: string[];
  ann: { bodies: string[]; verb: string[]; label: string[]; address: string[]; scheduled: string[] };
  questions: {
    absences: string[];
    absencesChild: G3[];
    obs: string[];
    obsAll: string[];
    rate: string[];
    rateClass: string[];
    areas: [string, string[]][];
    /** Periods: today, yesterday, this week, last week, this month, this term, a weekday ({WD}). */
    periods: Record<'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'thisTerm' | 'weekday', string[]>;
    /** How an area follows "in" (Arabic "بالرياضيات", Hebrew "במתמטיקה"). */
    inArea(e: Env, area: string): string;
  };
  mentions: G3[];
  mentionsTwo: string[];
  nothing: string[];
  stranger: G3[];
  polite: { start: string[]; end: string[] };
  joiners: string[];
  qmark: string;
}

const g3 = (g: G3, kids: Child[]): string | null => (kids.length > 1 ? g[2] : kids[0]?.gender === 'f' ? g[1] : g[0]);

export class RtlGrammar {
  constructor(readonly L: Lexicon) {}

  private names(e: Env, kids: Child[]) {
    return this.L.list(
      e,
      kids.map((k) => this.L.name(e, k)),
    );
  }

  /** Fills a template: {S} names (with {lS}, {shS}, {mS}, {wS}, {bS} for prefixed forms), {D}, {O}, {lO}. */
  private render(e: Env, tpl: string, kids: Child[], extra: Record<string, string> = {}) {
    const S = this.names(e, kids);
    const others = e.cls.children.filter((c) => !kids.includes(c));
    const o = e.r.pick(others.length ? others : e.cls.children);
    const O = this.L.name(e, o);
    const values: Record<string, string> = {
      S,
      O,
      ...extra,
    };
    for (const letter of ['ل', 'و', 'ب', 'ש', 'ל', 'מ', 'ו', 'ב']) {
      values[`${letter}S`] = this.L.prefix(e, letter, S);
      values[`${letter}O`] = this.L.prefix(e, letter, O);
    }
    return fill(tpl, values);
  }

  statusClause(e: Env, kids: Child[], status: Status, d: PastDay, opts: { plain?: boolean } = {}): string {
    const pool = this.L.status[status].filter(
      (x) =>
        g3(x.g, kids) !== null &&
        (!opts.plain || (!x.ask && !x.reason)) &&
        (x.tense !== 'now' || d.which === 'today') &&
        (x.tense !== 'past' || d.which !== 'today' || true),
    );
    const phrase = e.r.pick(pool);
    const D = this.L.day(e, d, phrase.tense !== 'past');
    let text = this.render(e, g3(phrase.g, kids) as string, kids, { D });
    const reasons = this.L.reasons[status].filter((x) => g3(x, kids) !== null);
    if (!phrase.reason && !opts.plain && reasons.length && e.r.chance(0.3)) text += ` ${g3(e.r.pick(reasons), kids)}`;
    return text;
  }

  attendance(e: Env, d = pastDay(e)): Piece {
    const n = e.r.chance(0.8) ? 1 : 2;
    const kids = e.r.some(e.cls.children, n);
    const status = e.r.pick<Status>(['absent', 'absent', 'absent', 'late', 'late', 'present', 'excused']);
    return {
      text: this.statusClause(e, kids, status, d),
      facts: [{ kind: 'att', date: ddmmyyyy(d.day), marks: kids.map((k) => [k, status]) }],
      kind: 'att',
      day: d.day,
    };
  }

  runOn(e: Env, d = pastDay(e, 0.85)): Piece {
    const r = e.r;
    const kids = r.some(e.cls.children, r.chance(0.6) ? 2 : 3);
    const statuses = kids.map(() => r.pick<Status>(['absent', 'absent', 'late', 'present', 'excused']));
    const and = this.L.lang === 'ar' ? ' و' : ' ו';
    const joiner = r.pick([' ', ' ', this.L.lang === 'ar' ? '، ' : ', ', and, and]);
    const parts = kids.map((k, i) => this.statusClause(e, [k], statuses[i] as Status, i === 0 ? d : { ...d, say: 'never' }));
    const text = parts.reduce((acc, p, i) => {
      if (i === 0) return p;
      // "و" / "ו" join the next clause as a prefix.
      if (joiner === and) return `${acc} ${this.L.prefix(e, joiner.trim(), p)}`;
      return acc + joiner + p;
    }, '');
    return {
      text,
      facts: [{ kind: 'att', date: ddmmyyyy(d.day), marks: kids.map((k, i) => [k, statuses[i] as Status]) }],
      kind: 'att',
      day: d.day,
    };
  }

  everyone(e: Env, d = pastDay(e, 0.8)): Piece {
    const r = e.r;
    const date = ddmmyyyy(d.day);
    const past = d.which !== 'today' || r.chance(0.2);
    const base = r.pick(past ? this.L.everyone.past : this.L.everyone.now);
    let text = fill(base, { D: this.L.day(e, d, !past) });
    const facts: Fact[] = [{ kind: 'everyone', date, status: 'present' }];
    const x = r.next();
    if (x < 0.25) return { text, facts, kind: 'everyone', day: d.day };
    const kids = r.some(e.cls.children, r.chance(0.7) ? 1 : 2);
    if (x < 0.75 || kids.length === 2) {
      text += this.render(e, r.pick(this.L.everyone.except), kids);
      facts.push({ kind: 'att', date, marks: kids.map((c) => [c, 'absent']) });
    } else {
      const [g, own] = r.pick(this.L.everyone.exceptOwn);
      text += this.render(e, g3(g, kids) as string, kids);
      facts.push({ kind: 'att', date, marks: kids.map((c) => [c, own]) });
    }
    return { text, facts, kind: 'everyone', day: d.day };
  }

  deed(e: Env, kids: Child[], today: boolean): string {
    const pool = this.L.deeds.filter((x) => g3(x.g, kids) !== null && (today || !x.now));
    return this.render(e, g3(e.r.pick(pool).g, kids) as string, kids);
  }

  observation(e: Env, d = pastDay(e, 0.7)): Piece {
    const r = e.r;
    const date = ddmmyyyy(d.day);
    const x = r.next();
    const today = d.which === 'today';
    if (x < 0.15) {
      const kids = r.some(e.cls.children, 2);
      const text = `${this.names(e, kids)} ${this.deed(e, kids, today)}${this.L.day(e, d, true)}`;
      return { text, facts: [{ kind: 'obs', date, children: kids }], kind: 'obs', day: d.day };
    }
    if (x < 0.25) {
      const [a, b] = r.some(e.cls.children, 2) as [Child, Child];
      const second = `${this.L.name(e, b)} ${this.deed(e, [b], today)}`;
      const text = `${this.L.name(e, a)} ${this.deed(e, [a], today)} ${this.L.prefix(e, this.L.lang === 'ar' ? 'و' : 'ו', second)}${this.L.day(e, d, true)}`;
      return { text, facts: [{ kind: 'obs', date, children: [a, b] }], kind: 'obs', day: d.day };
    }
    const kid = r.pick(e.cls.children);
    const frame = r.pick(this.L.obsFrames);
    const front = frame.includes('{F}');
    const D = front ? '' : this.L.day(e, d, true);
    const F = front ? `${this.L.day(e, { ...d, say: 'must' }, false).trim()}${r.chance(0.5) ? '، ' : ' '}` : '';
    const text = this.render(e, frame, [kid], { deed: this.deed(e, [kid], today), D, F });
    return { text, facts: [{ kind: 'obs', date, children: [kid] }], kind: 'obs', day: d.day };
  }

  private body(e: Env) {
    const wd = this.L.weekdays[e.r.pick([1, 2, 3, 4, 5])] as string[];
    return fill(e.r.pick(this.L.ann.bodies), { WD: e.r.pick(wd) });
  }

  private head(e: Env) {
    const x = e.r.next();
    return e.r.pick(x < 0.45 ? this.L.ann.verb : x < 0.75 ? this.L.ann.label : this.L.ann.address);
  }

  announcement(e: Env): Piece {
    const r = e.r;
    if (r.chance(0.6)) {
      return {
        text: `${this.head(e)}${this.body(e)}`,
        facts: [{ kind: 'ann', date: nowDate(e), time: nowTime(e), scheduled: false }],
        kind: 'ann',
      };
    }
    const s = sendAt(e);
    const T = this.L.send(e, s);
    const text = fill(r.pick(this.L.ann.scheduled), { T, body: this.body(e), head: this.head(e) });
    return { text, facts: [sendFact(s)], kind: 'ann' };
  }

  question(e: Env): Piece {
    const r = e.r;
    const Q = this.L.questions;
    const today = todayOf(e);
    const mon = mondayOf(today);
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
    const term = today.getUTCMonth() >= 8 ? 8 : today.getUTCMonth() <= 2 ? 0 : 3;
    const termStart = new Date(Date.UTC(today.getUTCFullYear(), term, 1));
    const kind = r.pick(['absences', 'absences', 'obs', 'rate'] as const);
    type P = { words: string; from: Date; to: Date } | null;
    const say = (k: keyof typeof Q.periods) => ` ${r.pick(Q.periods[k])}`;
    const periods: (() => P)[] = [
      () => null,
      () => ({ words: say('thisWeek'), from: mon, to: today }),
      () => ({
        words: say('lastWeek'),
        from: new Date(mon.getTime() - 7 * 86_400_000),
        to: new Date(mon.getTime() - 3 * 86_400_000),
      }),
      () => ({ words: say('thisMonth'), from: monthStart, to: today }),
    ];
    if (kind === 'absences') {
      periods.push(() => ({ words: say('today'), from: today, to: today }));
      if (weekdayOf(today) !== 1)
        periods.push(() => {
          const y = new Date(today.getTime() - 86_400_000);
          return { words: say('yesterday'), from: y, to: y };
        });
      periods.push(() => {
        const wd = r.pick([1, 2, 3, 4, 5].filter((x) => x !== weekdayOf(today) && x !== weekdayOf(today) - 1));
        const day = lastWeekday(today, wd);
        return { words: fill(say('weekday'), { WD: r.pick(this.L.weekdays[wd] as string[]) }), from: day, to: day };
      });
    }
    if (kind === 'rate') periods.push(() => ({ words: say('thisTerm'), from: termStart, to: today }));
    const p = r.pick(periods)();
    const P = p?.words ?? '';
    const fallback =
      kind === 'absences'
        ? { from: today, to: today }
        : kind === 'obs'
          ? { from: monthStart, to: today }
          : { from: termStart, to: today };
    const range = p ?? fallback;
    const base = { from: ddmmyyyy(range.from), to: ddmmyyyy(range.to) };
    const q = (args: Record<string, unknown>, text: string): Piece => ({
      text: `${text}${r.chance(0.8) ? this.L.qmark : ''}`,
      facts: [{ kind: 'question', args }],
      kind: 'question',
    });
    if (kind === 'absences') {
      if (r.chance(0.25)) {
        const kid = r.pick(e.cls.children);
        const PP = P || say('thisWeek');
        const range2 = p ?? { from: mon, to: today };
        return q(
          { kind: 'absences', from: ddmmyyyy(range2.from), to: ddmmyyyy(range2.to), student: fullName(kid) },
          this.render(e, g3(r.pick(Q.absencesChild), [kid]) as string, [kid], { P: PP }),
        );
      }
      return q({ kind: 'absences', ...base }, fill(r.pick(Q.absences), { P }));
    }
    if (kind === 'obs') {
      if (r.chance(0.2)) return q({ kind: 'no_observation_in_area', ...base }, fill(r.pick(Q.obsAll), { P }));
      const [area, words] = r.pick(Q.areas);
      return q({ kind: 'no_observation_in_area', ...base, area }, fill(r.pick(Q.obs), { A: Q.inArea(e, r.pick(words)), P }));
    }
    if (r.chance(0.7)) {
      const kid = r.pick(e.cls.children);
      return q({ kind: 'attendance_rate', ...base, student: fullName(kid) }, this.render(e, r.pick(Q.rate), [kid], { P }));
    }
    return q({ kind: 'attendance_rate', ...base }, fill(r.pick(Q.rateClass), { P }));
  }

  mention(e: Env): Piece {
    const r = e.r;
    if (r.chance(0.15)) {
      const kids = r.some(e.cls.children, 2) as [Child, Child];
      return {
        text: fill(r.pick(this.L.mentionsTwo), { C: this.L.name(e, kids[0]), C2: this.L.name(e, kids[1]) }),
        facts: [{ kind: 'mention', children: kids }],
        kind: 'mention',
      };
    }
    const kid = r.pick(e.cls.children);
    const g = r.pick(this.L.mentions.filter((x) => g3(x, [kid]) !== null));
    return {
      text: this.render(e, g3(g, [kid]) as string, [kid]),
      facts: [{ kind: 'mention', children: [kid] }],
      kind: 'mention',
    };
  }

  nothing(e: Env): Piece {
    const r = e.r;
    if (r.chance(0.4)) {
      const s = r.pick(e.strangers);
      const at = r.int(this.L.stranger.length);
      const text = fill(g3(this.L.stranger[at] as G3, [s]) as string, { S: this.L.name(e, s) });
      // The lexicons list statements of attendance first, then one observation, then attendance.
      return { text, facts: [], kind: 'none', says: [at === 3 ? 'observation' : 'attendance'] };
    }
    return { text: r.pick(this.L.nothing), facts: [], kind: 'none' };
  }

  piece(e: Env, kind: Piece['kind'] | 'runon', d?: PastDay): Piece {
    switch (kind) {
      case 'att':
        return this.attendance(e, d);
      case 'runon':
        return this.runOn(e, d);
      case 'everyone':
        return this.everyone(e, d);
      case 'obs':
        return this.observation(e, d);
      case 'ann':
        return this.announcement(e);
      case 'question':
        return this.question(e);
      case 'mention':
        return this.mention(e);
      case 'none':
        return this.nothing(e);
    }
  }

  multi(e: Env): Piece {
    const r = e.r;
    const combos: (Piece['kind'] | 'runon')[][] = [
      ['att', 'obs'],
      ['att', 'obs'],
      ['everyone', 'obs'],
      ['att', 'ann'],
      ['obs', 'ann'],
      ['everyone', 'ann'],
      ['att', 'obs', 'ann'],
      ['obs', 'att'],
    ];
    const kinds = r.pick(combos);
    const d0 = pastDay(e, 0.75);
    const days = kinds.map((_, i) => (i === 0 || r.chance(0.75) ? d0 : pastDay(e, 0.5)));
    const oneDay = days.every((x) => x.day.getTime() === d0.day.getTime());
    const pieces = kinds.map((k, i) =>
      this.piece(e, k, { ...(days[i] as PastDay), say: oneDay ? (i === 0 ? undefined : 'never') : 'must' }),
    );
    const and = this.L.lang === 'ar' ? 'و' : 'ו';
    let text = '';
    pieces.forEach((p, i) => {
      if (i === 0) {
        text = p.text;
        return;
      }
      // After "everyone except ..." a bare space would make the next child one more exception.
      const j = r.pick(this.L.joiners.filter((x) => pieces[i - 1]?.kind !== 'everyone' || (x.trim() !== '' && x !== 'AND')));
      text += j === 'AND' ? ` ${this.L.prefix(e, and, p.text)}` : j + p.text;
    });
    return { text, facts: pieces.flatMap((p) => p.facts), kind: 'att' };
  }

  augment(e: Env, text: string): string {
    const r = e.r;
    let t = text;
    if (r.chance(0.1)) t = r.pick(this.L.polite.start) + t;
    if (r.chance(0.06)) t += r.pick(this.L.polite.end);
    if (!/[?!.؟]$/.test(t)) t += r.pick(['', '', '', '.', '.', '!']);
    if (this.L.lang === 'ar') {
      // Spelling people type: hamza dropped, final ة as ه, ى as ي; Arabic-Indic digits.
      if (r.chance(0.2)) t = t.replace(/[أإآ]/g, 'ا');
      if (r.chance(0.1)) t = t.replace(/ة(?=\s|$|[.,،!؟])/g, 'ه');
      if (r.chance(0.1)) t = t.replace(/ى(?=\s|$)/g, 'ي');
      if (r.chance(0.3)) t = t.replace(/\d/g, (x) => '٠١٢٣٤٥٦٧٨٩'[Number(x)] as string);
    } else if (r.chance(0.1)) t = t.replace(/׳/g, "'");
    return tidy(t);
  }
}
