import { ASSESSMENT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of progress cards and feedback. */
export function hpcRoutes(route: Router, s: Services): void {
  const { hpc, feedback } = s;
  route(ROUTES.hpcStudents, async ({ auth, params, query }) => ({
    result: await hpc.students(auth, params.id, query.period_id),
  }));
  route(ROUTES.hpcClassSummary, async ({ auth, params, query }) => ({
    result: await hpc.summary(auth, params.id, query.period_id),
  }));
  route(ROUTES.hpcCard, async ({ auth, params, query }) => ({ result: await hpc.card(auth, params.id, query.period_id) }));
  route(ROUTES.hpcCardSave, async ({ auth, params, body }) => ({
    result: await hpc.save(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.cardSaved,
  }));
  route(ROUTES.hpcProgress, async ({ auth, params }) => ({ result: await hpc.progress(auth, params.id) }));

  route(ROUTES.feedbackList, async ({ auth, query }) => ({ result: await feedback.list(auth, query) }));
  route(ROUTES.feedbackCreate, async ({ auth, body }) => ({
    result: await feedback.create(auth, body),
    message: ASSESSMENT_MESSAGES.formCreated,
  }));
  route(ROUTES.feedbackGet, async ({ auth, params }) => ({ result: await feedback.detail(auth, params.id) }));
  route(ROUTES.feedbackUpdate, async ({ auth, params, body }) => ({
    result: await feedback.update(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.formSaved,
  }));
  route(ROUTES.feedbackDelete, async ({ auth, params }) => {
    await feedback.remove(auth, params.id);
    return { result: true as const, message: ASSESSMENT_MESSAGES.formDeleted };
  });
  route(ROUTES.feedbackRespond, async ({ auth, params, body }) => ({
    result: await feedback.respond(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.responseSaved,
  }));
  route(ROUTES.familyFeedback, async ({ auth }) => ({ result: await feedback.family(auth) }));
}
