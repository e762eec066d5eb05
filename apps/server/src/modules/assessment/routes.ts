import { ASSESSMENT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { gradebookRoutes } from './gradebook-routes.js';
import { hpcRoutes } from './hpc-routes.js';
import { reportRoutes } from './report-routes.js';

/** Assessment's routes: periods here; the gradebook, progress cards, feedback, reflections, the record and report cards beside. */
export function assessmentRoutes(route: Router, s: Services): void {
  const a = s.assessment;
  route(ROUTES.periodList, async ({ auth }) => ({ result: await a.list(auth) }));
  route(ROUTES.periodCreate, async ({ auth, body }) => ({
    result: await a.create(auth, body),
    message: ASSESSMENT_MESSAGES.periodCreated,
  }));
  route(ROUTES.periodUpdate, async ({ auth, params, body }) => ({
    result: await a.update(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.periodSaved,
  }));
  route(ROUTES.periodLock, async ({ auth, params }) => ({
    result: await a.lock(auth, params.id, true),
    message: ASSESSMENT_MESSAGES.periodLocked,
  }));
  route(ROUTES.periodUnlock, async ({ auth, params }) => ({
    result: await a.lock(auth, params.id, false),
    message: ASSESSMENT_MESSAGES.periodUnlocked,
  }));
  gradebookRoutes(route, s);
  hpcRoutes(route, s);
  reportRoutes(route, s);
}
