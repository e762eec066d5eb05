import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of report cards. */
export function reportRoutes(_route: Router, _s: Services): void {}
