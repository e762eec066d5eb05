import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of progress cards and feedback. */
export function hpcRoutes(_route: Router, _s: Services): void {}
