import type { AddressInfo } from 'node:net';
import { ROUTES } from '@cue/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/seed/demo.js';
import { bearer, connectSocket, createTestApp, staffToken, type TestApp } from '../harness.js';

/**
 * A temporary access token acts as its person in its school for its lifetime and nothing more: it
 * mints no token, leaves no school, lives 24 hours at most, and its revocation ends everything at once.
 */
let t: TestApp;
let port = 0;
let sam: string;
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');

beforeAll(async () => {
  t = await createTestApp();
  sam = await staffToken(t, '9000000001');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const issue = (payload: object, token = sam) => call('POST', ROUTES.createAccessToken.path, token, payload);
const tempToken = async (minutes = 60): Promise<{ id: string; token: string }> => {
  const res = await issue({ label: 'Front desk', expires_in_minutes: minutes });
  expect(res.statusCode).toBe(200);
  return res.json().result;
};
const refused = { message: 'A temporary access token cannot do this', code: 'TEMP_TOKEN_NOT_ALLOWED' };

const connectAs = (token: string) => connectSocket(port, token);
const disconnection = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe('a temporary access token', () => {
  it('still acts as its person in its school', async () => {
    const temp = await tempToken();
    const me = await call('GET', ROUTES.loginedUserDetails.path, temp.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().result.user_detials.first_name).toBe('Sam');
    expect((await call('GET', ROUTES.staffClasses.path, temp.token)).statusCode).toBe(200);
  });

  it('cannot switch school: 403, and no session comes out of it', async () => {
    const temp = await tempToken();
    const res = await call('POST', ROUTES.switchSchool.path, temp.token, { school_id: moonbeam });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    // Still the same school, the token untouched.
    const me = await call('GET', ROUTES.loginedUserDetails.path, temp.token);
    expect(me.json().result.user_detials.school_details.name).toBe('Sunrise Early Years');
  });

  it('cannot mint tokens: no further temporary token, no details exchange, no other school, no account deletion', async () => {
    const temp = await tempToken();
    const again = await issue({ label: 'Chained', expires_in_minutes: 60 }, temp.token);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(refused);
    const v2 = await call('POST', ROUTES.loginedUserDetailsV2.path, temp.token, { staff_user_token: temp.token });
    expect(v2.statusCode).toBe(403);
    expect(v2.json()).toEqual(refused);
    // Nor does it join (or turn down) another school for its person.
    for (const route of [ROUTES.staffInvitationAccept, ROUTES.staffInvitationDecline]) {
      const res = await call('POST', route.path.replace(':id', demoId('invitation:none')), temp.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    const del = await call('DELETE', ROUTES.deleteUserProfile.path, temp.token);
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('TEMP_TOKEN_NOT_ALLOWED');
    // The admin's own token still lists exactly what they issued.
    const listed = (await call('GET', ROUTES.listAccessTokens.path, sam)).json().result as { label: string }[];
    expect(listed.some((x) => x.label === 'Chained')).toBe(false);
  });

  it('cannot renew itself, neither before nor after its expiry', async () => {
    const temp = await tempToken(10);
    expect((await call('GET', ROUTES.accessTokenActive.path, temp.token)).statusCode).toBe(401);
    expect((await call('GET', ROUTES.renewRefreshToken.path, temp.token)).statusCode).toBe(401);
    t.clock.advance(11 * 60_000);
    const expired = await call('GET', ROUTES.loginedUserDetails.path, temp.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TEMP_TOKEN_EXPIRED');
    expect((await call('GET', ROUTES.accessTokenActive.path, temp.token)).statusCode).toBe(401);
    expect((await call('GET', ROUTES.renewRefreshToken.path, temp.token)).statusCode).toBe(401);
    await expect(connectAs(temp.token)).rejects.toThrow('Invalid or expired token');
    sam = await staffToken(t, '9000000001');
  });

  it('lives 24 hours at most: a longer lifetime is refused with a clear message', async () => {
    for (const minutes of [24 * 60 + 1, 7 * 24 * 60]) {
      const res = await issue({ label: 'Too long', expires_in_minutes: minutes });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'expires_in_minutes', message: 'A temporary access token lasts at most 24 hours' }],
      });
    }
    const day = await issue({ label: 'A day', expires_in_minutes: 24 * 60 });
    expect(day.statusCode).toBe(200);
    expect(new Date(day.json().result.expires_at).getTime() - t.clock.now().getTime()).toBe(24 * 3_600_000);
  });

  it('is ended at once by its revocation: the next request is 401 and its socket is disconnected', async () => {
    const temp = await tempToken();
    const socket = await connectAs(temp.token);
    expect(await socket.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    const gone = disconnection(socket);
    const revoke = await call('DELETE', `/api/access_tokens/${temp.id}`, sam);
    expect(revoke.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await call('GET', ROUTES.loginedUserDetails.path, temp.token)).statusCode).toBe(401);
    await expect(connectAs(temp.token)).rejects.toThrow('Invalid or expired token');
  });

  it('ends when its person is removed from the school', async () => {
    const anita = await staffToken(t, '9000000002');
    const taraId = demoId('user:9000000003');
    const res = await issue({ label: 'For Tara', user_id: taraId, expires_in_minutes: 60 });
    const temp = res.json().result as { token: string };
    const socket = await connectAs(temp.token);
    const gone = disconnection(socket);
    expect((await call('DELETE', `/api/staff/${taraId}`, anita)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await call('GET', ROUTES.loginedUserDetails.path, temp.token)).statusCode).toBe(401);
  });
});
