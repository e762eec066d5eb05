import { ROUTES, type Story, type StoryComment, type StoryListQuery, type StoryReaction, type StoryRequest } from '@cue/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf } from '../../lib/api';
import { toast } from '../../lib/notify';
import type { Side } from '../../lib/session';
import { storyErrorText, storyMessage } from './i18n';

export type { Story, StoryComment };
/** What a list asks (the page defaults to the first, the size to the contract's). */
export type StoryQuery = Partial<StoryListQuery>;

export const storyKeys = {
  all: ['stories'] as const,
  lists: ['stories', 'list'] as const,
  list: (side: Side, query: StoryQuery) => ['stories', 'list', side, query] as const,
  item: (side: Side, id: string) => ['stories', 'item', side, id] as const,
  versions: (id: string) => ['stories', 'versions', id] as const,
  views: (id: string) => ['stories', 'views', id] as const,
  comments: (side: Side, id: string) => ['stories', 'comments', side, id] as const,
  tags: ['stories', 'tags'] as const,
  settings: ['stories', 'settings'] as const,
};

/** A page of stories: a class's for staff, the current child's (published, and the family's own) for a parent. */
export function useStoryList(side: Side, query: StoryQuery, enabled = true) {
  return useQuery({
    queryKey: storyKeys.list(side, query),
    queryFn: ({ signal }) => apiResult(ROUTES.storyList, { side, signal, query: query as StoryListQuery }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One story. A family member's open counts as a view on the server, so it is read again at every open. */
export function useStory(side: Side, id: string | null) {
  return useQuery({
    queryKey: storyKeys.item(side, id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.storyGet, { side, signal, params: { id: id ?? '' } }),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Earlier versions of a published story that was edited (staff). */
export function useStoryVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: storyKeys.versions(id),
    queryFn: ({ signal }) => apiResult(ROUTES.storyVersions, { side: 'staff', signal, params: { id } }),
    enabled,
  });
}

/** Which family members opened the story and how often (staff). */
export function useStoryViews(id: string, enabled: boolean) {
  return useQuery({
    queryKey: storyKeys.views(id),
    queryFn: ({ signal }) => apiResult(ROUTES.storyViews, { side: 'staff', signal, params: { id } }),
    enabled,
  });
}

export function useStoryComments(side: Side, id: string) {
  return useQuery({
    queryKey: storyKeys.comments(side, id),
    queryFn: ({ signal }) => apiResult(ROUTES.storyComments, { side, signal, params: { id } }),
  });
}

/** The school's active story tags (staff). */
export function useStoryTags(enabled = true) {
  return useQuery({
    queryKey: storyKeys.tags,
    queryFn: ({ signal }) => apiResult(ROUTES.storyTagList, { side: 'staff', signal, query: { include_archived: 'false' } }),
    enabled,
    staleTime: 60_000,
  });
}

/** Whether the school asks for approval before families see a story (staff). */
export function useStorySettings(enabled = true) {
  return useQuery({
    queryKey: storyKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.storySettings, { side: 'staff', signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A changed story: the lists are read again and the story's own entry takes the answer. */
function storedAnswer(client: QueryClient, side: Side, story: Story) {
  client.setQueryData(storyKeys.item(side, story._id), story);
  return client.invalidateQueries({ queryKey: storyKeys.lists });
}

const staff = { side: 'staff' } as const;

/** Creates or updates; the answer carries the saved story and the server's toast. */
export function useSaveStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: StoryRequest }) =>
      id
        ? apiRequest(ROUTES.storyUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.storyCreate, { ...staff, body }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: storyKeys.versions(answer.result._id) });
      return storedAnswer(client, 'staff', answer.result);
    },
  });
}

/** Cue's first draft of a day for some children: a new draft story (refused NOTHING_TO_DRAFT when there is no evidence). */
export function useDraftStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.storyDraft>) => apiRequest(ROUTES.storyDraft, { ...staff, body }),
    onSuccess: (answer) => storedAnswer(client, 'staff', answer.result),
  });
}

export function useDeleteStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.storyDelete, { ...staff, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: storyKeys.lists }),
  });
}

/**
 * The staff decisions on one story: approve, accept or decline a family's (each answers the story). The
 * outcome is told here, not by the caller: the card that asked may be gone once the lists are read again.
 */
export function useDecideStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'accept' | 'decline' }) => {
      const route =
        decision === 'approve'
          ? ROUTES.storyApprove
          : decision === 'accept'
            ? ROUTES.familyStoryAccept
            : ROUTES.familyStoryDecline;
      return apiRequest(route, { ...staff, params: { id } });
    },
    onSuccess: (answer, { decision }) => {
      toast.success(storyMessage(decision === 'approve' ? 'approved' : decision === 'accept' ? 'accepted' : 'declined'));
      return storedAnswer(client, 'staff', answer.result);
    },
    onError: (err) => toast.error(storyErrorText(err)),
  });
}

/** Back to its author with a note: a draft again. */
export function useReturnStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiRequest(ROUTES.storyReturn, { ...staff, params: { id }, body: { note } }),
    onSuccess: (answer) => storedAnswer(client, 'staff', answer.result),
  });
}

export function useAddComment(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest(ROUTES.storyCommentCreate, { side, params: { id }, body: { body } }),
    onSuccess: (_answer, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: storyKeys.comments(side, id) }),
        client.invalidateQueries({ queryKey: storyKeys.lists }),
      ]),
  });
}

export function useDeleteComment(side: Side, storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiRequest(ROUTES.storyCommentDelete, { side, params: { id: commentId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: storyKeys.comments(side, storyId) }),
        client.invalidateQueries({ queryKey: storyKeys.lists }),
      ]),
  });
}

/** Sets (or clears, null) the caller's reaction; the answer is the story with its counts. */
export function useReact(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reaction }: { id: string; reaction: StoryReaction | null }) =>
      apiRequest(ROUTES.storyReact, { side, params: { id }, body: { reaction } }),
    onSuccess: (answer) => storedAnswer(client, side, answer.result),
  });
}

export interface FamilyStoryInput {
  student_id: string;
  title: string;
  note: string;
  file: File;
}

/** A parent's story from home (multipart: the fields first, then the photo), with its upload progress. */
export async function sendFamilyStory(input: FamilyStoryInput, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  // The fields come before the file: the server reads them first.
  form.append('student_id', input.student_id);
  form.append('title', input.title);
  form.append('note', input.note);
  form.append(ROUTES.familyStoryCreate.upload, input.file, input.file.name);
  return apiUpload(ROUTES.familyStoryCreate, form, { side: 'parent', onProgress, signal });
}
