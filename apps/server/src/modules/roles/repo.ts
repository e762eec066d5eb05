import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { memberships, roles } from '../../platform/db/schema.js';
import type { Standing } from './policy.js';

/** A person's standing in a school: their role's permissions and super admin flag; null when not staff there. */
export async function standingOf(
  q: Queryable,
  schoolId: string,
  userId: string,
): Promise<(Standing & { roleId: string }) | null> {
  const [row] = await q
    .select({ roleId: roles.id, permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.schoolId, schoolId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A role of the school, as a standing it would give. */
export async function roleStanding(q: Queryable, schoolId: string, roleId: string): Promise<Standing | null> {
  const [row] = await q
    .select({ permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}
