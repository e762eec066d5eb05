/**
 * English templates: attendance (one child, several, everyone and its exceptions, run-on lists),
 * observations (descriptions and requests to note them), announcements (a verb, a label or an
 * addressee; sent now or later), questions, children only mentioned, and nothing to do. British and
 * Indian English, Hindi words, politeness, typos and missing punctuation are layered on by `augment`.
 */
import {
  type Child,
  ddmmyyyy,
  type Fact,
  fullName,
  hhmma,
  lastWeekday,
  mondayOf,
  type Status,
  WEEKDAYS,
  weekdayOf,
} from './core.js';
import {
  type Env,
  fill,
  joinList,
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

// ---------------------------------------------------------------- names and agreement

const MISSPELT: Record<string, string[]> = {
  Aarav: ['Arav'],
  Diya: ['Dia', 'Diyaa'],
  Vihaan: ['Vihan'],
  Ananya: ['Anaya', 'Ananyaa'],
  Kabir: ['Kabeer'],
  Meera: ['Mira', 'Meeraa'],
  Reyansh: ['Reansh', 'Reyaansh'],
  Saanvi: ['Sanvi'],
  Omar: ['Omer'],
  Layla: ['Laila', 'Leyla'],
  Noa: ['Noah'],
  Ethan: ['Ethen'],
  Riya: ['Ria', 'Riyaa'],
  Arjun: ['Arjoon'],
  Zara: ['Zarah'],
  Aditi: ['Adithi'],
  Yusuf: ['Yousuf', 'Yusef'],
  Lucas: ['Lukas'],
  Priya: ['Preeya', 'Pria'],
  Sofia: ['Sophia'],
  Maya: ['Maia', 'Mayah'],
  Sara: ['Sarah'],
  Eli: ['Elli'],
  Lina: ['Leena'],
};

export function nameEn(e: Env, ch: Child): string {
  const x = e.r.next();
  if (x < 0.15) return fullName(ch);
  const miss = MISSPELT[ch.first];
  if (x < 0.25 && miss) return e.r.pick(miss);
  return ch.first;
}

const namesEn = (e: Env, kids: Child[]) =>
  joinList(
    kids.map((k) => nameEn(e, k)),
    e.r.chance(0.1) ? ' & ' : ' and ',
  );

/** Words that agree with the subject: one boy, one girl, or several children. */
function agree(kids: Child[]): Record<string, string> {
  const plural = kids.length > 1;
  const g = kids[0]?.gender ?? 'm';
  const p = plural
    ? { he: 'they', He: 'They', him: 'them', his: 'their', self: 'themselves', "he's": "they're" }
    : g === 'm'
      ? { he: 'he', He: 'He', him: 'him', his: 'his', self: 'himself', "he's": "he's" }
      : { he: 'she', He: 'She', him: 'her', his: 'her', self: 'herself', "he's": "she's" };
  return {
    ...p,
    hes: p["he's"],
    be: plural ? 'are' : 'is',
    was: plural ? 'were' : 'was',
    has: plural ? 'have' : 'has',
    isnt: plural ? "aren't" : "isn't",
    wasnt: plural ? "weren't" : "wasn't",
    hasnt: plural ? "haven't" : "hasn't",
    aaya: plural ? 'aaye' : g === 'm' ? 'aaya' : 'aayi',
    gaya: plural ? 'gaye' : g === 'm' ? 'gaya' : 'gayi',
    hai: plural ? 'hain' : 'hai',
  };
}

// ---------------------------------------------------------------- dates

/** How a past day is said at the end of a clause (with its leading space), or '' for today when allowed. */
function dayEn(e: Env, d: PastDay, allowBare: boolean): string {
  if (d.say === 'never') return '';
  if (d.say === 'must') allowBare = false;
  switch (d.which) {
    case 'today':
      return e.r.pick(allowBare ? ['', '', ' today', ' this morning'] : [' today', ' this morning']);
    case 'yesterday':
      return e.r.pick([' yesterday', ' yesterday', ' yday']);
    case 'dayBefore':
      return ' the day before yesterday';
    case 'weekday': {
      const wd = WEEKDAYS[d.weekday ?? 1] as string;
      return d.last ? ` last ${wd}` : e.r.pick([` on ${wd}`, ` on ${wd}`, ` ${wd}`]);
    }
  }
}
const front = (s: string) => {
  const t = s.trim();
  return t ? `${t[0]?.toUpperCase()}${t.slice(1)}, ` : '';
};

const twelve = (h: number) => h % 12 || 12;
/** A clock time said in English: "3 pm", "3pm", "3", "3:30", "15:00", "8.30am". */
function clockEn(e: Env, h: number, m: number): string {
  const ap = h < 12 ? 'am' : 'pm';
  const hh = twelve(h);
  const mm = String(m).padStart(2, '0');
  // A bare hour is read as school hours (7 to 11 in the morning, 12 to 6 in the afternoon).
  const bareOk = (h >= 7 && h <= 11) || (h >= 12 && h <= 18);
  const forms = m
    ? [`${hh}:${mm} ${ap}`, `${hh}:${mm}${ap}`, `${hh}.${mm}${ap}`, ...(bareOk ? [`${hh}:${mm}`, `${hh}.${mm}`] : [])]
    : [`${hh} ${ap}`, `${hh}${ap}`, `${hh} ${ap.toUpperCase()}`, `${hh}:00 ${ap}`, ...(bareOk ? [`${hh}`, `${hh}`] : [])];
  if (h >= 13 && e.r.chance(0.1)) return `${h}:${mm}`;
  return e.r.pick(forms);
}

/** When to send, said in English (without a leading space). */
function sendEn(e: Env, s: SendAt): string {
  const at = s.hour === null ? '' : ` at ${clockEn(e, s.hour, s.minute)}`;
  const wd = WEEKDAYS[s.weekday ?? 1] as string;
  switch (s.which) {
    case 'today':
      return e.r.pick([`today${at}`, `this afternoon${at}`, at.trim(), at.trim()]);
    case 'tomorrow':
      if (s.morning) return 'tomorrow morning';
      return e.r.pick([`tomorrow${at}`, `tomorrow${at}`, `tmrw${at}`]);
    case 'weekday': {
      // "this Thursday" only within the week; across a weekend it is "on Tuesday".
      const thisWeek = mondayOf(s.day).getTime() === mondayOf(todayOf(e)).getTime();
      const forms =
        s.hour === null
          ? [`on ${wd}`, ...(thisWeek ? [`this ${wd}`] : [])]
          : [`on ${wd}${at}`, `${wd}${at}`, ...(thisWeek ? [`this ${wd}${at}`] : [])];
      return e.r.pick(forms);
    }
    case 'nextWeekday':
      return `next ${wd}${at}`;
  }
}

// ---------------------------------------------------------------- attendance

type Tense = 'now' | 'past' | 'any' | 'fixed';
interface T {
  t: string;
  tense: Tense;
  /** Singular subjects only. */
  one?: boolean;
  /** Already gives a reason (none is added). */
  reason?: boolean;
  /** Hindi words (Sunrise classes only). */
  hi?: boolean;
}
const tt = (tense: Tense, list: (string | [string, Partial<T>])[]): T[] =>
  list.map((x) => (typeof x === 'string' ? { t: x, tense } : { t: x[0], tense, ...x[1] }));

const STATUS: Record<Status, T[]> = {
  absent: [
    ...tt('now', [
      '{S} {be} absent{D}',
      '{S} {be} off sick{D}',
      '{S} {be} off{D}',
      '{S} {be} not in{D}',
      '{S} {isnt} in{D}',
      '{S} {be} home sick{D}',
      '{S} {be} unwell and staying at home{D}',
      '{S} {be} poorly{D}',
      "{S} won't be in{D}",
      '{S} {hasnt} come in{D}',
      '{S} {be} not coming in{D}',
      '{S} {be} down with fever{D}',
      '{S} {be} at home{D}',
      '{S} {be} staying home{D}',
      '{S} {be} under the weather and not in{D}',
      "{S} didn't make it in{D}",
      "{S} couldn't come in{D}",
      '{S} {be} out sick{D}',
      '{S} {be} not here{D}',
      '{S} {hasnt} turned up{D}',
      '{S} {be} sick at home{D}',
      '{S} {has} not come{D}',
      '{S} {be} on sick leave{D}',
      '{S} {be} missing{D}',
      ['no sign of {S}{D}, {hes} not coming in', { one: true }],
    ]),
    ...tt('fixed', [
      ['{S} aaj nahi {aaya}', { hi: true }],
      ['aaj {S} nahi {aaya}', { hi: true }],
      ['{S} aaj absent {hai}', { hi: true }],
      ['{S} ki tabiyat theek nahi, aaj nahi {aaya}', { hi: true, reason: true, one: true }],
    ]),
    ...tt('past', [
      '{S} {was} absent{D}',
      '{S} {was} off sick{D}',
      "{S} didn't come in{D}",
      '{S} {wasnt} in{D}',
      '{S} stayed home{D}',
      '{S} {was} away{D}',
      "{S} didn't turn up{D}",
      "{S} didn't show up{D}",
      '{S} {was} home sick{D}',
      ['{S} {was} poorly{D} and stayed at home', { reason: true }],
      '{S} missed nursery{D}',
      '{S} {was} not in{D}',
      "{S} didn't come{D}",
      '{S} {was} off{D}',
    ]),
    ...tt('any', [
      'mark {S} absent{D}',
      'mark {S} as absent{D}',
      'put {S} down as absent{D}',
      'please mark {S} absent{D}',
      'can you mark {S} absent{D}',
      'log {S} as absent{D}',
      'record {S} as absent{D}',
      '{S} absent{D}',
      '{S} - absent{D}',
      '{S}: absent{D}',
      'mark {S} as off sick{D}',
      '{S} off sick{D}',
      'absent{D}: {S}',
    ]),
    ...tt('now', [
      ["{S}'s mum called, {hes} got a fever so {he} won't be in", { one: true, reason: true }],
      ["got a call from {S}'s dad, {he} is sick today", { one: true, reason: true }],
      ["{S}'s mother messaged to say {he} is unwell and staying home", { one: true, reason: true }],
      ["{S}'s parents rang - {hes} off with a tummy bug", { one: true, reason: true }],
      ["{S}'s mom called, {he} has a cold and is staying home today", { one: true, reason: true }],
      ["{S}'s dad phoned in sick for {him}", { one: true, reason: true }],
      ["mum says {S} has chickenpox so {he}'ll be off{D}", { one: true, reason: true }],
    ]),
  ],
  late: [
    ...tt('now', [
      '{S} came in late{D}',
      '{S} {be} late{D}',
      '{S} arrived late{D}',
      '{S} turned up late{D}',
      '{S} walked in late{D}',
      '{S} reached late{D}',
      '{S} {was} a bit late{D}',
      '{S} came in after the register{D}',
      '{S} {be} running late{D}',
      '{S} got here late{D}',
      '{S} {was} late again{D}',
      '{S} came late{D}',
      '{S} rolled in late{D}',
    ]),
    ...tt('fixed', [
      ['{S} thoda late {aaya}', { hi: true }],
      ['{S} aaj late {aaya}', { hi: true }],
    ]),
    ...tt('past', ['{S} {was} late{D}', '{S} came in late{D}', '{S} arrived late{D}', '{S} {was} late in{D}']),
    ...tt('any', [
      'mark {S} late{D}',
      'mark {S} as late{D}',
      '{S} late{D}',
      '{S} - late{D}',
      'put {S} down as late{D}',
      'late{D}: {S}',
      'please mark {S} late{D}',
    ]),
  ],
  present: [
    ...tt('now', [
      '{S} {be} here{D}',
      '{S} {be} in{D}',
      '{S} {be} present{D}',
      '{S} came in{D}',
      '{S} {has} arrived{D}',
      '{S} {be} back{D}',
      '{S} made it in{D}',
      '{S} {be} in class{D}',
      ['{S} {be} back after {his} cold', { reason: true }],
    ]),
    ...tt('fixed', [['{S} aa {gaya}', { hi: true }]]),
    ...tt('past', ['{S} {was} here{D}', '{S} {was} present{D}', '{S} came in{D}', '{S} attended{D}', '{S} {was} in{D}']),
    ...tt('any', [
      'mark {S} present{D}',
      'mark {S} as present{D}',
      '{S} present{D}',
      '{S} - present{D}',
      'tick {S} as present{D}',
    ]),
  ],
  excused: [
    ...tt('now', [
      '{S} {be} excused{D}',
      '{S} {be} on leave{D}',
      '{S} {be} on approved leave{D}',
      ["{S}'s parents sent a leave note{D}", { one: true }],
      ["leave note from {S}'s mum{D}", { one: true }],
      ["{S}'s parents applied for leave{D}", { one: true }],
      ['{S} {has} a leave note for today', { one: true }],
      ["{S}'s family asked for leave for a wedding", { one: true, reason: true }],
      ['{S} {be} on leave{D} - family function', { reason: true }],
      '{S} {has} approved leave{D}',
      '{S} {be} away on authorised leave{D}',
      ["{S}'s mum sent a note, {he} is at a family wedding, so excused", { one: true, reason: true }],
      '{S} {be} on leave{D}, parents informed in advance',
      ["{S}'s parents have requested leave{D}", { one: true }],
    ]),
    ...tt('past', ['{S} {was} excused{D}', '{S} {was} on leave{D}', '{S} had approved leave{D}']),
    ...tt('any', [
      'mark {S} excused{D}',
      'mark {S} as excused{D}',
      'mark {S} as on leave{D}',
      '{S} excused{D}',
      '{S} - leave{D}',
      '{S} on leave{D}',
    ]),
  ],
};

const REASONS: Record<Status, { one: string[]; many: string[] }> = {
  absent: {
    one: [
      ', {he} has a fever',
      ' because {he} has a cold',
      ' with a tummy bug',
      ' - mum called',
      ', {hes} not well',
      ' as {he} is not feeling well',
      ' (chickenpox)',
      ', {his} mum rang to say {he} has a temperature',
      ' due to fever',
      ', {he} is unwell',
      ' since {he} has a bad cough',
      ', {he} threw up last night',
      ', {he} has an ear infection',
      ' - viral fever',
      ', {his} dad said {he} was sick all night',
    ],
    many: [' - both unwell', ', they have colds', ' due to fever', ' (family emergency)', ', both have a cough'],
  },
  late: {
    one: [
      ' because of traffic',
      ', the bus was late',
      " as {his} mum's car broke down",
      ' due to the rain',
      ', traffic was bad',
      ' - overslept',
      ' after a doctor visit',
    ],
    many: [' because of traffic', ', the school van was late', ' due to the rain'],
  },
  excused: {
    one: [
      ' for a family wedding',
      ', {he} is travelling with {his} family',
      ' - dentist appointment',
      ' for Eid',
      ' for a family function',
    ],
    many: [' for a family wedding', ' for a religious festival', ' - family trip'],
  },
  present: { one: [], many: [] },
};

/** A clause giving children a status on a day. */
function statusClause(e: Env, kids: Child[], status: Status, d: PastDay, opts: { tele?: boolean; plain?: boolean } = {}): string {
  const sunrise = e.cls.name !== 'Toddlers';
  const pool = STATUS[status].filter(
    (x) =>
      (kids.length === 1 || !x.one) &&
      (!opts.plain || (x.tense !== 'any' && !x.reason && !x.t.includes("'s "))) &&
      (sunrise || !x.hi) &&
      (opts.tele
        ? x.tense === 'any' &&
          !x.t.startsWith('mark') &&
          !x.t.includes(':') &&
          !x.t.startsWith('absent') &&
          !x.t.startsWith('late')
        : true) &&
      (x.tense === 'past' || x.tense === 'any' || d.which === 'today'),
  );
  const tpl = e.r.pick(pool);
  const D = tpl.tense === 'fixed' ? '' : dayEn(e, d, tpl.tense !== 'past');
  let text = fill(tpl.t, { ...agree(kids), S: namesEn(e, kids), D });
  const reasons = REASONS[status][kids.length > 1 ? 'many' : 'one'];
  if (!tpl.reason && !opts.tele && reasons.length && e.r.chance(0.3)) text += fill(e.r.pick(reasons), agree(kids));
  return text;
}

function attendancePiece(e: Env, d = pastDay(e)): Piece {
  const n = e.r.chance(0.8) ? 1 : e.r.chance(0.7) ? 2 : 3;
  const kids = e.r.some(e.cls.children, n);
  const status = e.r.pick<Status>(['absent', 'absent', 'absent', 'late', 'late', 'present', 'excused']);
  return {
    text: statusClause(e, kids, status, d),
    facts: [{ kind: 'att', date: ddmmyyyy(d.day), marks: kids.map((k) => [k, status]) }],
    kind: 'att',
    day: d.day,
  };
}

const EVERYONE_NOW = [
  'everyone is here{D}',
  "everyone's in{D}",
  'all present{D}',
  'full house{D}',
  'the whole class is in{D}',
  'all the children are here{D}',
  'everybody came in{D}',
  'all {N} are here{D}',
  'everyone is present{D}',
  'mark everyone present{D}',
  'mark all present{D}',
  'all in{D}',
  'everyone came{D}',
  'all kids present{D}',
  'mark the whole class present{D}',
  'everyone made it in{D}',
];
const EVERYONE_PAST = [
  'everyone was here{D}',
  'everyone was in{D}',
  'all were present{D}',
  'the whole class was in{D}',
  'everybody came in{D}',
  'mark everyone present{D}',
];
const ON_TIME = ['everyone was on time{D}', 'all on time{D}', 'everyone arrived on time{D}'];
const EXCEPT = [
  ' except {X}',
  ' apart from {X}',
  ' but {X}',
  ' other than {X}',
  ' except for {X}',
  ', except {X}',
  ' besides {X}',
];
const EXCEPT_OWN: [string, Status][] = [
  [' except {X} who {be} off sick', 'absent'],
  [' apart from {X} who came in late', 'late'],
  [', but {X} {be} late', 'late'],
  [' except {X} who {be} on leave', 'excused'],
  [', only {X} {be} absent', 'absent'],
  [', {X} absent', 'absent'],
  ['. {X} {be} off sick', 'absent'],
  [' except {X}, {X2} is on leave', 'excused'],
];
const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

function everyonePiece(e: Env, d = pastDay(e, 0.8)): Piece {
  const date = ddmmyyyy(d.day);
  const r = e.r;
  const onTime = r.chance(0.12);
  const base = onTime
    ? r.pick(ON_TIME)
    : d.which === 'today'
      ? r.pick([...EVERYONE_NOW, ...EVERYONE_PAST])
      : r.pick(EVERYONE_PAST);
  const n = e.cls.children.length;
  const past = EVERYONE_PAST.includes(base) || onTime;
  const D = dayEn(e, d, !past);
  let text = fill(base, { D, N: r.chance(0.5) ? String(n) : (NUMBER_WORDS[n] ?? String(n)) });
  if (e.cls.name !== 'Toddlers' && d.which === 'today' && !onTime && r.chance(0.08))
    text = r.pick(['sab aa gaye', 'aaj sab aaye hain']);
  const facts: Fact[] = [{ kind: 'everyone', date, status: 'present' }];
  const x = r.next();
  if (x < 0.25) return { text, facts, kind: 'everyone', day: d.day };
  const k = r.chance(0.7) ? 1 : 2;
  const kids = r.some(e.cls.children, k);
  if (x < 0.75 || k === 2) {
    text += fill(r.pick(EXCEPT), { X: namesEn(e, kids) });
    facts.push({ kind: 'att', date, marks: kids.map((c) => [c, onTime ? 'late' : 'absent']) });
  } else {
    const [tpl, own] = r.pick(EXCEPT_OWN);
    const [a, b] = r.some(e.cls.children, 2) as [Child, Child];
    if (tpl.includes('{X2}')) {
      text += fill(tpl, { X: nameEn(e, a), X2: nameEn(e, b) });
      facts.push({
        kind: 'att',
        date,
        marks: [
          [a, onTime ? 'late' : 'absent'],
          [b, own],
        ],
      });
    } else {
      text += fill(tpl, { ...agree([a]), X: nameEn(e, a) });
      facts.push({ kind: 'att', date, marks: [[a, own]] });
    }
  }
  return { text, facts, kind: 'everyone', day: d.day };
}

/** Several children with their statuses in one run: "Kabir absent Meera late Diya here". */
function runOnPiece(e: Env, d = pastDay(e, 0.85)): Piece {
  const r = e.r;
  const kids = r.some(e.cls.children, r.chance(0.6) ? 2 : 3);
  const tele = r.chance(0.5);
  const joiner = r.pick([' ', ' ', ', ', ' and ', ' ']);
  const statuses = kids.map(() => r.pick<Status>(['absent', 'absent', 'late', 'present', 'excused']));
  // Only the first clause says its day (a day said once holds).
  const parts = kids.map((k, i) => statusClause(e, [k], statuses[i] as Status, i === 0 ? d : { ...d, say: 'never' }, { tele }));
  return {
    text: parts.join(joiner),
    facts: [{ kind: 'att', date: ddmmyyyy(d.day), marks: kids.map((k, i) => [k, statuses[i] as Status]) }],
    kind: 'att',
    day: d.day,
  };
}

// ---------------------------------------------------------------- observations

interface Deed {
  t: string;
  /** Works with several children as the subject. */
  many?: boolean;
  /** Speaks of another child ({O}), who is not observed. */
  other?: boolean;
}
const d = (t: string, many = true): Deed => ({ t, many, other: t.includes('{O}') });
const DEEDS: Deed[] = [
  d('built a tall tower with the blocks'),
  d('counted to ten all by {self}'),
  d('painted a rainbow at the easel'),
  d('wrote {his} name for the first time'),
  d('sang the whole of Twinkle Twinkle'),
  d('climbed to the top of the climbing frame'),
  d('recognised the letter s in {his} name', false),
  d('zipped up {his} coat without help'),
  d('cut along a line with scissors'),
  d('made a birthday card for {his} mum'),
  d('tried a new fruit at snack time'),
  d('said please and thank you without being reminded'),
  d('shared the crayons with {O}'),
  d('helped {O} tidy up the blocks'),
  d('comforted {O} when {O_he} fell over'),
  d('took turns on the bikes with {O}'),
  d('fed the class fish'),
  d('put {his} shoes on by {self}'),
  d('sorted the shapes by colour'),
  d('matched all the animal pictures'),
  d('retold the Gruffalo story'),
  d('threw and caught a ball'),
  d('hopped on one foot'),
  d('poured {his} own water at lunch'),
  d('drew a picture of {his} family'),
  d('named all the colours of the rainbow'),
  d('completed a 12-piece puzzle'),
  d('balanced on the beam'),
  d('planted sunflower seeds in the garden'),
  d('kicked a ball to {O}'),
  d('led the tidy-up song'),
  d('asked lots of questions about the caterpillars'),
  d('spotted a ladybird and counted its spots'),
  d('learnt a new song'),
  d('dressed up as a doctor in role play'),
  d('made a sandcastle in the sand tray'),
  d('followed a two-step instruction'),
  d('stacked ten cups'),
  d('traced the number 5'),
  d('used a spoon to eat {his} lunch'),
  d('washed {his} hands without being asked'),
  d('made a rangoli pattern with coloured rice'),
  d('read a picture book to {O}'),
  d('played a matching game with {O}'),
  d('rode the balance bike for the first time'),
  d('used the potty on {his} own'),
  d('told the group about {his} weekend'),
  d('found the biggest leaf on the nature walk'),
  d('mixed blue and yellow to make green'),
  d('built a train track round the room'),
  d('jumped over the rope with both feet'),
  d('named all the farm animals in the book'),
  d('peeled {his} own banana at snack'),
  d('poured sand through a funnel'),
  d('turned the pages of a book carefully'),
  d('waved goodbye to mum without crying'),
  d('used the toilet independently'),
  d('recognised the numbers to five'),
  d('made marks with chalk on the playground'),
  d('chose a book and sat reading quietly'),
  d('joined in with the action song'),
  d('counted the candles on the cake'),
  d('held the pencil with a tripod grip'),
  d('balanced a bean bag on {his} head'),
  d('took turns in the parachute game'),
  d('put the blocks back on the shelf'),
  d('splashed in the puddles and talked about the ripples'),
  d('dug for worms in the garden'),
  d('talked about {his} holiday at circle time'),
  d('explained how to make a sandwich'),
  d('pointed to the red car when asked'),
  d('said a two-word sentence'),
  d('walked along the balance line'),
  d('threw a ball overarm'),
  d('stacked six cups into a tower'),
  d('spotted a triangle in the classroom'),
  d('sorted the buttons by size'),
  d('copied a pattern of red and blue beads'),
  d('fed the baby doll in the home corner'),
  d('washed the dolls in the water tray'),
  d('ordered the teddies from smallest to biggest'),
  d('found {his} own peg and hung up {his} coat'),
  d('climbed the steps to the slide'),
  d('rolled the playdough into long snakes'),
  d('pretended to be a shopkeeper'),
  d('asked for help when {he} needed it'),
  d('tried the climbing wall for the first time'),
  d('drew a circle and said it was the sun'),
  d('filled the bucket with water and carried it'),
  d('matched the socks in the washing line game'),
  d('helped set the table for lunch'),
  d('sang a song in Hindi to the group'),
  d('recognised {his} name card at registration'),
  d('played peekaboo with the teacher'),
  d('stamped {his} feet to the drum beat'),
  d('made a necklace with pasta shapes'),
  d('squeezed the sponge and watched the water drip'),
  d('kicked the ball into the goal'),
  d('made a den with the blankets'),
];
const DEEDS_ONE: string[] = [
  'can now count to 20',
  'is starting to use full sentences',
  'is learning to share',
  'can write the first letter of {his} name',
  'is getting better at holding a pencil',
  'knows all {his} colours now',
  'is really good at puzzles now',
  'can hop on one foot now',
  'was very kind to the new child',
  'was so helpful at tidy-up time',
  'was really focused during story time',
  'was a great helper at snack time',
  'was very patient waiting for {his} turn',
  'is becoming more confident on the bikes',
  'has been really chatty today',
  'was upset at drop-off but settled quickly',
  'cried at drop-off but cheered up after a story',
  'seemed much happier today and played with friends',
  'is getting better at waiting for {his} turn',
  'managed the stairs on {his} own',
  'is starting to share the toys',
  'was really gentle with the class pet',
  'showed great concentration at the puzzle table',
];

function deedText(e: Env, kids: Child[], many: boolean, now = false): string {
  const r = e.r;
  const pool = many
    ? DEEDS.filter((x) => x.many)
    : [...DEEDS, ...(now ? DEEDS_ONE.map((t) => ({ t, many: false, other: false })) : [])];
  const deed = r.pick(pool);
  const others = e.cls.children.filter((c) => !kids.includes(c));
  const o = r.pick(others.length ? others : e.cls.children);
  return fill(deed.t, { ...agree(kids), O: nameEn(e, o), O_he: o.gender === 'm' ? 'he' : 'she' });
}

const OBS_FRAMES = [
  '{S} {deed}{D}',
  '{S} {deed}{D}',
  '{S} {deed}{D}',
  '{F}{S} {deed}',
  'during circle time {S} {deed}{D}',
  'please note that {S} {deed}{D}',
  'note that {S} {deed}{D}',
  'can you log that {S} {deed}{D}',
  'make a note that {S} {deed}{D}',
  'log an observation for {S}: {he} {deed}{D}',
  'observation for {S}: {deed}{D}',
  'add an observation for {S} - {he} {deed}{D}',
  'record that {S} {deed}{D}',
  'jot down that {S} {deed}{D}',
  'note for {S}: {he} {deed}{D}',
  '{S} - {deed}{D}',
  'quick note: {S} {deed}{D}',
  'can you add a note that {S} {deed}{D}',
  'please write an observation: {S} {deed}{D}',
  'i want to record that {S} {deed}{D}',
  'log for {S}: {deed}{D}',
  'observation - {S} {deed}{D}',
  'kindly note {S} {deed}{D}',
  'new observation: {S} {deed}{D}',
  'save an observation that {S} {deed}{D}',
  "for {S}'s learning journal: {he} {deed}{D}",
  'can you write up that {S} {deed}{D}',
  'lovely moment{D}: {S} {deed}',
  'so proud of {S}, {he} {deed}{D}',
];

const SKILLS = [
  "{S}'s grip on the pencil is getting firmer",
  "{S}'s speech has come on so much",
  "{S}'s counting is really improving",
  "{S}'s drawing is getting more detailed",
  "{S}'s confidence has grown this week",
  "{S}'s fine motor control is much better",
  "{S}'s scissor skills are improving",
];

function observationPiece(e: Env, d = pastDay(e, 0.7)): Piece {
  const r = e.r;
  const date = ddmmyyyy(d.day);
  if (d.which === 'today' && r.chance(0.05)) {
    const kid = r.pick(e.cls.children);
    return {
      text: fill(r.pick(SKILLS), { S: nameEn(e, kid) }),
      facts: [{ kind: 'obs', date, children: [kid] }],
      kind: 'obs',
      day: d.day,
    };
  }
  const x = r.next();
  if (x < 0.08) {
    // Everyone did it: one entry per child of the class.
    const subject = r.pick(['all the children', 'the whole class', 'everyone', 'all of them']);
    const text = `${subject} ${deedText(e, e.cls.children, true)}${dayEn(e, d, true)}`;
    return { text, facts: [{ kind: 'obs', date, children: e.cls.children }], kind: 'obs', day: d.day };
  }
  if (x < 0.22) {
    const kids = r.some(e.cls.children, 2);
    const text = `${namesEn(e, kids)} ${deedText(e, kids, true)}${dayEn(e, d, true)}`;
    return { text, facts: [{ kind: 'obs', date, children: kids }], kind: 'obs', day: d.day };
  }
  if (x < 0.32) {
    const [a, b] = r.some(e.cls.children, 2) as [Child, Child];
    const text = `${nameEn(e, a)} ${deedText(e, [a], false)} and ${nameEn(e, b)} ${deedText(e, [b], false)}${dayEn(e, d, true)}`;
    return { text, facts: [{ kind: 'obs', date, children: [a, b] }], kind: 'obs', day: d.day };
  }
  const kid = r.pick(e.cls.children);
  if (x < 0.4) {
    const ag = agree([kid]);
    const joined = r.chance(0.5)
      ? `${nameEn(e, kid)} ${deedText(e, [kid], false)} and then ${ag.he} ${deedText(e, [kid], false)}${dayEn(e, d, true)}`
      : `${nameEn(e, kid)} ${deedText(e, [kid], false)}${dayEn(e, d, true)}. ${ag.He} also ${deedText(e, [kid], false)}`;
    return { text: joined, facts: [{ kind: 'obs', date, children: [kid] }], kind: 'obs', day: d.day };
  }
  const frame = r.pick(OBS_FRAMES);
  const D = frame.includes('{F}') ? '' : dayEn(e, d, true);
  const F = frame.includes('{F}') ? front(dayEn(e, d, false)) : '';
  const text = fill(frame, { ...agree([kid]), S: nameEn(e, kid), deed: deedText(e, [kid], false, d.which === 'today'), D, F });
  return { text, facts: [{ kind: 'obs', date, children: [kid] }], kind: 'obs', day: d.day };
}

// ---------------------------------------------------------------- announcements

const BODIES = [
  'sports day is on {WD}',
  'the nursery will be closed on {WD} for staff training',
  "please send a spare set of clothes in your child's bag",
  'we are going to the park tomorrow, please send wellies',
  'photo day is next {WD}',
  "head lice have been found in the class, please check your child's hair",
  'please label all water bottles and lunch boxes',
  'pick-up is at 12 tomorrow because of the staff meeting',
  "parents' evening bookings are now open",
  'library books are due back on {WD}',
  'flu spray forms must be returned by {WD}',
  "it's pyjama day on {WD}, children can come in their pyjamas",
  'please bring a teddy for show and tell',
  'the Christmas show is on {WD} at 2 pm',
  'stay and play is next {WD} at 2 pm, all welcome',
  'fees for next term are due by the end of the month',
  'we will be doing a nature walk this week, please send a raincoat',
  'the school trip to the farm is on {WD}',
  'there is no nursery on Monday because it is a bank holiday',
  'please make sure your child has a named hat',
  'tiffin should be healthy, no chocolates please',
  'Diwali celebrations will be held on {WD}, children can wear ethnic clothes',
  'the annual day rehearsal is tomorrow',
  'please do not send toys from home',
  'water play tomorrow - please send a towel',
  'we are collecting old magazines for craft week',
  'the heating is broken so please dress your child warmly',
  'there has been a case of chickenpox in the class',
  'our class assembly is on {WD} at 9 am, parents are welcome',
  'the bake sale is this {WD} after school',
  'please return the reading folders by {WD}',
  'the summer fair needs volunteers',
  'children need a packed lunch for the trip',
  'the gate code has changed',
];
const TOPICS = [
  'the trip to the farm',
  'the flu forms',
  'pyjama day',
  'photo day',
  'the bake sale',
  'the library books',
  'the fees',
  'sports day',
  "parents' evening",
  'the Christmas show',
  'the nature walk',
  'the cake sale on {WD}',
  'bringing a named water bottle',
  'the early finish on {WD}',
];

const HEAD_VERB = [
  'tell parents {that}',
  'tell the parents {that}',
  'let parents know {that}',
  'let all families know ',
  'inform parents {that}',
  'kindly inform all parents that ',
  'please inform the parents that ',
  'send a note to parents: ',
  'send a message to all parents saying ',
  'draft an announcement: ',
  'write an announcement: ',
  'post a notice: ',
  'announce that ',
  'remind parents {that}',
  'message all families: ',
  'email parents: ',
  'share with the parents that ',
  'pls tell parents ',
  'can you tell the parents ',
  'could you let families know ',
  'notify parents that ',
  'put out a notice that ',
  'create an announcement for parents: ',
  'send an update to families: ',
];
const HEAD_HINDI = ['parents ko batao ki ', 'sab parents ko bol do ki '];
const HEAD_LABEL = [
  'Reminder: ',
  'Reminder - ',
  'Notice: ',
  'Announcement: ',
  'Important: ',
  'FYI parents: ',
  'Update for families: ',
  'Message for parents: ',
  'Parents - ',
  'Parents: ',
  'To all parents: ',
  'Note to parents: ',
  'Attention parents: ',
  'Quick reminder for parents - ',
  'Gentle reminder: ',
  'Announcement for the class: ',
];
const HEAD_ADDRESS = [
  'Dear parents, ',
  'Dear families, ',
  'Hi parents, ',
  'Hello families! ',
  'Good morning parents, ',
  'Dear parents and carers, ',
  'Parents, please note ',
  'Hi all, ',
  'Hello everyone, ',
  'Dear all, ',
];

const bodyEn = (e: Env) => fill(e.r.pick(BODIES), { WD: e.r.pick(WEEKDAYS.slice(1, 6)) });
const topicEn = (e: Env) => fill(e.r.pick(TOPICS), { WD: e.r.pick(WEEKDAYS.slice(1, 6)) });
function headEn(e: Env): string {
  const r = e.r;
  const x = r.next();
  const h =
    x < 0.45
      ? r.pick(e.cls.name !== 'Toddlers' && r.chance(0.08) ? HEAD_HINDI : HEAD_VERB)
      : x < 0.75
        ? r.pick(HEAD_LABEL)
        : r.pick(HEAD_ADDRESS);
  return h.replace('{that}', r.pick(['that ', '', 'that ']));
}

function announcementPiece(e: Env): Piece {
  const r = e.r;
  const now = { date: nowDate(e), time: nowTime(e) };
  if (r.chance(0.6)) {
    const head = headEn(e);
    const text = r.chance(0.1) ? `remind families about ${topicEn(e)}` : `${head}${bodyEn(e)}`;
    return { text, facts: [{ kind: 'ann', date: now.date, time: now.time, scheduled: false }], kind: 'ann' };
  }
  const s = sendAt(e);
  const T = sendEn(e, s);
  /** After "for": "for 3 pm", not "for at 3 pm". */
  const forT = T.replace(/^at /, '');
  const body = bodyEn(e);
  const forms = [
    () => `tell parents ${T} that ${body}`,
    () => `remind parents ${T} that ${body}`,
    () => `remind families ${T} about ${topicEn(e)}`,
    () => `send parents a reminder ${T} about ${topicEn(e)}`,
    () => `send a message to parents ${T}: ${body}`,
    () => `message all parents ${T} saying ${body}`,
    () => `schedule an announcement for ${forT}: ${body}`,
    () => `schedule a reminder for ${forT}: ${body}`,
    () => `schedule a message to parents for ${forT} - ${body}`,
    () => `queue a message for parents ${T}: ${body}`,
    () => `post this ${T}: ${body}`,
    () => `send this out ${T}: ${body}`,
    () => `send this to parents ${T}: ${body}`,
    () => `${headEn(e)}${body}, and send it ${T}`,
    () => `${headEn(e)}${body}. Send it ${T}`,
    () => `${headEn(e)}${body} - send ${T}`,
    () => `${headEn(e)}${body}, to go out ${T}`,
    () => `${headEn(e)}${body} (send ${T})`,
    () => `${headEn(e)}${body}. Schedule it for ${forT}`,
    () => `${headEn(e)}${body}, post it ${T}`,
    () => `${headEn(e)}${body}, please send this ${T}`,
    () => `${front(T)}remind the parents that ${body}`,
    () => `Reminder for ${forT}: ${body}`,
    () => `Reminder (send ${T}): ${body}`,
    () => `Reminder to go out ${T}: ${body}`,
  ];
  return { text: r.pick(forms)(), facts: [sendFact(s)], kind: 'ann' };
}

// ---------------------------------------------------------------- questions

const AREAS: [string, string[]][] = [
  ['Mathematics', ['maths', 'math', 'mathematics', 'numeracy']],
  ['Literacy', ['literacy', 'reading', 'phonics']],
  ['Physical Development', ['physical development', 'PD', 'gross motor']],
  ['Personal, Social and Emotional Development', ['PSED', 'personal, social and emotional development']],
  ['Communication and Language', ['communication and language', 'C&L']],
  ['Understanding the World', ['understanding the world', 'UTW']],
  ['Expressive Arts and Design', ['expressive arts', 'EAD', 'art']],
];

interface Period {
  words: string;
  from: Date;
  to: Date;
}
function periodEn(e: Env, kind: 'absences' | 'obs' | 'rate'): Period | null {
  const today = todayOf(e);
  const r = e.r;
  const mon = mondayOf(today);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const choices: (() => Period | null)[] = [
    () => null,
    () => ({ words: 'this week', from: mon, to: today }),
    () => ({ words: 'last week', from: new Date(mon.getTime() - 7 * 86_400_000), to: new Date(mon.getTime() - 3 * 86_400_000) }),
    () => ({ words: 'this month', from: monthStart, to: today }),
  ];
  if (kind === 'absences') {
    choices.push(() => ({ words: 'today', from: today, to: today }));
    if (weekdayOf(today) !== 1)
      choices.push(() => ({
        words: 'yesterday',
        from: new Date(today.getTime() - 86_400_000),
        to: new Date(today.getTime() - 86_400_000),
      }));
    const wd = r.pick([1, 2, 3, 4, 5].filter((x) => x !== weekdayOf(today) && x !== weekdayOf(today) - 1));
    const day = lastWeekday(today, wd);
    choices.push(() => ({ words: `on ${WEEKDAYS[wd]}`, from: day, to: day }));
  }
  if (kind === 'rate') {
    const term = today.getUTCMonth() >= 8 ? 8 : today.getUTCMonth() <= 2 ? 0 : 3;
    choices.push(() => ({ words: 'this term', from: new Date(Date.UTC(today.getUTCFullYear(), term, 1)), to: today }));
  }
  return r.pick(choices)();
}
function defaultPeriod(e: Env, kind: 'absences' | 'obs' | 'rate'): { from: Date; to: Date } {
  const today = todayOf(e);
  if (kind === 'absences') return { from: today, to: today };
  if (kind === 'obs') return { from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), to: today };
  const term = today.getUTCMonth() >= 8 ? 8 : today.getUTCMonth() <= 2 ? 0 : 3;
  return { from: new Date(Date.UTC(today.getUTCFullYear(), term, 1)), to: today };
}

