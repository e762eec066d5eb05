import type { ChatMessage, ChatStreamResponse } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { isFuture, readAnnouncement, readAttendance, readMentioned, readObservation, requestDateTime } from './drafts';
import { type ChatAction, type ChatState, chatReducer, fromHistory, initialChatState } from './stream';

const CONV = 'c0000000000000000000000a';
const CALL = 't0000000000000000000000b';
const KABIR = '65a1b2c3d4e5f60718293a4b';
const NOA = '65a1b2c3d4e5f60718293a4c';
const MEERA = '65a1b2c3d4e5f60718293a4d';

const ai = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  type: 'ai',
  role: 'assistant',
  content: [],
  additional_kwargs: { agent: 'cue', mode: 'agent' },
  ...extra,
});
const text = (t: string, annotations?: { title: string; url: string }[]) => [{ type: 'text' as const, text: t, annotations }];

const messages = (message: ChatMessage, conversation_id = CONV): ChatAction => ({
  type: 'response',
  payload: { stream_mode: 'messages', data: [message, { langgraph_node: 'agent' }], conversation_id },
});
const updates = (list: ChatMessage[], conversation_id = CONV): ChatAction => ({
  type: 'response',
  payload: { stream_mode: 'updates', data: { agent: { messages: list } }, conversation_id },
});

const run = (actions: ChatAction[], from: ChatState = initialChatState): ChatState => actions.reduce(chatReducer, from);

/** The argument JSON of a call cut into pieces the way a model streams it. */
function pieces(json: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out;
}

const ATT_ARGS = {
  date: '21-11-2026',
  student_attendance_list: [
    { student_id: KABIR, attendance_status: 'absent' },
    { student_id: NOA, attendance_status: 'absent' },
    { student_id: MEERA, attendance_status: 'present' },
  ],
  is_saved: false,
};

