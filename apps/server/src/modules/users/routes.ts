import { ACCOUNT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function accountRoutes(route: Router, s: Services): void {
  route(ROUTES.parentChildSwitch, async ({ auth, body }) => ({
    result: await s.account.switchChild(auth, body.child_id),
    message: ACCOUNT_MESSAGES.childSwitched,
  }));

  route(ROUTES.parentUpdateSelf, async ({ auth, req }) => ({
    result: await s.account.setParentPicture(auth, undefined, await readUpload(req, ROUTES.parentUpdateSelf.upload)),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.parentUpdate, async ({ auth, params, req }) => ({
    result: await s.account.setParentPicture(auth, params.id, await readUpload(req, ROUTES.parentUpdate.upload)),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.staffProfilePicture, async ({ auth, req }) => ({
    result: await s.account.setStaffPicture(auth, await readUpload(req, ROUTES.staffProfilePicture.upload)),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.studentProfilePicture, async ({ auth, params, req }) => ({
    result: await s.account.setStudentPicture(auth, params.id, await readUpload(req, ROUTES.studentProfilePicture.upload)),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.deleteUserProfile, async ({ auth }) => {
    await s.account.deleteAccount(auth);
    return { result: true, message: ACCOUNT_MESSAGES.accountDeleted };
  });
}
