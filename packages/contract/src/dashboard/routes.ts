import { routeTable } from '../route-def.js';
import { dashboardResponseSchema } from './schemas.js';

/** The first page after sign-in: the staff or the parent side, by the token. */
export const DASHBOARD_ROUTES = routeTable({
  dashboard: { method: 'GET', path: '/api/dashboard/', access: 'any', keep: 'minute', response: dashboardResponseSchema },
});