describe('chatReducer', () => {
  it('goes idle → loading on send, loading → streaming on the first answer, streaming → idle at the end', () => {
    let s = chatReducer(initialChatState, { type: 'send', id: 'u1', text: 'Hello' });
    expect(s.status).toBe('loading');
    expect(s.entries).toMatchObject([{ role: 'user', text: 'Hello' }]);
    s = chatReducer(s, messages(ai('m1', { content: text('Hi') })));
    expect(s.status).toBe('streaming');
    expect(s.conversationId).toBe(CONV);
    s = chatReducer(s, { type: 'end', conversationId: CONV });
    expect(s.status).toBe('idle');
  });

  it('ignores a send while loading or streaming, and an empty or blank one', () => {
    const loading = chatReducer(initialChatState, { type: 'send', id: 'u1', text: 'One' });
    expect(chatReducer(loading, { type: 'send', id: 'u2', text: 'Two' })).toBe(loading);
    const streaming = chatReducer(loading, messages(ai('m1', { content: text('a') })));
    expect(chatReducer(streaming, { type: 'send', id: 'u2', text: 'Two' })).toBe(streaming);
    expect(chatReducer(initialChatState, { type: 'send', id: 'u3', text: '  \n ' })).toBe(initialChatState);
    expect(chatReducer(initialChatState, { type: 'send', id: 'u3', text: '' })).toBe(initialChatState);
  });

  it('appends streamed text pieces of one message and keeps the sources of its annotations', () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'Who was absent?' },
      messages(ai('m1', { content: text('Kabir was ') })),
      messages(
        ai('m1', { content: text('absent twice.', [{ title: 'Attendance 18-11-2026', url: '/housekeeping/attendance' }]) }),
      ),
    ]);
    expect(s.entries).toHaveLength(2);
    expect(s.entries[1]).toMatchObject({
      role: 'assistant',
      text: 'Kabir was absent twice.',
      sources: [{ title: 'Attendance 18-11-2026', url: '/housekeeping/attendance' }],
    });
  });

  it('builds a tool call from its streamed argument pieces, reading the partial JSON as it grows', () => {
    const json = JSON.stringify(ATT_ARGS);
    const parts = pieces(json, 7);
    let s = run([
      { type: 'send', id: 'u1', text: 'Everyone present except Kabir and Noa' },
      messages(ai('m1', { tool_call_chunks: [{ id: CALL, name: 'mark_attendance', args: '', index: 0 }] })),
    ]);
    const seenRows: number[] = [];
    for (const args of parts) {
      s = chatReducer(s, messages(ai('m1', { tool_call_chunks: [{ args, index: 0 }] })));
      const call = s.entries[1]?.toolCalls[0];
      expect(call).toMatchObject({ id: CALL, name: 'mark_attendance', complete: false });
      seenRows.push(readAttendance(call?.args ?? {}).rows.length);
    }
    // Rows appear one by one, and only once their 24-character id is complete.
    expect(seenRows).toEqual([...seenRows].sort((a, b) => a - b));
    expect(seenRows.at(-1)).toBe(3);
    expect(s.entries[1]?.toolCalls[0]?.args).toEqual(ATT_ARGS);
    expect(s.entries[1]?.toolCalls[0]?.argsText).toBe(json);
  });

  it('does not count a streamed id shorter than 24 characters', () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      messages(
        ai('m1', {
          tool_call_chunks: [
            { id: 'call_1', name: 'mark_attendance', args: '{"student_attendance_list":[{"student_id":"65a1b2c3', index: 0 },
          ],
        }),
      ),
    ]);
    const call = s.entries[1]?.toolCalls[0];
    expect(call?.id).toBeNull();
    expect(readAttendance(call?.args ?? {}).rows).toEqual([]);
  });

  it('keeps two streamed tool calls of one message apart by their index', () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      messages(ai('m1', { tool_call_chunks: [{ id: CALL, name: 'mark_attendance', args: '{"date":"21-', index: 0 }] })),
      messages(
        ai('m1', {
          tool_call_chunks: [{ id: 't0000000000000000000000c', name: 'create_observation', args: '{"observation', index: 1 }],
        }),
      ),
      messages(ai('m1', { tool_call_chunks: [{ args: '11-2026"}', index: 0 }] })),
    ]);
    const calls = s.entries[1]?.toolCalls ?? [];
    expect(calls.map((c) => c.name)).toEqual(['mark_attendance', 'create_observation']);
    expect(calls[0]?.args).toEqual({ date: '21-11-2026' });
    expect(calls[1]?.args).toEqual({});
  });

  it("replaces a streamed message with its step's complete message (final calls with ids)", () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      messages(ai('m1', { tool_call_chunks: [{ name: 'mark_attendance', args: '{"date":"21-11-20', index: 0 }] })),
      updates([
        ai('m1', {
          content: text('Here is the attendance.'),
          tool_calls: [{ id: CALL, name: 'mark_attendance', args: ATT_ARGS }],
        }),
      ]),
    ]);
    expect(s.entries).toHaveLength(2);
    expect(s.entries[1]).toMatchObject({ text: 'Here is the attendance.', final: true });
    expect(s.entries[1]?.toolCalls).toHaveLength(1);
    expect(s.entries[1]?.toolCalls[0]).toMatchObject({ id: CALL, complete: true, args: ATT_ARGS, saved: false });
    // Late pieces of a final message change nothing.
    const after = chatReducer(s, messages(ai('m1', { content: text(' more') })));
    expect(after.entries[1]?.text).toBe('Here is the attendance.');
  });

  it("keeps only the calls of a step's last complete message (the server confines drafts to the roster)", () => {
    const other = 't0000000000000000000000d';
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      updates([
        ai('m1', {
          tool_calls: [
            { id: other, name: 'mentioned_students', args: { students: [] } },
            { id: CALL, name: 'mark_attendance', args: ATT_ARGS },
          ],
        }),
      ]),
      {
        type: 'response',
        payload: {
          stream_mode: 'updates',
          data: { tools: { messages: [ai('m1', { tool_calls: [{ id: CALL, name: 'mark_attendance', args: ATT_ARGS }] })] } },
          conversation_id: CONV,
        },
      },
    ]);
    expect(s.entries[1]?.toolCalls.map((c) => c.id)).toEqual([CALL]);
  });

  it('puts a complete message whose id differs from the streamed one on the streamed entry it completes', () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      messages(ai('chunk-1', { tool_call_chunks: [{ id: CALL, name: 'mark_attendance', args: '{"date":"21', index: 0 }] })),
      updates([ai('final-1', { tool_calls: [{ id: CALL, name: 'mark_attendance', args: ATT_ARGS }] })]),
    ]);
    expect(s.entries).toHaveLength(2);
    expect(s.entries[1]?.toolCalls[0]).toMatchObject({ id: CALL, complete: true });
  });

  it('adds a complete message that never streamed, and skips tool and human messages', () => {
    const tool: ChatMessage = { ...ai('tm'), type: 'tool', role: 'tool', tool_call_id: CALL, content: text('drafted') };
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      updates([
        ai('m2', {
          tool_calls: [{ id: CALL, name: 'mentioned_students', args: { students: [{ id: KABIR, name: 'Kabir Khan' }] } }],
        }),
      ]),
      updates([tool, { ...ai('h'), type: 'human', role: 'user', content: text('x') }]),
    ]);
    expect(s.entries.map((e) => e.role)).toEqual(['user', 'assistant']);
    expect(readMentioned(s.entries[1]?.toolCalls[0]?.args ?? {})).toEqual([{ id: KABIR, name: 'Kabir Khan' }]);
  });

  it('goes idle on an error payload and settles drafts', () => {
    const s = run([
      { type: 'send', id: 'u1', text: 'x' },
      messages(ai('m1', { tool_call_chunks: [{ id: CALL, name: 'mark_attendance', args: '{"da', index: 0 }] })),
      {
        type: 'response',
        payload: {
          stream_mode: 'messages',
          data: null,
          conversation_id: CONV,
          error: 'Too many messages. Please wait a moment.',
        },
      },
    ]);
    expect(s.status).toBe('idle');
    expect(s.entries[1]?.toolCalls[0]?.complete).toBe(true);
  });

  it("drops events of another conversation and a left conversation's late events", () => {
    const other: ChatStreamResponse = {
      stream_mode: 'messages',
      data: [ai('x', { content: text('other') })],
      conversation_id: 'c0000000000000000000000z',
    };
    let s = run([{ type: 'send', id: 'u1', text: 'x' }, messages(ai('m1', { content: text('a') }))]);
    expect(chatReducer(s, { type: 'response', payload: other })).toBe(s);
    // Leaving it while it streams, for a new conversation.
    s = chatReducer(s, { type: 'new' });
    expect(s).toMatchObject({ conversationId: null, status: 'idle', entries: [], dropped: [CONV] });
    s = chatReducer(s, { type: 'send', id: 'u2', text: 'y' });
    expect(chatReducer(s, messages(ai('m1', { content: text('late') })))).toBe(s);
    expect(chatReducer(s, { type: 'end', conversationId: CONV })).toBe(s);
    // An idle new conversation takes no events at all.
    expect(chatReducer(initialChatState, messages(ai('m1', { content: text('a') })))).toBe(initialChatState);
  });

  it('marks a card saved with the args it was saved with, and keeps them when its message completes again', () => {
    let s = run([
      { type: 'send', id: 'u1', text: 'x' },
      updates([ai('m1', { tool_calls: [{ id: CALL, name: 'mark_attendance', args: ATT_ARGS }] })]),
      { type: 'end', conversationId: CONV },
    ]);
    const edited = { ...ATT_ARGS, is_saved: true };
    s = chatReducer(s, { type: 'saved', toolCallId: CALL, args: edited });
    expect(s.entries[1]?.toolCalls[0]).toMatchObject({ saved: true, args: edited });
  });

  it('reopens a stored conversation with people and assistant messages and saved cards', () => {
    const history: ChatMessage[] = [
      { ...ai('h1'), type: 'human', role: 'user', content: text('Mark everyone present') },
      ai('a1', { content: text('Done.'), tool_calls: [{ id: CALL, name: 'mark_attendance', args: ATT_ARGS }] }),
    ];
    const savedArgs = { ...ATT_ARGS, is_saved: true };
    const s = chatReducer(initialChatState, {
      type: 'open',
      conversationId: CONV,
      messages: history,
      saved: [{ id: CALL, args: savedArgs }],
    });
    expect(s.conversationId).toBe(CONV);
    expect(s.status).toBe('idle');
    expect(s.entries.map((e) => [e.role, e.text])).toEqual([
      ['user', 'Mark everyone present'],
      ['assistant', 'Done.'],
    ]);
    expect(s.entries[1]?.toolCalls[0]).toMatchObject({ id: CALL, saved: true, complete: true, args: savedArgs });
    expect(fromHistory(history)[1]?.toolCalls[0]?.saved).toBe(false);
    // A follow-up continues the reopened conversation.
    const next = chatReducer(s, { type: 'send', id: 'u2', text: 'And Meera?' });
    expect(chatReducer(next, messages(ai('m9', { content: text('ok') }))).entries).toHaveLength(4);
  });
});

