import { ACCOUNT_MESSAGES, COUNTRY_CODE, PHONE_LENGTH, ROUTES } from '@cue/contract';
import { apiRequest, apiUpload } from '../../lib/api';
import { formatPhone } from '../../lib/format';
import type { Route } from '../../lib/http';
import type { Side } from '../../lib/session';

/** Whose picture a picture manager changes (spec section 6: own staff or parent record, own children). */
export type PictureTarget = { kind: 'staff' } | { kind: 'parent'; parentId: string } | { kind: 'student'; studentId: string };

const UPLOADS = {
  staff: { route: ROUTES.staffProfilePicture, side: 'staff' },
  parent: { route: ROUTES.parentUpdate, side: 'parent' },
  student: { route: ROUTES.studentProfilePicture, side: 'parent' },
} as const satisfies Record<PictureTarget['kind'], { route: Route; side: Side }>;

/**
 * Uploads a new profile picture as multipart: POST /api/staff_profile_picture/ (staff_profile_picture),
 * POST /api/parent/{parent_id} (parent_profile_picture) or POST /api/student_profile_picture/{id}
 * (student_profile_picture). Resolves with the server's message ('Profile Picture Updated').
 */
export async function uploadPicture(target: PictureTarget, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const upload = UPLOADS[target.kind];
  const params: Record<string, string> =
    target.kind === 'parent' ? { id: target.parentId } : target.kind === 'student' ? { id: target.studentId } : {};
  const form = new FormData();
  form.append(upload.route.upload, file, file.name);
  const answer = await apiUpload(upload.route, form, { side: upload.side, params, onProgress });
  return answer.message || ACCOUNT_MESSAGES.profilePictureUpdated;
}

/** DELETE /api/delete_user_profile/ with the active side's token. Resolves with the server's message. */
export async function deleteAccount(): Promise<string> {
  const answer = await apiRequest(ROUTES.deleteUserProfile);
  return answer.message || ACCOUNT_MESSAGES.accountDeleted;
}

/** The phone number as shown: +91 90000 00003 for a national number. */
export function displayPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const withCode = digits.length === COUNTRY_CODE.length + PHONE_LENGTH && digits.startsWith(COUNTRY_CODE);
  const national = withCode ? digits.slice(COUNTRY_CODE.length) : digits;
  return national.length === PHONE_LENGTH ? `+${COUNTRY_CODE} ${formatPhone(national)}` : phone;
}
