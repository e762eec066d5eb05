import { ERROR_CODES, LIBRARY_MESSAGES, ROUTES } from '@cue/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import type { RouteRequest, Router } from '../../platform/http/route.js';
import { refuseUnsafeParts } from '../../platform/http/upload.js';

/** A catalogue file: 20,000 MARC records with holdings run to about 20 MB. */
const MAX_CATALOGUE_BYTES = 40 * 1024 * 1024;

async function readCatalogueFile(req: RouteRequest, field: string): Promise<{ filename: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`, undefined, field);
  const file = await req.file({ limits: { fileSize: MAX_CATALOGUE_BYTES, files: 1 } });
  if (!file || file.fieldname !== field) throw badRequest(LIBRARY_MESSAGES.importFormat, ERROR_CODES.importInvalidFile, field);
  refuseUnsafeParts(file);
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new AppError(413, 'The file is too large (40 MB at most)', ERROR_CODES.fileTooLarge);
  return { filename: file.filename || 'catalogue', bytes };
}

/** The catalogue, copies, barcode lookups, ISBN checks, rules, labels and imports. */
export function catalogueRoutes(route: Router, s: Services): void {
  const lib = s.library;
  route(ROUTES.libraryItemList, async ({ auth, query }) => ({ result: await lib.listItems(auth, query) }));
  route(ROUTES.libraryItemCreate, async ({ auth, body }) => ({
    result: await lib.createItem(auth, body),
    message: LIBRARY_MESSAGES.itemCreated,
  }));
  route(ROUTES.libraryItemGet, async ({ auth, params }) => ({ result: await lib.itemWithCopies(auth, params.id) }));
  route(ROUTES.libraryItemUpdate, async ({ auth, params, body }) => ({
    result: await lib.updateItem(auth, params.id, body),
    message: LIBRARY_MESSAGES.itemSaved,
  }));
  route(ROUTES.libraryItemArchive, async ({ auth, params }) => {
    await lib.archiveItem(auth, params.id);
    return { result: true, message: LIBRARY_MESSAGES.itemArchived };
  });
  route(ROUTES.libraryItemRestore, async ({ auth, params }) => ({
    result: await lib.restoreItem(auth, params.id),
    message: LIBRARY_MESSAGES.itemRestored,
  }));
  route(ROUTES.libraryCopiesCreate, async ({ auth, params, body }) => ({
    result: await lib.addCopies(auth, params.id, body),
    message: LIBRARY_MESSAGES.copiesAdded,
  }));
  route(ROUTES.libraryCopyUpdate, async ({ auth, params, body }) => ({
    result: await lib.updateCopy(auth, params.id, body),
    message: LIBRARY_MESSAGES.copySaved,
  }));
  route(ROUTES.libraryBarcodeLookup, async ({ auth, query }) => ({ result: await lib.lookup(auth, query.barcode) }));
  route(ROUTES.libraryIsbnCheck, async ({ auth, query }) => ({ result: await lib.checkIsbn(auth, query.isbn) }));
  route(ROUTES.librarySettingsGet, async ({ auth }) => ({ result: await lib.settings(auth) }));
  route(ROUTES.librarySettingsSave, async ({ auth, body }) => ({
    result: await lib.saveSettings(auth, body),
    message: LIBRARY_MESSAGES.settingsSaved,
  }));
  route(ROUTES.libraryLabels, async ({ auth, body }) => ({
    result: await lib.startLabels(auth, body),
    message: LIBRARY_MESSAGES.labelsStarted,
  }));
  const imports = s.libraryImports;
  route(ROUTES.libraryCsvTemplate, async ({ reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="library-import-template.csv"')
      .send(imports.template()),
  );
  route(ROUTES.libraryImportPreview, async ({ auth, req }) => ({
    result: await imports.preview(auth, await readCatalogueFile(req, ROUTES.libraryImportPreview.upload)),
    message: LIBRARY_MESSAGES.importChecked,
  }));
  route(ROUTES.libraryImportGet, async ({ auth, params }) => ({ result: await imports.get(auth, params.id) }));
  route(ROUTES.libraryImportCommit, async ({ auth, params }) => ({
    result: await imports.commit(auth, params.id),
    message: LIBRARY_MESSAGES.imported,
  }));
}