describe('draft readers', () => {
  it('leave out entries without a complete id or a readable status', () => {
    expect(
      readAttendance({
        date: '21-11-2026',
        student_attendance_list: [
          { student_id: KABIR, attendance_status: 'absent' },
          { student_id: KABIR, attendance_status: 'present' },
          { student_id: NOA },
          { student_id: '65a1', attendance_status: 'present' },
          { student_id: MEERA, attendance_status: 'pres' },
        ],
      }),
    ).toEqual({ date: '21-11-2026', rows: [{ student_id: KABIR, attendance_status: 'absent' }], is_saved: false });
    expect(
      readObservation({ observation_entries: [{ student_id: MEERA, general_note: 'Stacked ten bl' }, { student_id: '65' }] }),
    ).toEqual({
      entries: [{ student_id: MEERA, date: '', title: '', general_note: 'Stacked ten bl', type_of_anecdote: 'general' }],
      is_saved: false,
    });
    expect(readAnnouncement({ title: 'Sports day', classes_ids: [KABIR, 'short'], share_with: 'Classes' })).toMatchObject({
      title: 'Sports day',
      classes_ids: [KABIR],
      share_with: 'Classes',
      save_as_draft: false,
    });
  });

  it('tell a future schedule from a past one and format the request date and time', () => {
    const now = new Date(2026, 10, 21, 9, 5);
    expect(isFuture('21-11-2026', '09:30 AM', now)).toBe(true);
    expect(isFuture('21-11-2026', '09:00 AM', now)).toBe(false);
    expect(isFuture('21-11-2026', '12:10 AM', now)).toBe(false);
    expect(isFuture('21-11-2026', '12:10 PM', now)).toBe(true);
    expect(isFuture('bad', '09:30 AM', now)).toBe(false);
    expect(requestDateTime(now)).toEqual({ date: '21-11-2026', time: '09:05 AM' });
    expect(requestDateTime(new Date(2026, 0, 2, 0, 7))).toEqual({ date: '02-01-2026', time: '12:07 AM' });
    expect(requestDateTime(new Date(2026, 0, 2, 13, 0))).toEqual({ date: '02-01-2026', time: '01:00 PM' });
  });
});