function questionPiece(e: Env): Piece {
  const r = e.r;
  const kind = r.pick(['absences', 'absences', 'obs', 'rate'] as const);
  const p = periodEn(e, kind);
  const range = p ?? defaultPeriod(e, kind);
  const P = p ? ` ${p.words}` : '';
  const base = { from: ddmmyyyy(range.from), to: ddmmyyyy(range.to) };
  if (kind === 'absences') {
    const kid = r.chance(0.25) ? r.pick(e.cls.children) : null;
    const text = kid
      ? fill(r.pick(['was {C} absent{P}?', 'how many days was {C} off{P}?', 'has {C} been absent{P}?', 'was {C} away{P}?']), {
          C: nameEn(e, kid),
          P: P || ' this week',
        })
      : fill(
          r.pick([
            'who was absent{P}?',
            'who is off{P}?',
            'which children were absent{P}?',
            'any absences{P}?',
            'show me who was away{P}',
            'list the absences{P}',
            "who didn't come in{P}?",
            'how many children were absent{P}?',
            'who was missing{P}?',
          ]),
          { P },
        );
    if (kid && !P) {
      const mon = mondayOf(todayOf(e));
      return {
        text,
        facts: [
          {
            kind: 'question',
            args: { kind: 'absences', from: ddmmyyyy(mon), to: ddmmyyyy(todayOf(e)), student: fullName(kid) },
          },
        ],
        kind: 'question',
      };
    }
    return {
      text,
      facts: [{ kind: 'question', args: { kind: 'absences', ...base, ...(kid ? { student: fullName(kid) } : {}) } }],
      kind: 'question',
    };
  }
  if (kind === 'obs') {
    const withArea = r.chance(0.8);
    const [area, words] = r.pick(AREAS);
    const A = r.pick(words);
    const text = withArea
      ? fill(
          r.pick([
            'which children have no observation in {A}{P}?',
            "who hasn't been observed in {A}{P}?",
            'who has no {A} observation{P}?',
            'any children without a {A} observation{P}?',
            'show me children with no observations in {A}{P}',
            'who is missing an observation for {A}{P}?',
            "which kids haven't got a {A} observation{P}?",
          ]),
          { A, P },
        )
      : fill(r.pick(['who has no observations{P}?', "which children haven't been observed{P}?"]), { P });
    return {
      text,
      facts: [{ kind: 'question', args: { kind: 'no_observation_in_area', ...base, ...(withArea ? { area } : {}) } }],
      kind: 'question',
    };
  }
  const kid = r.chance(0.7) ? r.pick(e.cls.children) : null;
  const text = kid
    ? fill(
        r.pick([
          "what is {C}'s attendance rate{P}?",
          "how is {C}'s attendance{P}?",
          'attendance percentage for {C}{P}?',
          "what's {C}'s attendance like{P}?",
        ]),
        { C: nameEn(e, kid), P },
      )
    : fill(r.pick(["what's the class attendance rate{P}?", 'what is our overall attendance{P}?']), { P });
  return {
    text,
    facts: [{ kind: 'question', args: { kind: 'attendance_rate', ...base, ...(kid ? { student: fullName(kid) } : {}) } }],
    kind: 'question',
  };
}

