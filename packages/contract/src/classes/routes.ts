import { z } from 'zod';
import { byIdSchema, envelope, idSchema, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  addStaffToClassesRequestSchema,
  classDetailSchema,
  classListItemSchema,
  classRequestSchema,
  classUpdateRequestSchema,
  schoolClassesSchema,
  staffClassesResponseSchema,
} from './schemas.js';

/** Classes: the caller's own, every class of the school for class managers, a class with its people. */
export const CLASSES_ROUTES = routeTable({
  staffClasses: {
    method: 'GET',
    path: '/api/staff_classes/',
    access: 'staff',
    keep: 'minute',
    response: staffClassesResponseSchema,
  },
  classDetail: {
    method: 'GET',
    path: '/api/classes/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    response: envelope(z.object({ my_class: classDetailSchema })),
    keep: 'minute',
  },
  userSchoolsClasses: {
    method: 'GET',
    path: '/api/user_schools_classes/',
    access: 'staff',
    response: envelope(z.array(schoolClassesSchema)),
  },
  addStaffToClasses: {
    method: 'POST',
    path: '/api/add_staff_to_classes/:id',
    access: 'staff',
    permission: 'admin_portal.classes',
    resource: 'class_or_staff',
    params: byIdSchema,
    body: addStaffToClassesRequestSchema,
    response: withMessage(z.array(z.object({ class_id: idSchema, staff_id: idSchema }))),
  },
  fetchClassesUsers: {
    method: 'GET',
    path: '/api/fetch_classes_users/',
    access: 'staff',
    response: envelope(z.array(classDetailSchema)),
  },
  classList: {
    method: 'GET',
    path: '/api/classes/',
    access: 'staff',
    permission: 'admin_portal.classes',
    response: envelope(z.array(classListItemSchema)),
  },
  classCreate: {
    method: 'POST',
    path: '/api/classes/',
    access: 'staff',
    permission: 'admin_portal.classes',
    body: classRequestSchema,
    response: withMessage(classDetailSchema),
  },
  classUpdate: {
    method: 'PUT',
    path: '/api/classes/:id',
    access: 'staff',
    permission: 'admin_portal.classes',
    resource: 'class',
    params: byIdSchema,
    body: classUpdateRequestSchema,
    response: withMessage(classDetailSchema),
  },
});
