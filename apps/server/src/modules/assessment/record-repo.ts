import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  assessmentPeriods,
  classes,
  classStudents,
  hpcCards,
  reportEntries,
  reportSets,
  students,
} from '../../platform/db/schema.js';
import { staffSchoolId } from './repo.js';

/*
 * What the child's record reads of this module's own tables besides the gradebook and reflections:
 * progress cards and shared report cards (read only; their services own the writing). The staff
 * caller's school is in every WHERE.
 */

/** The child, with the first of the child's classes in the school. */
export async function child(scope: Scope, q: Queryable, studentId: string) {
  const [row] = await q
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      picture: students.profilePicture,
      classId: classes.id,
      className: classes.name,
    })
    .from(students)
    .leftJoin(classStudents, eq(classStudents.studentId, students.id))
    .leftJoin(classes, and(eq(classes.id, classStudents.classId), eq(classes.schoolId, students.schoolId)))
    .where(and(eq(students.schoolId, staffSchoolId(scope)), eq(students.id, studentId)))
    .orderBy(asc(classes.name))
    .limit(1);
  return row;
}

/** The child's progress cards last changed fromIso..toIso (by day), newest first, with their period. */
export async function hpcCardsOf(scope: Scope, q: Queryable, studentId: string, fromIso: string, toIso: string) {
  return q
    .select({
      id: hpcCards.id,
      periodId: hpcCards.periodId,
      periodName: assessmentPeriods.name,
      ratings: hpcCards.ratings,
      narrative: hpcCards.narrative,
      status: hpcCards.status,
      updatedAt: hpcCards.updatedAt,
    })
    .from(hpcCards)
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, hpcCards.periodId))
    .where(
      and(
        eq(hpcCards.schoolId, staffSchoolId(scope)),
        eq(hpcCards.studentId, studentId),
        sql`(${hpcCards.updatedAt})::date between ${fromIso} and ${toIso}`,
      ),
    )
    .orderBy(desc(hpcCards.updatedAt));
}

/** The child's report cards shared with the family fromIso..toIso (by the day shared), newest first. */
export async function sharedReportsOf(scope: Scope, q: Queryable, studentId: string, fromIso: string, toIso: string) {
  return q
    .select({
      id: reportEntries.id,
      periodName: assessmentPeriods.name,
      comments: reportEntries.comments,
      teacherNote: reportEntries.teacherNote,
      sharedAt: reportSets.sharedAt,
    })
    .from(reportEntries)
    .innerJoin(reportSets, eq(reportSets.id, reportEntries.setId))
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, reportSets.periodId))
    .where(
      and(
        eq(reportEntries.schoolId, staffSchoolId(scope)),
        eq(reportSets.schoolId, staffSchoolId(scope)),
        eq(reportEntries.studentId, studentId),
        eq(reportSets.status, 'shared'),
        sql`(${reportSets.sharedAt})::date between ${fromIso} and ${toIso}`,
      ),
    )
    .orderBy(desc(reportSets.sharedAt));
}
