import { ASSESSMENT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of report cards: templates, sets, entries (comments, drafts), the check, lock/unlock/share, families' list. */
export function reportRoutes(route: Router, s: Services): void {
  const r = s.reportCards;
  route(ROUTES.reportTemplateList, async ({ auth }) => ({ result: await r.templates(auth) }));
  route(ROUTES.reportTemplateCreate, async ({ auth, body }) => ({
    result: await r.createTemplate(auth, body),
    message: ASSESSMENT_MESSAGES.templateCreated,
  }));
  route(ROUTES.reportTemplateUpdate, async ({ auth, params, body }) => ({
    result: await r.updateTemplate(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.templateSaved,
  }));
  route(ROUTES.reportTemplateArchive, async ({ auth, params }) => {
    await r.archiveTemplate(auth, params.id);
    return { result: true, message: ASSESSMENT_MESSAGES.templateArchived };
  });
  route(ROUTES.reportSetList, async ({ auth, query }) => ({ result: await r.listSets(auth, query) }));
  route(ROUTES.reportSetCreate, async ({ auth, body }) => ({
    result: await r.createSet(auth, body),
    message: ASSESSMENT_MESSAGES.reportSetCreated,
  }));
  route(ROUTES.reportSetGet, async ({ auth, params }) => ({ result: await r.getSet(auth, params.id) }));
  route(ROUTES.reportSetCheck, async ({ auth, params }) => ({ result: await r.check(auth, params.id) }));
  route(ROUTES.reportSetLock, async ({ auth, params, body }) => ({
    result: await r.lock(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.reportSetLocked,
  }));
  route(ROUTES.reportSetUnlock, async ({ auth, params }) => ({
    result: await r.unlock(auth, params.id),
    message: ASSESSMENT_MESSAGES.reportSetUnlocked,
  }));
  route(ROUTES.reportSetShare, async ({ auth, params }) => ({
    result: await r.share(auth, params.id),
    message: ASSESSMENT_MESSAGES.reportSetShared,
  }));
  route(ROUTES.reportEntryGet, async ({ auth, params }) => ({ result: await r.getEntry(auth, params.id) }));
  route(ROUTES.reportEntryUpdate, async ({ auth, params, body }) => ({
    result: await r.updateEntry(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.reportSaved,
  }));
  route(ROUTES.reportEntryDraft, async ({ auth, params, body }) => ({
    result: await r.draftEntry(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.reportDrafted,
  }));
  route(ROUTES.familyReports, async ({ auth }) => ({ result: await r.familyReports(auth) }));
}
