import {
  type LibraryUnit,
  type PlanActivity,
  type PlanningInsights,
  type PlanningResource,
  ROUTES,
  type TermPlan,
  type Unit,
  type UnitMovePreview,
  type WeeklyPlan,
} from '@cue/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type QueryOf } from '../../lib/api';

export type { LibraryUnit, PlanActivity, PlanningInsights, PlanningResource, TermPlan, Unit, UnitMovePreview, WeeklyPlan };
export type UnitQuery = QueryOf<typeof ROUTES.unitList>;
export type LibraryQuery = QueryOf<typeof ROUTES.libraryList>;
export type ResourceQuery = QueryOf<typeof ROUTES.resourceList>;
export type InsightsQuery = QueryOf<typeof ROUTES.planningInsights>;
export type UnitChange = BodyOf<typeof ROUTES.unitUpdate>;
export type ActivityRequest = BodyOf<typeof ROUTES.activityCreate>;

export const planningKeys = {
  all: ['planning'] as const,
  units: ['planning', 'units'] as const,
  unitList: (query: UnitQuery) => ['planning', 'units', 'list', query] as const,
  unit: (id: string) => ['planning', 'units', 'one', id] as const,
  library: ['planning', 'library'] as const,
  libraryList: (query: LibraryQuery) => ['planning', 'library', 'list', query] as const,
  libraryUnit: (id: string) => ['planning', 'library', 'one', id] as const,
  resources: ['planning', 'resources'] as const,
  resourceList: (query: ResourceQuery) => ['planning', 'resources', 'list', query] as const,
  weeks: ['planning', 'weeks'] as const,
  week: (classId: string, week: string) => ['planning', 'weeks', classId, week] as const,
  terms: ['planning', 'terms'] as const,
  term: (classId: string, date: string) => ['planning', 'terms', classId, date] as const,
  insights: (query: InsightsQuery) => ['planning', 'insights', query] as const,
  frameworks: ['planning', 'frameworks'] as const,
};

const staff = { side: 'staff' } as const;

/** Everything a unit's change shows in: lists, the week, the term plan, insights. */
export const refreshPlans = (client: QueryClient) => client.invalidateQueries({ queryKey: planningKeys.all });

export function useUnits(query: UnitQuery, enabled = true) {
  return useQuery({
    queryKey: planningKeys.unitList(query),
    queryFn: ({ signal }) => apiResult(ROUTES.unitList, { ...staff, signal, query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useUnit(id: string) {
  return useQuery({
    queryKey: planningKeys.unit(id),
    queryFn: ({ signal }) => apiResult(ROUTES.unitGet, { ...staff, signal, params: { id } }),
    enabled: !!id,
  });
}

/** The global and organization frameworks with their learning areas (for library units and pickers). */
export function useFrameworks() {
  return useQuery({
    queryKey: planningKeys.frameworks,
    queryFn: ({ signal }) => apiResult(ROUTES.planningFrameworks, { ...staff, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.unitCreate>) => apiRequest(ROUTES.unitCreate, { ...staff, body }),
    onSuccess: () => refreshPlans(client),
  });
}

/** A change made on `base_version` (409 EDIT_CONFLICT when a field it changes was changed by someone else since). */
export function useUpdateUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UnitChange }) =>
      apiRequest(ROUTES.unitUpdate, { ...staff, params: { id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(planningKeys.unit(answer.result._id), answer.result);
      return client.invalidateQueries({ queryKey: planningKeys.units, predicate: (q) => q.queryKey[2] === 'list' });
    },
  });
}

export function useDeleteUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.unitDelete, { ...staff, params: { id } }),
    onSuccess: () => refreshPlans(client),
  });
}

export function useMovePreview() {
  return useMutation({
    mutationFn: ({ id, start_date }: { id: string; start_date: string }) =>
      apiResult(ROUTES.unitMovePreview, { ...staff, params: { id }, body: { start_date } }),
  });
}

