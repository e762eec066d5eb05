import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHAT_MESSAGES,
  type ChatMessageEvent,
  type ChatReadEvent,
  type ChatTypingEvent,
  ERROR_CODES,
  MESSAGE_EVENTS,
  ROUTES,
} from '@cue/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../src/platform/zoned.js';
import { seedDemoChatIfEmpty } from '../src/seed/chat.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (holds chat safeguarding)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let diyaMum: string; // Neha as the mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // teacher at Moonbeam
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const taraId = demoId('user:9000000003');
const anitaId = demoId('user:9000000002');
const monaId = demoId('user:9000000006');
const sunrise = demoId('school:sunrise');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
let n = 0;
const clientId = () => `test-${Date.now()}-${++n}`;
const send = async (token: string, id: string, body: Record<string, unknown>) =>
  req('POST', `/api/chat/conversations/${id}/messages`, token, { client_id: clientId(), ...body });
const sendOk = async (token: string, id: string, body: Record<string, unknown>) =>
  expectResponse(ROUTES.chatSend, await send(token, id, body)).result;

const boundary = '----cue-chat';
function upload(url: string, token: string, bytes: Buffer, type: string, filename: string) {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

let family: string; // Aarav's family with Nursery A's staff

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, diyaMum, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  const opened = expectResponse(
    ROUTES.chatOpen,
    await req('POST', '/api/chat/conversations', rohan, { kind: 'family', student_id: aarav }),
  );
  family = opened.result._id;
  expect(opened.message).toBe(CHAT_MESSAGES.conversationCreated);
});
afterAll(async () => {
  await t.close();
});

