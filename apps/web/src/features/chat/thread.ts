import {
  CHAT_EDIT_MINUTES,
  type ChatConversation,
  type ChatMember,
  type ChatMessageEvent,
  type ChatReadEvent,
  type ConversationMessage,
} from '@cue/contract';

/*
 * The chat's pure rules, without React or the network: the messages of a thread (pages read, answers
 * and live events merged without duplicates), the outbox of messages written offline, read receipts,
 * the typing indicator's timing and the conversation list's live order.
 */

/** The messages of a thread in order (by number), each once: a later copy of the same message (an edit, a deletion) replaces it. */
export function mergeMessages(...lists: readonly (readonly ConversationMessage[])[]): ConversationMessage[] {
  const byId = new Map<string, ConversationMessage>();
  const idOfClient = new Map<string, string>();
  for (const list of lists) {
    for (const message of list) {
      // A message answered by the server and heard again from the socket has one id; the client id catches a copy under another.
      const known = message.client_id ? idOfClient.get(message.client_id) : undefined;
      if (known && known !== message._id) byId.delete(known);
      const current = byId.get(message._id);
      if (!current || newer(message, current)) byId.set(message._id, message);
      if (message.client_id) idOfClient.set(message.client_id, message._id);
    }
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

const stamp = (m: ConversationMessage) => Math.max(Date.parse(m.deleted_at ?? '') || 0, Date.parse(m.edited_at ?? '') || 0);

/** Whether `a` is at least as recent a state of the message as `b` (a deletion or edit is never undone by an older copy). */
function newer(a: ConversationMessage, b: ConversationMessage): boolean {
  if (b.deleted_at && !a.deleted_at) return false;
  return stamp(a) >= stamp(b);
}

/** The highest message number among messages (0 for none). */
export const lastSeqOf = (messages: readonly ConversationMessage[]): number =>
  messages.reduce((max, m) => Math.max(max, m.seq), 0);

/** The lowest message number (the `before` of the next older page), or null for none. */
export const firstSeqOf = (messages: readonly ConversationMessage[]): number | null =>
  messages.length === 0 ? null : messages.reduce((min, m) => Math.min(min, m.seq), Number.POSITIVE_INFINITY);

/** Messages grouped by the day they were sent (the day's key from `dayOf`, e.g. in the reader's time zone), in order. */
export function groupByDay<T extends { created_at: string }>(
  messages: readonly T[],
  dayOf: (iso: string) => string,
): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.created_at);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(message);
    else groups.push({ day, items: [message] });
  }
  return groups;
}

/** A message may still be edited by its author: the server says so and its 15 minutes have not passed. */
export function canStillEdit(message: ConversationMessage, now: number): boolean {
  if (!message.abilities.can_edit || message.deleted_at) return false;
  return now - Date.parse(message.created_at) < CHAT_EDIT_MINUTES * 60_000;
}

/** Milliseconds until the edit window of a message closes (0 once closed). */
export const editWindowLeft = (message: ConversationMessage, now: number): number =>
  Math.max(0, Date.parse(message.created_at) + CHAT_EDIT_MINUTES * 60_000 - now);

/** The other members who have read a message (their read receipt reached its number). */
export function seenBy(
  message: Pick<ConversationMessage, 'seq'>,
  members: readonly ChatMember[],
  me: string | null,
): ChatMember[] {
  return members.filter((m) => m._id !== me && m.last_read_seq >= message.seq);
}

/** Members with a read receipt moved forward (never back: an older event arriving late changes nothing). */
export function applyRead(members: readonly ChatMember[], event: Pick<ChatReadEvent, 'user_id' | 'seq'>): ChatMember[] {
  return members.map((m) => (m._id === event.user_id && event.seq > m.last_read_seq ? { ...m, last_read_seq: event.seq } : m));
}

/* ---------- The outbox: messages written while offline ---------- */

export interface OutboxItem {
  client_id: string;
  conversation_id: string;
  body: string;
  reply_to: string | null;
  /** What the reply quotes, to show it while waiting. */
  reply_preview: { sender_name: string; body: string } | null;
  attachment_ids: string[];
  urgent: boolean;
  /** When it was written (ISO). */
  created_at: string;
}

/** Where a person's outbox is kept on this device (one per user, so a shared tablet never mixes people). */
export const outboxKey = (userId: string) => `cue.chat.outbox.${userId}`;

const isItem = (value: unknown): value is OutboxItem => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.client_id === 'string' &&
    typeof v.conversation_id === 'string' &&
    typeof v.body === 'string' &&
    Array.isArray(v.attachment_ids) &&
    typeof v.created_at === 'string'
  );
};

