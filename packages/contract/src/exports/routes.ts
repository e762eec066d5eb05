import { byIdSchema, envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import { emergencySheetRequestSchema, fileExportSchema } from './schemas.js';

/** Documents prepared by jobs, with their progress: a class's emergency sheet (photos, allergies, contacts). */
export const EXPORTS_ROUTES = routeTable({
  classEmergencySheet: {
    method: 'POST',
    path: '/api/classes/:id/emergency_sheet',
    access: 'staff',
    permission: 'admin_portal.students',
    resource: 'class',
    params: byIdSchema,
    body: emergencySheetRequestSchema,
    response: withMessage(fileExportSchema),
  },
  exportStatus: {
    method: 'GET',
    path: '/api/exports/:id',
    access: 'any',
    resource: 'export',
    params: byIdSchema,
    response: envelope(fileExportSchema),
  },
});
