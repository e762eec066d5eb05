import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { classStaff, classStudents, memberships, parentChildren, parents, students, users } from '../../platform/db/schema.js';

export async function findParentIdOfUser(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.select({ id: parents.id }).from(parents).where(eq(parents.userId, userId)).limit(1);
  return row?.id ?? null;
}

export async function parentHasChild(q: Queryable, parentId: string, studentId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: parentChildren.studentId })
    .from(parentChildren)
    .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.studentId, studentId)))
    .limit(1);
  return !!row;
}

/** The student if it belongs to the school: in one of the staff member's classes unless `anyClass`. */
export async function studentForStaff(q: Queryable, studentId: string, schoolId: string, userId: string, anyClass: boolean) {
  const base = q
    .select({ id: students.id, profilePicture: students.profilePicture })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)))
    .limit(1);
  if (anyClass) return (await base)[0] ?? null;
  const [row] = await q
    .select({ id: students.id, profilePicture: students.profilePicture })
    .from(students)
    .innerJoin(classStudents, eq(classStudents.studentId, students.id))
    .innerJoin(classStaff, and(eq(classStaff.classId, classStudents.classId), eq(classStaff.userId, userId)))
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function setCurrentChild(q: Queryable, parentId: string, studentId: string): Promise<void> {
  await q.update(parents).set({ currentChildId: studentId }).where(eq(parents.id, parentId));
}

export async function getPictures(q: Queryable, userId: string) {
  const [user] = await q.select({ staff: users.staffProfilePicture }).from(users).where(eq(users.id, userId));
  const [parent] = await q.select({ parent: parents.profilePicture }).from(parents).where(eq(parents.userId, userId));
  return [user?.staff, parent?.parent].filter((p): p is string => !!p);
}

export async function setStaffPicture(q: Queryable, userId: string, url: string): Promise<string | null> {
  const [before] = await q.select({ url: users.staffProfilePicture }).from(users).where(eq(users.id, userId));
  await q.update(users).set({ staffProfilePicture: url }).where(eq(users.id, userId));
  return before?.url ?? null;
}

export async function setParentPicture(q: Queryable, parentId: string, url: string): Promise<string | null> {
  const [before] = await q.select({ url: parents.profilePicture }).from(parents).where(eq(parents.id, parentId));
  await q.update(parents).set({ profilePicture: url }).where(eq(parents.id, parentId));
  return before?.url ?? null;
}

export async function setStudentPicture(q: Queryable, studentId: string, url: string): Promise<void> {
  await q.update(students).set({ profilePicture: url }).where(eq(students.id, studentId));
}

/** Parents linked to a student (their user ids), to refresh what they see. */
export async function parentUserIdsOf(q: Queryable, studentId: string): Promise<string[]> {
  const rows = await q
    .select({ userId: parents.userId })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .where(eq(parentChildren.studentId, studentId));
  return rows.map((r) => r.userId);
}

/**
 * Removes a person's sign-in and personal data. The users row stays, emptied, so that what the school
 * must keep (attendance and other records) still points at a "removed user".
 */
export async function anonymiseUser(q: Queryable, userId: string, now: Date): Promise<void> {
  const parentIds = (await q.select({ id: parents.id }).from(parents).where(eq(parents.userId, userId))).map((r) => r.id);
  if (parentIds.length > 0) {
    await q.delete(parentChildren).where(inArray(parentChildren.parentId, parentIds));
    await q
      .update(parents)
      .set({ primaryEmail: null, primaryPhone: null, profilePicture: null, currentChildId: null })
      .where(inArray(parents.id, parentIds));
  }
  await q.delete(classStaff).where(eq(classStaff.userId, userId));
  await q.delete(memberships).where(eq(memberships.userId, userId));
  await q
    .update(users)
    .set({ firstName: 'Removed', lastName: 'user', email: null, phone: null, staffProfilePicture: null, deletedAt: now })
    .where(eq(users.id, userId));
}
