import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { calendarEvents, classes, classStudents } from '../../platform/db/schema.js';

/*
 * Every query carries the caller's scope: staff read and write their school's events; a parent reads
 * the school-wide events of their children's schools and the events of their children's classes.
 */

export type EventRow = typeof calendarEvents.$inferSelect;

/** What the caller sees of the calendar: for staff, school-wide events and those of `classIds` (all when null). */
async function visible(scope: Scope, q: Queryable, classIds: string[] | null): Promise<SQL | undefined> {
  if (scope.kind === 'staff')
    return and(
      eq(calendarEvents.schoolId, staffSchool(scope)),
      classIds
        ? or(isNull(calendarEvents.classId), classIds.length ? inArray(calendarEvents.classId, classIds) : undefined)
        : undefined,
    );
  const kids = [...(await scope.childIds())];
  if (kids.length === 0) return undefined;
  const theirs = await q
    .select({ classId: classStudents.classId, schoolId: classes.schoolId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(inArray(classStudents.studentId, kids));
  if (theirs.length === 0) return undefined;
  return or(
    and(inArray(calendarEvents.schoolId, [...new Set(theirs.map((k) => k.schoolId))]), isNull(calendarEvents.classId)),
    inArray(
      calendarEvents.classId,
      theirs.map((k) => k.classId),
    ),
  );
}

/** Events that touch the range, with their class's name. */
export async function listEvents(scope: Scope, q: Queryable, from: string, to: string, classIds: string[] | null) {
  const where = await visible(scope, q, classIds);
  if (!where) return [];
  return q
    .select({ e: calendarEvents, className: classes.name })
    .from(calendarEvents)
    .leftJoin(classes, eq(classes.id, calendarEvents.classId))
    .where(and(where, lte(calendarEvents.startDate, to), gte(calendarEvents.endDate, from)))
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.title));
}

export async function findEvent(scope: Scope, q: Queryable, id: string): Promise<EventRow | null> {
  const [row] = await q
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.schoolId, staffSchool(scope))))
    .limit(1);
  return row ?? null;
}

export async function insertEvent(scope: Scope, q: Queryable, row: Omit<typeof calendarEvents.$inferInsert, 'schoolId'>) {
  await q.insert(calendarEvents).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateEvent(scope: Scope, q: Queryable, id: string, set: Partial<typeof calendarEvents.$inferInsert>) {
  await q
    .update(calendarEvents)
    .set(set)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.schoolId, staffSchool(scope))));
}

export async function deleteEvent(scope: Scope, q: Queryable, id: string) {
  await q.delete(calendarEvents).where(and(eq(calendarEvents.id, id), eq(calendarEvents.schoolId, staffSchool(scope))));
}

/** The days (ISO) of the school's holidays, and the class's, that touch the range, as [start, end] pairs. */
export async function holidayRanges(scope: Scope, q: Queryable, classId: string | null, from: string, to: string) {
  return q
    .select({ start: calendarEvents.startDate, end: calendarEvents.endDate, name: calendarEvents.title })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.schoolId, staffSchool(scope)),
        eq(calendarEvents.isHoliday, true),
        classId ? or(isNull(calendarEvents.classId), eq(calendarEvents.classId, classId)) : isNull(calendarEvents.classId),
        lte(calendarEvents.startDate, to),
        gte(calendarEvents.endDate, from),
      ),
    );
}
