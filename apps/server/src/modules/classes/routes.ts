import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function classRoutes(route: Router, s: Services): void {
  route(ROUTES.staffClasses, {}, async ({ auth }) => ({ result: await s.classes.staffClasses(auth) }));
}
