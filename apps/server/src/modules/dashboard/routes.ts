import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function dashboardRoutes(route: Router, s: Services): void {
  route(ROUTES.dashboard, async ({ auth }) => ({ result: await s.dashboard.forCaller(auth) }));
}
