import type { TimetableBoard, TimetableLesson } from '@cue/contract';

/*
 * The builder's board by names: what a lesson is called where it is shown (its subject, class,
 * teacher and room), and which lessons a conflict left on the board involves.
 */

export interface BoardNames {
  subject: (id: string) => string;
  className: (id: string) => string;
  teacher: (id: string) => string;
  /** A shared room's name; null for the class's own room. */
  room: (id: string | null) => string | null;
  /** The kind of room a subject needs (null: the class's own room). */
  roomTypeOf: (subjectId: string) => string | null;
}

export function boardNames(board: Pick<TimetableBoard, 'subjects' | 'classes' | 'teachers' | 'rooms'>): BoardNames {
  const subjects = new Map(board.subjects.map((s) => [s._id, s]));
  const classes = new Map(board.classes.map((c) => [c._id, c.name]));
  const teachers = new Map(board.teachers.map((p) => [p._id, p.name]));
  const rooms = new Map(board.rooms.map((r) => [r._id, r.name]));
  return {
    subject: (id) => subjects.get(id)?.name ?? '…',
    className: (id) => classes.get(id) ?? '…',
    teacher: (id) => teachers.get(id) ?? '…',
    room: (id) => (id === null ? null : (rooms.get(id) ?? '…')),
    roomTypeOf: (id) => subjects.get(id)?.room_type ?? null,
  };
}

/** "Music · Nursery A · Tara Menon": a lesson named for a list or a button. */
export const lessonLabel = (lesson: Pick<TimetableLesson, 'subject_id' | 'class_id' | 'teacher_id'>, names: BoardNames): string =>
  `${names.subject(lesson.subject_id)} · ${names.className(lesson.class_id)} · ${names.teacher(lesson.teacher_id)}`;

/** The ids of the lessons in a conflict left on the board. */
export const conflictedIds = (board: Pick<TimetableBoard, 'conflicts'>): Set<string> =>
  new Set(board.conflicts.filter((c) => c.kind !== 'unplaced').flatMap((c) => c.lesson_ids));

/** Whether a room suits a subject: any room for a subject that needs none, else a room of its kind. */
export const roomSuits = (roomType: string | null, needed: string | null): boolean =>
  needed === null || (roomType ?? '').trim().toLowerCase() === needed.trim().toLowerCase();
