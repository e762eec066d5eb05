import type { AddressInfo } from 'node:net';
import {
  AI_MESSAGES,
  CARELOG_MESSAGES,
  CHAT_EVENTS,
  type ChatMessage,
  type ChatStreamResponse,
  ERROR_CODES,
  ROUTES,
} from '@cue/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, connectSocket, createTestApp, expectResponse, staffToken, type TestApp } from './harness.js';

/**
 * Cue logs care from a sentence (issue 21): over the socket, a care sentence gives a log_care card with an
 * entry per child; saving it writes the entries through the carelog as the teacher (GET /api/carelog/day
 * shows them); a meal with a child's recorded allergen is refused with the carelog's warning until the card
 * confirms it; "everyone had lunch except Kabir" is care and "everyone present except Kabir" attendance;
 * where the school's carelog is switched off Cue drafts no care and says so.
 */
let t: TestApp;
let port = 0;
let tara: string; // teacher of Nursery A
let anita: string; // admin of Sunrise
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const kabir = demoId('student:Kabir Khan');
const noa = demoId('student:Noa Levi');

/** A past school day (the Wednesday of the week before the fake clock's): any time of it may be logged. */
function lastWednesday(): string {
  const now = t.clock.now();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 5));
  return d.toISOString().slice(0, 10).split('-').reverse().join('-');
}

const connectAs = (token: string) => connectSocket(port, token);

interface Stream {
  events: ChatStreamResponse[];
}
interface Card {
  id: string;
  name: string;
  args: Record<string, unknown>;
}
interface CareRow {
  student_id: string;
  kind: string;
  date: string;
  time: string;
  details: Record<string, unknown>;
}

function ask(socket: Socket, text: string): Promise<Stream> {
  return new Promise((resolve) => {
    const events: ChatStreamResponse[] = [];
    const onEvent = (e: ChatStreamResponse) => events.push(e);
    socket.on(CHAT_EVENTS.response, onEvent);
    socket.once(CHAT_EVENTS.end, () => {
      socket.off(CHAT_EVENTS.response, onEvent);
      resolve({ events });
    });
    socket.emit(CHAT_EVENTS.request, {
      user_query: { class_id: nurseryA, user_input: text, mode: 'agent', date: lastWednesday(), time: '04:00 PM' },
      user_details: { user_role: 'staff' },
    });
  });
}

/** The cards of a turn: the tool calls the tools node kept. */
const cards = (s: Stream): Card[] => [
  ...s.events
    .filter((e) => e.stream_mode === 'updates')
    .flatMap((e) => Object.values(e.data as Record<string, { messages: ChatMessage[] }>).flatMap((v) => v.messages))
    .filter((m) => m.type === 'ai')
    .flatMap((m) => m.tool_calls ?? [])
    .reduce((all, c) => all.set(c.id, c), new Map<string, Card>())
    .values(),
];
/** What Cue said in the turn. */
const said = (s: Stream) =>
  s.events
    .filter((e) => e.stream_mode === 'updates')
    .flatMap((e) => Object.values(e.data as Record<string, { messages: ChatMessage[] }>).flatMap((v) => v.messages))
    .filter((m) => m.type === 'ai')
    .map((m) => m.content.map((p) => p.text).join(''))
    .join(' ');

const save = (card: Card, args: Record<string, unknown> = card.args) =>
  t.request({ method: 'POST', url: `/api/cue/tool_calls/${card.id}/save`, headers: bearer(tara), payload: { args } });
const careDay = async () =>
  expectResponse(
    ROUTES.careDay,
    await t.request({
      method: 'GET',
      url: `/api/carelog/day?class_id=${nurseryA}&date=${lastWednesday()}`,
      headers: bearer(tara),
    }),
  ).result;
