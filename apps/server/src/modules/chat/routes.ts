import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function chatRoutes(_route: Router, _s: Services): void {}
