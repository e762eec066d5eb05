/**
 * The building blocks of the development-set generator: a seeded random source, the demo classes'
 * rosters, a calendar (today, yesterday, past and coming weekdays, send times) and "facts" — what a
 * piece of a sentence says — from which the expected tool calls are worked out by the rules of
 * `../README.md`, so a template never spells out its answer by hand.
 */

// ---------------------------------------------------------------- random

/** mulberry32: a small, fast, seeded generator (the same seed gives the same set on every machine). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => {
    if (xs.length === 0) throw new Error('pick from nothing');
    return xs[int(xs.length)] as T;
  };
  const chance = (p: number) => next() < p;
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  /** k distinct items. */
  const some = <T>(xs: readonly T[], k: number): T[] => shuffle(xs).slice(0, k);
  return { next, int, pick, chance, shuffle, some };
}
export type Rng = ReturnType<typeof rng>;

// ---------------------------------------------------------------- classes

export type Gender = 'm' | 'f';
export interface Child {
  first: string;
  last: string;
  gender: Gender;
  /** Spellings in Arabic and Hebrew script, first name then last name (several ways people write them). */
  ar: { first: string[]; last: string[] };
  he: { first: string[]; last: string[] };
}
export interface ClassInfo {
  name: string;
  children: Child[];
}

const c = (full: string, gender: Gender, ar: [string[], string[]], he: [string[], string[]]): Child => {
  const [first = full, ...rest] = full.split(' ');
  return { first, last: rest.join(' '), gender, ar: { first: ar[0], last: ar[1] }, he: { first: he[0], last: he[1] } };
};

/** The demo school's classes (apps/server/src/seed/demo.ts), with how their names are written in Arabic and Hebrew. */
export const CLASSES: Record<'nurseryA' | 'kindergartenB' | 'toddlers', ClassInfo> = {
  nurseryA: {
    name: 'Nursery A',
    children: [
      c(
        'Aarav Sharma',
        'm',
        [['آراف', 'أراف'], ['شارما']],
        [
          ['אראב', 'אאראב'],
          ['שארמה', 'שרמה'],
        ],
      ),
      c(
        'Diya Patel',
        'f',
        [['ديا', 'دييا'], ['باتيل']],
        [
          ['דיה', 'דייה'],
          ['פאטל', 'פטל'],
        ],
      ),
      c('Vihaan Gupta', 'm', [['فيهان'], ['غوبتا', 'جوبتا']], [['ויהאן'], ['גופטה']]),
      c('Ananya Iyer', 'f', [['أنانيا', 'انانيا'], ['آيير']], [['אנניה', 'אנאניה'], ['אייר']]),
      c('Kabir Khan', 'm', [['كابير'], ['خان']], [['קביר'], ['חאן', 'ח׳אן']]),
      c('Meera Nair', 'f', [['ميرا', 'ميره'], ['ناير']], [['מירה'], ['נאיר']]),
      c('Reyansh Verma', 'm', [['ريانش'], ['فيرما']], [['ריאנש'], ['ורמה']]),
      c('Saanvi Reddy', 'f', [['سانفي'], ['ريدي']], [['סאנווי', 'סנוי'], ['רדי']]),
      c('Omar Haddad', 'm', [['عمر'], ['حداد']], [['עומר'], ['חדאד', 'חדד']]),
      c('Layla Mansour', 'f', [['ليلى', 'ليلا'], ['منصور']], [['ליילה', 'לילה'], ['מנסור']]),
      c('Noa Levi', 'f', [['نوعا', 'نوا'], ['ليفي']], [['נועה'], ['לוי']]),
      c('Ethan Brooks', 'm', [['إيثان', 'ايثان'], ['بروكس']], [['איתן'], ['ברוקס']]),
    ],
  },
  kindergartenB: {
    name: 'Kindergarten B',
    children: [
      c('Ira Sharma', 'f', [['إيرا', 'ايرا'], ['شارما']], [['אירה'], ['שארמה']]),
      c('Riya Kapoor', 'f', [['ريا', 'رِيا'], ['كابور']], [['ריה', 'רייה'], ['קאפור']]),
      c('Arjun Singh', 'm', [['أرجون', 'ارجون'], ['سينغ']], [['ארג׳ון', "ארג'ון"], ['סינג']]),
      c('Zara Ali', 'f', [['زارا'], ['علي']], [['זארה', 'זרה'], ['עלי']]),
      c('Aditi Joshi', 'f', [['أديتي', 'اديتي'], ['جوشي']], [['אדיטי'], ['ג׳ושי']]),
      c('Yusuf Rahman', 'm', [['يوسف'], ['رحمن', 'رحمان']], [['יוסוף', 'יוסף'], ['רחמן']]),
      c('Tamar Cohen', 'f', [['تمار'], ['كوهين']], [['תמר'], ['כהן']]),
      c('Lucas Martin', 'm', [['لوكاس'], ['مارتن']], [['לוקאס', 'לוקס'], ['מרטין']]),
      c('Priya Das', 'f', [['بريا', 'بريّا'], ['داس']], [['פריה', 'פרייה'], ['דאס']]),
      c('Sofia Rossi', 'f', [['صوفيا', 'سوفيا'], ['روسي']], [['סופיה'], ['רוסי']]),
    ],
  },
  toddlers: {
    name: 'Toddlers',
    children: [
      c(
        'Adam Nassar',
        'm',
        [
          ['آدم', 'أدم', 'ادم'],
          ['نصار', 'نصّار'],
        ],
        [['אדם'], ['נסאר', 'נאסר']],
      ),
      c('Maya Klein', 'f', [['مايا', 'ميا'], ['كلاين']], [['מאיה', 'מיה'], ['קליין']]),
      c('Sara Aziz', 'f', [['سارة', 'سارا', 'ساره'], ['عزيز']], [['שרה', 'סארה'], ['עזיז']]),
      c(
        'Eli Stern',
        'm',
        [
          ['إيلي', 'ايلي'],
          ['ستيرن', 'شتيرن'],
        ],
        [['אלי'], ['שטרן']],
      ),
      c('Lina Farouk', 'f', [['لينا'], ['فاروق']], [['לינה'], ['פארוק']]),
    ],
  },
};

