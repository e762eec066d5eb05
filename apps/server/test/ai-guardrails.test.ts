import type { AddressInfo } from 'node:net';
import { CHAT_EVENTS, type ChatMessage, type ChatStreamResponse, ERROR_CODES } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

/**
 * Guardrails of the assistant, tried as a new teacher would: a card never rewrites a day already marked
 * complete (it shows the change and the day must be reopened first); an unfinished sentence drafts
 * nothing; a name that is no child of the class holds the whole class's attendance back and is named;
 * the suggestions lead to a real action or an honest answer; Cue's own sentences are in the
 * interface's language.
 */
let t: TestApp;
let tara: string;
let socket: Socket;
const nurseryA = demoId('class:nurseryA');
const kabir = demoId('student:Kabir Khan');

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
    socket.emit(CHAT_EVENTS.request, { user_query: { mode: 'agent', class_id: nurseryA, time: '09:30 AM', ...userQuery } });
  });
}

const finals = (s: Stream) =>
  s.events
    .filter((e) => e.stream_mode === 'updates')
    .flatMap((e) => Object.values(e.data as Record<string, { messages: ChatMessage[] }>).flatMap((v) => v.messages))
    .filter((m) => m.type === 'ai');
const calls = (s: Stream) => [...new Map(finals(s).flatMap((m) => (m.tool_calls ?? []).map((c) => [c.id, c] as const))).values()];
const words = (s: Stream) =>
  finals(s)
    .at(-1)
    ?.content.map((p) => p.text)
    .join('') ?? '';
const notFound = (s: Stream) => finals(s).find((m) => m.additional_kwargs.not_found)?.additional_kwargs.not_found;

/** A school day of last week (Wednesday), in the past for the server. */
function lastWednesday(): string {
  const now = t.clock.now();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 7));
  monday.setUTCDate(monday.getUTCDate() + 2);
  return monday.toISOString().slice(0, 10).split('-').reverse().join('-');
}
const day = (date: string) =>
  t.request({ method: 'GET', url: `/api/class_student_attendance/${nurseryA}?date=${date}`, headers: bearer(tara) });
const saveDay = (payload: object) =>
  t.request({ method: 'POST', url: `/api/class_student_attendance/${nurseryA}`, headers: bearer(tara), payload });
const saveCard = (id: string, args: unknown) =>
  t.request({ method: 'POST', url: `/api/cue/tool_calls/${id}/save`, headers: bearer(tara), payload: { args } });

