import type { ParentUserDetails, StaffUserDetails } from '@cue/contract';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { toProfilePicture } from '../../platform/images.js';
import { signMedia } from '../../platform/media-urls.js';
import type { Storage } from '../../platform/storage.js';
import type { SessionService } from '../auth/session-service.js';
import type { RosterCache } from '../classes/roster-cache.js';
import * as repo from './account-repo.js';
import type { UserService } from './service.js';

export interface Upload {
  bytes: Buffer;
  mimetype: string;
  /** Who sent it (readUpload fills it in): recorded with the stored file. */
  owner: { uploadedBy: string; schoolId: string | null };
}

/** A person's own account: child switch, profile pictures, deletion. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly rosters: RosterCache,
  ) {}

  private async ownParentId(auth: AccessClaims, requested?: string): Promise<string> {
    const parentId = await repo.findParentIdOfUser(this.db, auth.userId);
    if (!parentId || (requested && requested !== parentId)) throw notFound();
    return parentId;
  }

  private async parentDetails(userId: string): Promise<ParentUserDetails> {
    this.users.invalidateUser(userId);
    const details = await this.users.parentDetails(userId);
    if (!details) throw notFound();
    return details;
  }

  private async storePicture(kind: string, upload: Upload): Promise<string> {
    const image = await toProfilePicture(upload.bytes, upload.mimetype);
    return this.storage.put(`profile/${kind}/${newId()}.webp`, image, 'image/webp', upload.owner);
  }

  async switchChild(auth: AccessClaims, childId: string): Promise<ParentUserDetails> {
    const parentId = await this.ownParentId(auth);
    if (!(await repo.parentHasChild(this.db, parentId, childId))) throw notFound();
    await repo.setCurrentChild(this.db, parentId, childId);
    return this.parentDetails(auth.userId);
  }

  async setParentPicture(auth: AccessClaims, parentId: string | undefined, upload: Upload): Promise<ParentUserDetails> {
    const id = await this.ownParentId(auth, parentId);
    const url = await this.storePicture('parent', upload);
    const previous = await repo.setParentPicture(this.db, id, url);
    if (previous) await this.storage.remove(previous);
    return this.parentDetails(auth.userId);
  }

  async setStaffPicture(auth: AccessClaims, upload: Upload): Promise<StaffUserDetails> {
    const url = await this.storePicture('staff', upload);
    const previous = await repo.setStaffPicture(this.db, auth.userId, url);
    if (previous) await this.storage.remove(previous);
    this.users.invalidateUser(auth.userId);
    this.rosters.clear();
    const details = auth.schoolId ? await this.users.staffDetails(auth.userId, auth.schoolId) : null;
    if (!details) throw notFound();
    return details;
  }

  /** A child's picture: by one of its parents, or by staff who teach it (any class for admins). */
  async setStudentPicture(
    auth: AccessClaims,
    studentId: string,
    upload: Upload,
  ): Promise<{ id: string; student_profile_picture: string }> {
    let allowed = false;
    if (auth.kind === 'parent') {
      const parentId = await repo.findParentIdOfUser(this.db, auth.userId);
      allowed = !!parentId && (await repo.parentHasChild(this.db, parentId, studentId));
    } else if (auth.schoolId) {
      const me = await this.users.current(auth);
      const admin = me.logined_as === 'staff' && me.user_detials.school_details.admin;
      allowed = !!(await repo.studentForStaff(this.db, studentId, auth.schoolId, auth.userId, admin));
    }
    if (!allowed) throw notFound();
    const url = await this.storePicture('student', upload);
    await repo.setStudentPicture(this.db, studentId, url);
    for (const userId of await repo.parentUserIdsOf(this.db, studentId)) this.users.invalidateUser(userId);
    this.rosters.clear();
    return { id: studentId, student_profile_picture: signMedia(url) };
  }

  /** Deletes the person behind the token: both their staff and parent sides. */
  async deleteAccount(auth: AccessClaims): Promise<void> {
    // A support or kiosk token acts for someone; it may not delete their account.
    if (auth.isTemp) throw forbidden('A temporary access token cannot delete an account');
    const pictures = await repo.getPictures(this.db, auth.userId);
    await this.db.transaction((tx) => repo.anonymiseUser(tx, auth.userId, this.clock.now()));
    await this.sessions.endAll(auth.userId);
    this.users.invalidateUser(auth.userId);
    this.rosters.clear();
    await Promise.all(pictures.map((p) => this.storage.remove(p)));
  }
}