export const fullName = (ch: Child) => `${ch.first} ${ch.last}`;

/** Names of children who are not in a class: the other classes' children and names of no one. */
export function strangers(cls: ClassInfo): Child[] {
  const inClass = new Set(cls.children.map((x) => x.first.toLowerCase()));
  const others = Object.values(CLASSES)
    .filter((k) => k !== cls)
    .flatMap((k) => k.children)
    .filter((x) => !inClass.has(x.first.toLowerCase()));
  const nobody = [
    c('Rohan Mehta', 'm', [['روهان'], ['ميهتا']], [['רוהאן'], ['מהטה']]),
    c('Fatima Saleh', 'f', [['فاطمة'], ['صالح']], [['פאטמה'], ['סאלח']]),
    c('Jake Turner', 'm', [['جيك'], ['تيرنر']], [['ג׳ייק'], ['טרנר']]),
    c('Yael Mizrahi', 'f', [['يائيل'], ['مزراحي']], [['יעל'], ['מזרחי']]),
    c('Karim Said', 'm', [['كريم'], ['سعيد']], [['כרים'], ['סעיד']]),
    c('Nour Khalil', 'f', [['نور'], ['خليل']], [['נור'], ['ח׳ליל']]),
    c('Oliver Smith', 'm', [['أوليفر'], ['سميث']], [['אוליבר'], ['סמית']]),
    c('Tara Bose', 'f', [['تارا'], ['بوس']], [['טארה'], ['בוס']]),
  ];
  return [...others, ...nobody.filter((x) => !inClass.has(x.first.toLowerCase()))];
}

// ---------------------------------------------------------------- calendar

