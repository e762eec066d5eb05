import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function carelogRoutes(_route: Router, _s: Services): void {}
