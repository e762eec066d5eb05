import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
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
  studentProfiles,
  students,
  users,
} from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

// Staff

export async function listStaff(scope: Scope, q: Queryable, onlyUserId?: string) {
  const schoolId = staffSchool(scope);
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
export async function listInvitations(scope: Scope, q: Queryable, onlyId?: string) {
  const schoolId = staffSchool(scope);
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

export async function pendingInvitationOf(scope: Scope, q: Queryable, userId: string) {
  const schoolId = staffSchool(scope);
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
export async function cancelInvitation(scope: Scope, q: Queryable, id: string, now: Date): Promise<boolean> {
  const schoolId = staffSchool(scope);
  const rows = await q
    .update(staffInvitations)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.schoolId, schoolId), eq(staffInvitations.status, 'pending')))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

/** A person (not removed) by phone or email, to avoid making the same person twice. */
/** Only staff adding people look across the accounts (a person is one account in every school). */
export async function findUserByContact(scope: Scope, q: Queryable, phone?: string, email?: string) {
  staffSchool(scope);
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

export async function findMembership(scope: Scope, q: Queryable, userId: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function findRole(scope: Scope, q: Queryable, roleId: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function rolesByName(scope: Scope, q: Queryable) {
  const schoolId = staffSchool(scope);
  const rows = await q.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.schoolId, schoolId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** Replaces a staff member's classes within one school. */
export async function setStaffClasses(scope: Scope, q: Queryable, userId: string, classIds: string[]) {
  await setClassesInSchool(q, staffSchool(scope), userId, classIds);
}

async function setClassesInSchool(q: Queryable, schoolId: string, userId: string, classIds: string[]) {
  const schoolClasses = await q
    .select({ id: classes.id, archivedAt: classes.archivedAt })
    .from(classes)
    .where(eq(classes.schoolId, schoolId));
  const schoolClassIds = schoolClasses.map((r) => r.id);
  if (schoolClassIds.length)
    await q.delete(classStaff).where(and(eq(classStaff.userId, userId), inArray(classStaff.classId, schoolClassIds)));
  const open = new Set(schoolClasses.filter((c) => !c.archivedAt).map((c) => c.id));
  const kept = [...new Set(classIds)].filter((id) => open.has(id));
  if (kept.length)
    await q
      .insert(classStaff)
      .values(kept.map((classId) => ({ classId, userId })))
      .onConflictDoNothing();
}

/** Makes a new account and files it as staff of the scope's school; returns its id. */
export async function addStaffAccount(
  scope: Scope,
  q: Queryable,
  input: { firstName: string; lastName: string; phone: string | null; email: string | null; roleId: string; classIds: string[] },
): Promise<string> {
  const schoolId = staffSchool(scope);
  const id = newId();
  const { roleId, classIds, ...person } = input;
  await q.insert(users).values({ id, ...person });
  await q.insert(memberships).values({ id: newId(), userId: id, schoolId, roleId });
  await setClassesInSchool(q, schoolId, id, classIds);
  return id;
}

/** Invites an existing account to the scope's school's staff; returns the invitation's id. */
export async function addInvitation(
  scope: Scope,
  q: Queryable,
  input: {
    userId: string;
    roleId: string;
    classIds: string[];
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
  },
): Promise<string> {
  const id = newId();
  await q.insert(staffInvitations).values({ id, schoolId: staffSchool(scope), invitedBy: scope.userId, ...input });
  return id;
}

/** Changes what the scope's school records of a member (its own name for them, their role). */
export async function updateMembership(
  scope: Scope,
  q: Queryable,
  userId: string,
  values: { firstName?: string; lastName?: string; roleId?: string },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await q
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, staffSchool(scope))));
}

/**
 * Files the caller into the school of an invitation addressed to them, with the role, name and
 * classes (those still open) the school gave; nothing when they are already its staff.
 */
export async function joinInvitedSchool(
  scope: Scope,
  q: Queryable,
  invitation: { userId: string; schoolId: string; roleId: string; firstName: string; lastName: string; classIds: string[] },
): Promise<void> {
  if (invitation.userId !== scope.userId) return;
  const { schoolId } = invitation;
  const [member] = await q
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, scope.userId), eq(memberships.schoolId, schoolId)))
    .limit(1);
  if (member) return;
  await q.insert(memberships).values({
    id: newId(),
    userId: scope.userId,
    schoolId,
    roleId: invitation.roleId,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
  });
  await setClassesInSchool(q, schoolId, scope.userId, invitation.classIds);
}

