import { CURRICULUM_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import type { RouteRequest, Router } from '../../platform/http/route.js';
import { refuseUnsafeParts } from '../../platform/http/upload.js';

/** A framework file: a few thousand statement rows fit well under 2 MB. */
const MAX_FRAMEWORK_BYTES = 5 * 1024 * 1024;

async function readFrameworkFile(req: RouteRequest, field: string): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(CURRICULUM_MESSAGES.importFormat, ERROR_CODES.importInvalidFile, field);
  const file = await req.file({ limits: { fileSize: MAX_FRAMEWORK_BYTES, files: 1 } });
  if (!file || file.fieldname !== field) throw badRequest(CURRICULUM_MESSAGES.importFormat, ERROR_CODES.importInvalidFile, field);
  refuseUnsafeParts(file);
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new AppError(413, 'The file is too large (5 MB at most)', ERROR_CODES.fileTooLarge);
  return bytes;
}

/** The curriculum's routes (ACADEMIC_ROUTES: curriculum*, classCurriculum*). */
export function curriculumRoutes(route: Router, s: Services): void {
  const c = s.curriculum;
  route(ROUTES.curriculumList, async ({ auth, query }) => ({ result: await c.list(auth, query.include_archived === 'true') }));
  route(ROUTES.curriculumCreate, async ({ auth, body }) => ({
    result: await c.create(auth, body),
    message: CURRICULUM_MESSAGES.frameworkCreated,
  }));
  route(ROUTES.curriculumGet, async ({ auth, params, query }) => ({
    result: await c.tree(auth, params.id, query.include_archived === 'true'),
  }));
  route(ROUTES.curriculumUpdate, async ({ auth, params, body }) => ({
    result: await c.update(auth, params.id, body),
    message: CURRICULUM_MESSAGES.frameworkSaved,
  }));
  route(ROUTES.curriculumArchive, async ({ auth, params }) => ({
    result: await c.archive(auth, params.id),
    message: CURRICULUM_MESSAGES.frameworkArchived,
  }));
  route(ROUTES.curriculumRestore, async ({ auth, params }) => ({
    result: await c.restore(auth, params.id),
    message: CURRICULUM_MESSAGES.frameworkRestored,
  }));
  route(ROUTES.curriculumCopy, async ({ auth, params, body }) => ({
    result: await c.copy(auth, params.id, body),
    message: CURRICULUM_MESSAGES.frameworkCopied,
  }));
  route(ROUTES.curriculumNodeCreate, async ({ auth, params, body }) => ({
    result: await c.createNode(auth, params.id, body),
    message: CURRICULUM_MESSAGES.nodeCreated,
  }));
  route(ROUTES.curriculumOrder, async ({ auth, params, body }) => ({
    result: await c.order(auth, params.id, body),
    message: CURRICULUM_MESSAGES.orderSaved,
  }));
  route(ROUTES.curriculumNodeUpdate, async ({ auth, params, body }) => {
    const { tree, versioned } = await c.updateNode(auth, params.id, body);
    return { result: tree, message: versioned ? CURRICULUM_MESSAGES.statementVersioned : CURRICULUM_MESSAGES.nodeSaved };
  });
  route(ROUTES.curriculumNodeArchive, async ({ auth, params, body }) => ({
    result: await c.archiveNode(auth, params.id, body.kind),
    message: CURRICULUM_MESSAGES.nodeArchived,
  }));
  route(ROUTES.curriculumNodeRestore, async ({ auth, params, body }) => ({
    result: await c.restoreNode(auth, params.id, body.kind),
    message: CURRICULUM_MESSAGES.nodeRestored,
  }));
  route(ROUTES.curriculumImport, async ({ auth, req, query }) => {
    const bytes = await readFrameworkFile(req, ROUTES.curriculumImport.upload);
    const dryRun = query.dry_run === 'true';
    return {
      result: await c.importCsv(auth, bytes, { name: query.name, code: query.code, dryRun }),
      message: dryRun ? CURRICULUM_MESSAGES.importChecked : CURRICULUM_MESSAGES.imported,
    };
  });
  route(ROUTES.curriculumImportTemplate, async ({ reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="curriculum-import-template.csv"')
      .send(c.template()),
  );
  route(ROUTES.classCurriculum, async ({ auth, params }) => ({ result: await c.classCurriculum(auth, params.id) }));
  route(ROUTES.classCurriculumUpdate, async ({ auth, params, body }) => ({
    result: await c.setClassFrameworks(auth, params.id, body.framework_ids),
    message: CURRICULUM_MESSAGES.classFrameworksSaved,
  }));
}
