import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The academic setup's audit trail. */
export function auditRoutes(route: Router, s: Services): void {
  route(ROUTES.academicAudit, async ({ auth, query }) => ({ result: await s.audit.academic(auth, query) }));
}
