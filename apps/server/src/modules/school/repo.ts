import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStudents,
  divisions,
  memberships,
  organizations,
  parentChildren,
  roles,
  schools,
  students,
  usageDaily,
  users,
} from '../../platform/db/schema.js';

/*
 * Every query is of the caller's school (`staffSchool(scope)` in the WHERE clause). Reads made to
 * build a scope or on behalf of many (the permission cache, the usage flush) take the school part of
 * a scope (`SchoolPart`); a parent reads the time zone of their children's schools only.
 */

/** The school (and person) a read acts for, where a whole scope is not built yet. */
export type SchoolPart = Pick<Scope, 'schoolId'>;

export async function findSchool(scope: Scope, q: Queryable) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select({ school: schools, organization: { id: organizations.id, name: organizations.name } })
    .from(schools)
    .innerJoin(organizations, eq(organizations.id, schools.organizationId))
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row ?? null;
}

export async function updateSchool(scope: Scope, q: Queryable, set: Partial<typeof schools.$inferInsert>) {
  const schoolId = staffSchool(scope);
  if (Object.keys(set).length > 0) await q.update(schools).set(set).where(eq(schools.id, schoolId));
}

export async function counts(scope: Scope, q: Queryable) {
  const schoolId = staffSchool(scope);
  const [c] = await q
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt)));
  const [s] = await q.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId));
  const [m] = await q
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.schoolId, schoolId), isNull(users.deletedAt)));
  const [p] = await q
    .select({ n: countDistinct(parentChildren.parentId) })
    .from(parentChildren)
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(eq(students.schoolId, schoolId));
  return { classes: Number(c?.n ?? 0), students: Number(s?.n ?? 0), staff: Number(m?.n ?? 0), parents: Number(p?.n ?? 0) };
}

export async function listDivisions(scope: Scope, q: Queryable) {
  const schoolId = staffSchool(scope);
  return q
    .select({ id: divisions.id, name: divisions.name, classCount: sql<number>`count(${classes.id})::int` })
    .from(divisions)
    .leftJoin(classes, and(eq(classes.divisionId, divisions.id), isNull(classes.archivedAt)))
    .where(eq(divisions.schoolId, schoolId))
    .groupBy(divisions.id)
    .orderBy(asc(divisions.name));
}

export async function findDivision(scope: Scope, q: Queryable, id: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select()
    .from(divisions)
    .where(and(eq(divisions.id, id), eq(divisions.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function findDivisionByName(scope: Scope, q: Queryable, name: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select()
    .from(divisions)
    .where(and(eq(divisions.schoolId, schoolId), sql`lower(${divisions.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

export async function insertDivision(scope: Scope, q: Queryable, row: { id: string; name: string }) {
  await q.insert(divisions).values({ ...row, schoolId: staffSchool(scope) });
}
export async function renameDivision(scope: Scope, q: Queryable, id: string, name: string) {
  await q
    .update(divisions)
    .set({ name })
    .where(and(eq(divisions.id, id), eq(divisions.schoolId, staffSchool(scope))));
}
export async function deleteDivision(scope: Scope, q: Queryable, id: string) {
  const schoolId = staffSchool(scope);
  await q
    .update(classes)
    .set({ divisionId: null })
    .where(and(eq(classes.divisionId, id), eq(classes.schoolId, schoolId)));
  await q.delete(divisions).where(and(eq(divisions.id, id), eq(divisions.schoolId, schoolId)));
}

/** Schools the caller is staff of, with their organization. */
export async function schoolsOfUser(scope: Scope, q: Queryable) {
  const userId = scope.userId;
  return q
    .select({
      id: schools.id,
      name: schools.name,
      editorDirection: schools.editorDirection,
      organization: { id: organizations.id, name: organizations.name },
    })
    .from(memberships)
    .innerJoin(schools, eq(schools.id, memberships.schoolId))
    .innerJoin(organizations, eq(organizations.id, schools.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(schools.name));
}

/** Organizations in which the caller is a super admin of at least one school, with all their schools. */
export async function organizationsOfSuperAdmin(scope: Scope, q: Queryable) {
  const userId = scope.userId;
  const orgIds = (
    await q
      .selectDistinct({ id: schools.organizationId })
      .from(memberships)
      .innerJoin(schools, eq(schools.id, memberships.schoolId))
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(eq(memberships.userId, userId), eq(roles.isSuperAdmin, true)))
  ).map((r) => r.id);
  if (orgIds.length === 0) return [];
  return q
    .select({ org: { id: organizations.id, name: organizations.name }, school: { id: schools.id, name: schools.name } })
    .from(organizations)
    .innerJoin(schools, eq(schools.organizationId, organizations.id))
    .where(inArray(organizations.id, orgIds))
    .orderBy(asc(organizations.name), asc(schools.name));
}

/** Adds to a person's usage count in their school (written in batches for many people, so by the school part of each scope). */
export async function recordUsage(
  scope: Pick<Scope, 'schoolId' | 'userId'>,
  q: Queryable,
  action: string,
  now: Date,
  n = 1,
): Promise<void> {
  const { schoolId, userId } = scope;
  if (!schoolId) return;
  const day = now.toISOString().slice(0, 10);
  await q
    .insert(usageDaily)
    .values({ schoolId, userId, action, day, count: n, lastAt: now })
    .onConflictDoUpdate({
      target: [usageDaily.schoolId, usageDaily.userId, usageDaily.action, usageDaily.day],
      set: { count: sql`${usageDaily.count} + ${n}`, lastAt: now },
    });
}

export async function usageSince(scope: Scope, q: Queryable, since: Date) {
  const schoolId = staffSchool(scope);
  return q
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      action: usageDaily.action,
      count: sql<number>`sum(${usageDaily.count})::int`,
      lastAt: sql<Date>`max(${usageDaily.lastAt})`,
    })
    .from(usageDaily)
    .innerJoin(users, eq(users.id, usageDaily.userId))
    .where(and(eq(usageDaily.schoolId, schoolId), gte(usageDaily.day, since.toISOString().slice(0, 10))))
    .groupBy(users.id, users.firstName, users.lastName, usageDaily.action)
    .orderBy(desc(sql`max(${usageDaily.lastAt})`));
}

/** The school's switched-on features (read to build a scope: by the school part of it). */
export async function permissionsOf(scope: SchoolPart, q: Queryable): Promise<string[]> {
  if (!scope.schoolId) return [];
  const [row] = await q.select({ permissions: schools.permissions }).from(schools).where(eq(schools.id, scope.schoolId)).limit(1);
  return row?.permissions ?? [];
}

/**
 * A school's time zone: the caller's own school for staff; for a parent, the school of one of their
 * children (`schoolId`), and nothing for any other school.
 */
export async function timeZoneOf(scope: Scope, q: Queryable, schoolId?: string): Promise<string | null> {
  if (scope.kind === 'parent') {
    const kids = [...(await scope.childIds())];
    if (!schoolId || kids.length === 0) return null;
    const [row] = await q
      .select({ timeZone: schools.timeZone })
      .from(schools)
      .innerJoin(classes, eq(classes.schoolId, schools.id))
      .innerJoin(classStudents, eq(classStudents.classId, classes.id))
      .where(and(eq(schools.id, schoolId), inArray(classStudents.studentId, kids)))
      .limit(1);
    return row?.timeZone ?? null;
  }
  const [row] = await q
    .select({ timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, staffSchool(scope)))
    .limit(1);
  return row?.timeZone ?? null;
}
