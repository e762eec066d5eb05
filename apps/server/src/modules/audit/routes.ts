import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The academic setup's audit trail, and the school's whole audit log for the admin. */
export function auditRoutes(route: Router, s: Services): void {
  route(ROUTES.academicAudit, async ({ auth, query }) => ({ result: await s.audit.academic(auth, query) }));
  route(ROUTES.auditLog, async ({ auth, query }) => ({ result: await s.audit.log(auth, query) }));
  route(ROUTES.auditLogCsv, async ({ auth, query, reply }) => {
    const csv = await s.audit.csv(auth, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(`\uFEFF${csv}`);
  });
}