// ---------------------------------------------------------------- mentions and nothing

const MENTIONS = [
  'how is {C} settling in?',
  "{C}'s grandma is picking {him} up today",
  '{C} was tired after lunch',
  "{C}'s mum wants a quick chat at pick-up",
  'is {C} allergic to nuts?',
  "{C}'s dad will collect {him} at 3",
  '{C} has a new baby sister',
  'did {C} have lunch?',
  "remind me to talk to {C}'s mum",
  '{C} seems a bit quiet lately',
  '{C} was sleepy this afternoon',
  "{C}'s nanny is collecting {him} today",
  'what did {C} eat today?',
  "{C}'s birthday is next week",
  '{C} was a bit grumpy today',
  "{C}'s parents booked a meeting with me next week",
  '{C} needs new spare clothes in {his} bag',
  "{C}'s water bottle is missing",
  '{C} left {his} jumper here yesterday',
  '{C} will be picked up by grandma at 3',
  "{C}'s mum asked about the trip",
  '{C} is going home early at 2 today',
  '{C} was hungry before lunch',
  "{C}'s dad is off work this week",
  'can you check if {C} has spare socks',
];
/** Fragments that name a child and ask nothing (a note to self, a half-typed thought). */
const FRAGMENTS = [
  '{C} and the blocks',
  '{C}, the painting corner',
  '{C} tomorrow',
  '{C} with grandma',
  'about {C}',
  '{C}?',
  '{C} - speech therapy letter',
  '{C} bus',
  '{C} and the sandpit again',
  'what about {C}',
  '{C} - photo consent form',
  '{C} lunchbox',
  '{C} spare clothes',
  'remember {C}',
];
const MENTIONS_TWO = [
  '{C} and {C2} were both tired today',
  "{C} and {C2}'s mums are friends",
  'are {C} and {C2} sitting together?',
];

