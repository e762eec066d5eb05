import { ACCOUNT_MESSAGES, idSchema, parentChildSwitchRequestSchema, ROUTES } from '@cue/contract';
import { z } from 'zod';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

const byId = z.object({ id: idSchema });

export function accountRoutes(route: Router, s: Services): void {
  route(ROUTES.parentChildSwitch, { body: parentChildSwitchRequestSchema }, async ({ auth, body }) => ({
    result: await s.account.switchChild(auth, body.child_id),
    message: ACCOUNT_MESSAGES.childSwitched,
  }));

  route(ROUTES.parentUpdateSelf, {}, async ({ auth, req }) => ({
    result: await s.account.setParentPicture(auth, undefined, await readUpload(req, 'parent_profile_picture')),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.parentUpdate, { params: byId }, async ({ auth, params, req }) => ({
    result: await s.account.setParentPicture(auth, params.id, await readUpload(req, 'parent_profile_picture')),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.staffProfilePicture, {}, async ({ auth, req }) => ({
    result: await s.account.setStaffPicture(auth, await readUpload(req, 'staff_profile_picture')),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.studentProfilePicture, { params: byId }, async ({ auth, params, req }) => ({
    result: await s.account.setStudentPicture(auth, params.id, await readUpload(req, 'student_profile_picture')),
    message: ACCOUNT_MESSAGES.profilePictureUpdated,
  }));

  route(ROUTES.deleteUserProfile, {}, async ({ auth }) => {
    await s.account.deleteAccount(auth);
    return { result: true, message: ACCOUNT_MESSAGES.accountDeleted };
  });
}
