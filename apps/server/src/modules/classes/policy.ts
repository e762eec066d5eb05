import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { PermissionChecker } from '../../platform/http/guard.js';

type RolePermissions = Pick<PermissionChecker, 'rolePermissions'>;

/** Staff who manage classes see every class of the school; other staff see the classes they teach. */
export async function seesAllClasses(auth: AccessClaims, permissions: RolePermissions): Promise<boolean> {
  if (auth.kind !== 'staff' || !auth.schoolId) return false;
  return (await permissions.rolePermissions(auth.userId, auth.schoolId)).has('admin_portal.classes');
}
