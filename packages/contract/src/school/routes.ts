import { z } from 'zod';
import { sessionTokensSchema } from '../auth/schemas.js';
import { byIdSchema, doneSchema, envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import { staffUserDetailsSchema } from '../users/schemas.js';
import {
  campusSchema,
  divisionRequestSchema,
  divisionSchema,
  organizationSchema,
  schoolDashboardSchema,
  schoolInfoSchema,
  schoolPermissionsSchema,
  switchSchoolRequestSchema,
  updateSchoolPermissionsRequestSchema,
  updateSchoolRequestSchema,
  usageRowSchema,
  userPermissionsSchema,
} from './schemas.js';

/** School setup: details, logo, dashboard, divisions, school permissions, campuses, usage. */
export const SCHOOL_ROUTES = routeTable({
  schoolInfo: { method: 'GET', path: '/api/school/', access: 'staff', response: envelope(schoolInfoSchema) },
  schoolUpdate: {
    method: 'PUT',
    path: '/api/school/',
    access: 'staff',
    permission: 'admin_portal.school_details',
    body: updateSchoolRequestSchema,
    response: withMessage(schoolInfoSchema),
  },
  schoolLogo: {
    method: 'POST',
    path: '/api/school/logo',
    access: 'staff',
    permission: 'admin_portal.school_details',
    upload: 'logo',
    response: withMessage(schoolInfoSchema),
  },
  schoolDashboard: {
    method: 'GET',
    path: '/api/school/dashboard/',
    access: 'staff',
    permission: 'admin_portal.dashboard',
    response: envelope(schoolDashboardSchema),
  },
  divisionList: { method: 'GET', path: '/api/divisions/', access: 'staff', response: envelope(z.array(divisionSchema)) },
  divisionCreate: {
    method: 'POST',
    path: '/api/divisions/',
    access: 'staff',
    permission: 'admin_portal.school_division',
    body: divisionRequestSchema,
    response: withMessage(divisionSchema),
  },
  divisionUpdate: {
    method: 'PUT',
    path: '/api/divisions/:id',
    access: 'staff',
    permission: 'admin_portal.school_division',
    resource: 'division',
    params: byIdSchema,
    body: divisionRequestSchema,
    response: withMessage(divisionSchema),
  },
  divisionDelete: {
    method: 'DELETE',
    path: '/api/divisions/:id',
    access: 'staff',
    permission: 'admin_portal.school_division',
    resource: 'division',
    params: byIdSchema,
    response: doneSchema,
  },
  schoolPermissions: {
    method: 'GET',
    path: '/api/school_permissions/',
    access: 'staff',
    response: envelope(schoolPermissionsSchema),
  },
  schoolPermissionsUpdate: {
    method: 'PUT',
    path: '/api/school_permissions/',
    access: 'staff',
    permission: 'admin_portal.permissions',
    body: updateSchoolPermissionsRequestSchema,
    response: withMessage(schoolPermissionsSchema),
  },
  userPermissions: {
    method: 'GET',
    path: '/api/user_permissions/',
    access: 'staff',
    keep: 'minute',
    response: envelope(userPermissionsSchema),
  },
  campuses: { method: 'GET', path: '/api/campuses/', access: 'staff', response: envelope(z.array(campusSchema)) },
  organizations: {
    method: 'GET',
    path: '/api/organizations/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
    response: envelope(z.array(organizationSchema)),
  },
  switchSchool: {
    method: 'POST',
    path: '/api/switch_school/',
    access: 'staff',
    allowTemp: false,
    body: switchSchoolRequestSchema,
    response: withMessage(sessionTokensSchema.extend({ user_details: staffUserDetailsSchema })),
  },
  usage: {
    method: 'GET',
    path: '/api/usage/',
    access: 'staff',
    permission: 'super_admin.access_usage_report',
    response: envelope(z.array(usageRowSchema)),
  },
});
