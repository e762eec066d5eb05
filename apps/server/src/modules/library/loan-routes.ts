import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Loans, returns, renewals, reservations, overdue notices and a child's library. */
export function loanRoutes(_route: Router, _s: Services): void {}
