import { z } from 'zod';
import { byIdSchema, doneSchema, idSchema, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import { parentChildSwitchRequestSchema, parentUserDetailsSchema, staffUserDetailsSchema } from './schemas.js';

/** The signed-in person's own account: pictures, the parent's current child, deleting the account. */
export const USERS_ROUTES = routeTable({
  parentChildSwitch: {
    method: 'POST',
    path: '/api/parent_child_switch/',
    access: 'parent',
    body: parentChildSwitchRequestSchema,
    response: withMessage(parentUserDetailsSchema),
  },
  parentUpdateSelf: {
    method: 'POST',
    path: '/api/parent/',
    access: 'parent',
    upload: 'parent_profile_picture',
    response: withMessage(parentUserDetailsSchema),
  },
  parentUpdate: {
    method: 'POST',
    path: '/api/parent/:id',
    access: 'parent',
    resource: 'parent',
    params: byIdSchema,
    upload: 'parent_profile_picture',
    response: withMessage(parentUserDetailsSchema),
  },
  staffProfilePicture: {
    method: 'POST',
    path: '/api/staff_profile_picture/',
    access: 'staff',
    upload: 'staff_profile_picture',
    response: withMessage(staffUserDetailsSchema),
  },
  studentProfilePicture: {
    method: 'POST',
    path: '/api/student_profile_picture/:id',
    access: 'any',
    resource: 'student',
    params: byIdSchema,
    upload: 'student_profile_picture',
    response: withMessage(z.object({ id: idSchema, student_profile_picture: z.string() })),
  },
  deleteUserProfile: {
    method: 'DELETE',
    path: '/api/delete_user_profile/',
    access: 'any',
    allowTemp: false,
    response: doneSchema,
  },
});
