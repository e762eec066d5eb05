import { EXPORT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function exportRoutes(route: Router, s: Services): void {
  route(ROUTES.classEmergencySheet, async ({ auth, params, body }) => ({
    result: await s.exports.emergencySheet(auth, params.id, body.language),
    message: EXPORT_MESSAGES.started,
  }));
  route(ROUTES.exportStatus, async ({ auth, params }) => ({ result: await s.exports.status(auth, params.id) }));
}
