import { type ChatConversation, type ChatMessageEvent, type ChatReadEvent, MESSAGE_EVENTS } from '@cue/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import i18n from '../../lib/i18n';
import { toast } from '../../lib/notify';
import type { Side } from '../../lib/session';
import { getSocket, useSocketEvent } from '../../lib/socket';
import { chatKeys, storeMessages } from './cache';
import { forgetDelivered, useOutboxSender } from './outbox';
import { listWithMessage, listWithRead } from './thread';

/** The conversation on screen (its new messages are read as they come, so they count no unread). */
let openConversation: string | null = null;
export const setOpenConversation = (id: string | null) => {
  openConversation = id;
};
export const isOpenConversation = (id: string) => openConversation === id && document.visibilityState === 'visible';

function heardMessage(client: QueryClient, side: Side, me: string | null, event: ChatMessageEvent): void {
  storeMessages(client, side, event.conversation_id, [event.message]);
  if (me && event.message.sender._id === me) forgetDelivered(side, me, event.message.client_id);
  let known = false;
  client.setQueryData<ChatConversation[]>(chatKeys.list(side), (list) => {
    if (!list) return list;
    const open = isOpenConversation(event.conversation_id) ? event.conversation_id : null;
    const next = listWithMessage(list, event, open, me);
    known = next !== null;
    return next ?? list;
  });
  if (!known) void client.invalidateQueries({ queryKey: chatKeys.list(side) });
  if (event.message.sender._id === me) return;
  void client.invalidateQueries({ queryKey: chatKeys.unread(side) });
  // A notification, unless the conversation is on screen or the server says not to (a family's message
  // in the school's quiet hours reaches staff silently: it is delivered and counted, nothing more).
  if (event.notify && !isOpenConversation(event.conversation_id)) {
    const { sender, body, urgent } = event.message;
    const title = i18n.t(urgent ? 'chat:live.urgentFrom' : 'chat:live.from', { name: sender.name });
    toast.info(body.trim() ? body.slice(0, 140) : i18n.t('chat:live.attachment'), title);
  }
}

/**
 * Keeps the chat's held data current from the socket (every page that shows chat data mounts it; each
 * change is idempotent, so two listeners change nothing twice): new and changed messages into their
 * thread and the list, the caller's own read receipts (another tab) into the counts; and sends the
 * outbox whenever the connection comes back.
 */
export function useChatEvents(side: Side, me: string | null, enabled = true): void {
  const client = useQueryClient();
  useSocketEvent<ChatMessageEvent>(MESSAGE_EVENTS.message, (event) => heardMessage(client, side, me, event), enabled);
  useSocketEvent<ChatMessageEvent>(
    MESSAGE_EVENTS.updated,
    (event) => {
      storeMessages(client, side, event.conversation_id, [event.message]);
      void client.invalidateQueries({ queryKey: chatKeys.list(side) });
    },
    enabled,
  );
  useSocketEvent<ChatReadEvent>(
    MESSAGE_EVENTS.read,
    (event) => {
      if (event.user_id !== me) return;
      client.setQueryData<ChatConversation[]>(chatKeys.list(side), (list) =>
        list ? listWithRead(list, event.conversation_id, event.seq) : list,
      );
      void client.invalidateQueries({ queryKey: chatKeys.unread(side) });
    },
    enabled,
  );
  // Back from a lost connection: the counts and the list may have moved meanwhile.
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    if (!socket) return;
    let first = socket.connected;
    const again = () => {
      if (first) {
        void client.invalidateQueries({ queryKey: chatKeys.lists });
        void client.invalidateQueries({ queryKey: chatKeys.unread(side) });
      }
      first = true;
    };
    socket.on('connect', again);
    return () => {
      socket.off('connect', again);
    };
  }, [client, side, enabled]);
  useOutboxSender(client, side, enabled ? me : null);
}
