import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The admissions' routes (MANAGEMENT_ROUTES: publicAdmission*, admission*). */
export function admissionRoutes(route: Router, s: Services): void {
  void route;
  void s;
}