function mentionPiece(e: Env): Piece {
  const r = e.r;
  if (r.chance(0.2)) {
    const [a, b] = r.some(e.cls.children, 2) as [Child, Child];
    return {
      text: fill(r.pick(MENTIONS_TWO), { C: nameEn(e, a), C2: nameEn(e, b) }),
      facts: [{ kind: 'mention', children: [a, b] }],
      kind: 'mention',
    };
  }
  const kid = r.pick(e.cls.children);
  return {
    text: fill(r.pick(r.chance(0.3) ? FRAGMENTS : MENTIONS), { ...agree([kid]), C: nameEn(e, kid) }),
    facts: [{ kind: 'mention', children: [kid] }],
    kind: 'mention',
  };
}

const NOTHING = [
  'good morning',
  'thanks!',
  'thank you so much',
  "I'm feeling tired today",
  "what's the weather like tomorrow?",
  'remind me to order more paint',
  "the printer isn't working",
  'can you help me?',
  'what can you do?',
  'ok',
  'lunch was pasta today',
  'the heating is broken in our room',
  'tell me a joke',
  "it's raining again",
  'we need more glue sticks',
  'how do I export the register?',
  'nothing to report today',
  'never mind',
  'hello cue',
  'sorry, wrong chat',
  'the children loved the puppet show',
  'we had a fire drill this morning',
  'the new sand tray has arrived',
  'I will be in a meeting after lunch',
];

