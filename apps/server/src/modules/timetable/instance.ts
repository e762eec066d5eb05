import { TIMETABLE_DAYS, type TimetableConflict, type TimetableDay, type TimetableReason } from '@cue/contract';
import { type Reason, reasonText } from '../../timetable/solver/explain.js';
import { type Assignment, type HardConflict, HOME_ROOM, type Instance, type Period } from '../../timetable/solver/model.js';

/*
 * Between the school's rows and the solver's integers: the outline's periods, the lessons, classes,
 * teachers, subjects and rooms become an `Instance` (each class has its own room; the shared rooms are
 * the school's rooms), the stored placements an `Assignment`, and the solver's conflicts and reasons the
 * wire's, by lesson id and weekday.
 */

export interface OutlineDay {
  day: TimetableDay;
  periods: { period: number; name: string; start: number; end: number }[];
}

export interface StoredSlot {
  kind: string;
  name: string;
  start: string;
  end: string;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The week of a weekly day schedule: each weekday's periods, or its sessions when the day has no period
 * (an early-years day is sessions), in time order. A rotating cycle has no weekdays: an empty week.
 */
export function outlineDays(cycle: string, days: readonly { day: string; slots: readonly StoredSlot[] }[]): OutlineDay[] {
  if (cycle !== 'weekly') return [];
  const out: OutlineDay[] = [];
  for (const key of TIMETABLE_DAYS) {
    const day = days.find((d) => d.day === key);
    if (!day) continue;
    const periods = day.slots.filter((s) => s.kind === 'period');
    const chosen = (periods.length > 0 ? periods : day.slots.filter((s) => s.kind === 'session'))
      .map((s) => ({ name: s.name, start: minuteOf(s.start), end: minuteOf(s.end) }))
      .sort((a, b) => a.start - b.start);
    if (chosen.length > 0) out.push({ day: key, periods: chosen.map((p, period) => ({ period, ...p })) });
  }
  return out;
}

export interface SourceLesson {
  id: string;
  classId: string;
  subjectId: string;
  teacherId: string;
  length: number;
  day: string | null;
  period: number | null;
  roomId: string | null;
  locked: boolean;
}

export interface Sources {
  days: readonly OutlineDay[];
  afternoonFrom: number;
  classes: readonly { id: string; name: string; size: number }[];
  teachers: readonly {
    id: string;
    name: string;
    maxPerDay: number | null;
    unavailable: readonly { day: string; period: number }[];
    preferredFree: readonly { day: string; period: number }[];
  }[];
  subjects: readonly { id: string; name: string; roomType: string | null; morning: boolean }[];
  rooms: readonly { id: string; name: string; roomType: string | null; capacity: number | null }[];
  lessons: readonly SourceLesson[];
}

/** A room kind compared the way a person reads it ("Music room" and "music room " are one kind). */
export const kindOf = (type: string | null | undefined): string | null => {
  const k = (type ?? '').trim().toLowerCase();
  return k === '' ? null : k;
};

export interface Built {
  instance: Instance;
  /** The solver's period index of (day, period). */
  periodIndex: Map<string, number>;
  /** The (day, period) of a solver period. */
  periodRef: { day: TimetableDay; period: number }[];
  lessonIds: string[];
  roomIds: string[];
  /** Where the lessons are now. */
  current: Assignment;
}

const key = (day: string, period: number) => `${day}:${period}`;

export function build(s: Sources): Built {
  const periods: Period[] = [];
  const periodRef: Built['periodRef'] = [];
  const periodIndex = new Map<string, number>();
  for (const d of s.days) {
    const dayNumber = TIMETABLE_DAYS.indexOf(d.day);
    for (const p of d.periods) {
      periodIndex.set(key(d.day, p.period), periods.length);
      periodRef.push({ day: d.day, period: p.period });
      periods.push({ day: dayNumber, start: p.start, end: p.end });
    }
  }
  const classIndex = new Map(s.classes.map((c, i) => [c.id, i]));
  const teacherIndex = new Map(s.teachers.map((t, i) => [t.id, i]));
  const subjectIndex = new Map(s.subjects.map((x, i) => [x.id, i]));
  const roomIndex = new Map(s.rooms.map((r, i) => [r.id, i]));
  const indices = (refs: readonly { day: string; period: number }[]) =>
    refs.flatMap((r) => {
      const i = periodIndex.get(key(r.day, r.period));
      return i === undefined ? [] : [i];
    });
  const lessons = s.lessons.filter(
    (l) => classIndex.has(l.classId) && teacherIndex.has(l.teacherId) && subjectIndex.has(l.subjectId),
  );
  const instance: Instance = {
    periods,
    rooms: s.rooms.map((r) => ({ name: r.name, type: kindOf(r.roomType), capacity: r.capacity ?? 0 })),
    groups: s.classes.map((c) => ({ name: c.name, size: c.size, unavailable: [] })),
    teachers: s.teachers.map((t) => ({
      name: t.name,
      unavailable: indices(t.unavailable),
      maxPerDay: t.maxPerDay ?? 0,
      preferredFree: indices(t.preferredFree),
    })),
    subjects: s.subjects.map((x) => ({ name: x.name, morning: x.morning })),
    lessons: lessons.map((l) => ({
      group: classIndex.get(l.classId) ?? 0,
      subject: subjectIndex.get(l.subjectId) ?? 0,
      teacher: teacherIndex.get(l.teacherId) ?? 0,
      length: l.length === 2 ? 2 : 1,
      roomType: kindOf(s.subjects[subjectIndex.get(l.subjectId) ?? 0]?.roomType),
    })),
    afternoonFrom: s.afternoonFrom,
    homeRooms: true,
  };
  const current: Assignment = { period: [], room: [] };
  for (const l of lessons) {
    const p = l.day !== null && l.period !== null ? periodIndex.get(key(l.day, l.period)) : undefined;
    current.period.push(p ?? -1);
    current.room.push(p === undefined ? -1 : l.roomId === null ? HOME_ROOM : (roomIndex.get(l.roomId) ?? -1));
  }
  return { instance, periodIndex, periodRef, lessonIds: lessons.map((l) => l.id), roomIds: s.rooms.map((r) => r.id), current };
}

const KIND: Partial<Record<HardConflict['kind'], TimetableConflict['kind']>> = {
  unplaced: 'unplaced',
  bad_start: 'unplaced',
  teacher_clash: 'teacher_clash',
  group_clash: 'class_clash',
  room_clash: 'room_clash',
  room_kind: 'room_kind',
  teacher_unavailable: 'teacher_unavailable',
  teacher_day_limit: 'teacher_day_limit',
};

/** The solver's conflicts as the wire has them. */
export function wireConflicts(b: Built, conflicts: readonly HardConflict[]): TimetableConflict[] {
  return conflicts.flatMap((c) => {
    const kind = KIND[c.kind];
    if (!kind) return [];
    const ref = c.period !== undefined ? b.periodRef[c.period] : undefined;
    return [
      {
        kind,
        lesson_ids: c.lessons.map((l) => b.lessonIds[l] ?? '').filter(Boolean),
        day: ref?.day ?? (c.day !== undefined ? (TIMETABLE_DAYS[c.day] ?? null) : null),
        period: ref?.period ?? null,
      },
    ];
  });
}

/** A solver's reason as the wire has it: its kind, its values for the web's words, and an English sentence. */
export function wireReason(r: Reason): TimetableReason {
  const { kind, ...rest } = r;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (typeof v === 'string' || typeof v === 'number') values[k] = v;
    else if (Array.isArray(v)) values[k] = v.join(', ');
    else if (v === null) values[k] = '';
  }
  return { kind, text: reasonText(r), values };
}

/** A solver assignment back to rows: (day, period, room id) of each lesson id. */
export function placements(b: Built, a: Assignment) {
  return b.lessonIds.map((id, l) => {
    const p = a.period[l] ?? -1;
    const r = a.room[l] ?? -1;
    const ref = p >= 0 && r !== -1 ? b.periodRef[p] : undefined;
    return {
      id,
      day: ref?.day ?? null,
      period: ref?.period ?? null,
      roomId: ref && r >= 0 ? (b.roomIds[r] ?? null) : null,
    };
  });
}
