import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The catalogue, copies, barcode lookups, ISBN checks, rules, labels and imports. */
export function catalogueRoutes(_route: Router, _s: Services): void {}
