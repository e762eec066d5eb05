import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { ledgerRoutes } from './ledger-routes.js';

/** The fee routes (MANAGEMENT_ROUTES: fee*, invoice*); money received and reports in ledger-routes.ts. */
export function feeRoutes(route: Router, s: Services): void {
  ledgerRoutes(route, s);
}