describe('family conversations', () => {
  it('needs a token', async () => {
    expect((await req('GET', '/api/chat/conversations')).statusCode).toBe(401);
    expect(
      (await req('POST', `/api/chat/conversations/${family}/messages`, undefined, { client_id: 'abcdefgh', body: 'x' }))
        .statusCode,
    ).toBe(401);
  });

  it('is one per child and class, found again by either side', async () => {
    const again = expectResponse(
      ROUTES.chatOpen,
      await req('POST', '/api/chat/conversations', tara, { kind: 'family', student_id: aarav }),
    );
    expect(again.result._id).toBe(family);
    expect(again.message).toBe(CHAT_MESSAGES.conversationSaved);
    expect(again.result.title).toContain('Aarav');
    expect(again.result.members.map((m) => m._id)).toEqual(expect.arrayContaining([taraId, demoId('user:9000000004')]));
  });

  it('is refused to another class, another family and another school', async () => {
    expect((await req('GET', `/api/chat/conversations/${family}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/chat/conversations/${family}/messages`, diyaMum)).statusCode).toBe(404);
    expect((await req('GET', `/api/chat/conversations/${family}`, mona)).statusCode).toBe(404);
    expect((await send(diyaMum, family, { body: 'hello' })).statusCode).toBe(404);
    expect((await send(mona, family, { body: 'hello' })).statusCode).toBe(404);
    // Neha teaches Kindergarten B, not Aarav's Nursery A; Mona is another school's.
    expect((await req('POST', '/api/chat/conversations', neha, { kind: 'family', student_id: aarav })).statusCode).toBe(403);
    expect((await req('POST', '/api/chat/conversations', mona, { kind: 'family', student_id: aarav })).statusCode).toBe(404);
    expect((await req('POST', '/api/chat/conversations', diyaMum, { kind: 'family', student_id: aarav })).statusCode).toBe(404);
    const list = expectResponse(ROUTES.chatList, await req('GET', '/api/chat/conversations', diyaMum)).result;
    expect(list.map((c) => c._id)).not.toContain(family);
  });

  it('refuses bad input with 400', async () => {
    expect(
      (await req('POST', `/api/chat/conversations/${family}/messages`, rohan, { client_id: 'x', body: 'hi' })).statusCode,
    ).toBe(400);
    const empty = await send(rohan, family, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
    expect((await send(rohan, family, { body: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await req('POST', '/api/chat/conversations', rohan, { kind: 'family' })).statusCode).toBe(400);
    expect((await req('GET', `/api/chat/conversations/${family}/messages?limit=0`, rohan)).statusCode).toBe(400);
    expect((await req('POST', `/api/chat/conversations/${family}/read`, rohan, { seq: -1 })).statusCode).toBe(400);
  });

  it('numbers messages, answers a repeated client id with the first message, and counts unread', async () => {
    const id = clientId();
    const first = expectResponse(
      ROUTES.chatSend,
      await req('POST', `/api/chat/conversations/${family}/messages`, rohan, { client_id: id, body: 'Aarav has a cough today' }),
    );
    const again = expectResponse(
      ROUTES.chatSend,
      await req('POST', `/api/chat/conversations/${family}/messages`, rohan, { client_id: id, body: 'Aarav has a cough today' }),
    );
    expect(again.result._id).toBe(first.result._id);
    expect(first.result.abilities.can_edit).toBe(true);
    const page = expectResponse(ROUTES.chatMessages, await req('GET', `/api/chat/conversations/${family}/messages`, tara)).result;
    expect(page.items.filter((m) => m.client_id === id)).toHaveLength(1);
    const unread = expectResponse(ROUTES.chatUnread, await req('GET', '/api/chat/unread', tara)).result;
    expect(unread.conversations[family]).toBeGreaterThanOrEqual(1);
    const reply = await sendOk(tara, family, { body: 'Thank you, we will keep an eye on him', reply_to: first.result._id });
    expect(reply.seq).toBeGreaterThan(first.result.seq);
    expect(reply.reply_to?._id).toBe(first.result._id);
    // Sending reads up to one's own message.
    const after = expectResponse(ROUTES.chatUnread, await req('GET', '/api/chat/unread', tara)).result;
    expect(after.conversations[family]).toBeUndefined();
  });

  it("edits within 15 minutes only, and only one's own", async () => {
    const m = await sendOk(rohan, family, { body: 'Pick up at 3' });
    expect((await req('PUT', `/api/chat_messages/${m._id}`, tara, { body: 'hacked' })).statusCode).toBe(403);
    const edited = expectResponse(
      ROUTES.chatMessageEdit,
      await req('PUT', `/api/chat_messages/${m._id}`, rohan, { body: 'Pick up at 4' }),
    );
    expect(edited.result.body).toBe('Pick up at 4');
    expect(edited.result.edited_at).not.toBeNull();
    // Sent 16 minutes ago.
    await t.database.db.execute(
      sql`update chat_messages set created_at = created_at - interval '16 minutes' where id = ${m._id}`,
    );
    const late = await req('PUT', `/api/chat_messages/${m._id}`, rohan, { body: 'Pick up at 5' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(ERROR_CODES.editWindowPassed);
    expect((await req('PUT', `/api/chat_messages/${m._id}`, mona, { body: 'x' })).statusCode).toBe(404);
  });

  it('deletes for everyone, keeping the text for the safeguarding record, whose every opening is audited', async () => {
    const m = await sendOk(rohan, family, { body: 'Something I regret writing' });
    expect((await req('DELETE', `/api/chat_messages/${m._id}`, tara)).statusCode).toBe(403);
    const gone = expectResponse(ROUTES.chatMessageDelete, await req('DELETE', `/api/chat_messages/${m._id}`, rohan));
    expect(gone.result.body).toBe('');
    expect(gone.result.deleted_at).not.toBeNull();
    const seen = expectResponse(ROUTES.chatMessages, await req('GET', `/api/chat/conversations/${family}/messages`, tara)).result;
    expect(seen.items.find((x) => x._id === m._id)?.body).toBe('');
    expect(JSON.stringify(seen)).not.toContain('regret');

    // A teacher without the permission cannot open the record.
    expect((await req('GET', `/api/chat/safeguarding/conversations/${family}`, tara)).statusCode).toBe(403);
    expect((await req('GET', `/api/chat/safeguarding/conversations/${family}`, mona)).statusCode).toBe(403);
    const audits = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from chat_audit where conversation_id = ${family} and user_id = ${anitaId}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n ?? 0;
    const before = await audits();
    const record = expectResponse(
      ROUTES.chatSafeguardingOpen,
      await req('GET', `/api/chat/safeguarding/conversations/${family}`, anita),
    ).result;
    expect(record.messages.find((x) => x._id === m._id)?.body).toBe('Something I regret writing');
    expect(record.messages.find((x) => x.body === 'Pick up at 5' || x.body === 'Pick up at 4')?.earlier[0]?.body).toBe(
      'Pick up at 3',
    );
    expect(await audits()).toBe(before + 1);
    const csv = await req('GET', `/api/chat/safeguarding/conversations/${family}/export`, anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Something I regret writing');
    expect(await audits()).toBe(before + 2);
    // Every conversation of the school, not another school's.
    const all = expectResponse(
      ROUTES.chatSafeguardingList,
      await req('GET', '/api/chat/safeguarding/conversations', anita),
    ).result;
    expect(all.map((c) => c._id)).toContain(family);
    const moonbeam = expectResponse(
      ROUTES.chatOpen,
      await req('POST', '/api/chat/conversations', mona, { kind: 'channel', class_id: demoId('class:toddlers') }),
    ).result._id;
    expect(all.map((c) => c._id)).not.toContain(moonbeam);
    expect((await req('GET', `/api/chat/safeguarding/conversations/${moonbeam}`, anita)).statusCode).toBe(404);
    expect((await req('GET', `/api/chat/safeguarding/conversations/${moonbeam}/export`, anita)).statusCode).toBe(404);
  });

  it('lets a family report a message, which the safeguarding lead sees and resolves', async () => {
    const m = await sendOk(tara, family, { body: 'A message a parent finds upsetting' });
    expect((await req('POST', `/api/chat_messages/${m._id}/report`, rohan, { reason: '' })).statusCode).toBe(400);
    expect((await req('POST', `/api/chat_messages/${m._id}/report`, diyaMum, { reason: 'not mine' })).statusCode).toBe(404);
    expect(
      expectResponse(ROUTES.chatMessageReport, await req('POST', `/api/chat_messages/${m._id}/report`, rohan, { reason: 'Rude' }))
        .message,
    ).toBe(CHAT_MESSAGES.reported);
    expect((await req('GET', '/api/chat/safeguarding/reports', tara)).statusCode).toBe(403);
    const open = expectResponse(ROUTES.chatReports, await req('GET', '/api/chat/safeguarding/reports', anita)).result;
    const report = open.find((r) => r.message._id === m._id);
    expect(report?.reason).toBe('Rude');
    expect(report?.reporter.name).toContain('Rohan');
    const resolved = expectResponse(
      ROUTES.chatReportResolve,
      await req('POST', `/api/chat_reports/${report?._id}/resolve`, anita),
    );
    expect(resolved.result.resolved_at).not.toBeNull();
    const still = expectResponse(ROUTES.chatReports, await req('GET', '/api/chat/safeguarding/reports', anita)).result;
    expect(still.find((r) => r._id === report?._id)).toBeUndefined();
  });

  it('offers no translation where the school has no model provider', async () => {
    const m = await sendOk(tara, family, { body: 'Please bring a hat tomorrow' });
    const page = expectResponse(
      ROUTES.chatMessages,
      await req('GET', `/api/chat/conversations/${family}/messages`, rohan),
    ).result;
    expect(page.items.find((x) => x._id === m._id)?.abilities.can_translate).toBe(false);
    const refused = await req('POST', `/api/chat_messages/${m._id}/translate?language=ar`, rohan);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODES.externalProviderOff);
  });

  it('carries photos (metadata removed) and refuses documents from families', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer();
    const attached = expectResponse(
      ROUTES.chatAttach,
      await upload(`/api/chat/conversations/${family}/attachments`, rohan, jpeg, 'image/jpeg', 'rash.jpg'),
    );
    expect(attached.result.kind).toBe('image');
    expect(attached.result.mime).toBe('image/webp');
    const pdf = await upload(
      `/api/chat/conversations/${family}/attachments`,
      rohan,
      Buffer.from('%PDF-1.4\n%%EOF'),
      'application/pdf',
      'note.pdf',
    );
    expect(pdf.statusCode).toBe(415);
    // Another family cannot attach into this conversation, nor use this upload.
    expect((await upload(`/api/chat/conversations/${family}/attachments`, diyaMum, jpeg, 'image/jpeg', 'x.jpg')).statusCode).toBe(
      404,
    );
    const withPhoto = await sendOk(rohan, family, { body: '', attachment_ids: [attached.result._id] });
    expect(withPhoto.attachments[0]?._id).toBe(attached.result._id);
    expect(withPhoto.attachments[0]?.url).toMatch(/[?&](sig|expires|e)=/);
    // An upload goes with one message only.
    expect((await send(rohan, family, { body: 'again', attachment_ids: [attached.result._id] })).statusCode).toBe(400);
  });
});

describe('channels and staff groups', () => {
  let channel: string;
  it('a class channel in announcement mode is read by families, written by staff', async () => {
    expect((await req('POST', '/api/chat/conversations', rohan, { kind: 'channel', class_id: nurseryA })).statusCode).toBe(403);
    expect((await req('POST', '/api/chat/conversations', neha, { kind: 'channel', class_id: nurseryA })).statusCode).toBe(403);
    const opened = expectResponse(
      ROUTES.chatOpen,
      await req('POST', '/api/chat/conversations', tara, { kind: 'channel', class_id: nurseryA, mode: 'announcement' }),
    );
    channel = opened.result._id;
    await sendOk(tara, channel, { body: 'Sports day is on Friday' });
    for (const token of [rohan, diyaMum]) {
      const list = expectResponse(ROUTES.chatList, await req('GET', '/api/chat/conversations', token)).result;
      const mine = list.find((c) => c._id === channel);
      expect(mine?.abilities.can_write).toBe(false);
      expect(mine?.unread).toBeGreaterThanOrEqual(1);
    }
    const refused = await send(rohan, channel, { body: 'Can we bring snacks?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.readOnlyChannel);
    // Two-way: families write too.
    expect((await req('PUT', `/api/chat/conversations/${channel}`, rohan, { mode: 'two_way' })).statusCode).toBe(403);
    expectResponse(ROUTES.chatEdit, await req('PUT', `/api/chat/conversations/${channel}`, tara, { mode: 'two_way' }));
    await sendOk(rohan, channel, { body: 'Can we bring snacks?' });
    // The members are the class's staff and every family of the class.
    const detail = expectResponse(ROUTES.chatGet, await req('GET', `/api/chat/conversations/${channel}`, tara)).result;
    expect(detail.members.filter((m) => m.kind === 'parent').length).toBeGreaterThanOrEqual(2);
    expect((await req('GET', `/api/chat/conversations/${channel}`, neha)).statusCode).toBe(403);
  });

  it('a staff group has chosen members of the school only', async () => {
    const bad = await req('POST', '/api/chat/conversations', tara, { kind: 'staff', title: 'Leads', member_ids: [monaId] });
    expect(bad.statusCode).toBe(400);
    expect(
      (await req('POST', '/api/chat/conversations', rohan, { kind: 'staff', title: 'x', member_ids: [taraId] })).statusCode,
    ).toBe(403);
    const group = expectResponse(
      ROUTES.chatOpen,
      await req('POST', '/api/chat/conversations', tara, { kind: 'staff', title: 'Nursery leads', member_ids: [anitaId] }),
    );
    await sendOk(anita, group.result._id, { body: 'Staff meeting at 4' });
    expect((await req('GET', `/api/chat/conversations/${group.result._id}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/chat/conversations/${group.result._id}`, rohan)).statusCode).toBe(404);
    expect((await req('GET', `/api/chat/conversations/${group.result._id}`, mona)).statusCode).toBe(404);
  });
});

describe('protecting staff', () => {
  const schoolZone = async () =>
    (
      (await t.database.db.execute(sql`select time_zone from schools where id = ${sunrise}`)) as unknown as {
        rows: { time_zone: string }[];
      }
    ).rows[0]?.time_zone ?? 'UTC';
  const hhmm = (minute: number) => {
    const m = ((minute % 1440) + 1440) % 1440;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };

  it('settings are for admins; quiet hours tell families when to expect an answer and keep staff un-notified', async () => {
    const clock = wallClock(t.clock.now(), await schoolZone());
    const quiet = {
      quiet_start: hhmm(clock.minute - 60),
      quiet_end: hhmm(clock.minute + 60),
      quiet_weekends: false,
      allow_urgent: true,
      family_channels: true,
    };
    expect((await req('PUT', '/api/chat/settings', tara, quiet)).statusCode).toBe(403);
    expect((await req('PUT', '/api/chat/settings', anita, { ...quiet, quiet_end: null })).statusCode).toBe(400);
    expectResponse(ROUTES.chatSettingsSave, await req('PUT', '/api/chat/settings', anita, quiet));
    const seen = expectResponse(ROUTES.chatGet, await req('GET', `/api/chat/conversations/${family}`, rohan)).result;
    expect(seen.quiet_until).not.toBeNull();
    expect(new Date(seen.quiet_until as string).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(seen.abilities.can_send_urgent).toBe(true);
    const m = await sendOk(rohan, family, { body: 'Late message' });
    expect(m.quiet).toBe(true);
    expect(
      expectResponse(ROUTES.chatGet, await req('GET', `/api/chat/conversations/${family}`, tara)).result.quiet_until,
    ).toBeNull();

    const off = { ...quiet, allow_urgent: false };
    expectResponse(ROUTES.chatSettingsSave, await req('PUT', '/api/chat/settings', anita, off));
    const urgent = await send(rohan, family, { body: 'Urgent!', urgent: true });
    expect(urgent.statusCode).toBe(409);
    expect(urgent.json().code).toBe(ERROR_CODES.urgentNotAllowed);
    expectResponse(
      ROUTES.chatSettingsSave,
      await req('PUT', '/api/chat/settings', anita, {
        quiet_start: null,
        quiet_end: null,
        quiet_weekends: false,
        allow_urgent: true,
        family_channels: true,
      }),
    );
  });

  it('shows a teacher out of office to families', async () => {
    const day = (offset: number) =>
      new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
    // Yesterday to tomorrow covers the school's today in any time zone.
    const today = day(0);
    expect((await req('PUT', '/api/chat/away', tara, { from: today, to: null, message: '' })).statusCode).toBe(400);
    expectResponse(
      ROUTES.chatAwaySave,
      await req('PUT', '/api/chat/away', tara, { from: day(-1), to: day(1), message: 'On a course' }),
    );
    const seen = expectResponse(ROUTES.chatGet, await req('GET', `/api/chat/conversations/${family}`, rohan)).result;
    expect(seen.members.find((m) => m._id === taraId)?.away?.message).toBe('On a course');
    expectResponse(ROUTES.chatAwaySave, await req('PUT', '/api/chat/away', tara, { from: null, to: null, message: '' }));
    expect(expectResponse(ROUTES.chatAway, await req('GET', '/api/chat/away', tara)).result.from).toBeNull();
    expect((await req('GET', '/api/chat/away', rohan)).statusCode).toBe(403);
  });
});

describe('in real time', () => {
  let port: number;
  const sockets: Socket[] = [];
  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const next = <T>(socket: Socket, event: string, match: (p: T) => boolean = () => true) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5_000);
      const handler = (p: T) => {
        if (!match(p)) return;
        clearTimeout(timer);
        socket.off(event, handler);
        resolve(p);
      };
      socket.on(event, handler);
    });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('delivers messages, typing and read receipts to the other members only', async () => {
    const [taraSocket, rohanSocket, diyaSocket] = await Promise.all([open(tara), open(rohan), open(diyaMum)]);
    let leaked = false;
    diyaSocket.on(MESSAGE_EVENTS.message, (p: ChatMessageEvent) => {
      if (p.conversation_id === family) leaked = true;
    });
    const heard = next<ChatMessageEvent>(taraSocket, MESSAGE_EVENTS.message, (p) => p.message.body === 'Live hello');
    const sent = await sendOk(rohan, family, { body: 'Live hello' });
    const event = await heard;
    expect(event.message._id).toBe(sent._id);
    expect(event.notify).toBe(true);
    expect(event.message.abilities.can_edit).toBe(false);

    const typing = next<ChatTypingEvent>(rohanSocket, MESSAGE_EVENTS.typing);
    taraSocket.emit(MESSAGE_EVENTS.typing, { conversation_id: family });
    expect((await typing).user_id).toBe(taraId);

    const read = next<ChatReadEvent>(rohanSocket, MESSAGE_EVENTS.read, (p) => p.conversation_id === family);
    expectResponse(ROUTES.chatRead, await req('POST', `/api/chat/conversations/${family}/read`, tara, { seq: sent.seq }));
    expect((await read).seq).toBe(sent.seq);
    const after = expectResponse(
      ROUTES.chatMessages,
      await req('GET', `/api/chat/conversations/${family}/messages`, rohan),
    ).result;
    expect(after.items.find((m) => m._id === sent._id)?.read_by).toBeGreaterThanOrEqual(1);
    // In the school's quiet hours a family's message reaches staff without a notification; urgent, with one.
    const zone = (
      (await t.database.db.execute(sql`select time_zone from schools where id = ${sunrise}`)) as unknown as {
        rows: { time_zone: string }[];
      }
    ).rows[0]?.time_zone;
    const minute = wallClock(t.clock.now(), zone ?? 'UTC').minute;
    const at = (m: number) =>
      `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;
    const quiet = {
      quiet_start: at(minute - 60),
      quiet_end: at(minute + 60),
      quiet_weekends: false,
      allow_urgent: true,
      family_channels: true,
    };
    expectResponse(ROUTES.chatSettingsSave, await req('PUT', '/api/chat/settings', anita, quiet));
    try {
      const silent = next<ChatMessageEvent>(taraSocket, MESSAGE_EVENTS.message, (p) => p.message.body === 'Quiet hello');
      await sendOk(rohan, family, { body: 'Quiet hello' });
      expect((await silent).notify).toBe(false);
      const loud = next<ChatMessageEvent>(taraSocket, MESSAGE_EVENTS.message, (p) => p.message.body === 'Urgent hello');
      await sendOk(rohan, family, { body: 'Urgent hello', urgent: true });
      expect((await loud).notify).toBe(true);
    } finally {
      await req('PUT', '/api/chat/settings', anita, { ...quiet, quiet_start: null, quiet_end: null });
    }
    // Someone outside the conversation typing into it is not heard.
    diyaSocket.emit(MESSAGE_EVENTS.typing, { conversation_id: family });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(false);
  });
});

describe('the demo school', () => {
  it('has a used chat once, through the chat service', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoChatIfEmpty(fresh.services)).toBe(5);
      expect(await seedDemoChatIfEmpty(fresh.services)).toBe(0);
      const token = await parentToken(fresh, '9000000004');
      const list = expectResponse(
        ROUTES.chatList,
        await fresh.request({ method: 'GET', url: '/api/chat/conversations', headers: bearer(token) }),
      ).result;
      expect(list.map((c) => c.kind).sort()).toEqual(['channel', 'family']);
      expect(list.find((c) => c.kind === 'family')?.last_message?.body).toContain('Grandma');
    } finally {
      await fresh.close();
    }
  });
});

describe('translation where the school connected a model', () => {
  it("translates into the reader's language through the school's provider, the message fenced as data", async () => {
    const asked: { messages: { role: string; content: string }[] }[] = [];
    const engine = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        asked.push(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'أحضروا قبعة غدًا من فضلكم' } }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const app = await createTestApp({
      AI_PROVIDER: 'openai',
      LLM_BASE_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`,
      LLM_MODEL: 'test-model',
    });
    try {
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
        app.request({ method, url, headers: bearer(token), payload });
      const [admin, teacher, father] = await Promise.all([
        staffToken(app, '9000000002'),
        staffToken(app, '9000000003'),
        parentToken(app, '9000000004'),
      ]);
      const id = expectResponse(
        ROUTES.chatOpen,
        await call('POST', '/api/chat/conversations', father, { kind: 'family', student_id: aarav }),
      ).result._id;
      const m = expectResponse(
        ROUTES.chatSend,
        await call('POST', `/api/chat/conversations/${id}/messages`, teacher, {
          client_id: 'translate-0001',
          body: 'Please bring a hat tomorrow',
        }),
      ).result;
      // Offered by the server, but the school has not switched its provider on: nothing leaves.
      expect((await call('POST', `/api/chat_messages/${m._id}/translate?language=ar`, father)).statusCode).toBe(409);
      expect(asked).toHaveLength(0);
      expectResponse(ROUTES.aiSettingsUpdate, await call('PUT', '/api/ai_settings/', admin, { ai_provider: 'openai' }));
      const page = expectResponse(
        ROUTES.chatMessages,
        await call('GET', `/api/chat/conversations/${id}/messages`, father),
      ).result;
      expect(page.items.find((x) => x._id === m._id)?.abilities.can_translate).toBe(true);
      const translated = expectResponse(
        ROUTES.chatMessageTranslate,
        await call('POST', `/api/chat_messages/${m._id}/translate?language=ar`, father),
      );
      expect(translated.result).toEqual({ language: 'ar', text: 'أحضروا قبعة غدًا من فضلكم' });
      expect(asked[0]?.messages[0]?.content).toContain('Arabic');
      expect(asked[0]?.messages[1]?.content).toBe('<<<\nPlease bring a hat tomorrow\n>>>');
      // One's own message is not offered for translation.
      const own = expectResponse(
        ROUTES.chatMessages,
        await call('GET', `/api/chat/conversations/${id}/messages`, teacher),
      ).result;
      expect(own.items.find((x) => x._id === m._id)?.abilities.can_translate).toBe(false);
    } finally {
      await app.close();
      engine.close();
    }
  });
});
