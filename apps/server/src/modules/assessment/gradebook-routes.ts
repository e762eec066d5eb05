import { ASSESSMENT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Routes of the gradebook, reflections and the child's record. */
export function gradebookRoutes(route: Router, s: Services): void {
  const g = s.gradebook;
  route(ROUTES.childEvidence, async ({ auth, params, query }) => ({ result: await g.childEvidence(auth, params.id, query) }));
  route(ROUTES.gradeScaleList, async ({ auth }) => ({ result: await g.scales(auth) }));
  route(ROUTES.gradeScaleCreate, async ({ auth, body }) => ({
    result: await g.createScale(auth, body),
    message: ASSESSMENT_MESSAGES.scaleCreated,
  }));
  route(ROUTES.gradeScaleUpdate, async ({ auth, params, body }) => ({
    result: await g.updateScale(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.scaleSaved,
  }));
  route(ROUTES.gradeScaleArchive, async ({ auth, params }) => {
    await g.archiveScale(auth, params.id);
    return { result: true, message: ASSESSMENT_MESSAGES.scaleArchived };
  });
  route(ROUTES.gradebook, async ({ auth, params, query }) => ({ result: await g.gradebook(auth, params.id, query) }));
  route(ROUTES.gradebookExport, async ({ auth, params, query, reply }) => {
    const file = await g.exportCsv(auth, params.id, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(`\uFEFF${file.csv}`);
  });
  route(ROUTES.gradeCategoryCreate, async ({ auth, body }) => ({
    result: await g.createCategory(auth, body),
    message: ASSESSMENT_MESSAGES.categoryCreated,
  }));
  route(ROUTES.gradeCategoryUpdate, async ({ auth, params, body }) => ({
    result: await g.updateCategory(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.categorySaved,
  }));
  route(ROUTES.gradeCategoryDelete, async ({ auth, params }) => {
    await g.deleteCategory(auth, params.id);
    return { result: true, message: ASSESSMENT_MESSAGES.categoryDeleted };
  });
  route(ROUTES.taskCreate, async ({ auth, body }) => ({
    result: await g.createTask(auth, body),
    message: ASSESSMENT_MESSAGES.taskCreated,
  }));
  route(ROUTES.taskUpdate, async ({ auth, params, body }) => ({
    result: await g.updateTask(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.taskSaved,
  }));
  route(ROUTES.taskDelete, async ({ auth, params }) => {
    await g.deleteTask(auth, params.id);
    return { result: true, message: ASSESSMENT_MESSAGES.taskDeleted };
  });
  route(ROUTES.gradesSave, async ({ auth, params, body }) => ({
    result: await g.saveGrades(auth, params.id, body.grades),
    message: ASSESSMENT_MESSAGES.gradesSaved,
  }));

  const r = s.reflections;
  route(ROUTES.reflectionList, async ({ auth, query }) => ({ result: await r.list(auth, query) }));
  route(ROUTES.reflectionCreate, async ({ auth, body }) => ({
    result: await r.create(auth, body),
    message: ASSESSMENT_MESSAGES.reflectionCreated,
  }));
  route(ROUTES.reflectionUpdate, async ({ auth, params, body }) => ({
    result: await r.update(auth, params.id, body),
    message: ASSESSMENT_MESSAGES.reflectionSaved,
  }));
  route(ROUTES.reflectionDelete, async ({ auth, params }) => {
    await r.remove(auth, params.id);
    return { result: true, message: ASSESSMENT_MESSAGES.reflectionDeleted };
  });

  route(ROUTES.studentRecord, async ({ auth, params, query }) => ({
    result: await s.studentRecord.record(auth, params.id, query),
  }));
}
