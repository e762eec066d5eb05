import { EXPORT_MESSAGES, PLANNING_MESSAGES, ROUTES, UPLOAD_LIMITS } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function planningRoutes(route: Router, s: Services): void {
  const p = s.planning;
  const w = s.weekPlans;
  route(ROUTES.unitList, async ({ auth, query }) => ({ result: await p.listUnits(auth, query) }));
  route(ROUTES.unitCreate, async ({ auth, body }) => {
    const unit = await p.createUnit(auth, body);
    return { result: unit, message: unit.kind === 'project' ? PLANNING_MESSAGES.projectCreated : PLANNING_MESSAGES.unitCreated };
  });
  route(ROUTES.unitGet, async ({ auth, params }) => ({ result: await p.getUnit(auth, params.id) }));
  route(ROUTES.unitUpdate, async ({ auth, params, body }) => ({
    result: await p.updateUnit(auth, params.id, body),
    message: PLANNING_MESSAGES.unitSaved,
  }));
  route(ROUTES.unitDelete, async ({ auth, params }) => {
    await p.deleteUnit(auth, params.id);
    return { result: true, message: PLANNING_MESSAGES.unitDeleted };
  });
  route(ROUTES.unitMovePreview, async ({ auth, params, body }) => ({
    result: await p.previewMove(auth, params.id, body.start_date),
  }));
  route(ROUTES.unitMove, async ({ auth, params, body }) => ({
    result: await p.moveUnit(auth, params.id, body.start_date),
    message: PLANNING_MESSAGES.unitMoved,
  }));
  route(ROUTES.unitPublish, async ({ auth, body }) => ({
    result: await p.publishUnit(auth, body.unit_id),
    message: PLANNING_MESSAGES.libraryCreated,
  }));
  route(ROUTES.libraryList, async ({ auth, query }) => ({ result: await p.listLibrary(auth, query) }));
  route(ROUTES.libraryCreate, async ({ auth, body }) => ({
    result: await p.createLibraryUnit(auth, body),
    message: PLANNING_MESSAGES.libraryCreated,
  }));
  route(ROUTES.libraryGet, async ({ auth, params }) => ({ result: await p.getLibraryUnit(auth, params.id) }));
  route(ROUTES.libraryUpdate, async ({ auth, params, body }) => ({
    result: await p.updateLibraryUnit(auth, params.id, body),
    message: PLANNING_MESSAGES.librarySaved,
  }));
  route(ROUTES.libraryDelete, async ({ auth, params }) => {
    await p.archiveLibraryUnit(auth, params.id);
    return { result: true, message: PLANNING_MESSAGES.libraryArchived };
  });
  route(ROUTES.libraryCopy, async ({ auth, params, body }) => ({
    result: await p.copyLibraryUnit(auth, params.id, body),
    message: PLANNING_MESSAGES.unitCopied,
  }));
  route(ROUTES.planningFrameworks, async ({ auth }) => ({ result: await p.frameworks(auth) }));
  route(ROUTES.weeklyPlan, async ({ auth, params, query }) => ({ result: await w.weeklyPlan(auth, params.id, query.week) }));
  route(ROUTES.weekCopy, async ({ auth, params, body }) => ({
    result: await w.copyWeek(auth, params.id, body),
    message: PLANNING_MESSAGES.weekCopied,
  }));
  route(ROUTES.weekPdf, async ({ auth, params, body }) => ({
    result: await w.weekPdf(auth, params.id, body),
    message: EXPORT_MESSAGES.started,
  }));
  route(ROUTES.activityCreate, async ({ auth, body }) => ({
    result: await w.createActivity(auth, body),
    message: PLANNING_MESSAGES.activityCreated,
  }));
  route(ROUTES.activityUpdate, async ({ auth, params, body }) => ({
    result: await w.updateActivity(auth, params.id, body),
    message: PLANNING_MESSAGES.activitySaved,
  }));
  route(ROUTES.activityDelete, async ({ auth, params }) => {
    await w.deleteActivity(auth, params.id);
    return { result: true, message: PLANNING_MESSAGES.activityDeleted };
  });
  route(ROUTES.termPlan, async ({ auth, params, query }) => ({ result: await w.termPlan(auth, params.id, query.date) }));
  route(ROUTES.resourceList, async ({ auth, query }) => ({ result: await p.listResources(auth, query) }));
  route(ROUTES.resourceCreate, async ({ auth, body }) => ({
    result: await p.createResource(auth, body),
    message: PLANNING_MESSAGES.resourceCreated,
  }));
  route(ROUTES.resourceUpload, async ({ auth, req }) => {
    const upload = await readUpload(req, ROUTES.resourceUpload.upload, UPLOAD_LIMITS.max_doc_size);
    return { result: await p.uploadResource(auth, upload), message: PLANNING_MESSAGES.resourceCreated };
  });
  route(ROUTES.resourceGet, async ({ auth, params }) => ({ result: await p.getResource(auth, params.id) }));
  route(ROUTES.resourceUpdate, async ({ auth, params, body }) => ({
    result: await p.updateResource(auth, params.id, body),
    message: PLANNING_MESSAGES.resourceSaved,
  }));
  route(ROUTES.resourceDelete, async ({ auth, params }) => {
    await p.deleteResource(auth, params.id);
    return { result: true, message: PLANNING_MESSAGES.resourceDeleted };
  });
  route(ROUTES.planningInsights, async ({ auth, query }) => ({ result: await w.insights(auth, query) }));
  route(ROUTES.planningInsightsExport, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="planning-insights.csv"')
      .send(`\uFEFF${await w.insightsCsv(auth, query)}`),
  );
}
