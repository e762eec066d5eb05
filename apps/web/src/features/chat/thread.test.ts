import type { ChatConversation, ChatMember, ConversationMessage } from '@cue/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  applyRead,
  canStillEdit,
  enqueue,
  flushOutbox,
  groupByDay,
  listWithMessage,
  listWithRead,
  mergeMessages,
  type OutboxItem,
  outboxKey,
  readOutbox,
  searchConversations,
  seenBy,
  shouldSignalTyping,
  typingNames,
  withoutDelivered,
  writeOutbox,
} from './thread';

const id = (n: number) => n.toString(16).padStart(24, '0');
const T0 = Date.parse('2026-11-27T09:00:00Z');

function msg(seq: number, over: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    _id: id(seq),
    conversation_id: id(900),
    seq,
    client_id: `client-${seq}`,
    sender: { _id: id(1), name: 'Tara Menon', kind: 'staff' },
    body: `message ${seq}`,
    attachments: [],
    reply_to: null,
    urgent: false,
    quiet: false,
    created_at: new Date(T0 + seq * 60_000).toISOString(),
    edited_at: null,
    deleted_at: null,
    read_by: 0,
    abilities: { can_edit: true, can_delete: true, can_report: false, can_translate: false },
    ...over,
  };
}

function conv(n: number, over: Partial<ChatConversation> = {}): ChatConversation {
  return {
    _id: id(n),
    kind: 'family',
    mode: 'two_way',
    title: `Conversation ${n}`,
    class: { _id: id(500), name: 'Nursery A' },
    student: { _id: id(600 + n), name: `Child ${n}` },
    last_seq: 3,
    last_message: null,
    last_message_at: null,
    unread: 0,
    my_last_read_seq: 3,
    abilities: { can_write: true, can_manage: false, can_send_urgent: false },
    ...over,
  };
}

const item = (n: number, over: Partial<OutboxItem> = {}): OutboxItem => ({
  client_id: `client-${n}`,
  conversation_id: id(900),
  body: `queued ${n}`,
  reply_to: null,
  reply_preview: null,
  attachment_ids: [],
  urgent: false,
  created_at: new Date(T0).toISOString(),
  ...over,
});

describe('a thread merges pages, answers and live events', () => {
  it('orders messages by number whatever order the pages came in', () => {
    const older = [msg(1), msg(2)];
    const newest = [msg(4), msg(3)];
    expect(mergeMessages(newest, older).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps one copy of a message heard both as the answer and from the socket', () => {
    const answer = msg(5);
    const live = msg(5);
    expect(mergeMessages([msg(4), answer], [live])).toHaveLength(2);
  });

  it('keeps one copy when the same client id comes back under the server id', () => {
    const first = msg(5, { _id: id(55) });
    const again = msg(5);
    const merged = mergeMessages([first], [again]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?._id).toBe(id(5));
  });

  it('takes an edit or a deletion heard later, and never lets an older copy undo a deletion', () => {
    const deleted = msg(2, { body: '', deleted_at: new Date(T0 + 10 * 60_000).toISOString() });
    expect(mergeMessages([msg(2)], [deleted])[0]?.deleted_at).not.toBeNull();
    expect(mergeMessages([deleted], [msg(2)])[0]?.deleted_at).not.toBeNull();
    const edited = msg(2, { body: 'fixed', edited_at: new Date(T0 + 5 * 60_000).toISOString() });
    expect(mergeMessages([msg(2)], [edited])[0]?.body).toBe('fixed');
    expect(mergeMessages([edited], [msg(2)])[0]?.body).toBe('fixed');
  });

  it('groups messages by day in order', () => {
    const late = msg(3, { created_at: '2026-11-28T08:00:00Z' });
    const groups = groupByDay([msg(1), msg(2), late], (iso) => iso.slice(0, 10));
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([
      ['2026-11-27', 2],
      ['2026-11-28', 1],
    ]);
  });
});

describe('editing', () => {
  it('is offered for 15 minutes after sending, only when the server allows it', () => {
    const m = msg(0);
    const sent = Date.parse(m.created_at);
    expect(canStillEdit(m, sent + 14 * 60_000)).toBe(true);
    expect(canStillEdit(m, sent + 15 * 60_000)).toBe(false);
    expect(canStillEdit(msg(0, { abilities: { ...m.abilities, can_edit: false } }), sent)).toBe(false);
    expect(canStillEdit(msg(0, { deleted_at: m.created_at }), sent)).toBe(false);
  });
});

describe('read receipts', () => {
  const members: ChatMember[] = [
    { _id: id(1), name: 'Tara Menon', kind: 'staff', last_read_seq: 9, away: null },
    { _id: id(2), name: 'Rohan Sharma', kind: 'parent', last_read_seq: 4, away: null },
    { _id: id(3), name: 'Neha Patel', kind: 'staff', last_read_seq: 2, away: null },
  ];

  it('counts the other members who read a message, never the reader', () => {
    expect(seenBy({ seq: 4 }, members, id(1)).map((m) => m.name)).toEqual(['Rohan Sharma']);
    expect(seenBy({ seq: 10 }, members, id(1))).toEqual([]);
  });

  it('moves a receipt forward, never back', () => {
    expect(applyRead(members, { user_id: id(2), seq: 7 })[1]?.last_read_seq).toBe(7);
    expect(applyRead(members, { user_id: id(2), seq: 3 })[1]?.last_read_seq).toBe(4);
  });
});

describe('the outbox', () => {
  it('is kept per person and survives a reload, unreadable storage reading as empty', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    writeOutbox(storage, outboxKey('a'), [item(1), item(2)]);
    expect(readOutbox(storage, outboxKey('a')).map((i) => i.client_id)).toEqual(['client-1', 'client-2']);
    expect(readOutbox(storage, outboxKey('b'))).toEqual([]);
    store.set(outboxKey('c'), '{not json');
    expect(readOutbox(storage, outboxKey('c'))).toEqual([]);
    writeOutbox(storage, outboxKey('a'), []);
    expect(store.has(outboxKey('a'))).toBe(false);
  });

  it('holds a message once and lets go of what the server holds', () => {
    const q = enqueue(enqueue([item(1)], item(2)), item(1));
    expect(q.map((i) => i.client_id)).toEqual(['client-1', 'client-2']);
    expect(withoutDelivered(q, ['client-1', null]).map((i) => i.client_id)).toEqual(['client-2']);
  });

  it('sends in order and stops at the first send that got no answer, keeping the rest in order', async () => {
    const order: string[] = [];
    const noAnswer = new Error('offline');
    const send = vi.fn(async (i: OutboxItem) => {
      order.push(i.client_id);
      if (i.client_id === 'client-2') throw noAnswer;
      return msg(Number(i.client_id.split('-')[1]));
    });
    const sent = vi.fn();
    const result = await flushOutbox([item(1), item(2), item(3)], send, (e) => e === noAnswer, { sent, refused: vi.fn() });
    expect(order).toEqual(['client-1', 'client-2']);
    expect(result.sent).toBe(1);
    expect(result.left.map((i) => i.client_id)).toEqual(['client-2', 'client-3']);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('drops a message the server refused and goes on with the next', async () => {
    const refusedErr = new Error('refused');
    const refused = vi.fn();
    const result = await flushOutbox(
      [item(1), item(2)],
      async (i) => {
        if (i.client_id === 'client-1') throw refusedErr;
        return msg(2);
      },
      () => false,
      { sent: vi.fn(), refused },
    );
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }), refusedErr);
    expect(result).toEqual({ sent: 1, left: [] });
  });

  it('replayed after a lost answer gives no duplicate: the server answers the first message and the thread keeps one', async () => {
    // The first send reached the server but its answer was lost; the replay answers the same message.
    const stored = msg(7, { client_id: 'client-7' });
    const heardLive = [stored];
    const { left } = await flushOutbox(
      [item(7)],
      async () => stored,
      () => false,
      { sent: vi.fn(), refused: vi.fn() },
    );
    expect(left).toEqual([]);
    expect(mergeMessages(heardLive, [stored])).toHaveLength(1);
  });
});

