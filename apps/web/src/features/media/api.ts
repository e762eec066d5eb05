import { type MediaItem, type MediaPage, type MediaPrivacy, ROUTES } from '@cue/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf, type QueryOf, type ResultOf } from '../../lib/api';
import type { Side } from '../../lib/session';
import { sendsInChunks, uploadInChunks } from './chunked';

export type { MediaItem, MediaPage };
export type MediaQuery = QueryOf<typeof ROUTES.classMediaList>;
export type MediaEdit = BodyOf<typeof ROUTES.mediaEdit>;
export type FaceQueue = ResultOf<typeof ROUTES.faceQueue>;
export type QueuedFace = FaceQueue['faces'][number];
export type UploadConstraint = ResultOf<typeof ROUTES.uploadConstraint>;

export const mediaKeys = {
  all: ['media'] as const,
  cls: (classId: string) => ['media', 'class', classId] as const,
  list: (side: Side, classId: string, query: MediaQuery) => ['media', 'class', classId, 'list', side, query] as const,
  item: (id: string) => ['media', 'item', id] as const,
  albums: (classId: string) => ['media', 'class', classId, 'albums'] as const,
  album: (id: string) => ['media', 'album', id] as const,
  faces: (classId: string) => ['media', 'class', classId, 'faces'] as const,
  byFace: (classId: string, studentId: string) => ['media', 'class', classId, 'byFace', studentId] as const,
  consumption: (schoolId: string) => ['media', 'consumption', schoolId] as const,
  quotaRequests: ['media', 'quotaRequests'] as const,
  constraint: ['media', 'uploadConstraint'] as const,
};

/** Whether any item still waits for the server to make its thumbnails (the list is polled meanwhile). */
export const anyProcessing = (items: readonly Pick<MediaItem, 'status'>[]): boolean =>
  items.some((item) => item.status === 'processing');

/** Polling interval while items are being processed. */
export const PROCESSING_POLL_MS = 2000;

/**
 * A class's gallery (or its bin), page after page: each page reads on from the last one's `next_cursor`.
 * Polled every 2 s while an item is processing, so thumbnails appear when they are ready.
 */
export function useClassMedia(side: Side, classId: string | null, query: MediaQuery) {
  return useInfiniteQuery({
    queryKey: mediaKeys.list(side, classId ?? '', query),
    queryFn: ({ signal, pageParam }) =>
      apiResult(ROUTES.classMediaList, {
        side,
        signal,
        params: { id: classId ?? '' },
        query: pageParam ? { ...query, cursor: pageParam } : query,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MediaPage) => last.next_cursor ?? undefined,
    enabled: !!classId,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyProcessing(q.state.data?.pages.flatMap((p) => p.items) ?? []) ? PROCESSING_POLL_MS : false),
  });
}

/** One item, fresh (its signed links and faces). */
export function useMediaItem(side: Side, id: string | null) {
  return useQuery({
    queryKey: [...mediaKeys.item(id ?? ''), side],
    queryFn: ({ signal }) => apiResult(ROUTES.mediaItem, { side, signal, params: { id: id ?? '' } }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** GET /api/fetch_media_upload_constraint/: the largest image and video the school accepts. */
export function useUploadConstraint() {
  return useQuery({
    queryKey: mediaKeys.constraint,
    queryFn: ({ signal }) => apiResult(ROUTES.uploadConstraint, { side: 'staff', signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * One file into the class's gallery, with its upload progress (0 to 1): in one request, or in resumable
 * chunks when it is large (a video).
 */
export async function uploadToGallery(
  classId: string,
  file: File,
  fields: { privacy: MediaPrivacy; taken_on?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  if (sendsInChunks(file.size)) return uploadInChunks(classId, file, fields, onProgress, { signal });
  const form = new FormData();
  // The fields come before the file: the server reads them first.
  form.append('privacy', fields.privacy);
  if (fields.taken_on) form.append('taken_on', fields.taken_on);
  form.append(ROUTES.classMediaUpload.upload, file, file.name);
  const answer = await apiUpload(ROUTES.classMediaUpload, form, { side: 'staff', params: { id: classId }, onProgress, signal });
  return answer.result;
}

/** After any change the class's lists, albums and faces are read again. */
function useMediaMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.all }) });
}

const staff = { side: 'staff' } as const;

export const useEditMedia = () =>
  useMediaMutation(({ id, body }: { id: string; body: MediaEdit }) =>
    apiRequest(ROUTES.mediaEdit, { ...staff, params: { id }, body }),
  );
export const useDeleteMedia = () =>
  useMediaMutation((id: string) => apiRequest(ROUTES.mediaDelete, { ...staff, params: { id } }));
export const useRestoreMedia = () =>
  useMediaMutation((id: string) => apiRequest(ROUTES.mediaRestore, { ...staff, params: { id } }));
export const useDeleteMany = () =>
  useMediaMutation((media_ids: string[]) => apiRequest(ROUTES.mediaDeleteMany, { ...staff, body: { media_ids } }));
export const useSetPrivacy = () =>
  useMediaMutation((body: BodyOf<typeof ROUTES.mediaPrivacy>) => apiRequest(ROUTES.mediaPrivacy, { ...staff, body }));
export const useTagMany = () =>
  useMediaMutation((body: BodyOf<typeof ROUTES.tagMany>) => apiRequest(ROUTES.tagMany, { ...staff, body }));
export const useCreatePost = () =>
  useMediaMutation(({ classId, body }: { classId: string; body: BodyOf<typeof ROUTES.postCreate> }) =>
    apiRequest(ROUTES.postCreate, { ...staff, params: { id: classId }, body }),
  );
/** Gallery items added to an observation (its media route takes the items' ids; at most 20 at once). */
export const OBSERVATION_MEDIA_MAX = 20;
export function useAddToObservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ observationId, media_ids }: { observationId: string; media_ids: string[] }) =>
      apiRequest(ROUTES.observationAddMedia, { ...staff, params: { id: observationId }, body: { media_ids } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: mediaKeys.all }),
        client.invalidateQueries({ queryKey: ['observations'] }),
      ]),
  });
}
/** Items added to an activity of the class (a calendar event). */
export const useAddToActivity = () =>
  useMediaMutation(({ eventId, media_ids }: { eventId: string; media_ids: string[] }) =>
    apiRequest(ROUTES.mediaToActivity, { ...staff, params: { id: eventId }, body: { media_ids } }),
  );
