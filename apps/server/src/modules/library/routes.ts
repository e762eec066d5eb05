import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { loanRoutes } from './loan-routes.js';

/** The library's routes: the catalogue side and the loans side. */
export function libraryRoutes(route: Router, s: Services): void {
  catalogueRoutes(route, s);
  loanRoutes(route, s);
}
