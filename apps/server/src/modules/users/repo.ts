import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStudents,
  memberships,
  parentChildren,
  parents,
  roles,
  schools,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * Who a person is, read for themselves: the scope here is the person (their user id and, for staff,
 * the school they act in), also right after sign-in, before a request's scope is built.
 */

/** The person's staff record in the scope's school. */
export async function loadStaffRecord(scope: Pick<Scope, 'userId' | 'schoolId'>, q: Queryable) {
  const { userId } = scope;
  const schoolId = scope.schoolId ?? '';
  const [row] = await q
    .select({
      user: users,
      school: { id: schools.id, name: schools.name, editorDirection: schools.editorDirection },
      role: { isAdmin: roles.isAdmin, isSuperAdmin: roles.isSuperAdmin },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}
export type StaffRecord = NonNullable<Awaited<ReturnType<typeof loadStaffRecord>>>;

/** The person's parent record with their children (in any school). */
export async function loadParentRecord(scope: Pick<Scope, 'userId'>, q: Queryable) {
  const { userId } = scope;
  const [row] = await q
    .select({ user: users, parent: parents })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parents.userId, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const children = await q
    .select({
      student: {
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        profilePicture: students.profilePicture,
      },
      classId: classes.id,
      className: classes.name,
      school: { id: schools.id, name: schools.name, editorDirection: schools.editorDirection },
    })
    .from(parentChildren)
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .leftJoin(classStudents, eq(classStudents.studentId, students.id))
    .leftJoin(classes, and(eq(classes.id, classStudents.classId), isNull(classes.archivedAt)))
    .leftJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(parentChildren.parentId, row.parent.id))
    .orderBy(asc(students.firstName), asc(students.id), sql`${classes.name} nulls last`);
  return { ...row, children };
}
export type ParentRecord = NonNullable<Awaited<ReturnType<typeof loadParentRecord>>>;

/** The permissions of the person's role in the scope's school (what their scope is built from). */
export async function loadRolePermissions(scope: Pick<Scope, 'userId' | 'schoolId'>, q: Queryable): Promise<string[]> {
  const { userId } = scope;
  const schoolId = scope.schoolId ?? '';
  const [row] = await q
    .select({ permissions: roles.permissions })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)))
    .limit(1);
  return row?.permissions ?? [];
}

/** Whether a person is staff (not removed) of the scope's school. */
export async function isStaffOfSchool(scope: Pick<Scope, 'schoolId'>, q: Queryable, userId: string): Promise<boolean> {
  const schoolId = scope.schoolId ?? '';
  const [row] = await q
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId), isNull(users.deletedAt)))
    .limit(1);
  return !!row;
}
