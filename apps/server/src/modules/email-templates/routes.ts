import { EMAIL_TEMPLATE_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The email templates' routes (ACADEMIC_ROUTES: emailTemplate*, userLanguage). */
export function emailTemplateRoutes(route: Router, s: Services): void {
  route(ROUTES.emailTemplateList, async ({ auth }) => ({ result: await s.emailTemplates.list(auth) }));
  route(ROUTES.emailTemplateGet, async ({ auth, params }) => ({
    result: await s.emailTemplates.get(auth, params.key, params.language),
  }));
  route(ROUTES.emailTemplateUpdate, async ({ auth, params, body }) => ({
    result: await s.emailTemplates.update(auth, params.key, params.language, body),
    message: EMAIL_TEMPLATE_MESSAGES.saved,
  }));
  route(ROUTES.emailTemplateReset, async ({ auth, params }) => ({
    result: await s.emailTemplates.reset(auth, params.key, params.language),
    message: EMAIL_TEMPLATE_MESSAGES.reset,
  }));
  route(ROUTES.emailTemplatePreview, async ({ auth, params, body }) => ({
    result: await s.emailTemplates.preview(auth, params.key, params.language, body ?? {}),
  }));
  route(ROUTES.emailTemplateTest, async ({ auth, params, body }) => {
    await s.emailTemplates.test(auth, params.key, params.language, body ?? {});
    return { result: true, message: EMAIL_TEMPLATE_MESSAGES.testSent };
  });
  route(ROUTES.userLanguage, async ({ auth, body }) => {
    await s.emailTemplates.setUserLanguage(auth, body.language);
    return { result: true, message: EMAIL_TEMPLATE_MESSAGES.languageSaved };
  });
}