/** The outbox stored under `key` (nothing, or what is unreadable, reads as empty). */
export function readOutbox(store: Pick<Storage, 'getItem'> | null, key: string): OutboxItem[] {
  const raw = store?.getItem(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

export function writeOutbox(
  store: Pick<Storage, 'setItem' | 'removeItem'> | null,
  key: string,
  items: readonly OutboxItem[],
): void {
  if (!store) return;
  if (items.length === 0) store.removeItem(key);
  else store.setItem(key, JSON.stringify(items));
}

/** Adds a message at the end (once: the same client id again changes nothing). */
export const enqueue = (items: readonly OutboxItem[], item: OutboxItem): OutboxItem[] =>
  items.some((i) => i.client_id === item.client_id) ? [...items] : [...items, item];

/** The outbox without the messages the server now holds (by client id). */
export function withoutDelivered(items: readonly OutboxItem[], delivered: Iterable<string | null>): OutboxItem[] {
  const done = new Set([...delivered].filter((id): id is string => !!id));
  return items.filter((i) => !done.has(i.client_id));
}

/**
 * Sends the outbox in order, one at a time: each sent message leaves it; a send that got no answer
 * stops the run (the rest wait for the next connection, in the same order); a send the server
 * refused leaves the outbox too (sending it again would be refused again) and is reported.
 */
export async function flushOutbox(
  items: readonly OutboxItem[],
  send: (item: OutboxItem) => Promise<ConversationMessage>,
  isNoAnswer: (err: unknown) => boolean,
  on: {
    sent: (item: OutboxItem, message: ConversationMessage) => void;
    refused: (item: OutboxItem, err: unknown) => void;
  },
): Promise<{ sent: number; left: OutboxItem[] }> {
  let sent = 0;
  const queue = [...items];
  while (queue.length > 0) {
    const item = queue[0] as OutboxItem;
    try {
      on.sent(item, await send(item));
      sent += 1;
    } catch (err) {
      if (isNoAnswer(err)) return { sent, left: queue };
      on.refused(item, err);
    }
    queue.shift();
  }
  return { sent, left: [] };
}

/* ---------- Typing ---------- */

/** The browser says it is typing at most this often. */
export const TYPING_EVERY_MS = 3_000;
/** Someone else's "typing" shows this long after their last signal. */
export const TYPING_SHOWN_MS = 5_000;

/** Whether to tell the others again that one is typing (the last signal was sent at `last`, or never). */
export const shouldSignalTyping = (last: number | null, now: number): boolean => last === null || now - last >= TYPING_EVERY_MS;

/** Who is typing now: the names whose last signal is recent, from a map of user id → { name, at }. */
export function typingNames(typing: ReadonlyMap<string, { name: string; at: number }>, now: number): string[] {
  return [...typing.values()].filter((t) => now - t.at < TYPING_SHOWN_MS).map((t) => t.name);
}

/* ---------- The conversation list, live ---------- */

/**
 * The list after a message arrived: its conversation moves to the top with the message as its last,
 * one more unread unless it is the caller's own or the conversation is open. A conversation the list
 * does not hold yet answers null (the list is read again).
 */
export function listWithMessage(
  list: readonly ChatConversation[],
  event: Pick<ChatMessageEvent, 'conversation_id' | 'message'>,
  openId: string | null,
  me: string | null,
): ChatConversation[] | null {
  const index = list.findIndex((c) => c._id === event.conversation_id);
  if (index < 0) return null;
  const current = list[index] as ChatConversation;
  const { message } = event;
  // An older message heard late (a replay) changes neither the order nor the count.
  if (message.seq <= current.last_seq) return [...list];
  const own = message.sender._id === me;
  const updated: ChatConversation = {
    ...current,
    last_seq: message.seq,
    last_message: {
      sender_name: message.sender.name,
      body: message.body,
      created_at: message.created_at,
      deleted: !!message.deleted_at,
    },
    last_message_at: message.created_at,
    unread: own || openId === event.conversation_id ? current.unread : current.unread + 1,
    my_last_read_seq: own ? message.seq : current.my_last_read_seq,
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** The list with a conversation read up to `seq` by the caller. */
export const listWithRead = (list: readonly ChatConversation[], conversationId: string, seq: number): ChatConversation[] =>
  list.map((c) =>
    c._id === conversationId && seq >= c.my_last_read_seq
      ? { ...c, my_last_read_seq: seq, unread: Math.max(0, c.last_seq - seq) }
      : c,
  );

/** Conversations whose title, child, class or last message holds the search words (any case), in order. */
export function searchConversations(list: readonly ChatConversation[], search: string): ChatConversation[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((c) => {
    const text = [c.title, c.student?.name, c.class?.name, c.last_message?.body].join(' ').toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}
