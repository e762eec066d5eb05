import { type ChatConversation, type ChatMessagesPage, type ConversationMessage, ROUTES } from '@cue/contract';
import { type InfiniteData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest, apiResult } from '../../lib/api';
import type { Side } from '../../lib/session';
import { listWithRead, mergeMessages, type OutboxItem } from './thread';

/*
 * The chat's query keys and what writes into them: kept apart from the pages' hooks so the top bar's
 * badge and the outbox (loaded on every page) carry little code.
 */

export const chatKeys = {
  all: ['chat'] as const,
  lists: ['chat', 'list'] as const,
  list: (side: Side) => ['chat', 'list', side] as const,
  item: (side: Side, id: string) => ['chat', 'item', side, id] as const,
  messages: (side: Side, id: string) => ['chat', 'messages', side, id] as const,
  unread: (side: Side) => ['chat', 'unread', side] as const,
  settings: ['chat', 'settings'] as const,
  away: ['chat', 'away'] as const,
  safeguarding: ['chat', 'safeguarding'] as const,
  record: (id: string) => ['chat', 'safeguarding', 'record', id] as const,
  reports: (state: string) => ['chat', 'safeguarding', 'reports', state] as const,
  staff: ['chat', 'staff'] as const,
};

export type MessagePages = InfiniteData<ChatMessagesPage, number | null>;

/** Puts messages (an answer, a live event, what was missed) into a thread's held pages, without duplicates. */
export function storeMessages(client: QueryClient, side: Side, conversationId: string, messages: ConversationMessage[]): void {
  client.setQueryData<MessagePages>(chatKeys.messages(side, conversationId), (data) => {
    if (!data) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    // Every copy is replaced where it is held; what no page holds joins the newest page.
    const held = new Set(data.pages.flatMap((p) => p.items.map((m) => m._id)));
    const heldClients = new Set(data.pages.flatMap((p) => p.items.map((m) => m.client_id)).filter(Boolean));
    const replace = (items: ConversationMessage[]) =>
      items.map((m) => messages.find((n) => n._id === m._id || (!!n.client_id && n.client_id === m.client_id)) ?? m);
    const fresh = messages.filter((m) => !held.has(m._id) && !(m.client_id && heldClients.has(m.client_id)));
    return {
      ...data,
      pages: [
        { ...newest, items: mergeMessages(replace(newest.items), fresh) },
        ...older.map((p) => ({ ...p, items: replace(p.items) })),
      ],
    };
  });
}

/** Messages after `seq` (what was missed while the connection was down). */
export const fetchMessagesAfter = (side: Side, id: string, seq: number) =>
  apiResult(ROUTES.chatMessages, { side, params: { id }, query: { after: seq, limit: 200 } });

/** Sends one message (an outbox item: the client id makes a repeat answer the first). */
export const sendMessage = (side: Side, item: OutboxItem) =>
  apiResult(ROUTES.chatSend, {
    side,
    params: { id: item.conversation_id },
    body: {
      client_id: item.client_id,
      body: item.body,
      attachment_ids: item.attachment_ids,
      urgent: item.urgent,
      ...(item.reply_to ? { reply_to: item.reply_to } : {}),
    },
  });

/** The caller's read receipt for a conversation; the list's and top bar's counts follow at once. */
export async function markRead(client: QueryClient, side: Side, id: string, seq: number): Promise<void> {
  await apiRequest(ROUTES.chatRead, { side, params: { id }, body: { seq } });
  client.setQueryData<ChatConversation[]>(chatKeys.list(side), (list) => (list ? listWithRead(list, id, seq) : list));
  void client.invalidateQueries({ queryKey: chatKeys.unread(side) });
}

/** Unread messages in all the caller's conversations (the top bar and the menu). */
export function useChatUnread(side: Side, enabled = true) {
  return useQuery({
    queryKey: chatKeys.unread(side),
    queryFn: ({ signal }) => apiResult(ROUTES.chatUnread, { side, signal, retryNetwork: false }),
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
