import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  divisions,
  memberships,
  roles,
  schools,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * Every query is of the caller's school: `staffSchool(scope)` (or the schools the caller is staff of,
 * for the class selector) in the WHERE clause.
 */

type ClassFilter = { onlyTaught?: boolean; includeArchived?: boolean; ids?: string[]; schoolId?: string };

/**
 * Classes of the caller's school (or, for the class selector, of another school the caller is staff
 * of: `schoolId`): all of them, or only those the caller is assigned to.
 */
export async function listSchoolClasses(scope: Scope, q: Queryable, f: ClassFilter = {}) {
  const schoolId = f.schoolId ?? staffSchool(scope);
  const conditions = [eq(classes.schoolId, schoolId)];
  // Another school than the scope's: only one the caller is staff of.
  if (f.schoolId && f.schoolId !== scope.schoolId)
    conditions.push(
      sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${scope.userId} and ${memberships.schoolId} = ${f.schoolId})`,
    );
  if (!f.includeArchived) conditions.push(isNull(classes.archivedAt));
  if (f.ids) conditions.push(inArray(classes.id, f.ids.length ? f.ids : ['']));
  const base = q
    .select({ cls: classes, schoolName: schools.name, divisionName: divisions.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .leftJoin(divisions, eq(divisions.id, classes.divisionId));
  const rows = f.onlyTaught
    ? await base
        .innerJoin(classStaff, and(eq(classStaff.classId, classes.id), eq(classStaff.userId, scope.userId)))
        .where(and(...conditions))
        .orderBy(asc(classes.name))
    : await base.where(and(...conditions)).orderBy(asc(classes.name));
  if (rows.length === 0) return [];
  const counts = await q
    .select({ classId: classStudents.classId, n: count() })
    .from(classStudents)
    .where(
      inArray(
        classStudents.classId,
        rows.map((r) => r.cls.id),
      ),
    )
    .groupBy(classStudents.classId);
  const byClass = new Map(counts.map((c) => [c.classId, Number(c.n)]));
  return rows.map((r) => ({ ...r, studentCount: byClass.get(r.cls.id) ?? 0 }));
}
export type ClassRow = Awaited<ReturnType<typeof listSchoolClasses>>[number];

export async function findClass(scope: Scope, q: Queryable, classId: string) {
  const [row] = await listSchoolClasses(scope, q, { includeArchived: true, ids: [classId] });
  return row ?? null;
}

/** The students of classes of the caller's school. */
export async function classStudentsOf(scope: Scope, q: Queryable, classIds: string[]) {
  if (classIds.length === 0) return [];
  return q
    .select({
      classId: classStudents.classId,
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      picture: students.profilePicture,
    })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(inArray(classStudents.classId, classIds), eq(students.schoolId, staffSchool(scope))))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

/** The staff of classes of the caller's school, with their role there. */
export async function classStaffOf(scope: Scope, q: Queryable, classIds: string[]) {
  if (classIds.length === 0) return [];
  return q
    .select({
      classId: classStaff.classId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      picture: users.staffProfilePicture,
      role: roles.name,
    })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .innerJoin(users, eq(users.id, classStaff.userId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.schoolId, classes.schoolId)))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(classes.schoolId, staffSchool(scope)), inArray(classStaff.classId, classIds), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName));
}

export async function insertClass(scope: Scope, q: Queryable, row: Omit<typeof classes.$inferInsert, 'schoolId'>) {
  await q.insert(classes).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateClass(scope: Scope, q: Queryable, id: string, set: Partial<typeof classes.$inferInsert>) {
  await q
    .update(classes)
    .set(set)
    .where(and(eq(classes.id, id), eq(classes.schoolId, staffSchool(scope))));
}

/** Assigns staff to classes of the caller's school (pairs of another school's classes are left out). */
export async function assignStaff(scope: Scope, q: Queryable, pairs: { classId: string; userId: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const own = new Set(await existingClassIds(scope, q, [...new Set(pairs.map((p) => p.classId))]));
  const mine = pairs.filter((p) => own.has(p.classId));
  if (mine.length) await q.insert(classStaff).values(mine).onConflictDoNothing();
}

/**
 * Which of these classes (not archived) are of the scope's school. Takes the school part of a scope:
 * an invitation accepted from another school's session files the person into the inviting school's classes.
 */
export async function existingClassIds(scope: Pick<Scope, 'schoolId'>, q: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0 || !scope.schoolId) return [];
  const rows = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, scope.schoolId), inArray(classes.id, ids), isNull(classes.archivedAt)));
  return rows.map((r) => r.id);
}
