import { LIBRARY_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

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
}
