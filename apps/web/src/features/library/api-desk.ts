import { type CopyLookup, type ItemCopy, type LibraryItem, type Loan, type Reservation, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type QueryOf, type ResultOf } from '../../lib/api';
import { libraryKeys, staff } from './api';

export type { CopyLookup, ItemCopy, LibraryItem, Loan, Reservation };
export type LibraryStudentRow = ResultOf<typeof ROUTES.libraryStudents>[number];
export type ItemQuery = QueryOf<typeof ROUTES.libraryItemList>;
export type LoanQuery = QueryOf<typeof ROUTES.libraryLoanList>;
export type ReturnCondition = BodyOf<typeof ROUTES.libraryReturn>['condition'];

/** The desk's reads, every key under the library's so one invalidation after a change reaches them all. */
export const deskKeys = {
  students: (classId: string) => [...libraryKeys.all, 'students', classId] as const,
  loans: (query: Partial<LoanQuery>) => [...libraryKeys.all, 'loans', query] as const,
  reservations: (query: object) => [...libraryKeys.all, 'reservations', query] as const,
  overdue: (classId: string | null) => [...libraryKeys.all, 'overdue', classId ?? ''] as const,
  items: (query: Partial<ItemQuery>) => [...libraryKeys.all, 'items', query] as const,
  item: (id: string) => [...libraryKeys.all, 'item', id] as const,
  copyLoans: (id: string, page: number) => [...libraryKeys.all, 'copy-loans', id, page] as const,
  barcode: (barcode: string) => [...libraryKeys.all, 'barcode', barcode] as const,
};

/** GET /api/library/students?class_id: a class's children with what each has out. */
export function useLibraryStudents(classId: string | null) {
  return useQuery({
    queryKey: deskKeys.students(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryStudents, { ...staff, signal, query: { class_id: classId ?? '' } }),
    enabled: !!classId,
    staleTime: 15_000,
  });
}

/** GET /api/library/loans/: loans of a child, a copy or an item, by status, a page at a time. */
export function useLoans(query: Partial<LoanQuery>, enabled = true) {
  return useQuery({
    queryKey: deskKeys.loans(query),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryLoanList, { ...staff, signal, query: query as LoanQuery }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/library/reservations/: a child's or an item's reservations still waiting or ready. */
export function useReservations(query: { student_id?: string; item_id?: string }, enabled = true) {
  return useQuery({
    queryKey: deskKeys.reservations(query),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.libraryReservationList, { ...staff, signal, query: { ...query, status: 'active' } }),
    enabled,
    staleTime: 10_000,
  });
}

/** GET /api/library/overdue: the overdue loans of a class (or every class the caller reaches). */
export function useOverdue(classId: string | null, enabled = true) {
  return useQuery({
    queryKey: deskKeys.overdue(classId),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryOverdue, { ...staff, signal, query: { class_id: classId ?? undefined } }),
    enabled,
    staleTime: 10_000,
  });
}

/** GET /api/library/items/: the catalogue's search. */
export function useItems(query: Partial<ItemQuery>, enabled = true) {
  return useQuery({
    queryKey: deskKeys.items(query),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryItemList, { ...staff, signal, query: query as ItemQuery }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/library/items/:id: an item with its copies. */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: deskKeys.item(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryItemGet, { ...staff, signal, params: { id: id ?? '' } }),
    enabled: !!id,
    staleTime: 10_000,
  });
}

/** GET /api/library/copies/:id/loans: a copy's loans, newest first. */
export function useCopyLoans(copyId: string | null, page: number) {
  return useQuery({
    queryKey: deskKeys.copyLoans(copyId ?? '', page),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.libraryCopyLoans, { ...staff, signal, params: { id: copyId ?? '' }, query: { page, page_size: 10 } }),
    enabled: !!copyId,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * GET /api/library/barcode: what a scanned barcode is (its copy, its item, who has it). A read, so a
 * return or a loan made from it reads it again with the rest of the library.
 */
export function useBarcode(barcode: string | null) {
  return useQuery({
    queryKey: deskKeys.barcode(barcode ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryBarcodeLookup, { ...staff, signal, query: { barcode: barcode ?? '' } }),
    enabled: !!barcode,
    // An unknown barcode is an answer, not a failure worth asking again.
    retry: false,
    staleTime: 5_000,
  });
}

/** A change after which every library read is read again (counts, lists, a copy's status all move together). */
function useLibraryChange<V, A>(send: (vars: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** POST /api/library/loans/: lends the copy with this barcode to a child; answers the loan and the message. */
export const useCheckout = () =>
  useLibraryChange((body: BodyOf<typeof ROUTES.libraryCheckout>) => apiRequest(ROUTES.libraryCheckout, { ...staff, body }));

/** POST /api/library/returns: takes a copy back by its barcode. */
export const useReturn = () =>
  useLibraryChange((body: { barcode: string; condition: ReturnCondition; note?: string | null }) =>
    apiRequest(ROUTES.libraryReturn, { ...staff, body }),
  );

export const useRenew = () =>
  useLibraryChange((loanId: string) => apiRequest(ROUTES.libraryRenew, { ...staff, params: { id: loanId } }));

export const useMarkLost = () =>
  useLibraryChange((vars: { loanId: string; note?: string | null }) =>
    apiRequest(ROUTES.libraryLoanLost, { ...staff, params: { id: vars.loanId }, body: { note: vars.note ?? null } }),
  );

export const useReserve = () =>
  useLibraryChange((body: BodyOf<typeof ROUTES.libraryReservationCreate>) =>
    apiRequest(ROUTES.libraryReservationCreate, { ...staff, body }),
  );

export const useCancelReservation = () =>
  useLibraryChange((id: string) => apiRequest(ROUTES.libraryReservationCancel, { ...staff, params: { id } }));

/** POST /api/library/overdue/notices: reminders to the families of these loans (every overdue loan without ids). */
export const useSendNotices = () =>
  useLibraryChange((loanIds: string[] | null) =>
    apiRequest(ROUTES.libraryNotices, { ...staff, body: loanIds?.length ? { loan_ids: loanIds } : {} }),
  );
