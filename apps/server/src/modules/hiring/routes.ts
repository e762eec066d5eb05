import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The hiring routes (MANAGEMENT_ROUTES: publicJob*, job*). */
export function hiringRoutes(route: Router, s: Services): void {
  void route;
  void s;
}
