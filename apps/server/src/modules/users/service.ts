import type { ParentUserDetails, StaffUserDetails } from '@cue/contract';
import { MESSAGES } from '@cue/contract';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Db } from '../../platform/db/client.js';
import { unauthorized } from '../../platform/errors.js';
import { presentParent, presentStaff } from './presenter.js';
import * as repo from './repo.js';

export type UserDetails =
  | { logined_as: 'staff'; user_detials: StaffUserDetails }
  | { logined_as: 'parent'; user_detials: ParentUserDetails };

/**
 * Who is signed in. Read on every page load, so the presented details are cached in process for a
 * short while and dropped by `invalidateUser` whenever something they show changes.
 */
export class UserService {
  private readonly details = new TtlCache<UserDetails>(60_000);

  constructor(private readonly db: Db) {}

  async staffDetails(userId: string, schoolId: string): Promise<StaffUserDetails | null> {
    const record = await repo.loadStaffRecord(this.db, userId, schoolId);
    return record ? presentStaff(record) : null;
  }

  async parentDetails(userId: string): Promise<ParentUserDetails | null> {
    const record = await repo.loadParentRecord(this.db, userId);
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

  invalidateUser(userId: string): void {
    this.details.deletePrefix(`${userId}:`);
  }

  findStaffByPhone = (phone: string) => repo.findStaffByPhone(this.db, phone);
  findParentByPhone = (phone: string) => repo.findParentByPhone(this.db, phone);
  isPhoneRegistered = (phone: string) => repo.isPhoneRegistered(this.db, phone);
}
