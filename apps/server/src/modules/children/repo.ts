import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  consentTypes,
  medicalViews,
  parentChildren,
  recordChangeRequests,
  schools,
  studentConsents,
  studentContacts,
  studentHealthItems,
  studentProfiles,
  students,
  users,
} from '../../platform/db/schema.js';

/** The children the scope reaches: its school's for staff, their own for a parent. */
async function reachable(scope: Scope, column: AnyPgColumn = students.schoolId): Promise<SQL> {
  if (scope.kind === 'staff' && scope.schoolId) return eq(column, scope.schoolId);
  const mine = [...(await scope.childIds())];
  return mine.length ? inArray(students.id, mine) : sql`false`;
}

/** The ids of the children a condition of `reachable` admits, as a subquery (for writes that name a row by its own id). */
const childrenWhere = (q: Queryable, reach: SQL) => q.select({ id: students.id }).from(students).where(reach);

const person = <T extends { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }>(table: T) => ({
  id: table.id as T['id'],
  firstName: table.firstName as T['firstName'],
  lastName: table.lastName as T['lastName'],
});
export type PersonRow = { id: string; firstName: string; lastName: string } | null;

export async function student(scope: Scope, q: Queryable, studentId: string) {
  const [row] = await q
    .select({
      id: students.id,
      schoolId: students.schoolId,
      firstName: students.firstName,
      lastName: students.lastName,
      profilePicture: students.profilePicture,
    })
    .from(students)
    .where(and(eq(students.id, studentId), await reachable(scope)))
    .limit(1);
  if (!row) return null;
  const classRows = await q
    .select({ id: classes.id, name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.studentId, studentId), eq(classes.schoolId, row.schoolId)));
  return { ...row, classes: classRows };
}
export type StudentRow = NonNullable<Awaited<ReturnType<typeof student>>>;

export async function profile(scope: Scope, q: Queryable, studentId: string) {
  const keyPerson = alias(users, 'key_person');
  const updater = alias(users, 'updater');
  const [row] = await q
    .select({ profile: studentProfiles, keyPerson: person(keyPerson), updatedBy: person(updater) })
    .from(studentProfiles)
    .innerJoin(students, eq(students.id, studentProfiles.studentId))
    .leftJoin(keyPerson, eq(keyPerson.id, studentProfiles.keyPersonId))
    .leftJoin(updater, eq(updater.id, studentProfiles.updatedBy))
    .where(and(eq(studentProfiles.studentId, studentId), await reachable(scope)))
    .limit(1);
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profile>>>;

/** Health items of these children, oldest first, with who recorded each. */
export async function healthItems(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return q
    .select({ item: studentHealthItems, recordedBy: person(users) })
    .from(studentHealthItems)
    .innerJoin(students, eq(students.id, studentHealthItems.studentId))
    .leftJoin(users, eq(users.id, studentHealthItems.recordedBy))
    .where(and(inArray(studentHealthItems.studentId, [...studentIds]), await reachable(scope)))
    .orderBy(asc(studentHealthItems.recordedAt), asc(studentHealthItems.id));
}
export type HealthItemRow = Awaited<ReturnType<typeof healthItems>>[number];

export async function healthItem(scope: Scope, q: Queryable, itemId: string) {
  const [row] = await q
    .select({ item: studentHealthItems, recordedBy: person(users) })
    .from(studentHealthItems)
    .innerJoin(students, eq(students.id, studentHealthItems.studentId))
    .leftJoin(users, eq(users.id, studentHealthItems.recordedBy))
    .where(and(eq(studentHealthItems.id, itemId), await reachable(scope)))
    .limit(1);
  return row ?? null;
}

export async function contacts(scope: Scope, q: Queryable, studentId: string) {
  return q
    .select({ contact: studentContacts, recordedBy: person(users) })
    .from(studentContacts)
    .innerJoin(students, eq(students.id, studentContacts.studentId))
    .leftJoin(users, eq(users.id, studentContacts.recordedBy))
    .where(and(eq(studentContacts.studentId, studentId), await reachable(scope)))
    .orderBy(asc(studentContacts.priority), asc(studentContacts.recordedAt), asc(studentContacts.id));
}
export type ContactRow = Awaited<ReturnType<typeof contacts>>[number];

export async function contact(scope: Scope, q: Queryable, contactId: string) {
  const [row] = await q
    .select({ contact: studentContacts, recordedBy: person(users) })
    .from(studentContacts)
    .innerJoin(students, eq(students.id, studentContacts.studentId))
    .leftJoin(users, eq(users.id, studentContacts.recordedBy))
    .where(and(eq(studentContacts.id, contactId), await reachable(scope)))
    .limit(1);
  return row ?? null;
}

/** Every consent event of the child, newest first. */
export async function consents(scope: Scope, q: Queryable, studentId: string) {
  return q
    .select({ consent: studentConsents, givenBy: person(users) })
    .from(studentConsents)
    .innerJoin(students, eq(students.id, studentConsents.studentId))
    .leftJoin(users, eq(users.id, studentConsents.givenBy))
    .where(and(eq(studentConsents.studentId, studentId), await reachable(scope)))
    .orderBy(desc(studentConsents.seq));
}
export type ConsentRow = Awaited<ReturnType<typeof consents>>[number];

/** Of these children, those whose latest consent of this kind is a yes. */
export async function grantedAmong(scope: Scope, q: Queryable, studentIds: readonly string[], key: string): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const rows = await q
    .selectDistinctOn([studentConsents.studentId], { studentId: studentConsents.studentId, granted: studentConsents.granted })
    .from(studentConsents)
    .innerJoin(students, eq(students.id, studentConsents.studentId))
    .where(and(inArray(studentConsents.studentId, [...studentIds]), eq(studentConsents.key, key), await reachable(scope)))
    .orderBy(studentConsents.studentId, desc(studentConsents.seq));
  return new Set(rows.filter((r) => r.granted).map((r) => r.studentId));
}

