import { byIdSchema, envelope, withMessage } from '../common.js';
import { fileExportSchema } from '../exports/schemas.js';
import { routeTable } from '../route-def.js';
import { erasureRequestSchema, erasureSchema, retentionSchema, retentionUpdateSchema } from './schemas.js';

/**
 * Data protection (issue 30). A family downloads everything the school holds about their child (a ZIP
 * of JSON and media, prepared by a job); so does an admin who manages students, for a family that asks
 * on paper. The admin erases a child's data on request once the child has left, keeping the records
 * the law requires; the school's retention settings delete old media and logs every day.
 */
export const PRIVACY_ROUTES = routeTable({
  childDataExport: {
    method: 'POST',
    path: '/api/student/:id/data_export',
    access: 'any',
    resource: 'student',
    params: byIdSchema,
    response: withMessage(fileExportSchema),
  },
  childErasurePreview: {
    method: 'GET',
    path: '/api/student/:id/erasure',
    access: 'staff',
    permission: 'admin_portal.students',
    resource: 'student',
    params: byIdSchema,
    response: envelope(erasureSchema),
  },
  childErasure: {
    method: 'POST',
    path: '/api/student/:id/erasure',
    access: 'staff',
    permission: 'admin_portal.students',
    resource: 'student',
    params: byIdSchema,
    body: erasureRequestSchema,
    response: withMessage(erasureSchema),
  },
  retentionSettings: {
    method: 'GET',
    path: '/api/school/retention',
    access: 'staff',
    permission: 'admin_portal.school_details',
    response: envelope(retentionSchema),
  },
  retentionUpdate: {
    method: 'PUT',
    path: '/api/school/retention',
    access: 'staff',
    permission: 'admin_portal.school_details',
    body: retentionUpdateSchema,
    response: withMessage(retentionSchema),
  },
});
