import { FILE_RESPONSE, routeTable } from '../route-def.js';
import { healthResponseSchema, readyResponseSchema } from './schemas.js';

/** The platform's own calls. */
export const PLATFORM_ROUTES = routeTable({
  health: { method: 'GET', path: '/api/health', access: 'public', response: healthResponseSchema },
  /** Liveness: the process answers (a supervisor restarts it when this stops answering). */
  healthLive: { method: 'GET', path: '/api/health/live', access: 'public', response: healthResponseSchema },
  /**
   * Readiness: the process can serve (its database answers); 503 NOT_READY while it cannot or while it
   * shuts down, so a proxy sends requests to another instance.
   */
  healthReady: { method: 'GET', path: '/api/health/ready', access: 'public', response: readyResponseSchema },
  /** The OpenAPI 3.1 document of every route of this table. */
  openApi: { method: 'GET', path: '/api/openapi.json', access: 'public', response: FILE_RESPONSE },
  /** A reference page of that document. */
  apiDocs: { method: 'GET', path: '/api/docs', access: 'public', response: FILE_RESPONSE },
  /**
   * The server's metrics in Prometheus's text format, for a scraper holding the metrics token
   * (`Authorization: Bearer <METRICS_TOKEN>`): 401 without it, 404 when the server has none set.
   */
  metrics: { method: 'GET', path: '/metrics', access: 'public', response: FILE_RESPONSE },
});
