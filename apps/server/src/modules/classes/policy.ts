import type { Scope } from '../../platform/auth/scope.js';

/**
 * Staff who manage classes (`admin_portal.classes`) see every class of the school; other staff see the
 * classes they teach (requireAccess's rule for a class).
 */
export async function managesClasses(auth: Scope): Promise<boolean> {
  return auth.kind === 'staff' && (await auth.rolePermissions()).has('admin_portal.classes');
}