/** The school's own kinds of consent (the school of the child, for a parent). */
export async function schoolConsentTypes(scope: Scope, q: Queryable, schoolId: string) {
  if (scope.kind === 'staff' && scope.schoolId !== schoolId) return [];
  return q.select().from(consentTypes).where(eq(consentTypes.schoolId, schoolId)).orderBy(asc(consentTypes.createdAt));
}

export async function upsertProfile(
  scope: Scope,
  q: Queryable,
  studentId: string,
  values: Partial<typeof studentProfiles.$inferInsert>,
  now: Date,
): Promise<void> {
  const set = { ...values, updatedBy: scope.userId, updatedAt: now };
  await q
    .insert(studentProfiles)
    .values({ studentId, ...set })
    .onConflictDoUpdate({ target: studentProfiles.studentId, set });
}

export async function insertHealthItem(scope: Scope, q: Queryable, row: typeof studentHealthItems.$inferInsert): Promise<void> {
  await q.insert(studentHealthItems).values({ ...row, recordedBy: scope.userId });
}

export async function updateHealthItem(
  scope: Scope,
  q: Queryable,
  itemId: string,
  values: Partial<typeof studentHealthItems.$inferInsert>,
): Promise<void> {
  const inScope = childrenWhere(q, await reachable(scope));
  await q
    .update(studentHealthItems)
    .set({ ...values, recordedBy: scope.userId })
    .where(and(eq(studentHealthItems.id, itemId), inArray(studentHealthItems.studentId, inScope)));
}

export async function deleteHealthItem(scope: Scope, q: Queryable, itemId: string): Promise<void> {
  const inScope = childrenWhere(q, await reachable(scope));
  await q
    .delete(studentHealthItems)
    .where(and(eq(studentHealthItems.id, itemId), inArray(studentHealthItems.studentId, inScope)));
}

export async function insertContact(scope: Scope, q: Queryable, row: typeof studentContacts.$inferInsert): Promise<void> {
  await q.insert(studentContacts).values({ ...row, recordedBy: scope.userId });
}

export async function updateContact(
  scope: Scope,
  q: Queryable,
  contactId: string,
  values: Partial<typeof studentContacts.$inferInsert>,
): Promise<void> {
  const inScope = childrenWhere(q, await reachable(scope));
  await q
    .update(studentContacts)
    .set({ ...values, recordedBy: scope.userId })
    .where(and(eq(studentContacts.id, contactId), inArray(studentContacts.studentId, inScope)));
}

export async function deleteContact(scope: Scope, q: Queryable, contactId: string): Promise<void> {
  const inScope = childrenWhere(q, await reachable(scope));
  await q.delete(studentContacts).where(and(eq(studentContacts.id, contactId), inArray(studentContacts.studentId, inScope)));
}

export async function insertConsent(scope: Scope, q: Queryable, row: typeof studentConsents.$inferInsert): Promise<void> {
  await q.insert(studentConsents).values({ ...row, givenBy: scope.userId });
}

const proposer = alias(users, 'proposer');
const decider = alias(users, 'decider');
const changeColumns = {
  request: recordChangeRequests,
  student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
  proposedBy: person(proposer),
  decidedBy: person(decider),
};
const changeQuery = (q: Queryable) =>
  q
    .select(changeColumns)
    .from(recordChangeRequests)
    .innerJoin(students, eq(students.id, recordChangeRequests.studentId))
    .leftJoin(proposer, eq(proposer.id, recordChangeRequests.proposedBy))
    .leftJoin(decider, eq(decider.id, recordChangeRequests.decidedBy));

