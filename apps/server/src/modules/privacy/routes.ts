import { PRIVACY_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** A family's copy of their child's data, its erasure on request, and the school's retention settings. */
export function privacyRoutes(route: Router, s: Services): void {
  route(ROUTES.childDataExport, async ({ auth, params }) => ({
    result: await s.privacy.startExport(auth, params.id),
    message: PRIVACY_MESSAGES.exportStarted,
  }));
  route(ROUTES.childErasurePreview, async ({ auth, params }) => ({ result: await s.privacy.erasure(auth, params.id) }));
  route(ROUTES.childErasure, async ({ auth, params, body }) => ({
    result: await s.privacy.erase(auth, params.id, body),
    message: PRIVACY_MESSAGES.erased,
  }));
  route(ROUTES.retentionSettings, async ({ auth }) => ({ result: await s.privacy.retention(auth) }));
  route(ROUTES.retentionUpdate, async ({ auth, body }) => ({
    result: await s.privacy.saveRetention(auth, body),
    message: PRIVACY_MESSAGES.retentionSaved,
  }));
}
