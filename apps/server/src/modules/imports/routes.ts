import { ERROR_CODES, ROUTES } from '@cue/contract';
import { badRequest } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import type { RouteRequest, Router } from '../../platform/http/route.js';
import { refuseUnsafeParts } from '../../platform/http/upload.js';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

async function readFile(req: RouteRequest, field: string): Promise<Buffer> {
  if (!req.isMultipart())
    throw badRequest(`Send the CSV or XLSX file as multipart/form-data in the field ${field}`, undefined, field);
  const file = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  if (!file) throw badRequest('Choose a CSV or XLSX file', undefined, field);
  refuseUnsafeParts(file);
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw badRequest('The file is too large (5 MB at most)', ERROR_CODES.fileTooLarge, field);
  return bytes;
}

export function importRoutes(route: Router, s: Services): void {
  for (const [kind, template, preview, commit] of [
    ['students', ROUTES.importStudentsTemplate, ROUTES.importStudentsPreview, ROUTES.importStudentsCommit],
    ['staff', ROUTES.importStaffTemplate, ROUTES.importStaffPreview, ROUTES.importStaffCommit],
  ] as const) {
    route(template, async ({ auth, reply }) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind}-import-template.csv"`)
        .send(await s.imports.template(auth, kind)),
    );
    route(preview, async ({ auth, req }) => ({
      result: await s.imports.preview(auth, kind, await readFile(req, preview.upload)),
    }));
    route(commit, async ({ auth, req }) => {
      const result = await s.imports.commit(auth, kind, await readFile(req, commit.upload));
      return { result, message: `${result.imported} ${kind === 'students' ? 'students' : 'staff members'} imported` };
    });
  }
}
