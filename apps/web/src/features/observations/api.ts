import {
  type ClassDetail,
  type createObservationRequestSchema,
  type ObservationEntry,
  ROUTES,
  type updateObservationRequestSchema,
} from '@cue/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiUpload, type RequestOptions } from '../../lib/api';
import type { Side } from '../../lib/session';

export type { ObservationEntry };
export type ObservationType = ObservationEntry['type'];
export type Visibility = ObservationEntry['visibility'];
export type LearningArea = ObservationEntry['learning_areas'][number];
export type CreateObservationInput = z.input<typeof createObservationRequestSchema>;
export type UpdateObservationInput = z.input<typeof updateObservationRequestSchema>;

export interface ObservationPage {
  items: ObservationEntry[];
  total: number;
  page: number;
  page_size: number;
}

/** One learning area of the child's curriculum with how much evidence there is for it. */
export interface CoverageRow extends LearningArea {
  observations: number;
  last_date: string | null;
}

export interface UploadedMedia {
  id: string;
  media_link: string;
  kind: string;
  name: string;
  size: number;
}

export interface ObservationQuery {
  class_id?: string;
  student_id?: string;
  type?: ObservationType;
  date?: string;
  search?: string;
  report_title?: string;
  page?: number;
  page_size?: number;
}

const result = async <T>(route: Parameters<typeof apiRequest>[0], options: RequestOptions) =>
  (await apiRequest<{ result: T }>(route, options)).result;

export const observationKeys = {
  all: ['observations'] as const,
  list: (side: Side, query: ObservationQuery) => ['observations', 'list', side, query] as const,
  coverage: (side: Side, studentId: string) => ['observations', 'coverage', side, studentId] as const,
  areas: (classId: string) => ['observations', 'areas', classId] as const,
  roster: (classId: string) => ['observations', 'roster', classId] as const,
};

/** The query string of GET /api/observations/ without empty values. */
function queryString(query: ObservationQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/observations/: staff see their classes' observations, parents their children's shared ones. */
export function useObservations(side: Side, query: ObservationQuery, enabled = true) {
  return useQuery({
    queryKey: observationKeys.list(side, query),
    queryFn: ({ signal }) =>
      result<ObservationPage>(
        { ...ROUTES.observationList, path: `${ROUTES.observationList.path}${queryString(query)}` },
        { side, signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

const PAGE_SIZE = 30;

/** GET /api/observations/ page after page (newest first), for lists that grow with "Show more". */
export function useObservationPages(side: Side, query: Omit<ObservationQuery, 'page' | 'page_size'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...observationKeys.list(side, query), 'pages'],
    queryFn: ({ signal, pageParam }) =>
      result<ObservationPage>(
        {
          ...ROUTES.observationList,
          path: `${ROUTES.observationList.path}${queryString({ ...query, page: pageParam, page_size: PAGE_SIZE })}`,
        },
        { side, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/observations/coverage/{id}: observations per learning area of the child's curriculum. */
export function useCoverage(side: Side, studentId: string | null) {
  return useQuery({
    queryKey: observationKeys.coverage(side, studentId ?? ''),
    queryFn: ({ signal }) => result<CoverageRow[]>(ROUTES.observationCoverage, { side, signal, params: { id: studentId ?? '' } }),
    enabled: !!studentId,
    staleTime: 10_000,
  });
}

/** GET /api/learning_areas/{id}: the learning areas of the class's curriculum (tags of its observations). */
export function useLearningAreas(classId: string | null) {
  return useQuery({
    queryKey: observationKeys.areas(classId ?? ''),
    queryFn: ({ signal }) =>
      result<LearningArea[]>(ROUTES.classLearningAreas, { side: 'staff', signal, params: { id: classId ?? '' } }),
    enabled: !!classId,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/classes/{id}: the class's roster, the children an observation can be about. */
export function useRoster(classId: string | null) {
  return useQuery({
    queryKey: observationKeys.roster(classId ?? ''),
    queryFn: async ({ signal }) =>
      (await result<{ my_class: ClassDetail }>(ROUTES.classDetail, { side: 'staff', signal, params: { id: classId ?? '' } }))
        .my_class,
    enabled: !!classId,
    staleTime: 60_000,
  });
}

/** POST /api/media/: one photo, with upload progress (0 to 1). */
export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await apiUpload<{ result: UploadedMedia }>(ROUTES.mediaUpload, form, { side: 'staff', onProgress })).result;
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: observationKeys.all });
}

/** POST /api/observations/: one entry per child, written together. */
export function useCreateObservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: CreateObservationInput) =>
      (
        await apiRequest<{ result: { observation_entries: ObservationEntry[]; is_saved: boolean }; message?: string }>(
          ROUTES.observationCreate,
          { side: 'staff', body: input },
        )
      ).result,
    onSettled: invalidate,
  });
}

/** PUT /api/observations/{id}, then POST /api/add_media_to_anecdotes/{id} for newly added photos. */
export function useUpdateObservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input, media }: { id: string; input: UpdateObservationInput; media: string[] }) => {
      let saved = await result<ObservationEntry>(ROUTES.observationUpdate, { side: 'staff', params: { id }, body: input });
      if (media.length > 0) {
        saved = await result<ObservationEntry>(ROUTES.observationAddMedia, {
          side: 'staff',
          params: { id },
          body: { media: media.map((media_link) => ({ media_link })) },
        });
      }
      return saved;
    },
    onSettled: invalidate,
  });
}

/** DELETE /api/observations/{id}. */
export function useDeleteObservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.observationDelete, { side: 'staff', params: { id } }),
    onSettled: invalidate,
  });
}