/** Change requests of the scope's school (staff) or of the parent's children, oldest first. */
export async function changeRequests(scope: Scope, q: Queryable, filter: { studentId?: string; status?: 'pending' }) {
  return changeQuery(q)
    .where(
      and(
        await reachable(scope, recordChangeRequests.schoolId),
        filter.studentId ? eq(recordChangeRequests.studentId, filter.studentId) : undefined,
        filter.status ? eq(recordChangeRequests.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(recordChangeRequests.createdAt), asc(recordChangeRequests.id));
}
export type ChangeRequestRow = Awaited<ReturnType<typeof changeRequests>>[number];

export async function changeRequest(scope: Scope, q: Queryable, id: string) {
  const [row] = await changeQuery(q)
    .where(and(eq(recordChangeRequests.id, id), await reachable(scope, recordChangeRequests.schoolId)))
    .limit(1);
  return row ?? null;
}

export async function insertChangeRequest(
  scope: Scope,
  q: Queryable,
  row: typeof recordChangeRequests.$inferInsert,
): Promise<void> {
  await q.insert(recordChangeRequests).values({ ...row, proposedBy: scope.userId });
}

/** Decides a pending request; false when it was no longer pending (decided meanwhile). */
export async function decideChangeRequest(
  scope: Scope,
  q: Queryable,
  id: string,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const done = await q
    .update(recordChangeRequests)
    .set({ status, decidedBy: scope.userId, decidedAt: now })
    .where(
      and(
        eq(recordChangeRequests.id, id),
        eq(recordChangeRequests.status, 'pending'),
        await reachable(scope, recordChangeRequests.schoolId),
      ),
    )
    .returning({ id: recordChangeRequests.id });
  return done.length > 0;
}

/** The school's record of this parent's contact for the child (parent_children). */
export async function setParentContact(
  scope: Scope,
  q: Queryable,
  studentId: string,
  parentUserId: string,
  values: { phone?: string; email?: string },
): Promise<void> {
  const set: Partial<typeof parentChildren.$inferInsert> = {};
  if (values.phone) set.phone = values.phone;
  if (values.email) set.email = values.email;
  if (Object.keys(set).length === 0) return;
  await q
    .update(parentChildren)
    .set(set)
    .where(
      and(
        eq(parentChildren.studentId, studentId),
        sql`${parentChildren.parentId} in (select id from parents where user_id = ${parentUserId})`,
        inArray(parentChildren.studentId, childrenWhere(q, await reachable(scope))),
      ),
    );
}

export async function parentContact(scope: Scope, q: Queryable, studentId: string, parentUserId: string) {
  const [row] = await q
    .select({ phone: parentChildren.phone, email: parentChildren.email })
    .from(parentChildren)
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(
      and(
        eq(parentChildren.studentId, studentId),
        sql`${parentChildren.parentId} in (select id from parents where user_id = ${parentUserId})`,
        await reachable(scope),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Notes that a member of staff opened a child's medical details; a second opening by the same person
 * within ten minutes (the same sitting: a page reloaded after an edit) is the same view.
 */
export async function recordMedicalView(scope: Scope, q: Queryable, id: string, studentId: string, now: Date): Promise<void> {
  if (!scope.schoolId) return;
  const since = new Date(now.getTime() - 10 * 60_000);
  const [recent] = await q
    .select({ id: medicalViews.id })
    .from(medicalViews)
    .where(
      and(
        eq(medicalViews.studentId, studentId),
        eq(medicalViews.userId, scope.userId),
        eq(medicalViews.schoolId, scope.schoolId),
        gte(medicalViews.viewedAt, since),
      ),
    )
    .limit(1);
  if (recent) return;
  await q.insert(medicalViews).values({ id, studentId, schoolId: scope.schoolId, userId: scope.userId, viewedAt: now });
}

export async function medicalViewsOf(scope: Scope, q: Queryable, studentId: string) {
  return q
    .select({ view: medicalViews, viewer: person(users) })
    .from(medicalViews)
    .innerJoin(students, eq(students.id, medicalViews.studentId))
    .leftJoin(users, eq(users.id, medicalViews.userId))
    .where(and(eq(medicalViews.studentId, studentId), await reachable(scope, medicalViews.schoolId)))
    .orderBy(desc(medicalViews.viewedAt))
    .limit(200);
}

/** Whether this member of staff works in one of the classes of the child (a key person must). */
export async function staffOfChildClass(scope: Scope, q: Queryable, studentId: string, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: classStudents.classId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(classStaff, and(eq(classStaff.classId, classStudents.classId), eq(classStaff.userId, userId)))
    .where(and(eq(classStudents.studentId, studentId), await reachable(scope, classes.schoolId)))
    .limit(1);
  return !!row;
}

export async function classStudentIds(scope: Scope, q: Queryable, classId: string): Promise<string[]> {
  const rows = await q
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.classId, classId), await reachable(scope, classes.schoolId)));
  return rows.map((r) => r.id);
}

/** A class of the scope's school with its children (for documents about the whole class). */
export async function classWithChildren(scope: Scope, q: Queryable, classId: string) {
  const [cls] = await q
    .select({ id: classes.id, name: classes.name, school: schools.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, classId), await reachable(scope, classes.schoolId)))
    .limit(1);
  if (!cls) return null;
  const children = await q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, photo: students.profilePicture })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), await reachable(scope)))
    .orderBy(asc(students.firstName), asc(students.lastName));
  return { ...cls, children };
}

