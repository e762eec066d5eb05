import { type Assignment, type HardConflict, hardConflicts, type Instance, nextPeriods, occupied, roomFits } from './model.js';

/*
 * Why no timetable without hard conflicts can exist, in words a school reads: counting arguments that
 * prove it before any search (a class, a teacher or a room kind with more lessons than periods to hold
 * them), and, after a search that ended with conflicts, what is still in conflict, grouped.
 */

export type Reason =
  | { kind: 'group_overfull'; group: string; needed: number; available: number }
  | { kind: 'teacher_overfull'; teacher: string; needed: number; available: number }
  | { kind: 'teacher_day_limit'; teacher: string; needed: number; available: number; maxPerDay: number; days: number }
  | {
      kind: 'room_kind_overfull';
      roomType: string;
      subjects: string[];
      needed: number;
      available: number;
      rooms: number;
      periods: number;
    }
  | { kind: 'no_room'; group: string; subject: string; roomType: string | null; size: number }
  | { kind: 'no_start'; group: string; subject: string }
  | { kind: 'still_conflicting'; conflict: HardConflict['kind']; count: number; examples: string[] };

/** Reasons that make any timetable impossible (empty: none found by counting). */
export function impossibilities(instance: Instance): Reason[] {
  const { periods, lessons, groups, teachers, rooms, subjects } = instance;
  const next = nextPeriods(periods);
  const P = periods.length;
  const reasons: Reason[] = [];
  const days = new Set(periods.map((p) => p.day));

  groups.forEach((g, gi) => {
    const needed = lessons.filter((l) => l.group === gi).reduce((s, l) => s + l.length, 0);
    const available = P - new Set(g.unavailable).size;
    if (needed > available) reasons.push({ kind: 'group_overfull', group: g.name, needed, available });
  });
  teachers.forEach((t, ti) => {
    const mine = lessons.filter((l) => l.teacher === ti);
    const needed = mine.reduce((s, l) => s + l.length, 0);
    const available = P - new Set(t.unavailable).size;
    if (needed > available) reasons.push({ kind: 'teacher_overfull', teacher: t.name, needed, available });
    else if (t.maxPerDay > 0 && needed > t.maxPerDay * days.size)
      reasons.push({
        kind: 'teacher_day_limit',
        teacher: t.name,
        needed,
        available: t.maxPerDay * days.size,
        maxPerDay: t.maxPerDay,
        days: days.size,
      });
  });
  const kinds = [...new Set(lessons.map((l) => l.roomType).filter((k): k is string => k !== null))];
  for (const kind of kinds) {
    const ofKind = lessons.filter((l) => l.roomType === kind);
    const needed = ofKind.reduce((s, l) => s + l.length, 0);
    const count = rooms.filter((r) => r.type === kind).length;
    if (needed > count * P)
      reasons.push({
        kind: 'room_kind_overfull',
        roomType: kind,
        subjects: [...new Set(ofKind.map((l) => subjects[l.subject]?.name ?? ''))],
        needed,
        available: count * P,
        rooms: count,
        periods: P,
      });
  }
  if (!instance.homeRooms) {
    const needed = lessons.filter((l) => l.roomType === null).reduce((s, l) => s + l.length, 0);
    const count = rooms.filter((r) => r.type === null).length;
    if (needed > count * P)
      reasons.push({
        kind: 'room_kind_overfull',
        roomType: '',
        subjects: [],
        needed,
        available: count * P,
        rooms: count,
        periods: P,
      });
  }
  const seen = new Set<string>();
  lessons.forEach((l) => {
    const group = groups[l.group];
    const subject = subjects[l.subject]?.name ?? '';
    const key = `${l.group}:${l.subject}:${l.roomType}:${l.length}`;
    if (seen.has(key) || !group) return;
    seen.add(key);
    const anyRoom = (instance.homeRooms && l.roomType === null) || rooms.some((_, r) => roomFits(instance, l, r));
    if (!anyRoom) reasons.push({ kind: 'no_room', group: group.name, subject, roomType: l.roomType, size: group.size });
    if (!periods.some((_, p) => occupied(l, p, next).length > 0)) reasons.push({ kind: 'no_start', group: group.name, subject });
  });
  return reasons;
}

/** What a search left in conflict, grouped by kind with a few named examples. */
export function remainingConflicts(instance: Instance, a: Assignment): Reason[] {
  const byKind = new Map<HardConflict['kind'], HardConflict[]>();
  for (const c of hardConflicts(instance, a)) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const describe = (c: HardConflict): string => {
    const names = c.lessons.map((l) => {
      const lesson = instance.lessons[l];
      if (!lesson) return '';
      return `${instance.subjects[lesson.subject]?.name} (${instance.groups[lesson.group]?.name}, ${instance.teachers[lesson.teacher]?.name})`;
    });
    return names.join(' / ');
  };
  return [...byKind.entries()].map(([conflict, list]) => ({
    kind: 'still_conflicting' as const,
    conflict,
    count: list.length,
    examples: list.slice(0, 3).map(describe),
  }));
}

/** A reason as one English sentence (the web shows its own words from the reason's fields). */
export function reasonText(r: Reason): string {
  switch (r.kind) {
    case 'group_overfull':
      return `${r.group}: ${r.needed} periods of lessons a week, but the class meets in ${r.available}`;
    case 'teacher_overfull':
      return `${r.teacher}: ${r.needed} periods of lessons a week, but is available in ${r.available}`;
    case 'teacher_day_limit':
      return `${r.teacher}: ${r.needed} periods a week, but at most ${r.maxPerDay} a day on ${r.days} days gives ${r.available}`;
    case 'room_kind_overfull':
      return r.roomType
        ? `${r.subjects.join(', ')}: ${r.needed} lessons a week need the ${/\broom$/i.test(r.roomType) ? r.roomType : `${r.roomType} room`}${r.rooms === 1 ? '' : 's'}, which ${r.rooms === 1 ? 'has' : 'have'} ${r.available} periods`
        : `${r.needed} lessons a week need a room, and the rooms have ${r.available} periods`;
    case 'no_room':
      return `${r.subject} for ${r.group}: no room ${r.roomType ? `of kind ${r.roomType} ` : ''}holds ${r.size} children`;
    case 'no_start':
      return `${r.subject} for ${r.group}: a double period needs two periods in a row, and the day has none`;
    case 'still_conflicting':
      return `${r.count} × ${r.conflict.replace(/_/g, ' ')}: ${r.examples.join('; ')}`;
  }
}
