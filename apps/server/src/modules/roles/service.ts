import {
  ERROR_CODES,
  isRolePermission,
  type Role,
  type RolePermission,
  type roleRequestSchema,
  type roleUpdateRequestSchema,
} from '@cue/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { memberships, roles, staffInvitations } from '../../platform/db/schema.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { UserService } from '../users/service.js';
import { assertCanActOn, assertCanGrant, covers, type Standing } from './policy.js';
import * as repo from './repo.js';

/** The permission to manage roles, which nobody takes away from their own role. */
const MANAGE_ROLES: RolePermission = 'admin_portal.permissions';
const conflict = (message: string) => new AppError(409, message, ERROR_CODES.conflict);

/** A school's roles: editable sets of role permissions. */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  /** The school's roles; each says whether the caller may change it (they hold all it gives) and delete it (nobody holds it). */
  async list(auth: AccessClaims): Promise<Role[]> {
    const schoolId = staffSchool(auth);
    const mine = await this.standing(auth);
    const rows = await this.db
      .select({ role: roles, members: count(memberships.id) })
      .from(roles)
      .leftJoin(memberships, eq(memberships.roleId, roles.id))
      .where(eq(roles.schoolId, schoolId))
      .groupBy(roles.id)
      .orderBy(asc(roles.name));
    return rows.map((r) => {
      const mayChange = covers(mine, { permissions: r.role.permissions, superAdmin: r.role.isSuperAdmin });
      return {
        id: r.role.id,
        name: r.role.name,
        permissions: r.role.permissions.filter(isRolePermission).sort(),
        is_admin: r.role.isAdmin,
        member_count: Number(r.members),
        abilities: { can_edit: mayChange, can_delete: mayChange && Number(r.members) === 0 },
      };
    });
  }

  /** One role as the list shows it. */
  private async listed(auth: AccessClaims, id: string): Promise<Role> {
    const role = (await this.list(auth)).find((r) => r.id === id);
    if (!role) throw notFound();
    return role;
  }

  private async find(schoolId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.id, id), eq(roles.schoolId, schoolId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  private async nameTaken(schoolId: string, name: string, except?: string) {
    const all = await this.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.schoolId, schoolId));
    return all.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
  }

  /** What the caller holds in their school. */
  async standing(auth: AccessClaims): Promise<Standing & { roleId?: string }> {
    return (await repo.standingOf(this.db, staffSchool(auth), auth.userId)) ?? { permissions: [], superAdmin: false };
  }

  /**
   * Refuses a change of staff the caller may not make: acting on `userId` if that person holds more
   * than the caller, and giving `roleId` unless the caller holds all it grants (a super admin role only
   * by a super admin). A role of another school, or none, is a 400 on `field`.
   */
  async assertCanChange(auth: AccessClaims, change: { userId?: string; roleId?: string }, field = 'role_id'): Promise<void> {
    const schoolId = staffSchool(auth);
    const [mine, target, role] = await Promise.all([
      this.standing(auth),
      change.userId ? repo.standingOf(this.db, schoolId, change.userId) : null,
      change.roleId ? repo.roleStanding(this.db, schoolId, change.roleId) : null,
    ]);
    if (target) assertCanActOn(mine, target);
    if (change.roleId) {
      if (!role) throw badRequest(`${field}: no such role in this school`, undefined, field);
      assertCanGrant(mine, role);
    }
  }

  /**
   * The school's roles the caller may give (for a list of candidates, such as an import's rows); `q`
   * is the caller's open transaction, if any.
   */
  async grantableRoleIds(auth: AccessClaims, q: Queryable = this.db): Promise<Set<string>> {
    const schoolId = staffSchool(auth);
    const mine = (await repo.standingOf(q, schoolId, auth.userId)) ?? { permissions: [], superAdmin: false };
    const all = await q
      .select({ id: roles.id, permissions: roles.permissions, superAdmin: roles.isSuperAdmin })
      .from(roles)
      .where(eq(roles.schoolId, schoolId));
    return new Set(all.filter((r) => covers(mine, r)).map((r) => r.id));
  }

  async create(auth: AccessClaims, input: z.infer<typeof roleRequestSchema>) {
    const schoolId = staffSchool(auth);
    if (await this.nameTaken(schoolId, input.name)) throw conflict(`A role named ${input.name} already exists`);
    const id = newId();
    const permissions = [...new Set(input.permissions)];
    // A new role is never a super admin role; super_admin.* only from someone who holds them.
    assertCanGrant(await this.standing(auth), { permissions, superAdmin: false });
    await this.db.insert(roles).values({ id, schoolId, name: input.name, permissions, isAdmin: input.is_admin });
    return this.listed(auth, id);
  }

  async update(auth: AccessClaims, id: string, input: z.infer<typeof roleUpdateRequestSchema>) {
    const schoolId = staffSchool(auth);
    const role = await this.find(schoolId, id);
    if (input.name && (await this.nameTaken(schoolId, input.name, id)))
      throw conflict(`A role named ${input.name} already exists`);
    const mine = await this.standing(auth);
    // Editing a role changes everyone who holds it: only for someone who holds all it gives.
    assertCanActOn(mine, { permissions: role.permissions, superAdmin: role.isSuperAdmin });
    let permissions = role.permissions;
    if (input.permissions) {
      // The web's role editor does not show the platform's permissions: a role keeps those it has.
      const keepSuper = role.permissions.filter((p) => p.startsWith('super_admin.'));
      permissions = [...new Set([...input.permissions, ...keepSuper])];
      assertCanGrant(mine, { permissions, superAdmin: role.isSuperAdmin });
      if (mine.roleId === id && !permissions.includes(MANAGE_ROLES))
        throw conflict('You cannot take away your own permission to manage roles');
    }
    await this.db
      .update(roles)
      .set({
        ...(input.name ? { name: input.name } : {}),
        ...(input.is_admin !== undefined ? { isAdmin: input.is_admin } : {}),
        permissions,
      })
      .where(eq(roles.id, id));
    this.users.invalidateAll();
    this.rosters.invalidateSchool(schoolId);
    return this.listed(auth, id);
  }

  async remove(auth: AccessClaims, id: string): Promise<void> {
    const schoolId = staffSchool(auth);
    const role = await this.find(schoolId, id);
    assertCanActOn(await this.standing(auth), { permissions: role.permissions, superAdmin: role.isSuperAdmin });
    const [held] = await this.db.select({ n: count() }).from(memberships).where(eq(memberships.roleId, id));
    const [offered] = await this.db
      .select({ n: count() })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.roleId, id), eq(staffInvitations.status, 'pending')));
    if (Number(held?.n ?? 0) + Number(offered?.n ?? 0) > 0)
      throw conflict('This role is still assigned to staff; give them another role first');
    await this.db.transaction(async (tx) => {
      // Answered or withdrawn invitations that named the role go with it.
      await tx.delete(staffInvitations).where(eq(staffInvitations.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
    });
  }
}
