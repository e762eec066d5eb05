import type { ChatConversation, ConversationMessage } from '@cue/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { toast } from '../../lib/notify';
import type { Side } from '../../lib/session';
import { getSocket } from '../../lib/socket';
import { chatKeys, sendMessage, storeMessages } from './cache';
import { chatErrorText } from './i18n';
import {
  enqueue,
  flushOutbox,
  listWithMessage,
  type OutboxItem,
  outboxKey,
  readOutbox,
  withoutDelivered,
  writeOutbox,
} from './thread';

/*
 * Messages written while offline wait in this device's storage (per person) and are sent in order
 * once the connection is back. Each carries its client id: the server answers a repeat with the
 * first message, so a send whose answer was lost and is sent again never makes a duplicate.
 */

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const snapshots = new Map<string, OutboxItem[]>();

function itemsOf(owner: string): OutboxItem[] {
  let items = snapshots.get(owner);
  if (!items) {
    items = readOutbox(storage(), outboxKey(owner));
    snapshots.set(owner, items);
  }
  return items;
}

function save(owner: string, items: OutboxItem[]): void {
  snapshots.set(owner, items);
  writeOutbox(storage(), outboxKey(owner), items);
  for (const listener of listeners) listener();
}

// Another tab of the same person sent or queued something.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith('cue.chat.outbox.')) return;
    snapshots.clear();
    for (const listener of listeners) listener();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const EMPTY: OutboxItem[] = [];

/**
 * Whose outbox: the person on one side (a dual-role person writes as staff and as a parent with
 * different tokens, and each side's messages are sent with its own).
 */
const ownerOf = (side: Side, userId: string) => `${side}.${userId}`;

/** The person's waiting messages (all conversations) on a side, live. */
export function useOutboxItems(side: Side, userId: string | null): OutboxItem[] {
  return useSyncExternalStore(
    subscribe,
    () => (userId ? itemsOf(ownerOf(side, userId)) : EMPTY),
    () => EMPTY,
  );
}

/**
 * A send worth trying again, the message kept: no answer (offline, timed out, a gateway that could not
 * reach the server), or too many messages this minute (429: it goes once the minute has passed).
 */
export const gotNoAnswer = (err: unknown): boolean =>
  err instanceof ApiError && (err.code === NETWORK_ERROR || err.status === 0 || [429, 502, 503, 504].includes(err.status));

/** Whether a send can be tried now: the browser is online and the socket (when there is one) is connected. */
export function isOnline(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const socket = getSocket();
  return !socket || socket.connected;
}

/** A message the server now holds: into the thread and the list, out of the outbox. */
function delivered(client: QueryClient, side: Side, userId: string, message: ConversationMessage): void {
  storeMessages(client, side, message.conversation_id, [message]);
  client.setQueryData<ChatConversation[]>(chatKeys.list(side), (list) => {
    if (!list) return list;
    return listWithMessage(list, { conversation_id: message.conversation_id, message }, message.conversation_id, userId) ?? list;
  });
}

const running = new Map<string, Promise<void>>();

/** Sends the person's outbox in order (one run at a time; a run asked for meanwhile follows it). */
export function flush(client: QueryClient, side: Side, userId: string): Promise<void> {
  const owner = ownerOf(side, userId);
  const previous = running.get(owner) ?? Promise.resolve();
  const next = previous.then(async () => {
    const items = itemsOf(owner);
    if (items.length === 0 || !isOnline()) return;
    await flushOutbox(items, (item) => sendMessage(side, item), gotNoAnswer, {
      sent: (item, message) => {
        save(owner, withoutDelivered(itemsOf(owner), [item.client_id]));
        delivered(client, side, userId, message);
      },
      refused: (item, err) => {
        save(owner, withoutDelivered(itemsOf(owner), [item.client_id]));
        toast.error(chatErrorText(err));
      },
    });
  });
  const settled = next.catch(() => undefined).then(() => retryLater(client, side, userId));
  running.set(owner, settled);
  return settled;
}

const retries = new Map<string, { timer: ReturnType<typeof setTimeout>; delay: number }>();

/**
 * A send that got no answer while the connection looked fine (a request lost on the way) is tried
 * again after 5 s, then 10, 20, up to a minute; a reconnection tries at once. Nothing waiting: no timer.
 */
function retryLater(client: QueryClient, side: Side, userId: string): void {
  const owner = ownerOf(side, userId);
  const current = retries.get(owner);
  if (current) clearTimeout(current.timer);
  if (itemsOf(owner).length === 0) {
    retries.delete(owner);
    return;
  }
  const delay = Math.min(60_000, current ? current.delay * 2 : 5_000);
  const timer = setTimeout(() => void flush(client, side, userId), delay);
  retries.set(owner, { timer, delay });
}

/** A message of one's own heard from the server (another tab's send, or a send whose answer was lost): it waits no more. */
export function forgetDelivered(side: Side, userId: string, clientId: string | null): void {
  if (!clientId) return;
  const owner = ownerOf(side, userId);
  const items = itemsOf(owner);
  if (items.some((i) => i.client_id === clientId)) save(owner, withoutDelivered(items, [clientId]));
}

/** Queues a message and sends it at once when online; offline it waits, shown as "Waiting to send". */
export function queueMessage(client: QueryClient, side: Side, userId: string, item: OutboxItem): void {
  const owner = ownerOf(side, userId);
  save(owner, enqueue(itemsOf(owner), item));
  void flush(client, side, userId);
}

/** Sends the outbox whenever the connection comes back (the socket connects again, the browser goes online) and at start. */
export function useOutboxSender(client: QueryClient, side: Side, userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    const run = () => void flush(client, side, userId);
    const socket = getSocket();
    socket?.on('connect', run);
    window.addEventListener('online', run);
    run();
    return () => {
      socket?.off('connect', run);
      window.removeEventListener('online', run);
    };
  }, [client, side, userId]);
}
