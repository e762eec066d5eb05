import { and, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { classStaff, memberships, parentChildren, parents, students, users } from '../../platform/db/schema.js';

/*
 * A person's own account: every function acts on the scope's person (their parent record, their
 * pictures, their deletion), or on a child the service has checked with requireAccess first.
 */

/** Makes one of the scope's parent's children their current child. */
export async function setCurrentChild(scope: Scope, q: Queryable, studentId: string): Promise<void> {
  const parentId = await scope.parentId();
  if (!parentId) return;
  await q.update(parents).set({ currentChildId: studentId }).where(eq(parents.id, parentId));
}

/** The person's own pictures (staff and parent). */
export async function getPictures(scope: Scope, q: Queryable) {
  const [user] = await q.select({ staff: users.staffProfilePicture }).from(users).where(eq(users.id, scope.userId));
  const [parent] = await q.select({ parent: parents.profilePicture }).from(parents).where(eq(parents.userId, scope.userId));
  return [user?.staff, parent?.parent].filter((p): p is string => !!p);
}

/** Sets the person's staff picture; returns the one it replaced. */
export async function setStaffPicture(scope: Scope, q: Queryable, url: string): Promise<string | null> {
  const [before] = await q.select({ url: users.staffProfilePicture }).from(users).where(eq(users.id, scope.userId));
  await q.update(users).set({ staffProfilePicture: url }).where(eq(users.id, scope.userId));
  return before?.url ?? null;
}

/** Sets the scope's parent's picture; returns the one it replaced. */
export async function setParentPicture(scope: Scope, q: Queryable, url: string): Promise<string | null> {
  const parentId = await scope.parentId();
  if (!parentId) return null;
  const [before] = await q.select({ url: parents.profilePicture }).from(parents).where(eq(parents.id, parentId));
  await q.update(parents).set({ profilePicture: url }).where(eq(parents.id, parentId));
  return before?.url ?? null;
}

/** Sets a child's picture (a child the caller was allowed to touch: `requireAccess(scope, 'child', …)`). */
export async function setStudentPicture(scope: Scope, q: Queryable, studentId: string, url: string): Promise<void> {
  const inScope =
    scope.kind === 'parent'
      ? inArray(students.id, [...(await scope.childIds())].concat(''))
      : eq(students.schoolId, scope.schoolId ?? '');
  await q
    .update(students)
    .set({ profilePicture: url })
    .where(and(eq(students.id, studentId), inScope));
}

/** Parents linked to a child (their user ids), to refresh what they see. */
export async function parentUserIdsOf(scope: Scope, q: Queryable, studentId: string): Promise<string[]> {
  const rows = await q
    .select({ userId: parents.userId })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(
      and(
        eq(parentChildren.studentId, studentId),
        scope.kind === 'parent'
          ? inArray(students.id, [...(await scope.childIds())].concat(''))
          : eq(students.schoolId, scope.schoolId ?? ''),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * Removes the scope's person's sign-in and personal data. The users row stays, emptied, so that what
 * the school must keep (attendance and other records) still points at a "removed user".
 */
export async function anonymiseUser(scope: Scope, q: Queryable, now: Date): Promise<void> {
  const userId = scope.userId;
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
