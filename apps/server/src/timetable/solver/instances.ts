import type { Instance, Lesson, Period } from './model.js';
import { random } from './solve.js';

/*
 * Instances for tests and benchmarks: a generated school with a timetable planted in it (so it is known to
 * be feasible), and the two demo data sets of the school-timetabling quickstart of Timefold (the
 * open-source successor of OptaPlanner), rebuilt here as data: 10 timeslots, 3 rooms and 20 lessons
 * (small); 25 timeslots, 6 rooms and 100 lessons (large).
 */

const hm = (h: number, m: number) => h * 60 + m;

/** Periods of `perDay` lessons of 45 minutes from 08:30, with a 15-minute break after the 3rd and lunch after the 5th. */
export function weekPeriods(days: number, perDay: number): Period[] {
  const out: Period[] = [];
  for (let d = 0; d < days; d++) {
    let t = hm(8, 30);
    for (let k = 0; k < perDay; k++) {
      out.push({ day: d, start: t, end: t + 45 });
      t += 45;
      if (k === 2) t += 15;
      if (k === 4) t += 60;
    }
  }
  return out;
}

export interface GeneratedOptions {
  groups: number;
  teachers: number;
  /** Shared rooms (each class also has its own classroom). */
  rooms: number;
  days: number;
  perDay: number;
  /** Fraction of each class's periods filled with lessons (1: every period). */
  fill: number;
  /** Fraction of lessons held in a shared room. */
  shared: number;
  seed: number;
}

const SHARED_KINDS = ['music', 'gym', 'art', 'lab', 'computing', 'library', 'hall', 'outdoor'];
const KIND_SUBJECT: Record<string, string> = {
  music: 'Music',
  gym: 'Physical education',
  art: 'Art',
  lab: 'Science',
  computing: 'Computing',
  library: 'Library',
  hall: 'Dance',
  outdoor: 'Outdoor learning',
};
const CLASSROOM_SUBJECTS = [
  'Maths',
  'English',
  'Reading',
  'Writing',
  'Languages',
  'History',
  'Geography',
  'Drama',
  'Circle time',
];

/**
 * A school with a planted timetable: each class's lessons are laid into its periods with a teacher free at
 * that time (and a shared room of the subject's kind free then), so at least one timetable without hard
 * conflicts exists. Teachers get a few unavailable periods where the planted timetable leaves them free.
 */
export function generatedInstance(o: GeneratedOptions): Instance {
  const rnd = random(o.seed);
  const periods = weekPeriods(o.days, o.perDay);
  const P = periods.length;
  const rooms = Array.from({ length: o.rooms }, (_, r) => {
    const kind = SHARED_KINDS[r % SHARED_KINDS.length] as string;
    return { name: `${KIND_SUBJECT[kind]} room ${Math.floor(r / SHARED_KINDS.length) + 1}`, type: kind, capacity: 30 };
  });
  const subjectNames = [...SHARED_KINDS.map((k) => KIND_SUBJECT[k] as string), ...CLASSROOM_SUBJECTS];
  const subjects = subjectNames.map((name) => ({ name, morning: name === 'Maths' || name === 'Reading' }));
  const groups = Array.from({ length: o.groups }, (_, g) => ({
    name: `Class ${g + 1}`,
    size: 18 + (g % 8),
    unavailable: [] as number[],
  }));
  const busyT = Array.from({ length: o.teachers }, () => new Uint8Array(P));
  const busyR = Array.from({ length: o.rooms }, () => new Uint8Array(P));
  const lessons: Lesson[] = [];
  for (let g = 0; g < o.groups; g++) {
    const order = Array.from({ length: P }, (_, p) => p).sort(() => rnd() - 0.5);
    for (const p of order.slice(0, Math.round(P * o.fill))) {
      const freeRooms = rooms.flatMap((_, r) => (busyR[r]?.[p] ? [] : [r]));
      const r = freeRooms.length > 0 && rnd() < o.shared ? freeRooms[Math.floor(rnd() * freeRooms.length)] : undefined;
      // The teacher free now with the fewest lessons so far keeps the load even.
      const free = busyT.flatMap((b, t) => (b[p] ? [] : [t]));
      if (free.length === 0) continue;
      const load = (t: number) => busyT[t]?.reduce((s, x) => s + x, 0) ?? 0;
      const few = Math.min(...free.map(load));
      const candidates = free.filter((t) => load(t) <= few + 1);
      const t = candidates[Math.floor(rnd() * candidates.length)] as number;
      busyT[t]?.fill(1, p, p + 1);
      const roomType = r === undefined ? null : (rooms[r]?.type ?? null);
      if (r !== undefined) busyR[r]?.fill(1, p, p + 1);
      const subject = roomType
        ? subjectNames.indexOf(KIND_SUBJECT[roomType] as string)
        : SHARED_KINDS.length + Math.floor(rnd() * CLASSROOM_SUBJECTS.length);
      lessons.push({ group: g, subject, teacher: t, length: 1, roomType });
    }
  }
  const teachers = busyT.map((busy, t) => {
    const free = Array.from({ length: P }, (_, p) => p).filter((p) => !busy[p]);
    return {
      name: `Teacher ${t + 1}`,
      unavailable: free.filter(() => rnd() < 0.3).slice(0, 3),
      maxPerDay: 0,
      preferredFree: free.filter(() => rnd() < 0.1).slice(0, 2),
    };
  });
  return { periods, rooms, groups, teachers, subjects, lessons, afternoonFrom: hm(12, 0), homeRooms: true };
}

