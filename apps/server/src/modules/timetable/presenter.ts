import type {
  SubjectMapping,
  TimetableDay,
  TimetableLesson,
  TimetableOutline,
  TimetableReason,
  TimetableRun,
  TimetableRunStatus,
  TimetableSubject,
} from '@cue/contract';
import { wireOfMinute } from '../../platform/dates.js';
import type { OutlineDay } from './instance.js';
import type { LessonRow, MappingRow, RunRow, SubjectRow } from './repo.js';

/** The timetable's rows as the wire has them (times as hh:mm A, days as weekday keys). */

export const presentSubject = (x: { row: SubjectRow; classes: number }): TimetableSubject => ({
  _id: x.row.id,
  name: x.row.name,
  room_type: x.row.roomType,
  morning: x.row.morning,
  classes: Number(x.classes),
  abilities: { edit: true, delete: Number(x.classes) === 0 },
});

export const presentMapping = (m: MappingRow): SubjectMapping => ({
  _id: m.id,
  class: { _id: m.classId, name: m.className },
  subject: { _id: m.subjectId, name: m.subjectName },
  teacher: { _id: m.teacherId, name: m.teacherName },
  lessons_per_week: m.lessonsPerWeek,
  double_periods: m.doublePeriods,
});

export function presentOutline(
  schedule: { id: string; name: string } | null,
  afternoonFrom: number,
  share: boolean,
  days: readonly OutlineDay[],
): TimetableOutline {
  return {
    schedule: schedule ? { _id: schedule.id, name: schedule.name } : null,
    afternoon_from: wireOfMinute(afternoonFrom),
    share_with_families: share,
    days: days.map((d) => ({
      day: d.day,
      periods: d.periods.map((p) => ({ period: p.period, name: p.name, start: wireOfMinute(p.start), end: wireOfMinute(p.end) })),
    })),
    total_periods: days.reduce((n, d) => n + d.periods.length, 0),
    abilities: { edit: true },
  };
}

export const presentLesson = (
  l: Pick<
    LessonRow,
    'id' | 'classId' | 'subjectId' | 'teacherId' | 'mappingId' | 'length' | 'day' | 'period' | 'roomId' | 'locked'
  >,
): TimetableLesson => ({
  _id: l.id,
  class_id: l.classId,
  subject_id: l.subjectId,
  teacher_id: l.teacherId,
  mapping_id: l.mappingId,
  length: l.length,
  day: l.day === null ? null : (l.day as TimetableDay),
  period: l.day === null ? null : l.period,
  room_id: l.roomId,
  locked: l.locked,
});

export const presentRun = (row: RunRow, startedBy: { id: string; name: string } | null): TimetableRun => ({
  _id: row.id,
  mode: row.mode === 'repair' ? 'repair' : 'full',
  status: row.status as TimetableRunStatus,
  progress: row.progress,
  hard: row.hard,
  soft: row.soft,
  seconds: row.seconds,
  elapsed_ms: row.elapsedMs,
  first_feasible_ms: row.firstFeasibleMs,
  reasons: row.reasons as TimetableReason[],
  started_by: startedBy ? { _id: startedBy.id, name: startedBy.name } : null,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
});
