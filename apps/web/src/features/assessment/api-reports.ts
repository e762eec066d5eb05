import {
  REPORT_SHARED_EVENT,
  type RecordItem,
  type Reflection,
  type ReportCheck,
  type ReportEntry,
  type ReportSet,
  ROUTES,
  type StudentRecord,
} from '@cue/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type QueryOf, type ResultOf } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { assessmentKeys, parent, staff } from './api';

export type { RecordItem, Reflection, ReportCheck, ReportEntry, ReportSet, StudentRecord };
export type ReportSetRow = ResultOf<typeof ROUTES.reportSetList>[number];
export type FamilyReport = ResultOf<typeof ROUTES.familyReports>[number];
export type ReportSetRequest = BodyOf<typeof ROUTES.reportSetCreate>;
export type ReportEntryChange = BodyOf<typeof ROUTES.reportEntryUpdate>;
export type ReflectionRequest = BodyOf<typeof ROUTES.reflectionCreate>;
export type ReflectionChange = BodyOf<typeof ROUTES.reflectionUpdate>;
export type ReflectionQuery = Partial<QueryOf<typeof ROUTES.reflectionList>>;
export type RecordQuery = Omit<QueryOf<typeof ROUTES.studentRecord>, 'before'>;

/** Report cards, the child's record and reflections: under assessment's key, so a period's lock reads them again. */
export const reportKeys = {
  sets: (q: { class_id?: string; period_id?: string }) => [...assessmentKeys.all, 'report-sets', q] as const,
  set: (id: string) => [...assessmentKeys.all, 'report-set', id] as const,
  check: (id: string) => [...assessmentKeys.all, 'report-check', id] as const,
  entry: (id: string) => [...assessmentKeys.all, 'report-entry', id] as const,
  templates: [...assessmentKeys.all, 'report-templates'] as const,
  family: ['family', 'report-cards'] as const,
  record: (id: string, q: RecordQuery) => [...assessmentKeys.all, 'record', id, q] as const,
  reflections: (q: ReflectionQuery) => [...assessmentKeys.all, 'reflections', q] as const,
  reflectionsAll: [...assessmentKeys.all, 'reflections'] as const,
};

// ---------------------------------------------------------------- report cards

export function useReportSets(q: { class_id?: string; period_id?: string }, enabled = true) {
  return useQuery({
    queryKey: reportKeys.sets(q),
    queryFn: ({ signal }) => apiResult(ROUTES.reportSetList, { ...staff, query: q, signal }),
    enabled,
  });
}

export function useReportTemplates(enabled = true) {
  return useQuery({
    queryKey: reportKeys.templates,
    queryFn: ({ signal }) => apiResult(ROUTES.reportTemplateList, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useReportSet(id: string) {
  return useQuery({
    queryKey: reportKeys.set(id),
    queryFn: ({ signal }) => apiResult(ROUTES.reportSetGet, { ...staff, params: { id }, signal }),
  });
}

/** The report check runs when asked (a button), not on every visit. */
export function useReportCheck(id: string, asked: boolean) {
  return useQuery({
    queryKey: reportKeys.check(id),
    queryFn: ({ signal }) => apiResult(ROUTES.reportSetCheck, { ...staff, params: { id }, signal }),
    enabled: asked,
  });
}

export function useReportEntry(id: string) {
  return useQuery({
    queryKey: reportKeys.entry(id),
    queryFn: ({ signal }) => apiResult(ROUTES.reportEntryGet, { ...staff, params: { id }, signal }),
  });
}

export function useFamilyReports(enabled = true) {
  const client = useQueryClient();
  // A report card of the family's child shared while the page is open: the list reads again.
  useSocketEvent(REPORT_SHARED_EVENT, () => client.invalidateQueries({ queryKey: reportKeys.family }), enabled);
  return useQuery({
    queryKey: reportKeys.family,
    queryFn: ({ signal }) => apiResult(ROUTES.familyReports, { ...parent, signal }),
    enabled,
  });
}

/** A change to report cards: every report view reads again (the set's counts follow an entry's comments). */
function useReportChange<V, A>(send: (vars: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

export const useCreateReportSet = () =>
  useReportChange((body: ReportSetRequest) => apiRequest(ROUTES.reportSetCreate, { ...staff, body }));

/** Locking answers the PDF job itself (its `id` is read every second by useExportJob). */
export const useLockReportSet = () =>
  useReportChange(({ id, language }: { id: string; language?: ReportSet['language'] }) =>
    apiResult(ROUTES.reportSetLock, { ...staff, params: { id }, body: language ? { language } : {} }),
  );
export const useUnlockReportSet = () =>
  useReportChange((id: string) => apiRequest(ROUTES.reportSetUnlock, { ...staff, params: { id } }));
export const useShareReportSet = () =>
  useReportChange((id: string) => apiRequest(ROUTES.reportSetShare, { ...staff, params: { id } }));

/** An entry saved or drafted: its answer is the entry, put straight into its query (no second read). */
function useEntryChange<V>(send: (vars: V) => Promise<{ result: ReportEntry; message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      client.setQueryData(reportKeys.entry(answer.result._id), answer.result);
      client.invalidateQueries({ queryKey: reportKeys.set(answer.result.set_id) });
      client.invalidateQueries({ queryKey: reportKeys.check(answer.result.set_id) });
    },
  });
}

export const useUpdateReportEntry = () =>
  useEntryChange(({ id, body }: { id: string; body: ReportEntryChange }) =>
    apiRequest(ROUTES.reportEntryUpdate, { ...staff, params: { id }, body }),
  );
export const useDraftReportEntry = () =>
  useEntryChange(({ id, areaIds }: { id: string; areaIds?: string[] }) =>
    apiRequest(ROUTES.reportEntryDraft, { ...staff, params: { id }, body: areaIds ? { area_ids: areaIds } : {} }),
  );

// ---------------------------------------------------------------- the child's record

/** The child's timeline, a page at a time: each next page asks for the items before the last one's day. */
export function useStudentRecord(studentId: string, q: RecordQuery) {
  return useInfiniteQuery({
    queryKey: reportKeys.record(studentId, q),
    queryFn: ({ signal, pageParam }) =>
      apiResult(ROUTES.studentRecord, {
        ...staff,
        params: { id: studentId },
        query: pageParam ? { ...q, before: pageParam } : q,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- reflections

export function useReflections(q: ReflectionQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.reflections(q),
    queryFn: ({ signal }) => apiResult(ROUTES.reflectionList, { ...staff, query: q, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useCreateReflection = () =>
  useReportChange((body: ReflectionRequest) => apiRequest(ROUTES.reflectionCreate, { ...staff, body }));
export const useUpdateReflection = () =>
  useReportChange(({ id, body }: { id: string; body: ReflectionChange }) =>
    apiRequest(ROUTES.reflectionUpdate, { ...staff, params: { id }, body }),
  );
export const useDeleteReflection = () =>
  useReportChange((id: string) => apiRequest(ROUTES.reflectionDelete, { ...staff, params: { id } }));

/** The class's units, for a reflection's unit (the first page: a class's units of the year fit). */
export function useClassUnits(classId: string | null) {
  return useQuery({
    queryKey: ['planning', 'units', { class_id: classId, kind: 'all-for-reflections' }],
    queryFn: ({ signal }) => apiResult(ROUTES.unitList, { ...staff, query: { class_id: classId ?? '' }, signal }),
    enabled: !!classId,
    staleTime: 60_000,
  });
}
