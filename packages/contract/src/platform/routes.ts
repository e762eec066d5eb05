import { routeTable } from '../route-def.js';
import { healthResponseSchema } from './schemas.js';

/** The platform's own calls. */
export const PLATFORM_ROUTES = routeTable({
  health: { method: 'GET', path: '/api/health', access: 'public', response: healthResponseSchema },
});
