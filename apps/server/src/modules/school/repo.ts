import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
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

export async function findSchool(q: Queryable, schoolId: string) {
  const [row] = await q
    .select({ school: schools, organization: { id: organizations.id, name: organizations.name } })
    .from(schools)
    .innerJoin(organizations, eq(organizations.id, schools.organizationId))
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row ?? null;
}

export async function updateSchool(q: Queryable, schoolId: string, set: Partial<typeof schools.$inferInsert>) {
  if (Object.keys(set).length > 0) await q.update(schools).set(set).where(eq(schools.id, schoolId));
}

export async function counts(q: Queryable, schoolId: string) {
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

export async function listDivisions(q: Queryable, schoolId: string) {
  return q
    .select({ id: divisions.id, name: divisions.name, classCount: sql<number>`count(${classes.id})::int` })
    .from(divisions)
    .leftJoin(classes, and(eq(classes.divisionId, divisions.id), isNull(classes.archivedAt)))
    .where(eq(divisions.schoolId, schoolId))
    .groupBy(divisions.id)
    .orderBy(asc(divisions.name));
}

export async function findDivision(q: Queryable, schoolId: string, id: string) {
  const [row] = await q
    .select()
    .from(divisions)
    .where(and(eq(divisions.id, id), eq(divisions.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function findDivisionByName(q: Queryable, schoolId: string, name: string) {
  const [row] = await q
    .select()
    .from(divisions)
    .where(and(eq(divisions.schoolId, schoolId), sql`lower(${divisions.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

export const insertDivision = (q: Queryable, row: typeof divisions.$inferInsert) => q.insert(divisions).values(row);
export const renameDivision = (q: Queryable, id: string, name: string) =>
  q.update(divisions).set({ name }).where(eq(divisions.id, id));
export async function deleteDivision(q: Queryable, id: string) {
  await q.update(classes).set({ divisionId: null }).where(eq(classes.divisionId, id));
  await q.delete(divisions).where(eq(divisions.id, id));
}

/** Schools the user is staff of, with their organization. */
export async function schoolsOfUser(q: Queryable, userId: string) {
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

/** Organizations in which the user is a super admin of at least one school, with all their schools. */
export async function organizationsOfSuperAdmin(q: Queryable, userId: string) {
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

export async function recordUsage(
  q: Queryable,
  schoolId: string,
  userId: string,
  action: string,
  now: Date,
  n = 1,
): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await q
    .insert(usageDaily)
    .values({ schoolId, userId, action, day, count: n, lastAt: now })
    .onConflictDoUpdate({
      target: [usageDaily.schoolId, usageDaily.userId, usageDaily.action, usageDaily.day],
      set: { count: sql`${usageDaily.count} + ${n}`, lastAt: now },
    });
}

export async function usageSince(q: Queryable, schoolId: string, since: Date) {
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

export async function studentCountsByClass(q: Queryable, classIds: string[]) {
  if (classIds.length === 0) return new Map<string, number>();
  const rows = await q
    .select({ classId: classStudents.classId, n: count() })
    .from(classStudents)
    .where(inArray(classStudents.classId, classIds))
    .groupBy(classStudents.classId);
  return new Map(rows.map((r) => [r.classId, Number(r.n)]));
}
