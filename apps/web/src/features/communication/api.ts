import { type Communication, type CommunicationRequest, type CommunicationType, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type ResultOf } from '../../lib/api';
import type { Side } from '../../lib/session';
import { type UploadProgress, uploadFile } from '../../lib/upload';

export type ReadReceipts = ResultOf<typeof ROUTES.announcementReads>;
export type UploadConstraint = ResultOf<typeof ROUTES.uploadConstraint>;
export type UploadedMedia = ResultOf<typeof ROUTES.mediaUpload>;
export type CommunicationStatus = Communication['status'];
export type CommunicationPage = ResultOf<typeof ROUTES.announcementList>;

export interface ListQuery {
  class_id?: string;
  status?: CommunicationStatus;
  search?: string;
  page: number;
  page_size: number;
}

/** The routes of one type: announcements and homework have the same calls on their own paths. */
const ROUTES_OF = {
  announcement: {
    list: ROUTES.announcementList,
    create: ROUTES.announcementCreate,
    get: ROUTES.announcementGet,
    update: ROUTES.announcementUpdate,
    remove: ROUTES.announcementDelete,
    reads: ROUTES.announcementReads,
  },
  homework: {
    list: ROUTES.homeworkList,
    create: ROUTES.homeworkCreate,
    get: ROUTES.homeworkGet,
    update: ROUTES.homeworkUpdate,
    remove: ROUTES.homeworkDelete,
    reads: ROUTES.homeworkReads,
  },
} as const;

export const communicationKeys = {
  all: ['communication'] as const,
  type: (side: Side, type: CommunicationType) => ['communication', side, type] as const,
  list: (side: Side, type: CommunicationType, query: ListQuery) => ['communication', side, type, 'list', query] as const,
  item: (side: Side, type: CommunicationType, id: string) => ['communication', side, type, 'item', id] as const,
  reads: (type: CommunicationType, id: string) => ['communication', 'staff', type, 'reads', id] as const,
  constraint: ['communication', 'uploadConstraint'] as const,
};

/** A page of announcements or homework: the school's for staff, what was shared with the children for parents. */
export function useCommunicationList(side: Side, type: CommunicationType, query: ListQuery, enabled = true) {
  return useQuery({
    queryKey: communicationKeys.list(side, type, query),
    queryFn: ({ signal }) => apiResult(ROUTES_OF[type].list, { side, signal, query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One announcement or homework. For a parent, opening it marks it read. */
export function useCommunication(side: Side, type: CommunicationType, id: string | null) {
  return useQuery({
    queryKey: communicationKeys.item(side, type, id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES_OF[type].get, { side, signal, params: { id: id ?? '' } }),
    enabled: !!id,
    // Refetched on every open: the server counts the open as read.
    staleTime: 0,
  });
}

/** Who of the families it went to has read it, and who has not (staff). */
export function useReadReceipts(type: CommunicationType, id: string | null) {
  return useQuery({
    queryKey: communicationKeys.reads(type, id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES_OF[type].reads, { side: 'staff', signal, params: { id: id ?? '' } }),
    enabled: !!id,
  });
}

/** Creates or updates; resolves with the saved item and the server's toast (Saved As Draft / Scheduled / Sent). */
export function useSaveCommunication(type: CommunicationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CommunicationRequest }) => {
      const routes = ROUTES_OF[type];
      return id
        ? apiRequest(routes.update, { side: 'staff', body, params: { id } })
        : apiRequest(routes.create, { side: 'staff', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.type('staff', type) }),
  });
}

export function useDeleteCommunication(type: CommunicationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES_OF[type].remove, { side: 'staff', params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.type('staff', type) }),
  });
}

/** GET /api/fetch_media_upload_constraint/: sizes per kind of file and how many files at most. */
export function useUploadConstraint() {
  return useQuery({
    queryKey: communicationKeys.constraint,
    queryFn: ({ signal }) => apiResult(ROUTES.uploadConstraint, { side: 'staff', signal }),
    staleTime: 10 * 60_000,
  });
}

/** Uploads one attachment (POST /api/media/) with progress. */
export async function uploadAttachment(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  const answer = await uploadFile(ROUTES.mediaUpload, file, onProgress, { side: 'staff', signal });
  return answer.result;
}

/** Who an item would reach if sent now (GET /api/communication/audience/): asked by the send confirmation. */
export function useAudience(shareWith: 'Everyone' | 'Classes', classIds: string[], enabled: boolean) {
  const ids = [...classIds].sort().join(',');
  return useQuery({
    queryKey: ['communication', 'audience', shareWith, shareWith === 'Classes' ? ids : ''],
    queryFn: ({ signal }) =>
      apiResult(ROUTES.communicationAudience, {
        side: 'staff',
        signal,
        query: { share_with: shareWith, ...(shareWith === 'Classes' ? { classes_ids: ids } : {}) },
      }),
    enabled,
    retry: false,
  });
}
