import {
  type CoverageRow,
  type createObservationRequestSchema,
  type ObservationEntry,
  ROUTES,
  type updateObservationRequestSchema,
} from '@cue/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiResult, apiUpload, type ResultOf } from '../../lib/api';
import type { Side } from '../../lib/session';

export type { CoverageRow, ObservationEntry };
export type ObservationType = ObservationEntry['type'];
export type Visibility = ObservationEntry['visibility'];
export type LearningArea = ObservationEntry['learning_areas'][number];
export type CreateObservationInput = z.input<typeof createObservationRequestSchema>;
export type UpdateObservationInput = z.input<typeof updateObservationRequestSchema>;
export type ObservationPage = ResultOf<typeof ROUTES.observationList>;
export type UploadedMedia = ResultOf<typeof ROUTES.mediaUpload>;

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

export const observationKeys = {
  all: ['observations'] as const,
  list: (side: Side, query: ObservationQuery) => ['observations', 'list', side, query] as const,
  coverage: (side: Side, studentId: string) => ['observations', 'coverage', side, studentId] as const,
  areas: (classId: string) => ['observations', 'areas', classId] as const,
  roster: (classId: string) => ['observations', 'roster', classId] as const,
};

/** GET /api/observations/: staff see their classes' observations, parents their children's shared ones. */
export function useObservations(side: Side, query: ObservationQuery, enabled = true) {
  return useQuery({
    queryKey: observationKeys.list(side, query),
    queryFn: ({ signal }) => apiResult(ROUTES.observationList, { side, signal, query }),
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
      apiResult(ROUTES.observationList, {
        side,
        signal,
        query: { ...query, page_size: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/observations/coverage/{id}: observations per learning area of the child's curriculum. */
export function useCoverage(side: Side, studentId: string | null) {
  return useQuery({
    queryKey: observationKeys.coverage(side, studentId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.observationCoverage, { side, signal, params: { id: studentId ?? '' } }),
    enabled: !!studentId,
    staleTime: 10_000,
  });
}

/** GET /api/learning_areas/{id}: the learning areas of the class's curriculum (tags of its observations). */
export function useLearningAreas(classId: string | null) {
  return useQuery({
    queryKey: observationKeys.areas(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.classLearningAreas, { side: 'staff', signal, params: { id: classId ?? '' } }),
    enabled: !!classId,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/classes/{id}: the class's roster, the children an observation can be about. */
export function useRoster(classId: string | null) {
  return useQuery({
    queryKey: observationKeys.roster(classId ?? ''),
    queryFn: async ({ signal }) =>
      (await apiResult(ROUTES.classDetail, { side: 'staff', signal, params: { id: classId ?? '' } })).my_class,
    enabled: !!classId,
    staleTime: 60_000,
  });
}

/** POST /api/media/: one photo, with upload progress (0 to 1). */
export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<UploadedMedia> {
  const form = new FormData();
  form.append(ROUTES.mediaUpload.upload, file, file.name);
  return (await apiUpload(ROUTES.mediaUpload, form, { side: 'staff', onProgress })).result;
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: observationKeys.all });
}

/** POST /api/observations/: one entry per child, written together. */
export function useCreateObservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateObservationInput) => apiResult(ROUTES.observationCreate, { side: 'staff', body: input }),
    onSettled: invalidate,
  });
}

/** PUT /api/observations/{id}, then POST /api/add_media_to_anecdotes/{id} for newly added photos. */
export function useUpdateObservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input, media }: { id: string; input: UpdateObservationInput; media: string[] }) => {
      let saved = await apiResult(ROUTES.observationUpdate, { side: 'staff', params: { id }, body: input });
      if (media.length > 0) {
        saved = await apiResult(ROUTES.observationAddMedia, {
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
