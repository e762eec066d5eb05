import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The day schedule's routes (ACADEMIC_ROUTES: daySchedule*, classDays). */
export function scheduleRoutes(_route: Router, _s: Services): void {}