// ------------------------------------------------------------------ the quickstart's demo data

const QUICKSTART_SMALL_LESSONS: [string, string, string][] = [
  ['Math', 'A. Turing', '9th grade'],
  ['Math', 'A. Turing', '9th grade'],
  ['Physics', 'M. Curie', '9th grade'],
  ['Chemistry', 'M. Curie', '9th grade'],
  ['Biology', 'C. Darwin', '9th grade'],
  ['History', 'I. Jones', '9th grade'],
  ['English', 'I. Jones', '9th grade'],
  ['English', 'I. Jones', '9th grade'],
  ['Spanish', 'P. Cruz', '9th grade'],
  ['Spanish', 'P. Cruz', '9th grade'],
  ['Math', 'A. Turing', '10th grade'],
  ['Math', 'A. Turing', '10th grade'],
  ['Math', 'A. Turing', '10th grade'],
  ['Physics', 'M. Curie', '10th grade'],
  ['Chemistry', 'M. Curie', '10th grade'],
  ['French', 'M. Curie', '10th grade'],
  ['Geography', 'C. Darwin', '10th grade'],
  ['History', 'I. Jones', '10th grade'],
  ['English', 'P. Cruz', '10th grade'],
  ['Spanish', 'P. Cruz', '10th grade'],
];

const times = (...spec: [number, number][]) => spec;
const QUICKSTART_TIMES = times([8, 30], [9, 30], [10, 30], [13, 30], [14, 30]);

/** The lessons the large data set adds, by group, in the quickstart's order. */
const QUICKSTART_LARGE_EXTRA: Record<string, [string, string][]> = {
  '9th grade': [
    ['Math', 'A. Turing'],
    ['Math', 'A. Turing'],
    ['Math', 'A. Turing'],
    ['ICT', 'A. Turing'],
    ['Physics', 'M. Curie'],
    ['Geography', 'C. Darwin'],
    ['Geology', 'C. Darwin'],
    ['History', 'I. Jones'],
    ['English', 'I. Jones'],
    ['Drama', 'I. Jones'],
    ['Art', 'S. Dali'],
    ['Art', 'S. Dali'],
    ['Physical education', 'C. Lewis'],
    ['Physical education', 'C. Lewis'],
    ['Physical education', 'C. Lewis'],
  ],
  '10th grade': [
    ['Math', 'A. Turing'],
    ['Math', 'A. Turing'],
    ['ICT', 'A. Turing'],
    ['Physics', 'M. Curie'],
    ['Biology', 'C. Darwin'],
    ['Geology', 'C. Darwin'],
    ['History', 'I. Jones'],
    ['English', 'P. Cruz'],
    ['English', 'P. Cruz'],
    ['Drama', 'I. Jones'],
    ['Art', 'S. Dali'],
    ['Art', 'S. Dali'],
    ['Physical education', 'C. Lewis'],
    ['Physical education', 'C. Lewis'],
    ['Physical education', 'C. Lewis'],
  ],
};

