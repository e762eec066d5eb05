import { and, asc, between, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import {
  attendanceDays,
  attendanceRecords,
  calendarEvents,
  classes,
  classStudents,
  excusals,
  students,
  users,
} from '../../platform/db/schema.js';

export async function recordsFor(q: Queryable, classId: string, from: string, to: string, studentIds?: string[]) {
  return q
    .select()
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.classId, classId),
        between(attendanceRecords.date, from, to),
        studentIds ? inArray(attendanceRecords.studentId, studentIds.length ? studentIds : ['']) : undefined,
      ),
    );
}

export async function dayOf(q: Queryable, classId: string, date: string) {
  const [row] = await q
    .select({ day: attendanceDays, by: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(attendanceDays)
    .leftJoin(users, eq(users.id, attendanceDays.completedBy))
    .where(and(eq(attendanceDays.classId, classId), eq(attendanceDays.date, date)))
    .limit(1);
  return row ?? null;
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

export async function approvedExcusals(q: Queryable, classId: string, from: string, to: string) {
  return q
    .select({ studentId: excusals.studentId, fromDate: excusals.fromDate, toDate: excusals.toDate })
    .from(excusals)
    .where(
      and(eq(excusals.classId, classId), eq(excusals.status, 'approved'), lte(excusals.fromDate, to), gte(excusals.toDate, from)),
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
