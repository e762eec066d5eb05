import { isRolePermission, type Role } from '@cue/contract';
import { covers, type Standing } from './policy.js';
import type { RoleRow } from './repo.js';

/** A role as the school sees it: the caller may change it when they hold all it gives, and delete it when nobody holds it. */
export function presentRole(r: RoleRow, caller: Standing): Role {
  const mayChange = covers(caller, { permissions: r.role.permissions, superAdmin: r.role.isSuperAdmin });
  const members = Number(r.members);
  return {
    id: r.role.id,
    name: r.role.name,
    permissions: r.role.permissions.filter(isRolePermission).sort(),
    is_admin: r.role.isAdmin,
    member_count: members,
    abilities: { can_edit: mayChange, can_delete: mayChange && members === 0 },
  };
}
