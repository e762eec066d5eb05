import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { classes, classStaff, classStudents, parentChildren, parents, students } from '../db/schema.js';

/*
 * The reads that build a scope, so they cannot take one: who the person is in their school (the
 * classes they teach, the parent and their children) and whether objects belong to the school.
 */

export async function taughtClassIds(q: Queryable, schoolId: string, userId: string): Promise<string[]> {
  const rows = await q
    .select({ id: classes.id })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(eq(classStaff.userId, userId), eq(classes.schoolId, schoolId)));
  return rows.map((r) => r.id);
}

export async function parentIdOfUser(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.select({ id: parents.id }).from(parents).where(eq(parents.userId, userId)).limit(1);
  return row?.id ?? null;
}

export async function childIdsOfParent(q: Queryable, parentId: string): Promise<string[]> {
  const rows = await q.select({ id: parentChildren.studentId }).from(parentChildren).where(eq(parentChildren.parentId, parentId));
  return rows.map((r) => r.id);
}

export async function classesInSchool(q: Queryable, schoolId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, [...ids])));
  return rows.map((r) => r.id);
}

/** Each child of these that belongs to the school, with its classes. */
export async function childrenInSchool(q: Queryable, schoolId: string, ids: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (ids.length === 0) return result;
  const rows = await q
    .select({ id: students.id, classId: classStudents.classId })
    .from(students)
    .leftJoin(classStudents, eq(classStudents.studentId, students.id))
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...ids])));
  for (const r of rows) {
    const list = result.get(r.id) ?? [];
    if (r.classId) list.push(r.classId);
    result.set(r.id, list);
  }
  return result;
}

/** The classes these children are in (a family's children's classes). */
export async function classesOfChildren(q: Queryable, childIds: readonly string[]): Promise<string[]> {
  if (childIds.length === 0) return [];
  const rows = await q
    .selectDistinct({ id: classStudents.classId })
    .from(classStudents)
    .where(inArray(classStudents.studentId, [...childIds]));
  return rows.map((r) => r.id);
}
