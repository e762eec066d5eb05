import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Payments, credit notes, accounts, the family's fees and the reports. */
export function ledgerRoutes(route: Router, s: Services): void {
  void route;
  void s;
}