function nothingPiece(e: Env): Piece {
  const r = e.r;
  if (r.chance(0.4)) {
    // A child who is not in the class: never drafted.
    const s = r.pick(e.strangers);
    const name = r.chance(0.3) ? fullName(s) : s.first;
    const [tpl, says] = r.pick([
      ['{C} is absent today', 'attendance'],
      ['{C} came in late', 'attendance'],
      ['mark {C} present', 'attendance'],
      ['{C} built a tower with the blocks', 'observation'],
      ['{C} is off sick', 'attendance'],
      ['please note that {C} painted a rainbow', 'observation'],
    ] as const);
    return { text: fill(tpl, { C: name }), facts: [], kind: 'none', says: [says] };
  }
  return { text: r.pick(NOTHING), facts: [], kind: 'none' };
}

// ---------------------------------------------------------------- sentences

const POLITE_START = ['please ', 'pls ', 'kindly ', 'hi cue, ', 'hey, ', 'ok so ', 'cue, ', 'hello, '];
const POLITE_END = [' thanks', ' thank you', ' pls', ', thanks!', ' ty'];
const CONNECT = ['. ', '. ', ', ', ' and ', ' also ', '; ', '\n', ' ', '. Also ', ', and '];

function capitalise(s: string): string {
  return s.replace(/^(\s*)(\p{Ll})/u, (_, sp: string, ch: string) => sp + ch.toUpperCase());
}