const setDaycare = async (on: boolean) => {
  const res = await t.request({
    method: 'PUT',
    url: '/api/school_permissions/',
    headers: bearer(anita),
    payload: { permissions: { daycare: on } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

let socket: Socket;
beforeAll(async () => {
  t = await createTestApp({ AI_MESSAGES_PER_MINUTE: '50' });
  [tara, anita] = await Promise.all([staffToken(t, '9000000003'), staffToken(t, '9000000002')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  socket = await connectAs(tara);
});
afterAll(async () => {
  socket?.close();
  await t.close();
});

describe('Cue logs care from a sentence', () => {
  it('"Aarav and Diya napped 12:10 to 1:30": one card, a nap per child, saved as the teacher', async () => {
    const s = await ask(socket, 'Aarav and Diya napped 12:10 to 1:30');
    const [card, ...more] = cards(s);
    expect(more).toEqual([]);
    expect(card?.name).toBe('log_care');
    const rows = card?.args.care_entries as CareRow[];
    expect(rows.map((r) => r.student_id)).toEqual([aarav, diya]);
    for (const r of rows)
      expect(r).toMatchObject({ kind: 'nap', date: lastWednesday(), time: '12:10 PM', details: { end: '01:30 PM' } });
    expect(said(s)).toMatch(/drafted the care for 2 children/);

    // Nothing is written by the draft.
    expect((await careDay()).entries.filter((e) => e.kind === 'nap')).toHaveLength(0);

    const res = await save(card as Card);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: CARELOG_MESSAGES.savedMany(2), result: { saved: true, tool: 'log_care' } });
    const naps = (await careDay()).entries.filter((e) => e.kind === 'nap');
    expect(naps.map((e) => e.student._id).sort()).toEqual([aarav, diya].sort());
    for (const e of naps) {
      expect(e).toMatchObject({ time: '12:10 PM', details: { end: '01:30 PM' } });
      expect(e.staff._id).toBe(demoId('user:9000000003'));
    }

    // Saved once.
    const again = await save(card as Card);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.alreadySaved);
  });

  it('"everyone had all their lunch except Kabir who had some": every child, Kabir some, the rest all', async () => {
    const [card] = cards(await ask(socket, 'everyone had all their lunch except Kabir who had some'));
    expect(card?.name).toBe('log_care');
    const rows = card?.args.care_entries as CareRow[];
    const roster = (await careDay()).children.map((c) => c._id);
    expect(rows.map((r) => r.student_id).sort()).toEqual([...roster].sort());
    // The teacher edits Noa's row before saving: the card's rows are saved as left.
    const edited = rows.map((r) => (r.student_id === noa ? { ...r, details: { ...r.details, amount: 'most' } } : r));
    const res = await save(card as Card, { ...card?.args, care_entries: edited });
    expect(res.statusCode, res.body).toBe(200);
    const meals = (await careDay()).entries.filter((e) => e.kind === 'meal' && e.details.meal === 'lunch');
    expect(meals).toHaveLength(roster.length);
    const amount = Object.fromEntries(meals.map((e) => [e.student._id, e.details.amount]));
    expect(amount[kabir]).toBe('some');
    expect(amount[noa]).toBe('most');
    expect(Object.values(amount).filter((a) => a === 'all')).toHaveLength(roster.length - 2);
  });

  it('"everyone had lunch except Kabir" is care, "everyone present except Kabir" is attendance', async () => {
    const care = cards(await ask(socket, 'everyone had lunch except Kabir'));
    expect(care.map((c) => c.name)).toEqual(['log_care']);
    expect(((care[0]?.args.care_entries ?? []) as CareRow[]).map((r) => r.student_id)).not.toContain(kabir);
    const register = cards(await ask(socket, 'everyone present except Kabir'));
    expect(register.map((c) => c.name)).toEqual(['mark_attendance']);
  });

  it('a meal with a recorded allergen: the warning reaches the card, and a confirmed card saves', async () => {
    const [card] = cards(await ask(socket, 'Diya and Aarav had scrambled egg for lunch at 12'));
    expect(card?.name).toBe('log_care');
    const rows = card?.args.care_entries as CareRow[];
    expect(rows[0]?.details).toMatchObject({ meal: 'lunch', food: 'scrambled egg' });
    const warned = await save(card as Card);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: ERROR_CODES.allergenWarning, message: CARELOG_MESSAGES.allergenWarning });
    expect((await careDay()).entries.filter((e) => e.details.food === 'scrambled egg')).toHaveLength(0);
    // Not marked saved: the teacher checks, then confirms.
    const confirmed = await save(card as Card, { ...card?.args, confirm_allergen: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await careDay()).entries.filter((e) => e.details.food === 'scrambled egg')).toHaveLength(2);
  });

  it('a card refused half way is not written twice: the groups already saved are remembered', async () => {
    const [card] = cards(await ask(socket, 'Aarav had pasta for tea at 3. Diya had egg for tea at 3'));
    const rows = card?.args.care_entries as CareRow[];
    expect(rows.map((r) => [r.student_id, r.details.food])).toEqual([
      [aarav, 'pasta'],
      [diya, 'egg'],
    ]);
    const teas = async () => (await careDay()).entries.filter((e) => e.details.meal === 'tea');
    // Aarav's pasta is written, then Diya's egg is refused (her recorded allergy).
    const warned = await save(card as Card);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().code).toBe(ERROR_CODES.allergenWarning);
    expect((await teas()).map((e) => e.student._id)).toEqual([aarav]);
    // Confirmed: only Diya's is written now.
    const confirmed = await save(card as Card, { ...card?.args, confirm_allergen: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await teas()).map((e) => e.student._id).sort()).toEqual([aarav, diya].sort());
  });

  it('a child of no class: no card, the name reported', async () => {
    const s = await ask(socket, 'Zara had a wet nappy at 10');
    expect(cards(s)).toEqual([]);
    expect(said(s)).toMatch(/could not find Zara/);
  });

  it('where the carelog is switched off: no care drafted, Cue says so, a card drafted before is not saved', async () => {
    const [before] = cards(await ask(socket, 'Noa drank 150 ml at 9:30'));
    expect(before?.name).toBe('log_care');
    await setDaycare(false);
    try {
      const s = await ask(socket, 'Noa drank 150 ml at 9:30');
      expect(cards(s)).toEqual([]);
      expect(said(s)).toContain('I cannot log care here');
      const refused = await save(before as Card);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(AI_MESSAGES.noCare);
    } finally {
      await setDaycare(true);
    }
    const res = await save(before as Card);
    expect(res.statusCode, res.body).toBe(200);
    expect((await careDay()).entries.find((e) => e.kind === 'bottle')).toMatchObject({
      student: { _id: noa },
      time: '09:30 AM',
      details: { ml: 150 },
    });
  });
});
