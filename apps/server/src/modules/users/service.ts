import type { ParentUserDetails, StaffUserDetails } from '@cue/contract';
import { isRolePermission, MESSAGES, type RolePermission } from '@cue/contract';
import type { AccessClaims, TokenService } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Db } from '../../platform/db/client.js';
import { unauthorized } from '../../platform/errors.js';
import type { PermissionChecker, SessionChecker } from '../../platform/http/guard.js';
import { presentParent, presentStaff } from './presenter.js';
import * as repo from './repo.js';

export type UserDetails =
  | { logined_as: 'staff'; user_detials: StaffUserDetails }
  | { logined_as: 'parent'; user_detials: ParentUserDetails };

/**
 * Who is signed in. Read on every page load, so the presented details are cached in process for a
 * short while and dropped by `invalidateUser` whenever something they show changes.
 */
export class UserService implements Pick<PermissionChecker, 'rolePermissions'> {
  private readonly details = new TtlCache<UserDetails>(60_000);
  private readonly permissions = new TtlCache<ReadonlySet<RolePermission>>(30_000);

  constructor(private readonly db: Db) {}

  async staffDetails(userId: string, schoolId: string): Promise<StaffUserDetails | null> {
    const record = await repo.loadStaffRecord({ userId, schoolId }, this.db);
    return record ? presentStaff(record) : null;
  }

  async parentDetails(userId: string): Promise<ParentUserDetails | null> {
    const record = await repo.loadParentRecord({ userId }, this.db);
    return record ? presentParent(record) : null;
  }

  async current(auth: AccessClaims): Promise<UserDetails> {
    const key = `${auth.userId}:${auth.kind}:${auth.schoolId ?? ''}`;
    const cached = this.details.get(key);
    if (cached) return cached;
    let result: UserDetails | null = null;
    if (auth.kind === 'staff' && auth.schoolId) {
      const d = await this.staffDetails(auth.userId, auth.schoolId);
      if (d) result = { logined_as: 'staff', user_detials: d };
    } else if (auth.kind === 'parent') {
      const d = await this.parentDetails(auth.userId);
      if (d) result = { logined_as: 'parent', user_detials: d };
    }
    if (!result) throw unauthorized(MESSAGES.invalidToken);
    this.details.set(key, result);
    return result;
  }

  /** POST /api/logined_user_details_v2/: the details behind each token of a dual-role session. */
  async both(
    staffToken: string | undefined,
    parentToken: string | undefined,
    tokens: TokenService,
    sessions: SessionChecker,
  ): Promise<{ staff_user?: { user_details: StaffUserDetails }; parent_user?: { user_details: ParentUserDetails } }> {
    const read = async (token: string, kind: 'staff' | 'parent') => {
      const v = await tokens.verifyAccess(token);
      if (!v.ok || v.claims.kind !== kind || !(await sessions.isActive(v.claims.sessionId)))
        throw unauthorized(MESSAGES.invalidToken);
      return this.current(v.claims);
    };
    const result: { staff_user?: { user_details: StaffUserDetails }; parent_user?: { user_details: ParentUserDetails } } = {};
    if (staffToken) {
      const d = await read(staffToken, 'staff');
      if (d.logined_as === 'staff') result.staff_user = { user_details: d.user_detials };
    }
    if (parentToken) {
      const d = await read(parentToken, 'parent');
      if (d.logined_as === 'parent') result.parent_user = { user_details: d.user_detials };
    }
    return result;
  }

  async rolePermissions(userId: string, schoolId: string): Promise<ReadonlySet<RolePermission>> {
    const key = `${userId}:${schoolId}`;
    const cached = this.permissions.get(key);
    if (cached) return cached;
    const set = new Set((await repo.loadRolePermissions({ userId, schoolId }, this.db)).filter(isRolePermission));
    this.permissions.set(key, set);
    return set;
  }

  /** After a change that shows in everybody's details (a school's name or direction). */
  invalidateAll(): void {
    this.details.clear();
    this.permissions.clear();
  }

  invalidateUser(userId: string): void {
    this.details.deletePrefix(`${userId}:`);
    this.permissions.deletePrefix(`${userId}:`);
  }

  /** Whether a person is staff (not removed) of a school. */
  isStaffOfSchool = (userId: string, schoolId: string) => repo.isStaffOfSchool({ schoolId }, this.db, userId);
}