beforeAll(async () => {
  t = await createTestApp({ AI_MESSAGES_PER_MINUTE: '100' });
  tara = await staffToken(t, '9000000003');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
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

describe('a card for a day already marked complete', () => {
  it('is refused with DAY_COMPLETE and leaves the day as saved; once reopened, the card saves', async () => {
    const date = lastWednesday();
    const first = await day(date);
    expect(first.statusCode, first.body).toBe(200);
    const roster = first.json().result.student_attendance_list as { student_id: string }[];
    const everyonePresent = roster.map((e) => ({ student_id: e.student_id, attendance_status: 'present' }));
    expect((await saveDay({ date, student_attendance_list: everyonePresent, is_saved: true })).statusCode).toBe(200);

    const drafted = await ask({ date, user_input: 'Kabir is absent today' });
    const [card] = calls(drafted);
    expect(card).toMatchObject({ name: 'mark_attendance', args: { date } });

    const refused = await saveCard(card?.id ?? '', { ...card?.args, is_saved: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.dayComplete });
    // The completed register is untouched.
    const after = (await day(date)).json().result;
    expect(after.is_saved).toBe(true);
    expect(after.student_attendance_list.find((e: { student_id: string }) => e.student_id === kabir)?.attendance_status).toBe(
      'present',
    );

    // Reopened on the attendance page (saved open), the same card saves, once.
    expect((await saveDay({ date, student_attendance_list: everyonePresent, is_saved: false })).statusCode).toBe(200);
    const saved = await saveCard(card?.id ?? '', { ...card?.args, is_saved: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = (await day(date)).json().result;
    expect(reopened.is_saved).toBe(true);
    expect(reopened.student_attendance_list.find((e: { student_id: string }) => e.student_id === kabir)?.attendance_status).toBe(
      'absent',
    );
  });
});

describe('nothing is drafted from an unfinished or empty request', () => {
  it.each(['Mark attendance for', 'mark attendance', 'Mark everyone present today except', 'Mark Attendance'])(
    '"%s" drafts nothing and asks for what is missing',
    async (sentence) => {
      const s = await ask({ user_input: sentence });
      expect(calls(s)).toEqual([]);
      expect(words(s)).toMatch(/absent or late|finish it/);
    },
  );
});

describe('a name that is no child of the class', () => {
  it('holds back the whole class and names it (an unknown name, another class’s child)', async () => {
    for (const [sentence, name] of [
      ['Everyone is present except Rohan', 'Rohan'],
      ['Everyone is here except Zara', 'Zara'],
      ['Everyone is here except Kabir and Zara', 'Zara'],
    ] as const) {
      const s = await ask({ user_input: sentence });
      expect(calls(s), sentence).toEqual([]);
      expect(notFound(s), sentence).toEqual([name]);
      expect(words(s)).toContain(`I could not find ${name} in this class, so I drafted no attendance`);
    }
  });

  it('says so in the interface language', async () => {
    const ar = await ask({ user_input: 'Everyone is here except Zara', locale: 'ar' });
    expect(calls(ar)).toEqual([]);
    expect(words(ar)).toContain('لم أجد Zara في هذا الصف');
    const he = await ask({ user_input: 'כולם פה חוץ מיוסי', locale: 'he' });
    expect(calls(he)).toEqual([]);
    expect(words(he)).toContain('לא מצאתי את יוסי בכיתה הזו');
  });

  it('drafts the class’s children when the unknown name has a status of its own, and names it', async () => {
    const s = await ask({ user_input: 'Kabir is absent and Zara is late' });
    expect(calls(s)).toEqual([
      expect.objectContaining({
        name: 'mark_attendance',
        args: expect.objectContaining({ student_attendance_list: [{ student_id: kabir, attendance_status: 'absent' }] }),
      }),
    ]);
    expect(notFound(s)).toEqual(['Zara']);
    expect(words(s)).toContain('I could not find Zara in this class, so I drafted nothing for that child.');
  });

  it('still drafts when every name is a child of the class', async () => {
    const s = await ask({ user_input: 'Everyone is here except Kabir' });
    const [card] = calls(s);
    expect(card?.name).toBe('mark_attendance');
    expect(card?.args.student_attendance_list).toHaveLength(12);
  });
});

describe('the suggestions lead to a real action or an honest answer', () => {
  it('"Send a Message to Parents" asks for the message instead of drafting one titled "About"', async () => {
    for (const sentence of ['Send a message to parents about', 'Send a message to parents']) {
      const s = await ask({ user_input: sentence });
      expect(calls(s)).toEqual([]);
      expect(words(s)).toContain('What would you like to tell the parents?');
    }
    const written = await ask({ user_input: 'Send a message to parents about the library books, please return them on Friday' });
    expect(calls(written).map((c) => c.name)).toEqual(['draft_announcement']);
  });

  it('"Write a story/learning item" asks which child and what happened, then drafts an observation', async () => {
    const s = await ask({ user_input: 'Learning story:' });
    expect(calls(s)).toEqual([]);
    expect(words(s)).toContain('Which child, and what happened?');
    const told = await ask({ user_input: 'Learning story: Meera built a tall tower with blocks' });
    expect(calls(told).map((c) => c.name)).toEqual(['create_observation']);
  });

  it('"Create a Lesson Plan" says where plans are made instead of writing one into the chat', async () => {
    const s = await ask({ user_input: 'Create a lesson plan for tomorrow about' });
    expect(calls(s)).toEqual([]);
    expect(words(s)).toContain('I do not write lesson plans into the chat. Plans are made in Planning');
    expect(words(s)).toContain('"Plan a unit about minibeasts" creates a unit draft');
    expect(words(s)).not.toContain('I cannot create lesson plans yet');
    const he = await ask({ user_input: 'Create a lesson plan for tomorrow about shapes', locale: 'he' });
    expect(calls(he)).toEqual([]);
    expect(words(he)).toContain('אני לא כותב מערכי שיעור בצ׳אט');
  });

  it('"Analyze Student Progress" answers from the records, or says what it can answer', async () => {
    const asked = await ask({ user_input: 'Who was absent this week?' });
    expect(calls(asked).map((c) => c.name)).toEqual(['class_question']);
    const s = await ask({ user_input: 'Analyze student progress', locale: 'ar' });
    expect(calls(s)).toEqual([]);
    expect(words(s)).toContain('لا أستطيع تحليل التقدم بعد');
  });
});
