import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  memberships,
  parentChildren,
  parents,
  roles,
  schools,
  staffInvitations,
  students,
  users,
} from '../../platform/db/schema.js';

// Staff

export async function listStaff(q: Queryable, schoolId: string, onlyUserId?: string) {
  const rows = await q
    .select({
      user: users,
      role: { id: roles.id, name: roles.name },
      names: { firstName: memberships.firstName, lastName: memberships.lastName },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.schoolId, schoolId), isNull(users.deletedAt), onlyUserId ? eq(users.id, onlyUserId) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const ids = rows.map((r) => r.user.id);
  const assigned = ids.length
    ? await q
        .select({ userId: classStaff.userId, id: classes.id, name: classes.name })
        .from(classStaff)
        .innerJoin(classes, eq(classes.id, classStaff.classId))
        .where(and(inArray(classStaff.userId, ids), eq(classes.schoolId, schoolId), isNull(classes.archivedAt)))
        .orderBy(asc(classes.name))
    : [];
  return rows.map((r) => ({ ...r, classes: assigned.filter((a) => a.userId === r.user.id) }));
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

/** The school's open invitations (or one of them), with the role and classes they would give. */
export async function listInvitations(q: Queryable, schoolId: string, onlyId?: string) {
  const rows = await q
    .select({ invitation: staffInvitations, role: { id: roles.id, name: roles.name } })
    .from(staffInvitations)
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .where(
      and(
        eq(staffInvitations.schoolId, schoolId),
        eq(staffInvitations.status, 'pending'),
        onlyId ? eq(staffInvitations.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(staffInvitations.firstName), asc(staffInvitations.lastName));
  const classIds = [...new Set(rows.flatMap((r) => r.invitation.classIds))];
  const named = classIds.length
    ? await q
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .where(and(inArray(classes.id, classIds), eq(classes.schoolId, schoolId), isNull(classes.archivedAt)))
        .orderBy(asc(classes.name))
    : [];
  return rows.map((r) => ({ ...r, classes: named.filter((c) => r.invitation.classIds.includes(c.id)) }));
}
export type InvitationRow = Awaited<ReturnType<typeof listInvitations>>[number];

export async function pendingInvitationOf(q: Queryable, schoolId: string, userId: string) {
  const [row] = await q
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(
      and(eq(staffInvitations.schoolId, schoolId), eq(staffInvitations.userId, userId), eq(staffInvitations.status, 'pending')),
    )
    .limit(1);
  return row ?? null;
}

/** Closes an open invitation of the school (cancelled by the school); false when there is none. */
export async function cancelInvitation(q: Queryable, schoolId: string, id: string, now: Date): Promise<boolean> {
  const rows = await q
    .update(staffInvitations)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.schoolId, schoolId), eq(staffInvitations.status, 'pending')))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

/** A person (not removed) by phone or email, to avoid making the same person twice. */
export async function findUserByContact(q: Queryable, phone?: string, email?: string) {
  const match = [
    phone ? eq(users.phone, phone) : undefined,
    email ? sql`lower(${users.email}) = lower(${email})` : undefined,
  ].filter((c) => c !== undefined);
  if (match.length === 0) return null;
  const [row] = await q
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(...match)))
    .limit(1);
  return row ?? null;
}

export async function findMembership(q: Queryable, userId: string, schoolId: string) {
  const [row] = await q
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function findRole(q: Queryable, schoolId: string, roleId: string) {
  const [row] = await q
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function rolesByName(q: Queryable, schoolId: string) {
  const rows = await q.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.schoolId, schoolId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** Replaces a staff member's classes within one school. */
export async function setStaffClasses(q: Queryable, schoolId: string, userId: string, classIds: string[]) {
  const schoolClassIds = (await q.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, schoolId))).map(
    (r) => r.id,
  );
  if (schoolClassIds.length)
    await q.delete(classStaff).where(and(eq(classStaff.userId, userId), inArray(classStaff.classId, schoolClassIds)));
  if (classIds.length)
    await q
      .insert(classStaff)
      .values(classIds.map((classId) => ({ classId, userId })))
      .onConflictDoNothing();
}

export async function removeMembership(q: Queryable, schoolId: string, userId: string) {
  await setStaffClasses(q, schoolId, userId, []);
  await q.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)));
}

// Students

export interface StudentFilter {
  schoolId: string;
  classIds?: string[];
  search?: string;
  limit: number;
  offset: number;
}