const pad = (n: number) => String(n).padStart(2, '0');
export const DAY_MS = 86_400_000;
export const ddmmyyyy = (d: Date) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
export const hhmma = (h: number, m = 0) => `${pad(h % 12 || 12)}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The moment a teacher speaks: a school day (Monday to Friday) between September 2026 and July 2027, in school hours. */
export interface Moment {
  day: Date;
  hour: number;
  minute: number;
}
export function moment(r: Rng): Moment {
  const start = Date.UTC(2026, 8, 1);
  for (;;) {
    const day = new Date(start + r.int(320) * DAY_MS);
    const wd = day.getUTCDay();
    if (wd === 0 || wd === 6) continue;
    return { day, hour: 8 + r.int(3), minute: r.pick([0, 5, 10, 15, 20, 30, 40, 45, 50]) };
  }
}
export const weekdayOf = (d: Date) => d.getUTCDay();
/** The last such weekday strictly before the day. */
export const lastWeekday = (day: Date, wd: number) => addDays(day, -(((weekdayOf(day) - wd + 6) % 7) + 1));
/** The next such weekday strictly after the day. */
export const nextWeekday = (day: Date, wd: number) => addDays(day, ((wd - weekdayOf(day) + 6) % 7) + 1);
/** Monday of the day's week. */
export const mondayOf = (day: Date) => addDays(day, -((weekdayOf(day) + 6) % 7));

// ---------------------------------------------------------------- facts

export type Status = 'present' | 'absent' | 'late' | 'excused';

export type Fact =
  /** Statuses of named children on a day. */
  | { kind: 'att'; date: string; marks: [Child, Status][] }
  /** Everyone has a status on a day (named children's own marks, given apart, override it). */
  | { kind: 'everyone'; date: string; status: Status }
  | { kind: 'obs'; date: string; children: Child[] }
  | { kind: 'ann'; date: string; time: string; scheduled: boolean }
  | { kind: 'question'; args: Record<string, unknown> }
  /** Children named with nothing to do. */
  | { kind: 'mention'; children: Child[] };

export interface ExpectedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The expected tool calls of a sentence from its facts, by the rules of the evaluation README. */
export function expectedFrom(facts: Fact[], cls: ClassInfo, now: { date: string; time: string }): ExpectedCall[] {
  const out: ExpectedCall[] = [];
  const question = facts.find((f) => f.kind === 'question');
  if (question) return [{ name: 'class_question', args: question.args }];
  const days = new Map<string, { everyone: Status | null; marks: Map<string, Status> }>();
  const dayOf = (date: string) => {
    let d = days.get(date);
    if (!d) {
      d = { everyone: null, marks: new Map() };
      days.set(date, d);
    }
    return d;
  };
  for (const f of facts) {
    if (f.kind === 'everyone') dayOf(f.date).everyone = f.status;
    if (f.kind === 'att')
      for (const [ch, status] of f.marks) {
        const d = dayOf(f.date);
        // Late beats "here".
        if (status === 'present' && d.marks.get(fullName(ch)) === 'late') continue;
        d.marks.set(fullName(ch), status);
      }
  }
  for (const [date, d] of days) {
    const list = cls.children
      .map((ch) => ({ student: fullName(ch), attendance_status: d.marks.get(fullName(ch)) ?? d.everyone }))
      .filter((e) => e.attendance_status);
    if (list.length) out.push({ name: 'mark_attendance', args: { date, student_attendance_list: list } });
  }
  const entries = new Map<string, { student: string; date: string; type_of_anecdote: string }>();
  for (const f of facts)
    if (f.kind === 'obs')
      for (const ch of f.children)
        entries.set(`${fullName(ch)} ${f.date}`, { student: fullName(ch), date: f.date, type_of_anecdote: 'general' });
  if (entries.size) out.push({ name: 'create_observation', args: { observation_entries: [...entries.values()] } });
  for (const f of facts)
    if (f.kind === 'ann')
      out.push({
        name: 'draft_announcement',
        args: f.scheduled
          ? { date: f.date, time: f.time, schedule_later: true }
          : { date: now.date, time: now.time, schedule_later: false },
      });
  if (out.length === 0) {
    const named = new Map<string, Child>();
    for (const f of facts) if (f.kind === 'mention') for (const ch of f.children) named.set(fullName(ch), ch);
    if (named.size)
      out.push({ name: 'mentioned_students', args: { students: [...named.values()].map((ch) => ({ student: fullName(ch) })) } });
  }
  return out;
}

/** One sentence of the set, as a JSONL line (the extra fields are ignored by the scorer). */
export interface DevCase {
  text: string;
  class: string;
  date: string;
  time: string;
  expected: ExpectedCall[];
  category: 'attendance' | 'observation' | 'announcement' | 'multi' | 'question' | 'mention' | 'none';
  lang: 'en' | 'ar' | 'he';
  /** Made by the generator, or written by hand. */
  source: 'generated' | 'hand';
  /** For a sentence about a child of another class: what it asks for, though nothing is drafted. */
  says?: ('attendance' | 'observation')[];
}

/** The category of a sentence from its expected calls. */
export function categoryOf(expected: ExpectedCall[]): DevCase['category'] {
  const names = new Set(expected.map((e) => e.name));
  if (names.size === 0) return 'none';
  if (names.has('class_question')) return 'question';
  if (names.has('mentioned_students')) return 'mention';
  const actions = ['mark_attendance', 'create_observation', 'draft_announcement'].filter((n) => names.has(n));
  if (actions.length > 1) return 'multi';
  if (actions[0] === 'mark_attendance') return 'attendance';
  if (actions[0] === 'create_observation') return 'observation';
  return 'announcement';
}
