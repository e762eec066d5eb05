import { type ChatConversationDetail, type ChatConversationRequest, ROUTES } from '@cue/contract';
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf } from '../../lib/api';
import type { Side } from '../../lib/session';
import { classDetailQuery } from '../admin/api';
import { downloadFile } from '../admin/download';
import { chatKeys, storeMessages } from './cache';
import { firstSeqOf } from './thread';

export { chatKeys, fetchMessagesAfter, markRead, sendMessage, storeMessages, useChatUnread } from './cache';

/** The caller's conversations, newest first. */
export function useChatList(side: Side) {
  return useQuery({
    queryKey: chatKeys.list(side),
    queryFn: ({ signal }) => apiResult(ROUTES.chatList, { side, signal }),
    staleTime: 30_000,
  });
}

/** One conversation with its members (read receipts, out-of-office) and, for a family, quiet hours. */
export function useConversation(side: Side, id: string | null) {
  return useQuery({
    queryKey: chatKeys.item(side, id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.chatGet, { side, signal, params: { id: id ?? '' } }),
    enabled: !!id,
  });
}

/** A thread's messages: the newest page first, older pages as the reader scrolls up (`before` the oldest held). */
export function useMessages(side: Side, id: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(side, id ?? ''),
    queryFn: ({ signal, pageParam }) =>
      apiResult(ROUTES.chatMessages, {
        side,
        signal,
        params: { id: id ?? '' },
        query: pageParam === null ? {} : { before: pageParam },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more ? firstSeqOf(last.items) : null),
    enabled: !!id,
    // Live events keep it current; a reconnection reads what was missed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Opens (or finds) a conversation: a child's family, a class channel, a staff group. */
export function useOpenConversation(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatConversationRequest) => apiRequest(ROUTES.chatOpen, { side, body }),
    onSuccess: (answer) => {
      client.setQueryData<ChatConversationDetail>(chatKeys.item(side, answer.result._id), answer.result);
      return client.invalidateQueries({ queryKey: chatKeys.list(side) });
    },
  });
}

/** Edits, deletes: the answer is the message, stored where the thread holds it. */
export function useEditMessage(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest(ROUTES.chatMessageEdit, { side, params: { id }, body: { body } }),
    onSuccess: (answer) => storeMessages(client, side, answer.result.conversation_id, [answer.result]),
  });
}

export function useDeleteMessage(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.chatMessageDelete, { side, params: { id } }),
    onSuccess: (answer) => {
      storeMessages(client, side, answer.result.conversation_id, [answer.result]);
      return client.invalidateQueries({ queryKey: chatKeys.list(side) });
    },
  });
}

export function useReportMessage(side: Side) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(ROUTES.chatMessageReport, { side, params: { id }, body: { reason } }),
  });
}

/** A message in the reader's language (only offered where the school connected a model provider). */
export function useTranslateMessage(side: Side) {
  return useMutation({
    mutationFn: (id: string) => apiResult(ROUTES.chatMessageTranslate, { side, params: { id } }),
  });
}

/** Uploads one file to a conversation; the answer's id goes with the message. */
export function uploadAttachment(side: Side, conversationId: string, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append(ROUTES.chatAttach.upload, file, file.name);
  return apiUpload(ROUTES.chatAttach, form, { side, params: { id: conversationId }, onProgress });
}

const staff = { side: 'staff' } as const;

/** The school's chat settings (staff read them; admins change them). */
export function useChatSettings(enabled = true) {
  return useQuery({
    queryKey: chatKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.chatSettings, { ...staff, signal }),
    enabled,
  });
}

export function useSaveChatSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.chatSettingsSave>) => apiRequest(ROUTES.chatSettingsSave, { ...staff, body }),
    onSuccess: (answer) => client.setQueryData(chatKeys.settings, answer.result),
  });
}

/** The caller's own out-of-office note (staff). */
export function useAway(enabled = true) {
  return useQuery({
    queryKey: chatKeys.away,
    queryFn: ({ signal }) => apiResult(ROUTES.chatAway, { ...staff, signal }),
    enabled,
  });
}

export function useSaveAway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.chatAwaySave>) => apiRequest(ROUTES.chatAwaySave, { ...staff, body }),
    onSuccess: (answer) => {
      client.setQueryData(chatKeys.away, answer.result);
      return client.invalidateQueries({ queryKey: ['chat', 'item'] });
    },
  });
}

/** Staff who may join a staff group: the school's staff list for those who manage staff, else the staff of one's classes. */
export function useStaffChoices(classIds: string[], wholeSchool: boolean, enabled: boolean) {
  const school = useQuery({
    queryKey: chatKeys.staff,
    queryFn: ({ signal }) => apiResult(ROUTES.staffList, { ...staff, signal }),
    enabled: enabled && wholeSchool,
  });
  const classes = useQueries({
    queries: classIds.map((id) => ({ ...classDetailQuery(id), enabled: enabled && !wholeSchool })),
  });
  if (wholeSchool) {
    return {
      pending: school.isPending,
      choices: (school.data ?? [])
        .filter((s) => s.status === 'active')
        .map((s) => ({ value: s.id, label: `${s.first_name} ${s.last_name}`.trim() })),
    };
  }
  const seen = new Map<string, string>();
  for (const q of classes) for (const s of q.data?.staff_list ?? []) seen.set(s._id, `${s.first_name} ${s.last_name}`.trim());
  return {
    pending: classes.some((q) => q.isPending),
    choices: [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/* ---------- Safeguarding ---------- */

export function useSafeguardingList(search: string) {
  return useQuery({
    queryKey: [...chatKeys.safeguarding, 'list', search],
    queryFn: ({ signal }) => apiResult(ROUTES.chatSafeguardingList, { ...staff, signal, query: search ? { search } : {} }),
  });
}

/** The school's full record of a conversation. Every opening is recorded by the server, so it is read once per visit. */
export function useSafeguardingRecord(id: string) {
  return useQuery({
    queryKey: chatKeys.record(id),
    queryFn: ({ signal }) => apiResult(ROUTES.chatSafeguardingOpen, { ...staff, signal, params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The conversation as a CSV file, saved under the server's name. */
export const exportConversation = (id: string): Promise<string> =>
  downloadFile(ROUTES.chatSafeguardingExport, 'conversation.csv', { params: { id } });

export function useChatReports(state: 'open' | 'resolved' | 'all') {
  return useQuery({
    queryKey: chatKeys.reports(state),
    queryFn: ({ signal }) => apiResult(ROUTES.chatReports, { ...staff, signal, query: { state } }),
  });
}

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.chatReportResolve, { ...staff, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...chatKeys.safeguarding, 'reports'] }),
  });
}