export async function listStudents(q: Queryable, f: StudentFilter) {
  const where = and(
    eq(students.schoolId, f.schoolId),
    f.classIds
      ? inArray(
          students.id,
          q
            .select({ id: classStudents.studentId })
            .from(classStudents)
            .where(inArray(classStudents.classId, f.classIds.length ? f.classIds : [''])),
        )
      : undefined,
    f.search
      ? ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, `%${f.search.replace(/[%_\\]/g, '\\$&')}%`)
      : undefined,
  );
  const [total] = await q.select({ n: count() }).from(students).where(where);
  const rows = await q
    .select({ id: students.id })
    .from(students)
    .where(where)
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
    .limit(f.limit)
    .offset(f.offset);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
}

/** Students with their classes and parents, in the order of the ids given. */
export async function loadStudents(q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  const [base, cls, par] = await Promise.all([
    q.select().from(students).where(inArray(students.id, ids)),
    q
      .select({ studentId: classStudents.studentId, classId: classes.id, className: classes.name })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .where(and(inArray(classStudents.studentId, ids), isNull(classes.archivedAt)))
      .orderBy(asc(classes.name)),
    q
      .select({
        studentId: parentChildren.studentId,
        relation: parentChildren.relation,
        id: parents.id,
        // As the child's school recorded them; links made before that was kept fall back to the person's.
        firstName: sql<string>`coalesce(${parentChildren.firstName}, ${users.firstName})`,
        lastName: sql<string>`coalesce(${parentChildren.lastName}, ${users.lastName})`,
        phone: sql<string | null>`coalesce(${parentChildren.phone}, ${parents.primaryPhone})`,
        email: sql<string | null>`coalesce(${parentChildren.email}, ${parents.primaryEmail})`,
      })
      .from(parentChildren)
      .innerJoin(parents, eq(parents.id, parentChildren.parentId))
      .innerJoin(users, eq(users.id, parents.userId))
      .where(and(inArray(parentChildren.studentId, ids), isNull(users.deletedAt)))
      .orderBy(asc(users.firstName)),
  ]);
  const byId = new Map(base.map((s) => [s.id, s]));
  return ids
    .map((id) => byId.get(id))
    .filter((s) => s !== undefined)
    .map((s) => ({
      student: s,
      classes: cls.filter((c) => c.studentId === s.id),
      parents: par.filter((p) => p.studentId === s.id),
    }));
}
export type StudentRow = Awaited<ReturnType<typeof loadStudents>>[number];

export async function findStudent(q: Queryable, schoolId: string, id: string) {
  const [row] = await q
    .select()
    .from(students)
    .where(and(eq(students.id, id), eq(students.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function studentInClasses(q: Queryable, studentId: string, classIds: string[]): Promise<boolean> {
  if (classIds.length === 0) return false;
  const [row] = await q
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.studentId, studentId), inArray(classStudents.classId, classIds)))
    .limit(1);
  return !!row;
}

export async function moveStudent(q: Queryable, schoolId: string, studentId: string, classId: string) {
  const schoolClassIds = (await q.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, schoolId))).map(
    (r) => r.id,
  );
  await q
    .delete(classStudents)
    .where(and(eq(classStudents.studentId, studentId), inArray(classStudents.classId, schoolClassIds)));
  await q.insert(classStudents).values({ classId, studentId });
}

export async function parentOfUser(q: Queryable, userId: string) {
  const [row] = await q.select().from(parents).where(eq(parents.userId, userId)).limit(1);
  return row ?? null;
}

export async function classIdsOfStaff(q: Queryable, schoolId: string, userId: string): Promise<string[]> {
  const rows = await q
    .select({ id: classes.id })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(eq(classStaff.userId, userId), eq(classes.schoolId, schoolId)));
  return rows.map((r) => r.id);
}

export { parentUserIdsOf } from '../users/account-repo.js';

// Invitations, as the invited person sees them

/** The person's open invitations, with the school, the role and who invited them. */
export async function invitationsOfUser(q: Queryable, userId: string) {
  const inviter = alias(users, 'inviter');
  return q
    .select({
      id: staffInvitations.id,
      school: { id: schools.id, name: schools.name },
      role: roles.name,
      invitedBy: sql<string>`trim(${inviter.firstName} || ' ' || ${inviter.lastName})`,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .innerJoin(schools, eq(schools.id, staffInvitations.schoolId))
    .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
    .innerJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(and(eq(staffInvitations.userId, userId), eq(staffInvitations.status, 'pending')))
    .orderBy(asc(staffInvitations.createdAt));
}

/** One invitation addressed to this person (any status), or null. */
export async function invitationOfUser(q: Queryable, userId: string, id: string) {
  const [row] = await q
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Answers an open invitation; false when it was no longer open (answered or withdrawn meanwhile). */
export async function answerInvitation(
  q: Queryable,
  userId: string,
  id: string,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const rows = await q
    .update(staffInvitations)
    .set({ status, decidedAt: now })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId), eq(staffInvitations.status, 'pending')))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}
