import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Drop-off and pick-up: the class day, dismissal, check-in and out, alerts, settings, kiosks, the family's side. */
export function dispersalRoutes(_route: Router, _s: Services): void {}
