import { and, asc, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import {
  attendanceRecords,
  calendarEvents,
  classes,
  classStudents,
  excusals,
  students,
  users,
} from '../../platform/db/schema.js';

export interface DayView {
  /** Marks written for the day. */
  records: { studentId: string; status: string }[];
  completedAt: string | null;
  completedBy: { id: string; firstName: string; lastName: string } | null;
  holiday: { id: string; title: string } | null;
  /** Children with an approved excusal covering the day. */
  excused: string[];
}

/** Everything the attendance page shows of a class's day, in one statement (one round trip). */
export async function dayView(q: Queryable, schoolId: string, classId: string, date: string): Promise<DayView> {
  const result = await q.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('studentId', r.student_id, 'status', r.status)), '[]'::json)
         from attendance_records r where r.class_id = ${classId} and r.date = ${date}::date) as records,
      (select json_build_object('completedAt', d.completed_at, 'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
         from attendance_days d left join users u on u.id = d.completed_by
         where d.class_id = ${classId} and d.date = ${date}::date) as day,
      (select json_build_object('id', e.id, 'title', e.title)
         from calendar_events e
         where e.school_id = ${schoolId} and e.is_holiday and e.start_date <= ${date}::date and e.end_date >= ${date}::date
           and (e.class_id is null or e.class_id = ${classId})
         order by e.start_date limit 1) as holiday,
      (select coalesce(json_agg(distinct x.student_id), '[]'::json)
         from excusals x
         where x.class_id = ${classId} and x.status = 'approved' and x.from_date <= ${date}::date and x.to_date >= ${date}::date) as excused`);
  const [row] = (
    result as unknown as {
      rows: {
        records: DayView['records'];
        day: { completedAt: string | null; id: string | null; firstName: string; lastName: string } | null;
        holiday: DayView['holiday'];
        excused: string[];
      }[];
    }
  ).rows;
  const day = row?.day ?? null;
  return {
    records: row?.records ?? [],
    completedAt: day?.completedAt ? new Date(day.completedAt).toISOString() : null,
    completedBy: day?.completedAt && day.id ? { id: day.id, firstName: day.firstName, lastName: day.lastName } : null,
    holiday: row?.holiday ?? null,
    excused: row?.excused ?? [],
  };
}

export async function rosterIds(q: Queryable, classId: string): Promise<string[]> {
  const rows = await q
    .select({ id: students.id })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(eq(classStudents.classId, classId))
    .orderBy(asc(students.firstName), asc(students.lastName));
  return rows.map((r) => r.id);
}

/** Writes marks: NA removes the row; others insert or replace it. */
export async function writeMarks(
  q: Queryable,
  classId: string,
  date: string,
  marks: { studentId: string; status: string }[],
  by: string,
  now: Date,
) {
  const clear = marks.filter((m) => m.status === 'NA').map((m) => m.studentId);
  const set = marks.filter((m) => m.status !== 'NA');
  if (clear.length)
    await q
      .delete(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.classId, classId),
          eq(attendanceRecords.date, date),
          inArray(attendanceRecords.studentId, clear),
        ),
      );
  if (set.length)
    await q
      .insert(attendanceRecords)
      .values(set.map((m) => ({ classId, studentId: m.studentId, date, status: m.status, updatedBy: by, updatedAt: now })))
      .onConflictDoUpdate({
        target: [attendanceRecords.classId, attendanceRecords.studentId, attendanceRecords.date],
        set: { status: sql`excluded.status`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
      });
}

/**
 * Writes a day's marks and its completion in one statement: atomic without a transaction, and the
 * rows are locked only while it runs, so teachers saving at the same time queue for a moment only.
 * NA removes a mark; the last write of each student's mark wins.
 */
export async function saveDay(
  q: Queryable,
  input: {
    classId: string;
    date: string;
    marks: { studentId: string; status: string }[];
    by: string;
    completedBy: string | null;
    now: Date;
  },
) {
  const { classId, date, by, completedBy, now } = input;
  const clear = input.marks.filter((m) => m.status === 'NA').map((m) => ({ student_id: m.studentId }));
  const set = input.marks.filter((m) => m.status !== 'NA').map((m) => ({ student_id: m.studentId, status: m.status }));
  const completedAt = completedBy ? now : null;
  await q.execute(sql`
    with cleared as (
      delete from attendance_records
      where class_id = ${classId} and date = ${date}
        and student_id in (select student_id from jsonb_to_recordset(${JSON.stringify(clear)}::jsonb) as c(student_id varchar))
    ), written as (
      insert into attendance_records (class_id, student_id, date, status, updated_by, updated_at)
      select ${classId}, s.student_id, ${date}::date, s.status, ${by}, ${now}
      from jsonb_to_recordset(${JSON.stringify(set)}::jsonb) as s(student_id varchar, status varchar)
      on conflict (class_id, student_id, date)
      do update set status = excluded.status, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    )
    insert into attendance_days (class_id, date, completed_by, completed_at, updated_at)
    values (${classId}, ${date}::date, ${completedBy}, ${completedAt}, ${now})
    on conflict (class_id, date)
    do update set completed_by = excluded.completed_by, completed_at = excluded.completed_at, updated_at = excluded.updated_at`);
}

/** Holidays of the school or the class that touch the range. */
export async function holidays(q: Queryable, schoolId: string, classId: string | null, from: string, to: string) {
  return q
    .select({
      id: calendarEvents.id,
      title: calendarEvents.title,
      startDate: calendarEvents.startDate,
      endDate: calendarEvents.endDate,
    })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.schoolId, schoolId),
        eq(calendarEvents.isHoliday, true),
        lte(calendarEvents.startDate, to),
        gte(calendarEvents.endDate, from),
        classId ? or(isNull(calendarEvents.classId), eq(calendarEvents.classId, classId)) : isNull(calendarEvents.classId),
      ),
    );
}

/** A student's marks over a range across all their classes. */
export async function studentRecords(q: Queryable, studentId: string, from: string, to: string) {
  return q
    .select({ date: attendanceRecords.date, status: attendanceRecords.status, classId: attendanceRecords.classId })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.studentId, studentId), between(attendanceRecords.date, from, to)))
    .orderBy(asc(attendanceRecords.date));
}

/** A child's approved excusals that overlap a range (their days count as excused where nothing was marked). */
export async function approvedExcusals(q: Queryable, studentId: string, from: string, to: string) {
  return q
    .select({ from: excusals.fromDate, to: excusals.toDate })
    .from(excusals)
    .where(
      and(
        eq(excusals.studentId, studentId),
        eq(excusals.status, 'approved'),
        lte(excusals.fromDate, to),
        gte(excusals.toDate, from),
      ),
    );
}

export async function classesOfStudent(q: Queryable, studentId: string) {
  return q
    .select({ id: classes.id, schoolId: classes.schoolId, days: classes.days })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(eq(classStudents.studentId, studentId));
}

/** Marks of many classes over a range, for the dashboard. */
export async function marksForClasses(q: Queryable, classIds: string[], from: string, to: string) {
  if (classIds.length === 0) return [];
  return q
    .select({
      classId: attendanceRecords.classId,
      studentId: attendanceRecords.studentId,
      date: attendanceRecords.date,
      status: attendanceRecords.status,
    })
    .from(attendanceRecords)
    .where(and(inArray(attendanceRecords.classId, classIds), between(attendanceRecords.date, from, to)));
}

/** A person's name, for "completed by". */
export async function userName(q: Queryable, userId: string) {
  const [row] = await q
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
