import { type ChatMessage, type ClassDetail, ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { SavedCall } from './stream';

/** The chat page's calls, all with the staff side's token. */
const result = async <T>(route: Parameters<typeof apiRequest>[0], options: Parameters<typeof apiRequest>[1] = {}) =>
  (await apiRequest<{ result: T }>(route, { side: 'staff', ...options })).result;

export interface ConversationSummary {
  id: string;
  title: string;
  updated_at: string;
}

/** A stored tool call of a conversation and whether its card has been saved. */
export interface StoredToolCall {
  id: string;
  name?: string;
  args?: Record<string, unknown>;
  saved?: boolean;
  is_saved?: boolean;
  saved_at?: string | null;
}

export interface ConversationDetail {
  id: string;
  title: string;
  messages: ChatMessage[];
  tool_calls?: StoredToolCall[];
}

/** The saved cards of a stored conversation, with the arguments they were saved with. */
export const savedCallsOf = (detail: ConversationDetail): SavedCall[] =>
  (detail.tool_calls ?? [])
    .filter((c) => c.saved === true || c.is_saved === true || !!c.saved_at)
    .map((c) => ({ id: c.id, args: c.args }));

export const conversationsKey = (classId: string | null) => ['cue', 'conversations', classId] as const;

/** The signed-in person's conversations about a class, newest first. */
export function useConversations(classId: string | null) {
  return useQuery({
    queryKey: conversationsKey(classId),
    queryFn: async ({ signal }) => {
      const route = {
        ...ROUTES.cueConversations,
        path: `${ROUTES.cueConversations.path}?class_id=${encodeURIComponent(classId ?? '')}`,
      };
      const answer = await result<ConversationSummary[] | { items: ConversationSummary[] }>(route, { signal });
      return Array.isArray(answer) ? answer : answer.items;
    },
    enabled: !!classId,
  });
}

export const fetchConversation = (id: string): Promise<ConversationDetail> =>
  result<ConversationDetail>(ROUTES.cueConversation, { params: { id } });

/** The class's roster, for names on the cards (GET /api/classes/{id}). */
export function useClassRoster(classId: string | null) {
  return useQuery({
    queryKey: ['cue', 'class', classId],
    queryFn: async ({ signal }) =>
      (await result<{ my_class: ClassDetail }>(ROUTES.classDetail, { signal, params: { id: classId ?? '' } })).my_class,
    enabled: !!classId,
    staleTime: 60_000,
  });
}

export interface SaveAnswer {
  saved: true;
  [key: string]: unknown;
}

/** Saves a card: the drafted tool call with the arguments as the teacher left them. */
export function useSaveToolCall(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, args }: { id: string; args: Record<string, unknown> }) =>
      result<SaveAnswer>(ROUTES.cueToolCallSave, { params: { id }, body: { args } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationsKey(classId) });
    },
  });
}
