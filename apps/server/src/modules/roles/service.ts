import type { roleRequestSchema, roleUpdateRequestSchema } from '@cue/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { memberships, roles } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { UserService } from '../users/service.js';

const conflict = (message: string) => new AppError(409, message, 'CONFLICT');

/** A school's roles: editable sets of role permissions. */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  async list(auth: AccessClaims) {
    const schoolId = staffSchool(auth);
    const rows = await this.db
      .select({ role: roles, members: count(memberships.id) })
      .from(roles)
      .leftJoin(memberships, eq(memberships.roleId, roles.id))
      .where(eq(roles.schoolId, schoolId))
      .groupBy(roles.id)
      .orderBy(asc(roles.name));
    return rows.map((r) => ({
      id: r.role.id,
      name: r.role.name,
      permissions: [...r.role.permissions].sort(),
      is_admin: r.role.isAdmin,
      member_count: Number(r.members),
    }));
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

  async create(auth: AccessClaims, input: z.infer<typeof roleRequestSchema>) {
    const schoolId = staffSchool(auth);
    if (await this.nameTaken(schoolId, input.name)) throw conflict(`A role named ${input.name} already exists`);
    const id = newId();
    // Platform-wide super admin permissions are granted by the platform, never through a school's roles.
    const permissions = [...new Set(input.permissions)].filter((p) => !p.startsWith('super_admin.'));
    await this.db.insert(roles).values({ id, schoolId, name: input.name, permissions, isAdmin: input.is_admin });
    return (await this.list(auth)).find((r) => r.id === id);
  }

  async update(auth: AccessClaims, id: string, input: z.infer<typeof roleUpdateRequestSchema>) {
    const schoolId = staffSchool(auth);
    const role = await this.find(schoolId, id);
    if (input.name && (await this.nameTaken(schoolId, input.name, id)))
      throw conflict(`A role named ${input.name} already exists`);
    let permissions = role.permissions;
    if (input.permissions) {
      const keepSuper = role.permissions.filter((p) => p.startsWith('super_admin.'));
      permissions = [...new Set([...input.permissions.filter((p) => !p.startsWith('super_admin.')), ...keepSuper])];
      const mine = await this.users.rolePermissions(auth.userId, schoolId);
      const ownRole = (
        await this.db
          .select({ roleId: memberships.roleId })
          .from(memberships)
          .where(and(eq(memberships.userId, auth.userId), eq(memberships.schoolId, schoolId)))
      )[0]?.roleId;
      if (ownRole === id && mine.has('admin_portal.permissions') && !permissions.includes('admin_portal.permissions'))
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
    return (await this.list(auth)).find((r) => r.id === id);
  }

  async remove(auth: AccessClaims, id: string): Promise<void> {
    const schoolId = staffSchool(auth);
    await this.find(schoolId, id);
    const [held] = await this.db.select({ n: count() }).from(memberships).where(eq(memberships.roleId, id));
    if (Number(held?.n ?? 0) > 0) throw conflict('This role is still assigned to staff; give them another role first');
    await this.db.delete(roles).where(eq(roles.id, id));
  }
}
