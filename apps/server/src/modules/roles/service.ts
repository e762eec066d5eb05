import type { Role, RolePermission, roleRequestSchema, roleUpdateRequestSchema } from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { UserService } from '../users/service.js';
import { assertCanActOn, assertCanGrant, covers, type Standing } from './policy.js';
import { presentRole } from './presenter.js';
import * as repo from './repo.js';

/** The permission to manage roles, which nobody takes away from their own role. */
const MANAGE_ROLES: RolePermission = 'admin_portal.permissions';

/** A school's roles: editable sets of role permissions. */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  /** Who in the caller's school holds a permission (their user ids): for alerts sent to a permission's holders. */
  async holdersOf(auth: Scope, permission: RolePermission): Promise<string[]> {
    return repo.holdersOf(auth, this.db, permission);
  }

  /** The school's roles; each says whether the caller may change it (they hold all it gives) and delete it (nobody holds it). */
  async list(auth: Scope): Promise<Role[]> {
    const [mine, rows] = await Promise.all([this.standing(auth), repo.listRoles(auth, this.db)]);
    return rows.map((r) => presentRole(r, mine));
  }

  /** One role as the list shows it. */
  private async listed(auth: Scope, id: string): Promise<Role> {
    const role = (await this.list(auth)).find((r) => r.id === id);
    if (!role) throw notFound();
    return role;
  }

  private async find(auth: Scope, id: string) {
    const row = await repo.findRole(auth, this.db, id);
    if (!row) throw notFound();
    return row;
  }

  private async nameTaken(auth: Scope, name: string, except?: string) {
    const all = await repo.roleStandings(auth, this.db);
    return all.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
  }

  /** What the caller holds in their school. */
  async standing(auth: Scope): Promise<Standing & { roleId?: string }> {
    return (await repo.standingOf(auth, this.db, auth.userId)) ?? { permissions: [], superAdmin: false };
  }

  /**
   * Refuses a change of staff the caller may not make: acting on `userId` if that person holds more
   * than the caller, and giving `roleId` unless the caller holds all it grants (a super admin role only
   * by a super admin). A role of another school, or none, is a 400 on `field`.
   */
  async assertCanChange(auth: Scope, change: { userId?: string; roleId?: string }, field = 'role_id'): Promise<void> {
    staffSchool(auth);
    const [mine, target, role] = await Promise.all([
      this.standing(auth),
      change.userId ? repo.standingOf(auth, this.db, change.userId) : null,
      change.roleId ? repo.roleStanding(auth, this.db, change.roleId) : null,
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
  async grantableRoleIds(auth: Scope, q: Queryable = this.db): Promise<Set<string>> {
    const mine = (await repo.standingOf(auth, q, auth.userId)) ?? { permissions: [], superAdmin: false };
    const all = await repo.roleStandings(auth, q);
    return new Set(all.filter((r) => covers(mine, r)).map((r) => r.id));
  }

  async create(auth: Scope, input: z.infer<typeof roleRequestSchema>) {
    if (await this.nameTaken(auth, input.name)) throw conflict(`A role named ${input.name} already exists`);
    const permissions = [...new Set(input.permissions)];
    // A new role is never a super admin role; super_admin.* only from someone who holds them.
    assertCanGrant(await this.standing(auth), { permissions, superAdmin: false });
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.addRole(auth, tx, { name: input.name, permissions, isAdmin: input.is_admin });
      await recordAudit(auth, tx, {
        action: 'create',
        entityType: 'role',
        entityId: id,
        label: input.name,
        after: { name: input.name, permissions, is_admin: input.is_admin },
      });
      return id;
    });
    return this.listed(auth, id);
  }

  async update(auth: Scope, id: string, input: z.infer<typeof roleUpdateRequestSchema>) {
    const schoolId = staffSchool(auth);
    const role = await this.find(auth, id);
    if (input.name && (await this.nameTaken(auth, input.name, id))) throw conflict(`A role named ${input.name} already exists`);
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
    await this.db.transaction(async (tx) => {
      await repo.updateRole(auth, tx, id, {
        ...(input.name ? { name: input.name } : {}),
        ...(input.is_admin !== undefined ? { isAdmin: input.is_admin } : {}),
        permissions,
      });
      await recordAudit(auth, tx, {
        action: 'update',
        entityType: 'role',
        entityId: id,
        label: input.name ?? role.name,
        before: { name: role.name, permissions: role.permissions, is_admin: role.isAdmin },
        after: { name: input.name ?? role.name, permissions, is_admin: input.is_admin ?? role.isAdmin },
      });
    });
    this.users.invalidateAll();
    this.rosters.invalidateSchool(schoolId);
    return this.listed(auth, id);
  }

  async remove(auth: Scope, id: string): Promise<void> {
    const role = await this.find(auth, id);
    assertCanActOn(await this.standing(auth), { permissions: role.permissions, superAdmin: role.isSuperAdmin });
    await this.db.transaction(async (tx) => {
      if ((await repo.roleInUse(auth, tx, id)) > 0)
        throw conflict('This role is still assigned to staff; give them another role first');
      // Answered or withdrawn invitations that named the role go with it.
      await repo.deleteRole(auth, tx, id);
      await recordAudit(auth, tx, {
        action: 'delete',
        entityType: 'role',
        entityId: id,
        label: role.name,
        before: { name: role.name, permissions: role.permissions, is_admin: role.isAdmin },
      });
    });
  }
}