/** A typo in a word of five letters or more that is not a child's name. */
function typo(e: Env, text: string, names: Set<string>): string {
  const words = [...text.matchAll(/\b[a-z]{5,}\b/g)].filter((m) => !names.has(m[0].toLowerCase()));
  if (words.length === 0) return text;
  const m = e.r.pick(words);
  const w = m[0];
  const i = 1 + e.r.int(w.length - 2);
  const kind = e.r.int(3);
  const changed =
    kind === 0
      ? w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2)
      : kind === 1
        ? w.slice(0, i) + w.slice(i + 1)
        : w.slice(0, i) + (w[i] ?? '') + w.slice(i);
  return text.slice(0, m.index) + changed + text.slice((m.index ?? 0) + w.length);
}

export function augment(e: Env, text: string, kind: Piece['kind']): string {
  const r = e.r;
  let t = text;
  const names = new Set(
    [...e.cls.children, ...e.strangers]
      .flatMap((c) => [c.first, c.last, ...(MISSPELT[c.first] ?? [])])
      .map((n) => n.toLowerCase()),
  );
  if (
    kind !== 'none' &&
    kind !== 'question' &&
    kind !== 'mention' &&
    r.chance(0.12) &&
    !/^(please|pls|kindly|can|could)\b/i.test(t)
  ) {
    // "Please" and "kindly" only before a request ("please mark ...", "kindly tell ...").
    const verb =
      /^(mark|put|log|record|tell|let|inform|send|draft|write|post|remind|message|email|share|notify|schedule|note|make|add)\b/i.test(
        t,
      );
    t = r.pick(verb ? POLITE_START : POLITE_START.slice(3)) + t;
  }
  t = capitalise(t);
  if (r.chance(0.1)) t = typo(e, t, names);
  if (!/[?!.]$/.test(t)) t += r.pick(['', '', '', '.', '.', '!']);
  if (kind !== 'none' && kind !== 'question' && r.chance(0.06)) t = t.replace(/[.!]$/, '') + r.pick(POLITE_END);
  if (r.chance(0.07)) t = t.replace(/'/g, '');
  if (r.chance(0.12)) t = t.toLowerCase();
  return tidy(t);
}

export function pieceEn(e: Env, kind: Piece['kind'] | 'runon', d?: PastDay): Piece {
  switch (kind) {
    case 'att':
      return attendancePiece(e, d);
    case 'runon':
      return runOnPiece(e, d);
    case 'everyone':
      return everyonePiece(e, d);
    case 'obs':
      return observationPiece(e, d);
    case 'ann':
      return announcementPiece(e);
    case 'question':
      return questionPiece(e);
    case 'mention':
      return mentionPiece(e);
    case 'none':
      return nothingPiece(e);
  }
}

/** Several pieces in one message; a day said in the first holds for the rest, other days are said. */
export function multiEn(e: Env): Piece {
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
    ['runon', 'obs'],
  ];
  const kinds = r.pick(combos);
  // Same child, late and a deed: "Kabir came in late and built a tower".
  if (kinds[0] === 'att' && kinds[1] === 'obs' && r.chance(0.3)) {
    const kid = r.pick(e.cls.children);
    const today = todayOf(e);
    const late = statusClause(e, [kid], 'late', { day: today, which: 'today' }, { plain: true });
    const text = `${late} and ${deedText(e, [kid], false)}`;
    const date = ddmmyyyy(today);
    return {
      text,
      facts: [
        { kind: 'att', date, marks: [[kid, 'late']] },
        { kind: 'obs', date, children: [kid] },
      ],
      kind: 'att',
    };
  }
  // The days spoken of: one for the whole message (said once), or each clause its own (each said).
  const d0 = pastDay(e, 0.75);
  const days = kinds.map((_, i) => (i === 0 || r.chance(0.75) ? d0 : pastDay(e, 0.5)));
  const oneDay = days.every((x) => x.day.getTime() === d0.day.getTime());
  const pieces = kinds.map((k, i) =>
    pieceEn(e, k, { ...(days[i] as PastDay), say: oneDay ? (i === 0 ? undefined : 'never') : 'must' }),
  );
  let text = '';
  pieces.forEach((p, i) => {
    const after = pieces[i - 1]?.kind === 'everyone' ? CONNECT.filter((x) => x.trim() !== '' && x !== ' and ') : CONNECT;
    const joiner = p.kind === 'ann' ? r.pick(['. ', '. ', ', and ', '. Also ', ' and ', '\n']) : r.pick(after);
    text += i === 0 ? p.text : joiner + (joiner.endsWith('. ') || joiner === '\n' ? capitalise(p.text) : p.text);
  });
  return { text, facts: pieces.flatMap((p) => p.facts), kind: 'att' };
}

export const ENGLISH_TIME = { clockEn, sendEn, dayEn, hhmma };
