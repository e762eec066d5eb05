import { type LibraryImport, type LibraryItem, type LibrarySettings, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf, type QueryOf } from '../../lib/api';
import { downloadFile } from '../admin/download';
import { libraryKeys, staff } from './api';

/** Library management's calls (catalogue, copies, imports, rules, labels): librarians only. */

export type ItemQuery = QueryOf<typeof ROUTES.libraryItemList>;
export type ItemBody = BodyOf<typeof ROUTES.libraryItemCreate>;
export type ItemUpdateBody = BodyOf<typeof ROUTES.libraryItemUpdate>;
export type CopiesBody = BodyOf<typeof ROUTES.libraryCopiesCreate>;
export type CopyBody = BodyOf<typeof ROUTES.libraryCopyUpdate>;
export type LabelsBody = BodyOf<typeof ROUTES.libraryLabels>;
export type { LibraryImport, LibraryItem, LibrarySettings };

export const adminKeys = {
  items: (query: ItemQuery) => [...libraryKeys.all, 'items', query] as const,
  item: (id: string) => [...libraryKeys.all, 'item', id] as const,
  isbn: (isbn: string) => [...libraryKeys.all, 'isbn', isbn] as const,
  import: (id: string) => [...libraryKeys.all, 'import', id] as const,
};

/** GET /api/library/items/: a page of the catalogue. */
export function useLibraryItems(query: ItemQuery) {
  return useQuery({
    queryKey: adminKeys.items(query),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryItemList, { ...staff, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/library/items/:id: an item with its copies. */
export function useLibraryItem(id: string | null) {
  return useQuery({
    queryKey: adminKeys.item(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryItemGet, { ...staff, params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/**
 * GET /api/library/isbn: the server's check of an ISBN as typed (the same it runs on save), and the
 * catalogue's item with that ISBN. Called with the debounced text; nothing is asked for an empty one.
 */
export function useIsbnCheck(isbn: string) {
  const typed = isbn.trim();
  return useQuery({
    queryKey: adminKeys.isbn(typed),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryIsbnCheck, { ...staff, query: { isbn: typed }, signal }),
    enabled: typed.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}

/** Every change of the catalogue reads the library's lists again (the desk's screens show the same items). */
function useLibraryMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }) });
}

export const useCreateItem = () =>
  useLibraryMutation((body: ItemBody) => apiRequest(ROUTES.libraryItemCreate, { ...staff, body }));
export const useUpdateItem = () =>
  useLibraryMutation(({ id, body }: { id: string; body: ItemUpdateBody }) =>
    apiRequest(ROUTES.libraryItemUpdate, { ...staff, params: { id }, body }),
  );
export const useArchiveItem = () =>
  useLibraryMutation((id: string) => apiRequest(ROUTES.libraryItemArchive, { ...staff, params: { id } }));
export const useRestoreItem = () =>
  useLibraryMutation((id: string) => apiRequest(ROUTES.libraryItemRestore, { ...staff, params: { id } }));
export const useAddCopies = () =>
  useLibraryMutation(({ id, body }: { id: string; body: CopiesBody }) =>
    apiRequest(ROUTES.libraryCopiesCreate, { ...staff, params: { id }, body }),
  );
export const useUpdateCopy = () =>
  useLibraryMutation(({ id, body }: { id: string; body: CopyBody }) =>
    apiRequest(ROUTES.libraryCopyUpdate, { ...staff, params: { id }, body }),
  );

/** PUT /api/library/settings: the loan rules, the barcode sequence and the overdue notices. */
export function useSaveLibrarySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LibrarySettings) => apiRequest(ROUTES.librarySettingsSave, { ...staff, body }),
    onSuccess: (answer) => client.setQueryData(libraryKeys.settings, answer.result),
  });
}

/** GET /api/library/imports/template: the CSV template with its header row. */
export const downloadCsvTemplate = (): Promise<string> => downloadFile(ROUTES.libraryCsvTemplate, 'library-import-template.csv');

/** POST /api/library/imports/: reads the file and answers its preview (nothing is imported yet). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append(ROUTES.libraryImportPreview.upload, file, file.name);
      return apiUpload(ROUTES.libraryImportPreview, form, { ...staff, onProgress });
    },
  });
}

/** POST /api/library/imports/:id/commit: imports the preview's valid records (at once, or in the background). */
export const useCommitImport = () =>
  useLibraryMutation((id: string) => apiRequest(ROUTES.libraryImportCommit, { ...staff, params: { id } }));

/** GET /api/library/imports/:id, read every second while the import runs in the background. */
export function useImportProgress(id: string | null, running: boolean) {
  return useQuery({
    queryKey: adminKeys.import(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryImportGet, { ...staff, params: { id: id ?? '' }, signal }),
    enabled: !!id && running,
    refetchInterval: (query) => (query.state.data?.status === 'importing' || !query.state.data ? 1000 : false),
  });
}

/** POST /api/library/labels: starts the labels' PDF (an export job). */
export function useStartLabels() {
  return useMutation({
    mutationFn: async (body: LabelsBody) => (await apiRequest(ROUTES.libraryLabels, { ...staff, body })).result,
  });
}

/** The library's settings read now (not from the cache): the barcode sequence before and after an import. */
export const readLibrarySettings = (): Promise<LibrarySettings> => apiResult(ROUTES.librarySettingsGet, staff);
