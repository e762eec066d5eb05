import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  memberships,
  parentChildren,
  parents,
  roles,
  staffInvitations,
  studentConsents,
  studentContacts,
  studentHealthItems,
  studentProfiles,
  students,
  users,
} from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

export interface StudentPlan {
  firstName: string;
  lastName: string;
  classId: string;
  parent?: { firstName: string; lastName: string; phone?: string; email?: string; relation: string };
  /** The child's record, as far as the file gives it (issue 18). */
  record?: {
    dateOfBirth?: string;
    allergies: { name: string; severity: 'mild' | 'moderate' | 'severe'; epipen: boolean }[];
    emergency?: { name: string; phone: string; relationship: string };
    /** Consents the family gave or refused on the school's paper form, recorded by the importing admin. */
    consents: { key: string; granted: boolean }[];
  };
}
export interface StaffPlan {
  firstName: string;
  lastName: string;
  phone?: string;
  email?: string;
  roleId: string;
  classIds: string[];
}

/** The school's open classes by their name (trimmed, lower case). */
export async function classesByName(scope: Scope, q: Queryable): Promise<Map<string, string>> {
  const rows = await q
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), isNull(classes.archivedAt)))
    .orderBy(asc(classes.name));
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** The names of the school's open classes, in order. */
export async function classNames(scope: Scope, q: Queryable): Promise<string[]> {
  const rows = await q
    .select({ name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), isNull(classes.archivedAt)))
    .orderBy(asc(classes.name));
  return rows.map((r) => r.name);
}

/** The school's students with the class each is in. */
export async function studentsInClasses(scope: Scope, q: Queryable) {
  return q
    .select({ first: students.firstName, last: students.lastName, classId: classStudents.classId })
    .from(students)
    .innerJoin(classStudents, eq(classStudents.studentId, students.id))
    .where(eq(students.schoolId, staffSchool(scope)));
}

/** The school's roles by name (lower case). */
export async function roleIdsByName(scope: Scope, q: Queryable): Promise<Map<string, string>> {
  const rows = await q
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.schoolId, staffSchool(scope)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** The phones and emails (lower case) of the school's staff. */
export async function staffContacts(scope: Scope, q: Queryable): Promise<Set<string>> {
  const members = await q
    .select({ phone: users.phone, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.schoolId, staffSchool(scope)), isNull(users.deletedAt)));
  return new Set(members.flatMap((m) => [m.phone, m.email?.toLowerCase()]).filter((c): c is string => !!c));
}

/** People already known by phone or email: the same person is never created twice. */
async function knownUsers(scope: Scope, q: Queryable, phones: string[], emails: string[]) {
  staffSchool(scope);
  if (!phones.length && !emails.length) return [];
  return q
    .select({ id: users.id, phone: users.phone, email: users.email, parentId: parents.id })
    .from(users)
    .leftJoin(parents, eq(parents.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        or(
          phones.length ? inArray(users.phone, phones) : undefined,
          emails.length ? inArray(sql`lower(${users.email})`, emails) : undefined,
        ),
      ),
    );
}