export function useMoveUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, start_date }: { id: string; start_date: string }) =>
      apiRequest(ROUTES.unitMove, { ...staff, params: { id }, body: { start_date } }),
    onSuccess: () => refreshPlans(client),
  });
}

export function usePublishUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => apiRequest(ROUTES.unitPublish, { ...staff, body: { unit_id: unitId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.library }),
  });
}

export function useLibrary(query: LibraryQuery) {
  return useQuery({
    queryKey: planningKeys.libraryList(query),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryList, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useLibraryUnit(id: string) {
  return useQuery({
    queryKey: planningKeys.libraryUnit(id),
    queryFn: ({ signal }) => apiResult(ROUTES.libraryGet, { ...staff, signal, params: { id } }),
    enabled: !!id,
  });
}

export function useSaveLibraryUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BodyOf<typeof ROUTES.libraryCreate> }) =>
      id
        ? apiRequest(ROUTES.libraryUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.libraryCreate, { ...staff, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.library }),
  });
}

export function useArchiveLibraryUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.libraryDelete, { ...staff, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.library }),
  });
}

/** Copies a library unit into classes (a unit of theirs that keeps the link to the original and its version). */
export function useCopyLibraryUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.libraryCopy> }) =>
      apiRequest(ROUTES.libraryCopy, { ...staff, params: { id }, body }),
    onSuccess: () => refreshPlans(client),
  });
}

export function useResources(query: ResourceQuery, enabled = true) {
  return useQuery({
    queryKey: planningKeys.resourceList(query),
    queryFn: ({ signal }) => apiResult(ROUTES.resourceList, { ...staff, signal, query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BodyOf<typeof ROUTES.resourceCreate> }) =>
      id
        ? apiRequest(ROUTES.resourceUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.resourceCreate, { ...staff, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.resources }),
  });
}

export function useDeleteResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.resourceDelete, { ...staff, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: planningKeys.resources }),
  });
}

export function useWeeklyPlan(classId: string | null, week: string) {
  return useQuery({
    queryKey: planningKeys.week(classId ?? '', week),
    queryFn: ({ signal }) => apiResult(ROUTES.weeklyPlan, { ...staff, signal, params: { id: classId ?? '' }, query: { week } }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}

export function useSaveActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ActivityRequest }) =>
      id
        ? apiRequest(ROUTES.activityUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.activityCreate, { ...staff, body }),
    onSuccess: () => refreshPlans(client),
  });
}

export function useDeleteActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.activityDelete, { ...staff, params: { id } }),
    onSuccess: () => refreshPlans(client),
  });
}

export function useCopyWeek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, body }: { classId: string; body: BodyOf<typeof ROUTES.weekCopy> }) =>
      apiRequest(ROUTES.weekCopy, { ...staff, params: { id: classId }, body }),
    onSuccess: () => refreshPlans(client),
  });
}

/** Starts the week's PDF (a job); poll `GET /api/exports/:id` for its link. */
export function useWeekPdf() {
  return useMutation({
    mutationFn: ({ classId, body }: { classId: string; body: BodyOf<typeof ROUTES.weekPdf> }) =>
      apiResult(ROUTES.weekPdf, { ...staff, params: { id: classId }, body }),
  });
}

export function useTermPlan(classId: string | null, date: string) {
  return useQuery({
    queryKey: planningKeys.term(classId ?? '', date),
    queryFn: ({ signal }) => apiResult(ROUTES.termPlan, { ...staff, signal, params: { id: classId ?? '' }, query: { date } }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}

export function usePlanningInsights(query: InsightsQuery | null) {
  return useQuery({
    queryKey: planningKeys.insights(query ?? { class_id: '' }),
    queryFn: ({ signal }) => apiResult(ROUTES.planningInsights, { ...staff, signal, query: query ?? { class_id: '' } }),
    enabled: !!query?.class_id,
    placeholderData: keepPreviousData,
  });
}
