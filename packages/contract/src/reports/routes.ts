import { byIdSchema } from '../common.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';

/** Reports: CSV downloads. */
export const REPORTS_ROUTES = routeTable({
  reportClassList: {
    method: 'GET',
    path: '/api/reports/class_list/:id',
    access: 'staff',
    permission: 'admin_portal.reports',
    feature: 'reports',
    resource: 'class',
    params: byIdSchema,
    response: FILE_RESPONSE,
  },
  reportContacts: {
    method: 'GET',
    path: '/api/reports/contacts/',
    access: 'staff',
    permission: 'admin_portal.reports',
    feature: 'reports',
    response: FILE_RESPONSE,
  },
});
