import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The resources' routes (ACADEMIC_ROUTES: schoolResource*, resourceBooking*). */
export function resourceRoutes(_route: Router, _s: Services): void {}
