import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The email templates' routes (ACADEMIC_ROUTES: emailTemplate*, userLanguage). */
export function emailTemplateRoutes(_route: Router, _s: Services): void {}