/** The 11th and 12th grades of the large data set (the same 25 lessons each). */
const QUICKSTART_UPPER: [string, string][] = [
  ['Math', 'A. Turing'],
  ['Math', 'A. Turing'],
  ['Math', 'A. Turing'],
  ['Math', 'A. Turing'],
  ['Math', 'A. Turing'],
  ['ICT', 'A. Turing'],
  ['Physics', 'M. Curie'],
  ['Chemistry', 'M. Curie'],
  ['French', 'M. Curie'],
  ['Physics', 'M. Curie'],
  ['Geography', 'C. Darwin'],
  ['Biology', 'C. Darwin'],
  ['Geology', 'C. Darwin'],
  ['History', 'I. Jones'],
  ['History', 'I. Jones'],
  ['English', 'P. Cruz'],
  ['English', 'P. Cruz'],
  ['English', 'P. Cruz'],
  ['Spanish', 'P. Cruz'],
  ['Drama', 'P. Cruz'],
  ['Art', 'S. Dali'],
  ['Art', 'S. Dali'],
  ['Physical education', 'C. Lewis'],
  ['Physical education', 'C. Lewis'],
  ['Physical education', 'C. Lewis'],
];

/** The quickstart's demo timetable, unsolved: rooms, timeslots of an hour, lessons of one period. */
export function quickstartInstance(size: 'small' | 'large'): Instance {
  const dayCount = size === 'small' ? 2 : 5;
  const periods: Period[] = [];
  for (let d = 0; d < dayCount; d++)
    for (const [h, m] of QUICKSTART_TIMES) periods.push({ day: d, start: hm(h, m), end: hm(h, m) + 60 });
  const roomNames =
    size === 'small' ? ['Room A', 'Room B', 'Room C'] : ['Room A', 'Room B', 'Room C', 'Room D', 'Room E', 'Room F'];
  const rows: [string, string, string][] = [...QUICKSTART_SMALL_LESSONS.slice(0, 10)];
  if (size === 'large') for (const [s, t] of QUICKSTART_LARGE_EXTRA['9th grade'] ?? []) rows.push([s, t, '9th grade']);
  rows.push(...QUICKSTART_SMALL_LESSONS.slice(10));
  if (size === 'large') {
    for (const [s, t] of QUICKSTART_LARGE_EXTRA['10th grade'] ?? []) rows.push([s, t, '10th grade']);
    for (const g of ['11th grade', '12th grade']) for (const [s, t] of QUICKSTART_UPPER) rows.push([s, t, g]);
  }
  const names = (i: 0 | 1 | 2) => [...new Set(rows.map((r) => r[i]))];
  const subjects = names(0);
  const teachers = names(1);
  const groups = names(2);
  return {
    periods,
    rooms: roomNames.map((name) => ({ name, type: null, capacity: 0 })),
    groups: groups.map((name) => ({ name, size: 0, unavailable: [] })),
    teachers: teachers.map((name) => ({ name, unavailable: [], maxPerDay: 0, preferredFree: [] })),
    subjects: subjects.map((name) => ({ name, morning: false })),
    lessons: rows.map(([s, t, g]) => ({
      subject: subjects.indexOf(s),
      teacher: teachers.indexOf(t),
      group: groups.indexOf(g),
      length: 1,
      roomType: null,
    })),
    afternoonFrom: hm(12, 0),
    homeRooms: false,
  };
}
