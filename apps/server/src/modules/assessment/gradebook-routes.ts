import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of the gradebook, reflections and the child's record. */
export function gradebookRoutes(_route: Router, _s: Services): void {}
