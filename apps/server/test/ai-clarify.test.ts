import type { AddressInfo } from 'node:net';
import { CHAT_EVENTS, type ChatMessage, type ChatStreamResponse, ROUTES } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

/**
 * Cue asks instead of guessing: a first name two children share, a weekday that may be today or a
 * week ago; the teacher's pick completes the draft. A child who is not in the class is never drafted
 * and is named as not found.
 */
let t: TestApp;
let port = 0;
let tara: string;
let socket: Socket;
const nurseryA = demoId('class:nurseryA');
const kabirKhan = demoId('student:Kabir Khan');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Stream {
  events: ChatStreamResponse[];
  end: { conversation_id: string };
}

function ask(userQuery: Record<string, unknown>): Promise<Stream> {
  return new Promise((resolve) => {
    const events: ChatStreamResponse[] = [];
    const onEvent = (e: ChatStreamResponse) => events.push(e);
    socket.on(CHAT_EVENTS.response, onEvent);
    socket.once(CHAT_EVENTS.end, (end: { conversation_id: string }) => {
      socket.off(CHAT_EVENTS.response, onEvent);
      resolve({ events, end });
    });
    socket.emit(CHAT_EVENTS.request, { user_query: { mode: 'agent', date: '11-11-2026', time: '09:30 AM', ...userQuery } });
  });
}

/** The assistant's final messages of a turn (the graph's updates). */
const finals = (s: Stream) =>
  s.events
    .filter((e) => e.stream_mode === 'updates')
    .flatMap((e) => Object.values(e.data as Record<string, { messages: ChatMessage[] }>).flatMap((v) => v.messages))
    .filter((m) => m.type === 'ai');
/** The drafted calls (the agent's and the tools' updates carry the same ones, by id). */
const calls = (s: Stream) => [...new Map(finals(s).flatMap((m) => (m.tool_calls ?? []).map((c) => [c.id, c] as const))).values()];
const clarifyOf = (s: Stream) => finals(s).find((m) => m.additional_kwargs.clarify)?.additional_kwargs.clarify;

beforeAll(async () => {
  t = await createTestApp({ AI_MESSAGES_PER_MINUTE: '100' });
  tara = await staffToken(t, '9000000003');
  // A second Kabir in Nursery A, added by the school's admin.
  const anita = await staffToken(t, '9000000002');
  const added = await t.request({
    method: 'POST',
    url: ROUTES.studentCreate.path,
    headers: bearer(anita),
    payload: { first_name: 'Kabir', last_name: 'Mehta', class_id: nurseryA },
  });
  expect(added.statusCode).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: tara },
      transports: ['websocket'],
      reconnection: false,
    });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.close();
  await t.close();
});

describe('Cue asks instead of guessing', () => {
  it('asks which child when two share the name, and the pick completes the attendance', async () => {
    const first = await ask({ class_id: nurseryA, user_input: 'Kabir is absent today' });
    expect(calls(first)).toEqual([]);
    const clarify = clarifyOf(first);
    expect(clarify?.kind).toBe('child');
    expect(clarify?.options.map((o) => o.label).sort()).toEqual(['Kabir Khan', 'Kabir Mehta']);
    // The teacher clicks "Kabir Khan": its label is the message, its value the answer.
    const answered = await ask({
      class_id: nurseryA,
      conversation_id: first.end.conversation_id,
      user_input: 'Kabir Khan',
      answer: kabirKhan,
    });
    expect(calls(answered)).toEqual([
      expect.objectContaining({
        name: 'mark_attendance',
        args: expect.objectContaining({
          date: '11-11-2026',
          student_attendance_list: [{ student_id: kabirKhan, attendance_status: 'absent' }],
        }),
      }),
    ]);
  });

  it('asks which day a weekday that is today means, and drafts for the day chosen', async () => {
    // 11-11-2026 is a Wednesday: "on Wednesday" is today or a week ago.
    const weekday = WEEKDAYS[new Date(Date.UTC(2026, 10, 11)).getUTCDay()];
    const first = await ask({ class_id: nurseryA, user_input: `Meera was absent on ${weekday}` });
    expect(calls(first)).toEqual([]);
    const clarify = clarifyOf(first);
    expect(clarify?.kind).toBe('date');
    expect(clarify?.options.map((o) => o.value)).toEqual(['11-11-2026', '04-11-2026']);
    const answered = await ask({
      class_id: nurseryA,
      conversation_id: first.end.conversation_id,
      user_input: '04-11-2026',
      answer: '04-11-2026',
    });
    const [call] = calls(answered);
    expect(call).toMatchObject({ name: 'mark_attendance', args: { date: '04-11-2026' } });
  });

  it('never drafts a child of another class, and names them as not found', async () => {
    const s = await ask({ class_id: nurseryA, user_input: 'Zara is absent today' });
    expect(calls(s)).toEqual([]);
    const reply = finals(s).at(-1);
    expect(reply?.additional_kwargs.not_found).toEqual(['Zara']);
    expect(JSON.stringify(reply?.content)).toContain('Zara');
  });
});
