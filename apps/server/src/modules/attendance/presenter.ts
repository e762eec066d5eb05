import {
  type AttendanceDashboard,
  type AttendanceReport,
  type AttendanceStatus,
  type ClassAttendance,
  ddmmyyyyFromIso,
  type Excusal,
} from '@cue/contract';
import type { DayView, ExcusalRow } from './repo.js';

/*
 * Attendance rows → the contract's shapes. Services work with ISO dates; the wire's DD-MM-YYYY is
 * written here only.
 */

/**
 * What staff who reach a class's day (its staff, class managers) may do with it: mark it unless it is
 * a holiday or still to come; mark it complete while open; reopen it once complete.
 */
export const dayAbilities = (isSaved: boolean, markable: boolean): ClassAttendance['abilities'] => ({
  can_edit: markable,
  can_complete: markable && !isSaved,
  can_reopen: markable && isSaved,
});

/** A class's day as the attendance page shows it (NA when unknown; approved excusals show as excused). */
export function presentDay(view: DayView, roster: string[], iso: string, todayIso: string): ClassAttendance {
  const marks = new Map(view.records.map((r) => [r.studentId, r.status as AttendanceStatus]));
  const excusedIds = new Set(view.excused);
  return {
    date: ddmmyyyyFromIso(iso),
    student_attendance_list: roster.map((id) => ({
      student_id: id,
      attendance_status: marks.get(id) ?? (excusedIds.has(id) ? 'excused' : 'NA'),
    })),
    is_saved: !!view.completedBy,
    completed_by: view.completedBy
      ? { id: view.completedBy.id, first_name: view.completedBy.firstName, last_name: view.completedBy.lastName }
      : null,
    completed_at: view.completedBy ? view.completedAt : null,
    holiday: view.holiday,
    abilities: dayAbilities(!!view.completedBy, !view.holiday && iso <= todayIso),
  };
}

/** A day just written by a save of the whole roster, answered without reading it back. */
export function presentWrittenDay(input: {
  iso: string;
  roster: string[];
  marks: Map<string, string>;
  completer: { id: string; first_name: string; last_name: string } | null;
  completedAt: Date | null;
}): ClassAttendance {
  return {
    date: ddmmyyyyFromIso(input.iso),
    student_attendance_list: input.roster.map((id) => ({
      student_id: id,
      attendance_status: (input.marks.get(id) ?? 'NA') as AttendanceStatus,
    })),
    is_saved: !!input.completer,
    completed_by: input.completer
      ? { id: input.completer.id, first_name: input.completer.first_name, last_name: input.completer.last_name }
      : null,
    completed_at: input.completer && input.completedAt ? input.completedAt.toISOString() : null,
    holiday: null,
    // The day was just written: not a holiday, not in the future.
    abilities: dayAbilities(!!input.completer, true),
  };
}

export const presentBulk = (days: string[], students: number) => ({
  days_updated: days.length,
  students,
  dates: days.map(ddmmyyyyFromIso),
});

export function presentReport(input: {
  studentId: string;
  from: string;
  to: string;
  counts: Record<AttendanceStatus, number>;
  days: { date: string; attendance_status: AttendanceStatus }[];
}): AttendanceReport {
  const { counts } = input;
  const marked = counts.present + counts.late + counts.absent + counts.excused;
  return {
    student_id: input.studentId,
    from: ddmmyyyyFromIso(input.from),
    to: ddmmyyyyFromIso(input.to),
    counts,
    school_days: input.days.length,
    rate: marked ? Number(((counts.present + counts.late) / marked).toFixed(4)) : null,
    days: input.days.map((d) => ({ date: ddmmyyyyFromIso(d.date), attendance_status: d.attendance_status })),
  };
}

/** The share of marked children who came (present or late), or null when nobody was marked. */
export const attendanceRate = (list: { status: string }[]): number | null => {
  const marked = list.filter((m) => m.status !== 'NA');
  return marked.length
    ? Number((marked.filter((m) => m.status === 'present' || m.status === 'late').length / marked.length).toFixed(4))
    : null;
};

export function presentDashboard(input: {
  from: string;
  to: string;
  today: string;
  students: number;
  todayMarks: { status: string }[];
  byWeek: { period: string; list: { status: string }[] }[];
  byMonth: { period: string; list: { status: string }[] }[];
  mostAbsences: AttendanceDashboard['most_absences'];
  classes: { id: string; class_name: string; state: 'complete' | 'taken' | 'unmarked' }[];
}): AttendanceDashboard {
  const { todayMarks } = input;
  const point = (p: { period: string; list: { status: string }[] }) => ({
    period: p.period,
    rate: attendanceRate(p.list),
    marks: p.list.length,
  });
  return {
    from: ddmmyyyyFromIso(input.from),
    to: ddmmyyyyFromIso(input.to),
    today: {
      date: ddmmyyyyFromIso(input.today),
      students: input.students,
      present: todayMarks.filter((m) => m.status === 'present' || m.status === 'late').length,
      absent: todayMarks.filter((m) => m.status === 'absent').length,
      marked: todayMarks.length,
      rate: attendanceRate(todayMarks),
      classes: input.classes.length,
      unmarked_classes: input.classes.filter((c) => c.state === 'unmarked').map((c) => ({ id: c.id, class_name: c.class_name })),
    },
    by_week: input.byWeek.map((p) => point({ ...p, period: ddmmyyyyFromIso(p.period) })),
    by_month: input.byMonth.map(point),
    most_absences: input.mostAbsences,
  };
}

export const presentExcusal = ({ e, s, d }: ExcusalRow): Excusal => ({
  id: e.id,
  student: { id: s.id, first_name: s.firstName, last_name: s.lastName },
  class_id: e.classId,
  from_date: ddmmyyyyFromIso(e.fromDate),
  to_date: ddmmyyyyFromIso(e.toDate),
  reason: e.reason,
  status: e.status as Excusal['status'],
  created_at: e.createdAt.toISOString(),
  decided_by: d?.id ? { id: d.id, first_name: d.firstName ?? '', last_name: d.lastName ?? '' } : null,
});

/** The CSV export's rows (dates as the wire writes them). */
export const presentCsvRow = (m: { date: string; status: string }, who: readonly [string, string, string]) => [
  ddmmyyyyFromIso(m.date),
  who[2],
  who[0],
  who[1],
  m.status,
];
