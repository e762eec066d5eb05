import { FILE_RESPONSE, routeTable } from '../route-def.js';
import { healthResponseSchema } from './schemas.js';

/** The platform's own calls. */
export const PLATFORM_ROUTES = routeTable({
  health: { method: 'GET', path: '/api/health', access: 'public', response: healthResponseSchema },
  /** The OpenAPI 3.1 document of every route of this table. */
  openApi: { method: 'GET', path: '/api/openapi.json', access: 'public', response: FILE_RESPONSE },
  /** A reference page of that document. */
  apiDocs: { method: 'GET', path: '/api/docs', access: 'public', response: FILE_RESPONSE },
});
