/*
 * The timetable solver's instance and its independent checker (issue 28). Everything is indexed by small
 * integers: periods 0..P-1, rooms 0..R-1, classes (student groups), teachers and subjects by their
 * positions. The checker below is written plainly, with no incremental state, so that tests can judge the
 * solver's answers with something other than the solver's own bookkeeping.
 */

export interface Period {
  /** 0 = the first day of the week. */
  day: number;
  /** Minutes from midnight; periods of a day follow each other in this order. */
  start: number;
  end: number;
}

export interface Room {
  name: string;
  /** null: an ordinary room; else the kind (music room, gym) the lessons of some subjects need. */
  type: string | null;
  /** 0: unknown (no capacity check). */
  capacity: number;
}

export interface Lesson {
  /** The class (student group) the lesson is for. */
  group: number;
  subject: number;
  teacher: number;
  /** 2: a double period, two periods that follow each other on one day. */
  length: 1 | 2;
  /** The room kind the subject needs (null: an ordinary room). */
  roomType: string | null;
}

export interface Group {
  name: string;
  size: number;
  /** Periods the class does not meet (empty: it meets in every period). */
  unavailable: readonly number[];
}

export interface Teacher {
  name: string;
  unavailable: readonly number[];
  /** 0: no limit. */
  maxPerDay: number;
  /** Periods the teacher would rather keep free (soft). */
  preferredFree: readonly number[];
}

export interface Subject {
  name: string;
  /** The school wants it in the morning (soft). */
  morning: boolean;
}

export interface Instance {
  periods: readonly Period[];
  rooms: readonly Room[];
  groups: readonly Group[];
  teachers: readonly Teacher[];
  subjects: readonly Subject[];
  lessons: readonly Lesson[];
  /** Minutes from midnight where the afternoon begins (for morning subjects). */
  afternoonFrom: number;
  /**
   * true: each class has its own classroom, where every lesson that needs no special room is held (the
   * rooms listed are the shared ones); false: every lesson takes one of the rooms listed.
   */
  homeRooms: boolean;
}

/** A lesson held in its class's own classroom (no shared room). */
export const HOME_ROOM = -2;

/** Where each lesson is: its first period and its room (-1: not placed; HOME_ROOM: the class's own). */
export interface Assignment {
  period: number[];
  room: number[];
}

/** Which lessons a solve may not move (locked by a person, or outside what a repair touches). */
export type Pinned = ReadonlySet<number>;

/**
 * The period after p when it follows p on the same day with at most 30 minutes between them (a break
 * between two periods keeps them consecutive; lunch does not), else -1.
 */
export function nextPeriods(periods: readonly Period[]): number[] {
  return periods.map((p, i) => {
    let best = -1;
    for (let j = 0; j < periods.length; j++) {
      const q = periods[j];
      if (!q || j === i || q.day !== p.day) continue;
      const gap = q.start - p.end;
      if (gap >= 0 && gap <= 30 && (best < 0 || q.start < (periods[best]?.start ?? Number.POSITIVE_INFINITY))) best = j;
    }
    return best;
  });
}

/** The periods a lesson occupies when it starts at p (empty when a double cannot start there). */
export function occupied(lesson: Lesson, p: number, next: readonly number[]): number[] {
  if (p < 0) return [];
  if (lesson.length === 1) return [p];
  const q = next[p] ?? -1;
  return q < 0 ? [] : [p, q];
}

/** Whether a room may hold a lesson: the kind it needs (or an ordinary room) and the class's size. */
export function roomFits(instance: Instance, lesson: Lesson, room: number): boolean {
  if (room === HOME_ROOM) return instance.homeRooms && lesson.roomType === null;
  if (instance.homeRooms && lesson.roomType === null) return false;
  const r = instance.rooms[room];
  const g = instance.groups[lesson.group];
  if (!r || !g) return false;
  if (r.type !== lesson.roomType) return false;
  return r.capacity === 0 || g.size <= r.capacity;
}

export type HardKind =
  | 'unplaced'
  | 'bad_start'
  | 'teacher_clash'
  | 'group_clash'
  | 'room_clash'
  | 'room_kind'
  | 'teacher_unavailable'
  | 'group_unavailable'
  | 'teacher_day_limit';

export interface HardConflict {
  kind: HardKind;
  /** The lessons involved. */
  lessons: number[];
  period?: number;
  day?: number;
}

/** Every hard conflict of an assignment, found the plain way. */
export function hardConflicts(instance: Instance, a: Assignment): HardConflict[] {
  const next = nextPeriods(instance.periods);
  const out: HardConflict[] = [];
  const cells = new Map<string, number[]>();
  const add = (key: string, l: number) => cells.set(key, [...(cells.get(key) ?? []), l]);
  const perTeacherDay = new Map<string, number>();
  instance.lessons.forEach((lesson, l) => {
    const p = a.period[l] ?? -1;
    const r = a.room[l] ?? -1;
    if (p < 0 || r === -1) {
      out.push({ kind: 'unplaced', lessons: [l] });
      return;
    }
    const spots = occupied(lesson, p, next);
    if (spots.length === 0) {
      out.push({ kind: 'bad_start', lessons: [l], period: p });
      return;
    }
    if (!roomFits(instance, lesson, r)) out.push({ kind: 'room_kind', lessons: [l] });
    for (const s of spots) {
      add(`t${lesson.teacher}:${s}`, l);
      add(`g${lesson.group}:${s}`, l);
      if (r !== HOME_ROOM) add(`r${r}:${s}`, l);
      if (instance.teachers[lesson.teacher]?.unavailable.includes(s))
        out.push({ kind: 'teacher_unavailable', lessons: [l], period: s });
      if (instance.groups[lesson.group]?.unavailable.includes(s))
        out.push({ kind: 'group_unavailable', lessons: [l], period: s });
      const day = instance.periods[s]?.day ?? 0;
      const key = `${lesson.teacher}:${day}`;
      perTeacherDay.set(key, (perTeacherDay.get(key) ?? 0) + 1);
    }
  });
  for (const [key, ls] of cells) {
    if (ls.length < 2) continue;
    const kind = key[0] === 't' ? 'teacher_clash' : key[0] === 'g' ? 'group_clash' : 'room_clash';
    out.push({ kind, lessons: ls, period: Number(key.split(':')[1]) });
  }
  for (const [key, n] of perTeacherDay) {
    const [t, day] = key.split(':').map(Number) as [number, number];
    const max = instance.teachers[t]?.maxPerDay ?? 0;
    if (max > 0 && n > max)
      out.push({
        kind: 'teacher_day_limit',
        day,
        lessons: instance.lessons.flatMap((lesson, l) =>
          lesson.teacher === t && instance.periods[a.period[l] ?? -1]?.day === day ? [l] : [],
        ),
      });
  }
  return out;
}

/** The number of hard violations, counted the way the solver scores them (a clash of k lessons counts k−1). */
export function hardCount(instance: Instance, a: Assignment): number {
  let n = 0;
  for (const c of hardConflicts(instance, a)) {
    if (c.kind === 'teacher_clash' || c.kind === 'group_clash' || c.kind === 'room_clash') n += c.lessons.length - 1;
    else if (c.kind === 'teacher_day_limit') {
      const t = instance.lessons[c.lessons[0] ?? 0]?.teacher ?? 0;
      const max = instance.teachers[t]?.maxPerDay ?? 0;
      const next = nextPeriods(instance.periods);
      const used = c.lessons.reduce((s, l) => s + occupied(instance.lessons[l] as Lesson, a.period[l] ?? -1, next).length, 0);
      n += used - max;
    } else n += 1;
  }
  return n;
}
