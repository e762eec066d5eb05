import type { AddressInfo } from 'node:net';
import { ATTENDANCE_UPDATED_EVENT, ROUTES } from '@cue/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/seed/demo.js';
import { bearer, connectSocket, createTestApp, signIn, staffToken, type TestApp } from '../harness.js';

/** A socket lives no longer than the session and the token it connected with. */
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const kabir = demoId('student:Kabir Khan');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma');

const listening = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
};
const connectTo = connectSocket;
const disconnection = (socket: Socket, withinMs = 5_000) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => resolve('still connected'), withinMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
const heard = (socket: Socket) => {
  const events: unknown[] = [];
  socket.on(ATTENDANCE_UPDATED_EVENT, (e) => events.push(e));
  return events;
};
const settle = () => new Promise((r) => setTimeout(r, 150));

/** A weekday of last week, DD-MM-YYYY, from the app's clock. */
function lastWeek(t: TestApp, day: number): string {
  const now = t.clock.now();
  const d = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 7 + day - 1),
  );
  return d.toISOString().slice(0, 10).split('-').reverse().join('-');
}
const mark = (t: TestApp, classId: string, studentId: string, token: string, day: number) =>
  t.request({
    method: 'POST',
    url: `/api/class_student_attendance/${classId}`,
    headers: bearer(token),
    payload: {
      date: lastWeek(t, day),
      student_attendance_list: [{ student_id: studentId, attendance_status: 'absent' }],
      is_saved: true,
    },
  });

describe('sockets and sessions', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listening(t);
  });
  afterAll(() => t.close());

  it('after logout the socket is disconnected and hears no more class events; the other session keeps its own', async () => {
    const first = await staffToken(t, '9000000003');
    const second = await staffToken(t, '9000000003');
    const leaving = await connectTo(port, first);
    const staying = await connectTo(port, second);
    for (const s of [leaving, staying]) expect(await s.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    const leavingHeard = heard(leaving);
    const stayingHeard = heard(staying);
    const gone = disconnection(leaving);
    expect((await t.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(first) })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(staying.connected).toBe(true);
    expect((await mark(t, nurseryA, kabir, second, 1)).statusCode).toBe(200);
    await settle();
    expect(leavingHeard).toEqual([]);
    expect(stayingHeard).toHaveLength(1);
    // The logged-out token cannot open a new socket either.
    await expect(connectTo(port, first)).rejects.toThrow('Invalid or expired token');
    staying.close();
  });

  it("after removal from the school the staff member's socket is disconnected; their parent side is not", async () => {
    const neha = await signIn(t, '9000000005');
    const staffSide = await connectTo(port, neha.staff_user?.access_token ?? '');
    const parentSide = await connectTo(port, neha.parent_user?.access_token ?? '');
    expect(await staffSide.emitWithAck('join-class', kgB)).toEqual({ ok: true });
    expect(await parentSide.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    const staffHeard = heard(staffSide);
    const gone = disconnection(staffSide);
    const anita = await staffToken(t, '9000000002');
    const nehaId = demoId('user:9000000005');
    expect((await t.request({ method: 'DELETE', url: `/api/staff/${nehaId}`, headers: bearer(anita) })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(parentSide.connected).toBe(true);
    const parentHeard = heard(parentSide);
    expect((await mark(t, kgB, ira, anita, 2)).statusCode).toBe(200);
    expect((await mark(t, nurseryA, diya, anita, 2)).statusCode).toBe(200);
    await settle();
    expect(staffHeard).toEqual([]);
    expect(parentHeard).toHaveLength(1);
    parentSide.close();
  });

  it('after the access token expires, the socket is refused on its next event and disconnected', async () => {
    const tara = await staffToken(t, '9000000003');
    const socket = await connectTo(port, tara);
    expect(await socket.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    const gone = disconnection(socket);
    t.clock.advance(16 * 60_000);
    expect(await socket.emitWithAck('join-class', kgB)).toEqual({
      ok: false,
      message: 'Invalid or expired token',
      code: 'INVALID_TOKEN',
      error: 'Invalid or expired token',
    });
    expect(await gone).toBe('io server disconnect');
    await expect(connectTo(port, tara)).rejects.toThrow('Invalid or expired token');
  });
});

describe('the periodic check of open sockets', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({ SOCKET_CHECK_SECONDS: '1' });
    port = await listening(t);
  });
  afterAll(() => t.close());

  it('disconnects a socket whose access token expired, without waiting for it to send anything', async () => {
    const socket = await connectTo(port, await staffToken(t, '9000000003'));
    const gone = disconnection(socket, 4_000);
    t.clock.advance(16 * 60_000);
    expect(await gone).toBe('io server disconnect');
  });

  it('leaves a class room the person may no longer follow', async () => {
    const tara = await staffToken(t, '9000000003');
    const socket = await connectTo(port, tara);
    expect(await socket.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    const taraHeard = heard(socket);
    const sam = await staffToken(t, '9000000001');
    const taraId = demoId('user:9000000003');
    const moved = await t.request({
      method: 'PUT',
      url: `/api/staff/${taraId}`,
      headers: bearer(sam),
      payload: { class_ids: [kgB] },
    });
    expect(moved.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await mark(t, nurseryA, kabir, sam, 3)).statusCode).toBe(200);
    await settle();
    expect(taraHeard).toEqual([]);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  it('a logout on one instance disconnects the socket the other instance holds', async () => {
    const first = await createTestApp();
    const second = await createTestApp({}, { sameDatabaseAs: first });
    try {
      await listening(first);
      const secondPort = await listening(second);
      // The adapter joins once the server listens; give it a moment to subscribe.
      await new Promise((r) => setTimeout(r, 500));
      const tara = await staffToken(first, '9000000003');
      const socket = await connectTo(secondPort, tara);
      const gone = disconnection(socket);
      expect((await first.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(tara) })).statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
    } finally {
      await second.close();
      await first.close();
    }
  });
});
