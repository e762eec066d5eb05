import { envelope, withMessage } from '../common.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';
import { importCommitSchema, importPreviewSchema } from './schemas.js';

/** Bulk import of students and staff from a CSV or XLSX file: a template, a preview, the import. */
export const IMPORTS_ROUTES = routeTable({
  importStudentsTemplate: {
    method: 'GET',
    path: '/api/import/students/template',
    access: 'staff',
    permission: 'admin_portal.students',
    response: FILE_RESPONSE,
  },
  importStudentsPreview: {
    method: 'POST',
    path: '/api/import/students/preview',
    access: 'staff',
    permission: 'admin_portal.students',
    upload: 'file',
    response: envelope(importPreviewSchema),
  },
  importStudentsCommit: {
    method: 'POST',
    path: '/api/import/students/commit',
    access: 'staff',
    permission: 'admin_portal.students',
    upload: 'file',
    response: withMessage(importCommitSchema),
  },
  importStaffTemplate: {
    method: 'GET',
    path: '/api/import/staff/template',
    access: 'staff',
    permission: 'admin_portal.staff',
    response: FILE_RESPONSE,
  },
  importStaffPreview: {
    method: 'POST',
    path: '/api/import/staff/preview',
    access: 'staff',
    permission: 'admin_portal.staff',
    upload: 'file',
    response: envelope(importPreviewSchema),
  },
  importStaffCommit: {
    method: 'POST',
    path: '/api/import/staff/commit',
    access: 'staff',
    permission: 'admin_portal.staff',
    upload: 'file',
    response: withMessage(importCommitSchema),
  },
});
