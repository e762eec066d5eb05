import { and, asc, between, desc, eq, exists, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  attendanceRecords,
  calendarEvents,
  classes,
  classStudents,
  excusals,
  memberships,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * Every query carries the caller's scope: staff read and write the classes of their school (the class
 * joined to its school in the WHERE clause); a parent reads their own children's rows only.
 */

const ids = (set: ReadonlySet<string>) => (set.size ? [...set] : ['']);

/** Classes of the staff caller's school (a subquery for `inArray(x.classId, ...)`). */
const schoolClasses = (scope: Scope) =>
  sql`(select ${classes.id} from ${classes} where ${classes.schoolId} = ${staffSchool(scope)})`;

/** The rows of a child the caller may read: of their school's classes for staff, their own children for a parent. */
async function childRows(scope: Scope, classId: AnyPgColumn, studentId: AnyPgColumn): Promise<SQL> {
  if (scope.kind === 'parent') return inArray(studentId, ids(await scope.childIds()));
  return inArray(classId, schoolClasses(scope));
}

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
export async function dayView(scope: Scope, q: Queryable, classId: string, date: string): Promise<DayView> {
  return (await dayViews(scope, q, [classId], date)).get(classId) ?? emptyDay();
}

const emptyDay = (): DayView => ({ records: [], completedAt: null, completedBy: null, holiday: null, excused: [] });

/** The day of each class of the caller's school among `classIds`, in one statement (classes of another school are left out). */
export async function dayViews(scope: Scope, q: Queryable, classIds: string[], date: string): Promise<Map<string, DayView>> {
  const schoolId = staffSchool(scope);
  const views = new Map<string, DayView>();
  if (classIds.length === 0) return views;
  const result = await q.execute(sql`
    select
      c.id,
      (select coalesce(json_agg(json_build_object('studentId', r.student_id, 'status', r.status)), '[]'::json)
         from attendance_records r where r.class_id = c.id and r.date = ${date}::date) as records,
      (select json_build_object('completedAt', d.completed_at, 'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
         from attendance_days d left join users u on u.id = d.completed_by
         where d.class_id = c.id and d.date = ${date}::date) as day,
      (select json_build_object('id', e.id, 'title', e.title)
         from calendar_events e
         where e.school_id = ${schoolId} and e.is_holiday and e.start_date <= ${date}::date and e.end_date >= ${date}::date
           and (e.class_id is null or e.class_id = c.id)
         order by e.start_date limit 1) as holiday,
      (select coalesce(json_agg(distinct x.student_id), '[]'::json)
         from excusals x
         where x.class_id = c.id and x.status = 'approved' and x.from_date <= ${date}::date and x.to_date >= ${date}::date) as excused
    from classes c
    where c.id in (${sql.join(
      classIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and c.school_id = ${schoolId}`);
  for (const row of (
    result as unknown as {
      rows: {
        id: string;
        records: DayView['records'];
        day: { completedAt: string | null; id: string | null; firstName: string; lastName: string } | null;
        holiday: DayView['holiday'];
        excused: string[];
      }[];
    }
  ).rows) {
    const day = row.day;
    views.set(row.id, {
      records: row.records ?? [],
      completedAt: day?.completedAt ? new Date(day.completedAt).toISOString() : null,
      completedBy: day?.completedAt && day.id ? { id: day.id, firstName: day.firstName, lastName: day.lastName } : null,
      holiday: row.holiday ?? null,
      excused: row.excused ?? [],
    });
  }
  return views;
}