export async function writeStudents(scope: Scope, q: Queryable, plans: StudentPlan[]) {
  const schoolId = staffSchool(scope);
  const parentPlans = plans.map((p) => p.parent).filter((p) => p !== undefined);
  const known = await knownUsers(
    scope,
    q,
    parentPlans.map((p) => p.phone).filter((p): p is string => !!p),
    parentPlans.map((p) => p.email?.toLowerCase()).filter((e): e is string => !!e),
  );
  const byContact = new Map<string, { userId: string; parentId: string | null }>();
  for (const k of known) {
    const entry = { userId: k.id, parentId: k.parentId };
    if (k.phone) byContact.set(k.phone, entry);
    if (k.email) byContact.set(k.email.toLowerCase(), entry);
  }
  const newUsers: (typeof users.$inferInsert)[] = [];
  const newParents: (typeof parents.$inferInsert)[] = [];
  let created = 0;
  let linked = 0;
  const parentIdFor = (p: NonNullable<StudentPlan['parent']>): string => {
    const found = (p.phone && byContact.get(p.phone)) || (p.email && byContact.get(p.email.toLowerCase())) || undefined;
    if (found?.parentId) return found.parentId;
    const parentId = newId();
    let userId = found?.userId;
    if (!userId) {
      userId = newId();
      newUsers.push({
        id: userId,
        firstName: p.firstName,
        lastName: p.lastName,
        phone: p.phone ?? null,
        email: p.email ?? null,
      });
      created++;
    } else {
      linked++;
    }
    newParents.push({ id: parentId, userId, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
    const entry = { userId, parentId };
    if (p.phone) byContact.set(p.phone, entry);
    if (p.email) byContact.set(p.email.toLowerCase(), entry);
    return parentId;
  };
  const studentRows: (typeof students.$inferInsert)[] = [];
  const classLinks: (typeof classStudents.$inferInsert)[] = [];
  const parentLinks: (typeof parentChildren.$inferInsert)[] = [];
  for (const plan of plans) {
    const id = newId();
    studentRows.push({ id, schoolId, firstName: plan.firstName, lastName: plan.lastName });
    classLinks.push({ classId: plan.classId, studentId: id });
    if (plan.parent)
      parentLinks.push({
        parentId: parentIdFor(plan.parent),
        studentId: id,
        relation: plan.parent.relation,
        // The contact as this school typed it: a person already known elsewhere is not read out.
        firstName: plan.parent.firstName,
        lastName: plan.parent.lastName,
        phone: plan.parent.phone ?? null,
        email: plan.parent.email ?? null,
      });
  }
  const chunk = <T>(list: T[], size = 500) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
  for (const part of chunk(newUsers)) await q.insert(users).values(part);
  for (const part of chunk(newParents)) await q.insert(parents).values(part);
  for (const part of chunk(studentRows)) await q.insert(students).values(part);
  for (const part of chunk(classLinks)) await q.insert(classStudents).values(part);
  for (const part of chunk(parentLinks)) await q.insert(parentChildren).values(part).onConflictDoNothing();
  await writeRecords(
    scope,
    q,
    plans.map((plan, i) => ({ studentId: studentRows[i]?.id ?? '', record: plan.record })),
  );
  const touched = [...new Set(parentLinks.map((l) => l.parentId))];
  for (const part of chunk(touched)) {
    await q
      .update(parents)
      .set({
        currentChildId: sql`(select ${parentChildren.studentId} from ${parentChildren} where ${parentChildren.parentId} = ${parents.id} limit 1)`,
      })
      .where(and(inArray(parents.id, part), isNull(parents.currentChildId)));
  }
  return { imported: plans.length, parents_created: created + linked, parents_linked: touched.length };
}

/** New people become staff at once; people who already have an account are invited (see PeopleService.createStaff). */
export async function writeStaff(scope: Scope, q: Queryable, plans: StaffPlan[]) {
  const schoolId = staffSchool(scope);
  const invitedBy = scope.userId;
  const known = await knownUsers(
    scope,
    q,
    plans.map((p) => p.phone).filter((p): p is string => !!p),
    plans.map((p) => p.email).filter((e): e is string => !!e),
  );
  let created = 0;
  for (const plan of plans) {
    const knownId = known.find(
      (k) => (plan.phone && k.phone === plan.phone) || (plan.email && k.email?.toLowerCase() === plan.email),
    )?.id;
    if (knownId) {
      await q
        .insert(staffInvitations)
        .values({
          id: newId(),
          schoolId,
          userId: knownId,
          roleId: plan.roleId,
          classIds: plan.classIds,
          firstName: plan.firstName,
          lastName: plan.lastName,
          phone: plan.phone ?? null,
          email: plan.email ?? null,
          invitedBy,
        })
        .onConflictDoNothing();
      continue;
    }
    const userId = newId();
    await q.insert(users).values({
      id: userId,
      firstName: plan.firstName,
      lastName: plan.lastName,
      phone: plan.phone ?? null,
      email: plan.email ?? null,
    });
    created++;
    await q.insert(memberships).values({ id: newId(), userId, schoolId, roleId: plan.roleId });
    if (plan.classIds.length)
      await q
        .insert(classStaff)
        .values(plan.classIds.map((classId) => ({ classId, userId })))
        .onConflictDoNothing();
  }
  return { imported: plans.length, parents_created: 0, parents_linked: 0, accounts_created: created };
}

/** The children's records an import gives, written with the children (same transaction). */
async function writeRecords(scope: Scope, q: Queryable, items: { studentId: string; record: StudentPlan['record'] }[]) {
  const now = new Date();
  const profiles: (typeof studentProfiles.$inferInsert)[] = [];
  const health: (typeof studentHealthItems.$inferInsert)[] = [];
  const contacts: (typeof studentContacts.$inferInsert)[] = [];
  const consents: (typeof studentConsents.$inferInsert)[] = [];
  for (const { studentId, record } of items) {
    if (!record || !studentId) continue;
    if (record.dateOfBirth)
      profiles.push({ studentId, dateOfBirth: record.dateOfBirth, updatedBy: scope.userId, updatedAt: now });
    // A millisecond apart, so that the record lists them in the file's order.
    for (const [n, a] of record.allergies.entries())
      health.push({
        id: newId(),
        studentId,
        kind: 'allergy',
        name: a.name,
        severity: a.severity,
        epipen: a.epipen,
        recordedBy: scope.userId,
        recordedAt: new Date(now.getTime() + n),
      });
    if (record.emergency)
      contacts.push({
        id: newId(),
        studentId,
        kind: 'emergency',
        name: record.emergency.name,
        phone: record.emergency.phone || null,
        relationship: record.emergency.relationship,
        priority: 1,
        recordedBy: scope.userId,
        recordedAt: now,
      });
    for (const c of record.consents)
      consents.push({ id: newId(), studentId, key: c.key, granted: c.granted, givenBy: scope.userId, givenAt: now });
  }
  if (profiles.length) await q.insert(studentProfiles).values(profiles);
  if (health.length) await q.insert(studentHealthItems).values(health);
  if (contacts.length) await q.insert(studentContacts).values(contacts);
  if (consents.length) await q.insert(studentConsents).values(consents);
}