export const useDecideFace = () =>
  useMediaMutation((body: BodyOf<typeof ROUTES.faceDecide>) => apiRequest(ROUTES.faceDecide, { ...staff, body }));
export const useAddReferenceFace = () =>
  useMediaMutation((body: BodyOf<typeof ROUTES.faceAdd>) => apiRequest(ROUTES.faceAdd, { ...staff, body }));

/** The class's albums. */
export function useAlbums(side: Side, classId: string | null) {
  return useQuery({
    queryKey: [...mediaKeys.albums(classId ?? ''), side],
    queryFn: ({ signal }) => apiResult(ROUTES.albumList, { side, signal, params: { id: classId ?? '' } }),
    enabled: !!classId,
  });
}

export function useAlbum(side: Side, id: string | null) {
  return useQuery({
    queryKey: [...mediaKeys.album(id ?? ''), side],
    queryFn: ({ signal }) => apiResult(ROUTES.albumDetail, { side, signal, params: { id: id ?? '' } }),
    enabled: !!id,
  });
}

export const useCreateAlbum = () =>
  useMediaMutation(({ classId, body }: { classId: string; body: BodyOf<typeof ROUTES.albumCreate> }) =>
    apiRequest(ROUTES.albumCreate, { ...staff, params: { id: classId }, body }),
  );
export const useEditAlbum = () =>
  useMediaMutation(({ id, body }: { id: string; body: BodyOf<typeof ROUTES.albumEdit> }) =>
    apiRequest(ROUTES.albumEdit, { ...staff, params: { id }, body }),
  );
export const useDeleteAlbum = () =>
  useMediaMutation((id: string) => apiRequest(ROUTES.albumDelete, { ...staff, params: { id } }));

/** Faces found in the class's photos that wait for a person. */
export function useFaceQueue(classId: string | null, enabled = true) {
  return useQuery({
    queryKey: mediaKeys.faces(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.faceQueue, { ...staff, signal, params: { id: classId ?? '' } }),
    enabled: !!classId && enabled,
  });
}

/** A class's photos where a child's face was confirmed or suggested (search by face). */
export function useFaceSearch(classId: string | null, studentId: string | null) {
  return useQuery({
    queryKey: mediaKeys.byFace(classId ?? '', studentId ?? ''),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.faceSearch, { ...staff, signal, params: { id: classId ?? '' }, body: { student_id: studentId ?? '' } }),
    enabled: !!classId && !!studentId,
  });
}

/** The school's storage: used and quota, by class and type, when it fills up, a pending request. */
export function useConsumption(schoolId: string | null) {
  return useQuery({
    queryKey: mediaKeys.consumption(schoolId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.mediaConsumption, { ...staff, signal, params: { id: schoolId ?? '' } }),
    enabled: !!schoolId,
  });
}

export const useRequestQuota = () =>
  useMediaMutation(({ schoolId, body }: { schoolId: string; body: BodyOf<typeof ROUTES.mediaQuotaExtend> }) =>
    apiRequest(ROUTES.mediaQuotaExtend, { ...staff, params: { id: schoolId }, body }),
  );

/** Requests for more space across the platform (super admins). */
export function useQuotaRequests(enabled: boolean) {
  return useQuery({
    queryKey: mediaKeys.quotaRequests,
    queryFn: ({ signal }) => apiResult(ROUTES.mediaQuotaRequests, { ...staff, signal }),
    enabled,
  });
}

export const useDecideQuota = () =>
  useMediaMutation(({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
    apiRequest(ROUTES.mediaQuotaDecide, { ...staff, params: { id }, body: { decision } }),
  );