describe('typing', () => {
  it('is said at most every 3 seconds and shown for 5 seconds', () => {
    expect(shouldSignalTyping(null, T0)).toBe(true);
    expect(shouldSignalTyping(T0, T0 + 2_999)).toBe(false);
    expect(shouldSignalTyping(T0, T0 + 3_000)).toBe(true);
    const typing = new Map([
      ['a', { name: 'Rohan', at: T0 }],
      ['b', { name: 'Tara', at: T0 - 6_000 }],
    ]);
    expect(typingNames(typing, T0 + 4_000)).toEqual(['Rohan']);
    expect(typingNames(typing, T0 + 5_000)).toEqual([]);
  });
});

describe('the conversation list, live', () => {
  const list = [conv(1), conv(2), conv(3)];

  it('moves a conversation with a new message to the top with one more unread', () => {
    const next = listWithMessage(
      list,
      { conversation_id: id(3), message: msg(4, { sender: { _id: id(2), name: 'Rohan', kind: 'parent' } }) },
      null,
      id(1),
    );
    expect(next?.map((c) => c._id)).toEqual([id(3), id(1), id(2)]);
    expect(next?.[0]?.unread).toBe(1);
    expect(next?.[0]?.last_message?.body).toBe('message 4');
  });

  it('counts nothing for the open conversation or one’s own message, nor for a message heard twice', () => {
    const other = { _id: id(2), name: 'Rohan', kind: 'parent' as const };
    expect(listWithMessage(list, { conversation_id: id(2), message: msg(4, { sender: other }) }, id(2), id(1))?.[0]?.unread).toBe(
      0,
    );
    expect(listWithMessage(list, { conversation_id: id(2), message: msg(4) }, null, id(1))?.[0]?.unread).toBe(0);
    const once = listWithMessage(list, { conversation_id: id(2), message: msg(4, { sender: other }) }, null, id(1)) ?? [];
    const twice = listWithMessage(once, { conversation_id: id(2), message: msg(4, { sender: other }) }, null, id(1));
    expect(twice?.[0]?.unread).toBe(1);
  });

  it('asks for the list again when a conversation is new to it', () => {
    expect(listWithMessage(list, { conversation_id: id(99), message: msg(1) }, null, id(1))).toBeNull();
  });

  it('clears the unread count of a conversation read to its end', () => {
    const unread = [conv(1, { last_seq: 8, unread: 5, my_last_read_seq: 3 })];
    expect(listWithRead(unread, id(1), 6)[0]?.unread).toBe(2);
    expect(listWithRead(unread, id(1), 8)[0]?.unread).toBe(0);
  });

  it('searches titles, children, classes and last messages', () => {
    const found = searchConversations(
      [conv(1), conv(2, { last_message: { sender_name: 'R', body: 'Sun cream please', created_at: '', deleted: false } })],
      'sun CREAM',
    );
    expect(found.map((c) => c._id)).toEqual([id(2)]);
    expect(searchConversations(list, '  ')).toHaveLength(3);
  });
});
