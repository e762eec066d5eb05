import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
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

/** The staff account behind a phone number, with the school it starts in (its first membership). */
export async function findStaffByPhone(q: Queryable, phone: string) {
  const [row] = await q
    .select({ userId: users.id, schoolId: memberships.schoolId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row ?? null;
}

export async function findParentByPhone(q: Queryable, phone: string) {
  const [row] = await q
    .select({ userId: users.id, parentId: parents.id })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(or(eq(parents.primaryPhone, phone), eq(users.phone, phone)), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function isPhoneRegistered(q: Queryable, phone: string): Promise<boolean> {
  const [staff, parent] = await Promise.all([findStaffByPhone(q, phone), findParentByPhone(q, phone)]);
  return staff !== null || parent !== null;
}

export async function loadStaffRecord(q: Queryable, userId: string, schoolId: string) {
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

export async function loadParentRecord(q: Queryable, userId: string) {
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

export async function loadRolePermissions(q: Queryable, userId: string, schoolId: string): Promise<string[]> {
  const [row] = await q
    .select({ permissions: roles.permissions })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)))
    .limit(1);
  return row?.permissions ?? [];
}

export async function findStaffByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({ userId: users.id, schoolId: memberships.schoolId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row ?? null;
}

export async function findParentByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({ userId: users.id, parentId: parents.id })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(
      and(
        or(sql`lower(${parents.primaryEmail}) = lower(${email})`, sql`lower(${users.email}) = lower(${email})`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isStaffOfSchool(q: Queryable, userId: string, schoolId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId), isNull(users.deletedAt)))
    .limit(1);
  return !!row;
}
