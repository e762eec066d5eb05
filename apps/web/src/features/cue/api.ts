import { type ConversationDetail, ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';
import type { SavedCall } from './stream';

/** The chat page's calls, all with the staff side's token. */
const staff = { side: 'staff' } as const;

/** The saved cards of a stored conversation, with the arguments they were saved with. */
export const savedCallsOf = (detail: ConversationDetail): SavedCall[] =>
  detail.tool_calls.filter((c) => c.is_saved).map((c) => ({ id: c.id, args: c.args }));

export const conversationsKey = (classId: string | null) => ['cue', 'conversations', classId] as const;

/** The signed-in person's conversations about a class, newest first. */
export function useConversations(classId: string | null) {
  return useQuery({
    queryKey: conversationsKey(classId),
    queryFn: ({ signal }) => apiResult(ROUTES.cueConversations, { ...staff, signal, query: { class_id: classId ?? '' } }),
    enabled: !!classId,
  });
}

export const fetchConversation = (id: string): Promise<ConversationDetail> =>
  apiResult(ROUTES.cueConversation, { ...staff, params: { id } });

/** The class's roster, for names on the cards (GET /api/classes/{id}). */
export function useClassRoster(classId: string | null) {
  return useQuery({
    queryKey: ['cue', 'class', classId],
    queryFn: async ({ signal }) =>
      (await apiResult(ROUTES.classDetail, { ...staff, signal, params: { id: classId ?? '' } })).my_class,
    enabled: !!classId,
    staleTime: 60_000,
  });
}

/** Saves a card: the drafted tool call with the arguments as the teacher left them. */
export function useSaveToolCall(classId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, args }: { id: string; args: Record<string, unknown> }) =>
      apiResult(ROUTES.cueToolCallSave, { ...staff, params: { id }, body: { args } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationsKey(classId) });
    },
  });
}
