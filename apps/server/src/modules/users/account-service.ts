import type { ParentUserDetails, StaffUserDetails } from '@cue/contract';
import { requireAccess, type Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
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

  private async ownParentId(auth: Scope, requested?: string): Promise<string> {
    const parentId = await auth.parentId();
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

  async switchChild(auth: Scope, childId: string): Promise<ParentUserDetails> {
    await this.ownParentId(auth);
    await requireAccess(auth, 'child', [childId]);
    await repo.setCurrentChild(auth, this.db, childId);
    return this.parentDetails(auth.userId);
  }

  async setParentPicture(auth: Scope, parentId: string | undefined, upload: Upload): Promise<ParentUserDetails> {
    await this.ownParentId(auth, parentId);
    const url = await this.storePicture('parent', upload);
    const previous = await repo.setParentPicture(auth, this.db, url);
    if (previous) await this.storage.remove(previous);
    return this.parentDetails(auth.userId);
  }

  async setStaffPicture(auth: Scope, upload: Upload): Promise<StaffUserDetails> {
    const url = await this.storePicture('staff', upload);
    const previous = await repo.setStaffPicture(auth, this.db, url);
    if (previous) await this.storage.remove(previous);
    this.users.invalidateUser(auth.userId);
    this.rosters.clear();
    const details = auth.schoolId ? await this.users.staffDetails(auth.userId, auth.schoolId) : null;
    if (!details) throw notFound();
    return details;
  }

  /**
   * A child's picture: by one of its parents, or by staff who may touch the child (who teach it, or
   * manage students or classes). A child the caller may not touch does not exist for them (404).
   */
  async setStudentPicture(
    auth: Scope,
    studentId: string,
    upload: Upload,
  ): Promise<{ id: string; student_profile_picture: string }> {
    await requireAccess(auth, 'child', [studentId]).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 403 ? notFound() : err;
    });
    const url = await this.storePicture('student', upload);
    await repo.setStudentPicture(auth, this.db, studentId, url);
    for (const userId of await repo.parentUserIdsOf(auth, this.db, studentId)) this.users.invalidateUser(userId);
    this.rosters.clear();
    return { id: studentId, student_profile_picture: signMedia(url) };
  }

  /** Deletes the person behind the token: both their staff and parent sides. */
  async deleteAccount(auth: Scope): Promise<void> {
    // A support or kiosk token acts for someone; it may not delete their account.
    if (auth.isTemp) throw forbidden('A temporary access token cannot delete an account');
    const pictures = await repo.getPictures(auth, this.db);
    await this.db.transaction((tx) => repo.anonymiseUser(auth, tx, this.clock.now()));
    await this.sessions.endAll(auth.userId);
    this.users.invalidateUser(auth.userId);
    this.rosters.clear();
    await Promise.all(pictures.map((p) => this.storage.remove(p)));
  }
}