/** The profiles and contacts of these children. */
export async function profilesAndContacts(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return { profiles: [], contacts: [] };
  const [profiles, contactRows] = await Promise.all([
    q
      .select({ profile: studentProfiles })
      .from(studentProfiles)
      .innerJoin(students, eq(students.id, studentProfiles.studentId))
      .where(and(inArray(studentProfiles.studentId, [...studentIds]), await reachable(scope))),
    q
      .select({ contact: studentContacts })
      .from(studentContacts)
      .innerJoin(students, eq(students.id, studentContacts.studentId))
      .where(and(inArray(studentContacts.studentId, [...studentIds]), await reachable(scope)))
      .orderBy(asc(studentContacts.priority), asc(studentContacts.recordedAt)),
  ]);
  return { profiles: profiles.map((p) => p.profile), contacts: contactRows.map((c) => c.contact) };
}

export async function insertConsentType(
  scope: Scope,
  q: Queryable,
  row: { id: string; key: string; label: string; createdAt: Date },
): Promise<boolean> {
  const done = await q
    .insert(consentTypes)
    .values({ ...row, schoolId: staffSchool(scope) })
    .onConflictDoNothing()
    .returning({ id: consentTypes.id });
  return done.length > 0;
}

/** Asks the families of these children (of the scope's school) to check their records. */
export async function requestChecks(scope: Scope, q: Queryable, studentIds: readonly string[], now: Date): Promise<number> {
  const inSchool = await q
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, [...studentIds]), await reachable(scope)));
  if (inSchool.length === 0) return 0;
  await q
    .insert(studentProfiles)
    .values(inSchool.map((s) => ({ studentId: s.id, checkRequestedAt: now, updatedAt: now })))
    .onConflictDoUpdate({ target: studentProfiles.studentId, set: { checkRequestedAt: now } });
  return inSchool.length;
}

export async function confirmCheck(scope: Scope, q: Queryable, studentId: string, now: Date): Promise<void> {
  await q
    .update(studentProfiles)
    .set({ checkConfirmedAt: now, checkConfirmedBy: scope.userId })
    .where(
      and(eq(studentProfiles.studentId, studentId), inArray(studentProfiles.studentId, childrenWhere(q, await reachable(scope)))),
    );
}

/** The children of the scope's school, or of one of its classes. */
export async function schoolStudentIds(scope: Scope, q: Queryable, classId?: string): Promise<string[]> {
  const rows = classId
    ? await q
        .select({ id: classStudents.studentId })
        .from(classStudents)
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .where(and(eq(classStudents.classId, classId), await reachable(scope, classes.schoolId)))
    : await q
        .select({ id: students.id })
        .from(students)
        .where(await reachable(scope));
  return rows.map((r) => r.id);
}

/** Dates of birth and dietary needs of these children (the carelog's ages and alerts). */
export async function careProfiles(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return q
    .select({ studentId: studentProfiles.studentId, dateOfBirth: studentProfiles.dateOfBirth, dietary: studentProfiles.dietary })
    .from(studentProfiles)
    .innerJoin(students, eq(students.id, studentProfiles.studentId))
    .where(and(inArray(studentProfiles.studentId, [...studentIds]), await reachable(scope)));
}

/** The `collector` and `not_allowed` contacts of these children, in the record's order. */
export async function pickupContacts(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return q
    .select({
      id: studentContacts.id,
      studentId: studentContacts.studentId,
      kind: studentContacts.kind,
      name: studentContacts.name,
      relationship: studentContacts.relationship,
      phone: studentContacts.phone,
      photo: studentContacts.photo,
    })
    .from(studentContacts)
    .innerJoin(students, eq(students.id, studentContacts.studentId))
    .where(
      and(
        inArray(studentContacts.studentId, [...studentIds]),
        inArray(studentContacts.kind, ['collector', 'not_allowed']),
        await reachable(scope),
      ),
    )
    .orderBy(asc(studentContacts.priority), asc(studentContacts.recordedAt), asc(studentContacts.id));
}
