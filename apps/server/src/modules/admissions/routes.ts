import { ACCOUNT_MESSAGES, ADMISSION_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { ADMISSION_DOCUMENT_MAX_BYTES, attachmentDisposition } from '../../platform/documents.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import type { RouteRequest, Router } from '../../platform/http/route.js';
import { readUpload, refuseUnsafeParts } from '../../platform/http/upload.js';
import type { PublicUpload } from './service.js';

const tooLarge = () => new AppError(413, 'The file is larger than 10 MB', ERROR_CODES.fileTooLarge);

/** The one file of a family's multipart upload (no account: the limits are the form's, 10 MB). */
async function readPublicFile(req: RouteRequest, field: string): Promise<PublicUpload> {
  if (!req.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`, undefined, field);
  if (Number(req.headers['content-length'] ?? 0) > ADMISSION_DOCUMENT_MAX_BYTES + 64 * 1024) throw tooLarge();
  const file = await req.file({ limits: { fileSize: ADMISSION_DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  if (!file || file.fieldname !== field) throw badRequest(ACCOUNT_MESSAGES.fileMissing, undefined, field);
  refuseUnsafeParts(file);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > ADMISSION_DOCUMENT_MAX_BYTES) {
        file.file.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated) throw tooLarge();
  return { bytes: Buffer.concat(chunks, size), filename: file.filename };
}

/** The admissions' routes (MANAGEMENT_ROUTES: publicAdmission*, admission*). */
export function admissionRoutes(route: Router, s: Services): void {
  const a = s.admissions;
  route(ROUTES.publicAdmissionForm, async ({ params }) => ({ result: await a.publicForm(params.school_id, params.kind) }));
  route(ROUTES.publicAdmissionDocument, async ({ params, req }) => {
    const scope = await a.admitUpload(params.school_id, req.ip);
    return { result: await a.publicDocument(scope, await readPublicFile(req, ROUTES.publicAdmissionDocument.upload)) };
  });
  route(ROUTES.publicAdmissionSubmit, async ({ params, body, req }) => ({
    result: await a.submit(params.school_id, params.kind, req.ip, body),
    message: ADMISSION_MESSAGES.submitted,
  }));

  route(ROUTES.admissionForm, async ({ auth, params }) => ({ result: await a.form(auth, params.kind) }));
  route(ROUTES.admissionFormUpdate, async ({ auth, params, body }) => ({
    result: await a.saveForm(auth, params.kind, body),
    message: ADMISSION_MESSAGES.formSaved,
  }));
  route(ROUTES.admissionList, async ({ auth, query }) => ({ result: await a.list(auth, query) }));
  route(ROUTES.admissionCreate, async ({ auth, body }) => ({
    result: await a.create(auth, body),
    message: ADMISSION_MESSAGES.created,
  }));
  route(ROUTES.admissionGet, async ({ auth, params }) => ({ result: await a.get(auth, params.id) }));
  route(ROUTES.admissionUpdate, async ({ auth, params, body }) => ({
    result: await a.update(auth, params.id, body),
    message: ADMISSION_MESSAGES.saved,
  }));
  route(ROUTES.admissionStage, async ({ auth, params, body }) => ({
    result: await a.move(auth, params.id, body),
    message: ADMISSION_MESSAGES.moved,
  }));
  route(ROUTES.admissionNote, async ({ auth, params, body }) => ({
    result: await a.addNote(auth, params.id, body.body),
    message: ADMISSION_MESSAGES.noteAdded,
  }));
  route(ROUTES.admissionDocumentAdd, async ({ auth, params, req }) => {
    const upload = await readUpload(
      req,
      ROUTES.admissionDocumentAdd.upload,
      ADMISSION_DOCUMENT_MAX_BYTES,
      'The file is larger than 10 MB',
    );
    return { result: await a.addDocument(auth, params.id, upload), message: ADMISSION_MESSAGES.documentAdded };
  });
  route(ROUTES.admissionDocumentFile, async ({ auth, params, reply }) => {
    const file = await a.documentFile(auth, params.id);
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', attachmentDisposition(file.name))
      .send(file.bytes);
  });
  route(ROUTES.admissionEnrol, async ({ auth, params, body }) => ({
    result: await a.enrol(auth, params.id, body),
    message: ADMISSION_MESSAGES.enrolled,
  }));
  route(ROUTES.admissionReport, async ({ auth, query }) => ({ result: await a.report(auth, query) }));
  route(ROUTES.admissionReportCsv, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="admissions-report.csv"')
      .send(`\uFEFF${await a.reportCsv(auth, query)}`),
  );
}
