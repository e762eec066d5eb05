import {
  ROUTES,
  type Story,
  type StoryInsights,
  type StoryInsightsQuery,
  type StoryListQuery,
  type StoryPage,
  type StoryTag,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult } from '../../lib/api';
import { downloadFile } from '../admin/download';

export type { Story, StoryInsights, StoryInsightsQuery, StoryListQuery, StoryPage, StoryTag };

const staff = { side: 'staff' } as const;

export const storyInsightsKeys = {
  list: (query: StoryListQuery) => ['storyInsights', 'list', query] as const,
  tags: (archived: boolean) => ['storyInsights', 'tags', archived] as const,
  allTags: ['storyInsights', 'tags'] as const,
  settings: ['storyInsights', 'settings'] as const,
  insights: (query: StoryInsightsQuery) => ['storyInsights', 'insights', query] as const,
};

/** GET /api/stories/: one page of the stories the person may see, filtered; the previous page stays while the next comes. */
export function useStoryList(query: StoryListQuery) {
  return useQuery({
    queryKey: storyInsightsKeys.list(query),
    queryFn: ({ signal }) => apiResult(ROUTES.storyList, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/story_tags/: the school's tags in their order (archived ones too when asked). */
export function useStoryTags(includeArchived = false, enabled = true) {
  return useQuery({
    queryKey: storyInsightsKeys.tags(includeArchived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.storyTagList, { ...staff, signal, query: { include_archived: includeArchived ? 'true' : 'false' } }),
    enabled,
    staleTime: 60_000,
  });
}

/** After a change of tags every list of them is read again (and the library's, whose rows show them). */
function useTagMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['storyInsights'] }) });
}

export const useCreateTag = () =>
  useTagMutation((name: string) => apiRequest(ROUTES.storyTagCreate, { ...staff, body: { name } }));
export const useEditTag = () =>
  useTagMutation(({ id, ...body }: { id: string; name?: string; archived?: boolean }) =>
    apiRequest(ROUTES.storyTagEdit, { ...staff, params: { id }, body }),
  );
export const useMergeTag = () =>
  useTagMutation(({ id, into }: { id: string; into: string }) =>
    apiRequest(ROUTES.storyTagMerge, { ...staff, params: { id }, body: { into_id: into } }),
  );
export const useOrderTags = () =>
  useTagMutation((ids: string[]) => apiRequest(ROUTES.storyTagOrder, { ...staff, body: { ids } }));

/** GET /api/story_settings/: whether stories need approval, and whether the caller may change that. */
export function useStorySettings(enabled = true) {
  return useQuery({
    queryKey: storyInsightsKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.storySettings, { ...staff, signal }),
    enabled,
  });
}

export function useSaveStorySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approval_required: boolean) => apiRequest(ROUTES.storySettingsSave, { ...staff, body: { approval_required } }),
    onSuccess: (answer) => client.setQueryData(storyInsightsKeys.settings, answer.result),
  });
}

/** GET /api/story_insights/: the period's figures (the server fills in the term so far when no day is given). */
export function useStoryInsights(query: StoryInsightsQuery, enabled = true) {
  return useQuery({
    queryKey: storyInsightsKeys.insights(query),
    queryFn: ({ signal }) => apiResult(ROUTES.storyInsights, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/story_insights/export: the same figures as a CSV file, saved under the server's name. */
export const exportInsights = (query: StoryInsightsQuery): Promise<string> =>
  downloadFile(ROUTES.storyInsightsExport, 'story-insights.csv', { query });
