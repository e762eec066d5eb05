import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { memberships, roles, staffInvitations } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import type { Standing } from './policy.js';

/** A person's standing in the scope's school: their role's permissions and super admin flag; null when not staff there. */
export async function standingOf(scope: Scope, q: Queryable, userId: string): Promise<(Standing & { roleId: string }) | null> {
  const [row] = await q
    .select({ roleId: roles.id, permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.schoolId, staffSchool(scope)), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A role of the scope's school, as a standing it would give. */
export async function roleStanding(scope: Scope, q: Queryable, roleId: string): Promise<Standing | null> {
  const [row] = await q
    .select({ permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.schoolId, staffSchool(scope))))
    .limit(1);
  return row ?? null;
}

/** The school's roles with how many members hold each, by name. */
export async function listRoles(scope: Scope, q: Queryable) {
  return q
    .select({ role: roles, members: count(memberships.id) })
    .from(roles)
    .leftJoin(memberships, eq(memberships.roleId, roles.id))
    .where(eq(roles.schoolId, staffSchool(scope)))
    .groupBy(roles.id)
    .orderBy(asc(roles.name));
}
export type RoleRow = Awaited<ReturnType<typeof listRoles>>[number];

export async function findRole(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.schoolId, staffSchool(scope))))
    .limit(1);
  return row ?? null;
}

/** Every role of the school with what it gives. */
export async function roleStandings(scope: Scope, q: Queryable) {
  return q
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
    .from(roles)
    .where(eq(roles.schoolId, staffSchool(scope)));
}

export async function addRole(
  scope: Scope,
  q: Queryable,
  values: { name: string; permissions: string[]; isAdmin: boolean },
): Promise<string> {
  const id = newId();
  await q.insert(roles).values({ id, schoolId: staffSchool(scope), ...values });
  return id;
}

export async function updateRole(
  scope: Scope,
  q: Queryable,
  id: string,
  values: { name?: string; isAdmin?: boolean; permissions: string[] },
): Promise<void> {
  await q
    .update(roles)
    .set(values)
    .where(and(eq(roles.id, id), eq(roles.schoolId, staffSchool(scope))));
}

/** How many members hold the role and how many open invitations offer it. */
export async function roleInUse(scope: Scope, q: Queryable, id: string): Promise<number> {
  const schoolId = staffSchool(scope);
  const [held] = await q
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.roleId, id), eq(memberships.schoolId, schoolId)));
  const [offered] = await q
    .select({ n: count() })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.roleId, id), eq(staffInvitations.schoolId, schoolId), eq(staffInvitations.status, 'pending')));
  return Number(held?.n ?? 0) + Number(offered?.n ?? 0);
}

/** Deletes a role of the school, with the answered or withdrawn invitations that named it. */
export async function deleteRole(scope: Scope, q: Queryable, id: string): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.delete(staffInvitations).where(and(eq(staffInvitations.roleId, id), eq(staffInvitations.schoolId, schoolId)));
  await q.delete(roles).where(and(eq(roles.id, id), eq(roles.schoolId, schoolId)));
}

/** The members of the scope's school whose role gives a permission (or is the super admin's). */
export async function holdersOf(scope: Scope, q: Queryable, permission: string): Promise<string[]> {
  const rows = await q
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.schoolId, staffSchool(scope)),
        sql`(${roles.isSuperAdmin} or ${roles.permissions} @> ${JSON.stringify([permission])}::jsonb)`,
      ),
    );
  return rows.map((r) => r.userId);
}
