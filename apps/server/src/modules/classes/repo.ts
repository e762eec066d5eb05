import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
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

type ClassFilter = { onlyForUserId?: string | null; includeArchived?: boolean; ids?: string[] };

/** Classes of one school: all of them, or only those the staff member is assigned to. */
export async function listSchoolClasses(q: Queryable, schoolId: string, filter: ClassFilter | string | null = {}) {
  const f: ClassFilter = typeof filter === 'object' && filter !== null ? filter : { onlyForUserId: filter };
  const conditions = [eq(classes.schoolId, schoolId)];
  if (!f.includeArchived) conditions.push(isNull(classes.archivedAt));
  if (f.ids) conditions.push(inArray(classes.id, f.ids.length ? f.ids : ['']));
  const base = q
    .select({ cls: classes, schoolName: schools.name, divisionName: divisions.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .leftJoin(divisions, eq(divisions.id, classes.divisionId));
  const rows = f.onlyForUserId
    ? await base
        .innerJoin(classStaff, and(eq(classStaff.classId, classes.id), eq(classStaff.userId, f.onlyForUserId)))
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

export async function findClass(q: Queryable, schoolId: string, classId: string) {
  const [row] = await listSchoolClasses(q, schoolId, { includeArchived: true, ids: [classId] });
  return row ?? null;
}

export async function isAssigned(q: Queryable, classId: string, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ c: classStaff.classId })
    .from(classStaff)
    .where(and(eq(classStaff.classId, classId), eq(classStaff.userId, userId)))
    .limit(1);
  return !!row;
}

export async function classStudentsOf(q: Queryable, classIds: string[]) {
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
    .where(inArray(classStudents.classId, classIds))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

export async function classStaffOf(q: Queryable, classIds: string[]) {
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
    .where(and(inArray(classStaff.classId, classIds), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName));
}

export const insertClass = (q: Queryable, row: typeof classes.$inferInsert) => q.insert(classes).values(row);
export const updateClass = (q: Queryable, id: string, set: Partial<typeof classes.$inferInsert>) =>
  q.update(classes).set(set).where(eq(classes.id, id));

export async function findClassByName(q: Queryable, schoolId: string, name: string) {
  const [row] = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt), sql`lower(${classes.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

export async function assignStaff(q: Queryable, pairs: { classId: string; userId: string }[]): Promise<void> {
  if (pairs.length) await q.insert(classStaff).values(pairs).onConflictDoNothing();
}

/** Classes of a school whose ids are all given; returns the ids found. */
export async function existingClassIds(q: Queryable, schoolId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, ids), isNull(classes.archivedAt)));
  return rows.map((r) => r.id);
}
