import { z } from 'zod';
import { envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  bugReportRequestSchema,
  bugReportSchema,
  maintenanceStatusSchema,
  setMaintenanceRequestSchema,
  uploadConstraintSchema,
  uploadedMediaSchema,
} from './schemas.js';

/** Maintenance windows, uploads and bug reports. */
export const SUPPORT_ROUTES = routeTable({
  maintenanceStatus: {
    method: 'GET',
    path: '/api/fetch_app_maintenance/web',
    access: 'public',
    response: envelope(maintenanceStatusSchema),
  },
  maintenanceSet: {
    method: 'PUT',
    path: '/api/app_maintenance/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
    body: setMaintenanceRequestSchema,
    response: withMessage(maintenanceStatusSchema),
  },
  uploadConstraint: {
    method: 'GET',
    path: '/api/fetch_media_upload_constraint/',
    access: 'any',
    response: envelope(uploadConstraintSchema),
  },
  mediaUpload: { method: 'POST', path: '/api/media/', access: 'any', upload: 'file', response: envelope(uploadedMediaSchema) },
  bugReport: {
    method: 'POST',
    path: '/api/bug_report/',
    access: 'any',
    body: bugReportRequestSchema,
    response: withMessage(z.object({ id: z.string() })),
  },
  bugReportList: {
    method: 'GET',
    path: '/api/bug_reports/',
    access: 'staff',
    permission: 'super_admin.manage_platform_org_schools',
    response: envelope(z.array(bugReportSchema)),
  },
});