export async function removeMembership(scope: Scope, q: Queryable, userId: string) {
  const schoolId = staffSchool(scope);
  await setClassesInSchool(q, schoolId, userId, []);
  await q.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.schoolId, schoolId)));
}

// Students

export interface StudentFilter {
  classIds?: string[];
  search?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

/** By name, then id. */
const STUDENT_ORDER: Keyset<{ id: string; firstName: string; lastName: string }> = [
  { by: students.firstName, of: (r) => r.firstName },
  { by: students.lastName, of: (r) => r.lastName },
  { by: students.id, of: (r) => r.id },
];

export async function listStudents(scope: Scope, q: Queryable, f: StudentFilter) {
  const schoolId = staffSchool(scope);
  const where = and(
    eq(students.schoolId, schoolId),
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
  const read = await q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(where, keysetAfter(STUDENT_ORDER, f.cursor)))
    .orderBy(...keysetOrder(STUDENT_ORDER))
    .limit(f.limit + 1)
    .offset(f.cursor ? 0 : f.offset);
  const { rows, nextCursor } = keysetPage(STUDENT_ORDER, read, f.limit);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0), nextCursor };
}

/** Students with their classes and parents, in the order of the ids given. */
export async function loadStudents(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  const inScope =
    scope.kind === 'parent'
      ? inArray(students.id, [...(await scope.childIds())].filter((id) => ids.includes(id)).concat(''))
      : eq(students.schoolId, staffSchool(scope));
  const [base, cls, par] = await Promise.all([
    q
      .select()
      .from(students)
      .where(and(inArray(students.id, ids), inScope)),
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

export async function findStudent(scope: Scope, q: Queryable, id: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select()
    .from(students)
    .where(and(eq(students.id, id), eq(students.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function addStudent(scope: Scope, q: Queryable, input: { firstName: string; lastName: string }): Promise<string> {
  const id = newId();
  await q.insert(students).values({ id, schoolId: staffSchool(scope), ...input });
  return id;
}

export async function renameStudent(
  scope: Scope,
  q: Queryable,
  id: string,
  names: { firstName?: string; lastName?: string },
): Promise<void> {
  if (Object.keys(names).length === 0) return;
  await q
    .update(students)
    .set(names)
    .where(and(eq(students.id, id), eq(students.schoolId, staffSchool(scope))));
}

export async function moveStudent(scope: Scope, q: Queryable, studentId: string, classId: string) {
  const schoolId = staffSchool(scope);
  const schoolClassIds = (await q.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, schoolId))).map(
    (r) => r.id,
  );
  await q
    .delete(classStudents)
    .where(and(eq(classStudents.studentId, studentId), inArray(classStudents.classId, schoolClassIds)));
  await q.insert(classStudents).values({ classId, studentId });
}

export async function parentOfUser(scope: Scope, q: Queryable, userId: string) {
  staffSchool(scope);
  const [row] = await q.select().from(parents).where(eq(parents.userId, userId)).limit(1);
  return row ?? null;
}

/** Parents linked to a student of the scope's school (their user ids), to refresh what they see. */
export async function parentUserIdsOf(scope: Scope, q: Queryable, studentId: string): Promise<string[]> {
  const rows = await q
    .select({ userId: parents.userId })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(and(eq(parentChildren.studentId, studentId), eq(students.schoolId, staffSchool(scope))));
  return rows.map((r) => r.userId);
}

/**
 * The family members (parents with an account) of these children: staff reach their school's children,
 * a family only its own. `email` is the account's address (the parent's primary email, else the sign-in's);
 * `childEmail` is the one the school recorded on this child's link, if any.
 */
export async function familiesOf(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  const reach =
    scope.kind === 'staff'
      ? eq(students.schoolId, scope.schoolId ?? '')
      : inArray(students.id, [...(await scope.childIds()), '-']);
  return q
    .select({
      studentId: parentChildren.studentId,
      userId: users.id,
      parentId: parents.id,
      relation: parentChildren.relation,
      firstName: sql<string>`coalesce(${parentChildren.firstName}, ${users.firstName})`,
      lastName: sql<string>`coalesce(${parentChildren.lastName}, ${users.lastName})`,
      phone: sql<string | null>`coalesce(${parentChildren.phone}, ${users.phone})`,
      email: sql<string | null>`coalesce(${parents.primaryEmail}, ${users.email})`,
      childEmail: parentChildren.email,
      photo: parents.profilePicture,
    })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, and(eq(users.id, parents.userId), isNull(users.deletedAt)))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(and(inArray(parentChildren.studentId, [...studentIds]), reach))
    .orderBy(asc(parentChildren.createdAt));
}
export type FamilyMemberRow = Awaited<ReturnType<typeof familiesOf>>[number];

// Parents

export interface ParentInput {
  first_name: string;
  last_name: string;
  phone?: string;
  email?: string;
}

/**
 * The parent record for a contact: an existing person found by phone or email (a staff member can
 * become a parent too), else a new one. Returns the parent id and the user id. Nothing of an existing
 * person is read out or changed: the child's school keeps its own record of the contact on the link.
 */
export async function ensureParent(scope: Scope, q: Queryable, p: ParentInput): Promise<{ parentId: string; userId: string }> {
  const existing = await findUserByContact(scope, q, p.phone, p.email);
  if (existing) {
    const parent = await parentOfUser(scope, q, existing.id);
    if (parent) return { parentId: parent.id, userId: existing.id };
    const parentId = newId();
    await q
      .insert(parents)
      .values({ id: parentId, userId: existing.id, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
    return { parentId, userId: existing.id };
  }
  const userId = newId();
  const parentId = newId();
  await q
    .insert(users)
    .values({ id: userId, firstName: p.first_name, lastName: p.last_name, phone: p.phone ?? null, email: p.email ?? null });
  await q.insert(parents).values({ id: parentId, userId, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
  return { parentId, userId };
}

/**
 * Links a child to a parent, keeping the contact as the child's school typed it; a parent's first
 * child becomes their current child.
 */
export async function linkChild(
  scope: Scope,
  q: Queryable,
  parentId: string,
  studentId: string,
  relation: string,
  contact: ParentInput,
) {
  staffSchool(scope);
  const shown = {
    firstName: contact.first_name,
    lastName: contact.last_name,
    phone: contact.phone ?? null,
    email: contact.email ?? null,
  };
  await q
    .insert(parentChildren)
    .values({ parentId, studentId, relation, ...shown })
    .onConflictDoUpdate({ target: [parentChildren.parentId, parentChildren.studentId], set: { relation, ...shown } });
  await q
    .update(parents)
    .set({ currentChildId: studentId })
    .where(and(eq(parents.id, parentId), isNull(parents.currentChildId)));
}

// Invitations, as the invited person sees them

/** The person's open invitations, with the school, the role and who invited them. */
export async function invitationsOfUser(scope: Scope, q: Queryable) {
  const userId = scope.userId;
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
export async function invitationOfUser(scope: Scope, q: Queryable, id: string) {
  const userId = scope.userId;
  const [row] = await q
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Answers an open invitation; false when it was no longer open (answered or withdrawn meanwhile). */
export async function answerInvitation(
  scope: Scope,
  q: Queryable,
  id: string,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const userId = scope.userId;
  const rows = await q
    .update(staffInvitations)
    .set({ status, decidedAt: now })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId), eq(staffInvitations.status, 'pending')))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

/**
 * The child's date of birth and first day at the school, written with an enrolment (the record's
 * profile row is made if the child has none yet).
 */
export async function setEnrolmentProfile(
  scope: Scope,
  q: Queryable,
  studentId: string,
  profile: { dateOfBirth: string | null; startDate: string },
) {
  staffSchool(scope);
  const values = { dateOfBirth: profile.dateOfBirth, startDate: profile.startDate };
  await q
    .insert(studentProfiles)
    .values({ studentId, ...values, updatedBy: scope.userId || null })
    .onConflictDoUpdate({ target: studentProfiles.studentId, set: values });
}
