import type { ClassSummary } from '@cue/contract';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden } from '../../platform/errors.js';
import type { UserService } from '../users/service.js';
import { presentClassSummary } from './presenter.js';
import * as repo from './repo.js';

export class ClassService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
  ) {}

  /** The classes a staff member works with: every class of the school for an admin, else their own. */
  async staffClasses(auth: AccessClaims): Promise<ClassSummary[]> {
    if (!auth.schoolId) throw forbidden();
    const me = await this.users.current(auth);
    if (me.logined_as !== 'staff') throw forbidden();
    const admin = me.user_detials.school_details.admin;
    const rows = await repo.listSchoolClasses(this.db, auth.schoolId, admin ? null : auth.userId);
    return rows.map(presentClassSummary);
  }
}