/** Writes marks of a class of the caller's school: NA removes the row; others insert or replace it. */
export async function writeMarks(
  scope: Scope,
  q: Queryable,
  classId: string,
  date: string,
  marks: { studentId: string; status: string }[],
  by: string,
  now: Date,
) {
  const schoolId = staffSchool(scope);
  const clear = marks.filter((m) => m.status === 'NA').map((m) => ({ student_id: m.studentId }));
  const set = marks.filter((m) => m.status !== 'NA').map((m) => ({ student_id: m.studentId, status: m.status }));
  await q.execute(sql`
    with c as (select id from classes where id = ${classId} and school_id = ${schoolId}), cleared as (
      delete from attendance_records
      where class_id in (select id from c) and date = ${date}
        and student_id in (select student_id from jsonb_to_recordset(${JSON.stringify(clear)}::jsonb) as c(student_id varchar))
    )
    insert into attendance_records (class_id, student_id, date, status, updated_by, updated_at)
    select c.id, s.student_id, ${date}::date, s.status, ${by}, ${now}
    from jsonb_to_recordset(${JSON.stringify(set)}::jsonb) as s(student_id varchar, status varchar), c
    on conflict (class_id, student_id, date)
    do update set status = excluded.status, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

/**
 * Writes a day's marks and its completion in one statement: atomic without a transaction, and the
 * rows are locked only while it runs, so teachers saving at the same time queue for a moment only.
 * NA removes a mark; the last write of each student's mark wins.
 */
export async function saveDay(
  scope: Scope,
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
  const schoolId = staffSchool(scope);
  await q.execute(sql`
    with c as (select id from classes where id = ${classId} and school_id = ${schoolId}), cleared as (
      delete from attendance_records
      where class_id in (select id from c) and date = ${date}
        and student_id in (select student_id from jsonb_to_recordset(${JSON.stringify(clear)}::jsonb) as c(student_id varchar))
    ), written as (
      insert into attendance_records (class_id, student_id, date, status, updated_by, updated_at)
      select c.id, s.student_id, ${date}::date, s.status, ${by}, ${now}
      from jsonb_to_recordset(${JSON.stringify(set)}::jsonb) as s(student_id varchar, status varchar), c
      on conflict (class_id, student_id, date)
      do update set status = excluded.status, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    )
    insert into attendance_days (class_id, date, completed_by, completed_at, updated_at)
    select c.id, ${date}::date, ${completedBy}, ${completedAt}::timestamptz, ${now}::timestamptz from c
    on conflict (class_id, date)
    do update set completed_by = excluded.completed_by, completed_at = excluded.completed_at, updated_at = excluded.updated_at`);
}

/**
 * Holidays that touch the range: school-wide ones, and the class's when a class is given. Staff read
 * their school's; a parent reads those of the school of their child's class.
 */
export async function holidays(scope: Scope, q: Queryable, classId: string | null, from: string, to: string, schoolId?: string) {
  let school: SQL;
  if (scope.kind === 'parent') {
    // The school whose calendar is asked must be the school of one of the parent's children.
    const kids = ids(await scope.childIds());
    school = and(
      eq(calendarEvents.schoolId, schoolId ?? ''),
      exists(
        q
          .select({ one: sql`1` })
          .from(classStudents)
          .innerJoin(classes, eq(classes.id, classStudents.classId))
          .where(and(inArray(classStudents.studentId, kids), eq(classes.schoolId, calendarEvents.schoolId))),
      ),
    ) as SQL;
  } else school = eq(calendarEvents.schoolId, staffSchool(scope));
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
        school,
        eq(calendarEvents.isHoliday, true),
        lte(calendarEvents.startDate, to),
        gte(calendarEvents.endDate, from),
        classId ? or(isNull(calendarEvents.classId), eq(calendarEvents.classId, classId)) : isNull(calendarEvents.classId),
      ),
    );
}

/** The holidays of the caller's school on a day: school-wide ones (classId null) and those of one class. */
export async function holidaysOn(scope: Scope, q: Queryable, date: string) {
  return q
    .select({ classId: calendarEvents.classId })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.schoolId, staffSchool(scope)),
        eq(calendarEvents.isHoliday, true),
        lte(calendarEvents.startDate, date),
        gte(calendarEvents.endDate, date),
      ),
    );
}

/** A student's marks over a range across all their classes (of the caller's school; a parent's own child). */
export async function studentRecords(scope: Scope, q: Queryable, studentId: string, from: string, to: string) {
  return q
    .select({ date: attendanceRecords.date, status: attendanceRecords.status, classId: attendanceRecords.classId })
    .from(attendanceRecords)
    .where(
      and(
        await childRows(scope, attendanceRecords.classId, attendanceRecords.studentId),
        eq(attendanceRecords.studentId, studentId),
        between(attendanceRecords.date, from, to),
      ),
    )
    .orderBy(asc(attendanceRecords.date));
}

/** A child's approved excusals that overlap a range (their days count as excused where nothing was marked). */
export async function approvedExcusals(scope: Scope, q: Queryable, studentId: string, from: string, to: string) {
  return q
    .select({ from: excusals.fromDate, to: excusals.toDate })
    .from(excusals)
    .where(
      and(
        await childRows(scope, excusals.classId, excusals.studentId),
        eq(excusals.studentId, studentId),
        eq(excusals.status, 'approved'),
        lte(excusals.fromDate, to),
        gte(excusals.toDate, from),
      ),
    );
}

/** The classes of students: of the caller's school for staff, of their own children for a parent. */
export async function classesOfStudents(scope: Scope, q: Queryable, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return q
    .select({ studentId: classStudents.studentId, id: classes.id, schoolId: classes.schoolId, days: classes.days })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(
      and(
        inArray(classStudents.studentId, studentIds),
        scope.kind === 'parent'
          ? inArray(classStudents.studentId, ids(await scope.childIds()))
          : eq(classes.schoolId, staffSchool(scope)),
      ),
    );
}

/** Marks of classes of the caller's school over a range (of one child, or of one status, when given). */
export async function marksForClasses(
  scope: Scope,
  q: Queryable,
  classIds: string[],
  from: string,
  to: string,
  only: { studentId?: string; status?: string } = {},
) {
  if (classIds.length === 0) return [];
  return q
    .select({
      classId: attendanceRecords.classId,
      studentId: attendanceRecords.studentId,
      date: attendanceRecords.date,
      status: attendanceRecords.status,
    })
    .from(attendanceRecords)
    .where(
      and(
        inArray(attendanceRecords.classId, schoolClasses(scope)),
        inArray(attendanceRecords.classId, classIds),
        between(attendanceRecords.date, from, to),
        only.studentId ? eq(attendanceRecords.studentId, only.studentId) : undefined,
        only.status ? eq(attendanceRecords.status, only.status) : undefined,
      ),
    );
}

/** Which of these classes have their day marked complete (attendance_days with a completion). */
export async function completedClasses(scope: Scope, q: Queryable, classIds: string[], date: string): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await q.execute(sql`
    select d.class_id as id from attendance_days d join classes c on c.id = d.class_id
    where c.school_id = ${staffSchool(scope)} and d.class_id in (select jsonb_array_elements_text(${JSON.stringify(classIds)}::jsonb))
      and d.date = ${date}::date and d.completed_at is not null`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** A staff member of the caller's school by name, for "completed by". */
export async function userName(scope: Scope, q: Queryable, userId: string) {
  const [row] = await q
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.schoolId, staffSchool(scope))))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const decider = alias(users, 'decider');

/** Reported absences with their child and who decided: of the school's classes for staff, of their own children for a parent. */
export async function listExcusals(
  scope: Scope,
  q: Queryable,
  where: { id?: string; classIds?: string[]; studentId?: string; status?: string },
) {
  return q
    .select({
      e: excusals,
      s: { id: students.id, firstName: students.firstName, lastName: students.lastName },
      d: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
    })
    .from(excusals)
    .innerJoin(students, eq(students.id, excusals.studentId))
    .leftJoin(decider, eq(decider.id, excusals.decidedBy))
    .where(
      and(
        await childRows(scope, excusals.classId, excusals.studentId),
        where.id ? eq(excusals.id, where.id) : undefined,
        where.classIds ? inArray(excusals.classId, where.classIds.length ? where.classIds : ['']) : undefined,
        where.studentId ? eq(excusals.studentId, where.studentId) : undefined,
        where.status ? eq(excusals.status, where.status) : undefined,
      ),
    )
    .orderBy(desc(excusals.fromDate), desc(excusals.createdAt));
}
export type ExcusalRow = Awaited<ReturnType<typeof listExcusals>>[number];

/** A parent reports an absence of their own child in one of the child's classes. */
export async function insertExcusal(scope: Scope, q: Queryable, row: typeof excusals.$inferInsert): Promise<boolean> {
  const kids = await scope.childIds();
  if (scope.kind !== 'parent' || !kids.has(row.studentId)) return false;
  await q.insert(excusals).values(row);
  return true;
}

/** Staff decide a reported absence of a class of their school; returns the child, or null when there is none. */
export async function decideExcusal(
  scope: Scope,
  q: Queryable,
  input: { id: string; classId: string; status: string; by: string; at: Date },
): Promise<string | null> {
  const rows = await q
    .update(excusals)
    .set({ status: input.status, decidedBy: input.by, decidedAt: input.at })
    .where(and(inArray(excusals.classId, schoolClasses(scope)), eq(excusals.id, input.id), eq(excusals.classId, input.classId)))
    .returning({ studentId: excusals.studentId });
  return rows[0]?.studentId ?? null;
}

/**
 * One child's arrival mark (drop-off's check-in): written when the child has no mark or one other than
 * present/late, never touching the day's completion. Answers whether a mark was written.
 */
export async function recordArrival(
  scope: Scope,
  q: Queryable,
  input: { classId: string; studentId: string; date: string; status: 'present' | 'late'; by: string | null; now: Date },
): Promise<boolean> {
  const { classId, studentId, date, status, by, now } = input;
  const result = await q.execute(sql`
    with c as (select id from classes where id = ${classId} and school_id = ${staffSchool(scope)})
    insert into attendance_records (class_id, student_id, date, status, updated_by, updated_at)
    select c.id, ${studentId}, ${date}::date, ${status}, ${by}, ${now}::timestamptz from c
    on conflict (class_id, student_id, date)
    do update set status = excluded.status, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    where attendance_records.status not in ('present', 'late')
    returning class_id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
