import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string, token?: string) => t.request({ method: 'GET', url: path, headers: token ? bearer(token) : {} });
const details = (token: string) => get(ROUTES.loginedUserDetails.path, token);

describe('GET /api/access_token_active/', () => {
  it('answers 401 without a token and with an access token instead of a refresh token', async () => {
    expect((await get(ROUTES.accessTokenActive.path)).statusCode).toBe(401);
    const login = await signIn(t, '9000000003');
    const res = await get(ROUTES.accessTokenActive.path, login.staff_user?.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('gives a fresh access token for a valid refresh token, after the old one expired', async () => {
    const login = await signIn(t, '9000000003');
    t.clock.advance(16 * 60_000);
    expect((await details(login.staff_user?.access_token ?? '')).statusCode).toBe(401);
    const res = await get(ROUTES.accessTokenActive.path, login.staff_user?.refresh_token);
    expect(res.statusCode).toBe(200);
    const access = res.json().result.access_token;
    expect((await details(access)).json().result.user_detials.first_name).toBe('Tara');
  });

  it('refuses a refresh token past its 30 days', async () => {
    const login = await signIn(t, '9000000003');
    t.clock.advance(31 * 86_400_000);
    expect((await get(ROUTES.accessTokenActive.path, login.staff_user?.refresh_token)).statusCode).toBe(401);
  });

  it('refuses the refresh token of a session that logged out', async () => {
    const login = await signIn(t, '9000000004');
    await t.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(login.parent_user?.access_token ?? '') });
    expect((await get(ROUTES.accessTokenActive.path, login.parent_user?.refresh_token)).statusCode).toBe(401);
  });
});

describe('GET /api/renew_refresh_token/', () => {
  it('answers 401 without a token', async () => {
    expect((await get(ROUTES.renewRefreshToken.path)).statusCode).toBe(401);
  });

  it('rotates the refresh token: the new one works, with a fresh 30-day life', async () => {
    const login = await signIn(t, '9000000004');
    t.clock.advance(26 * 86_400_000);
    const res = await get(ROUTES.renewRefreshToken.path, login.parent_user?.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json().result.refresh_token as string;
    expect(next).not.toBe(login.parent_user?.refresh_token);
    const exp = JSON.parse(Buffer.from(next.split('.')[1] ?? '', 'base64url').toString()).exp * 1000;
    expect(exp - t.clock.now().getTime()).toBeGreaterThan(29 * 86_400_000);
    t.clock.advance(10 * 86_400_000);
    expect((await get(ROUTES.accessTokenActive.path, next)).statusCode).toBe(200);
  });

  it('detects reuse: presenting a replaced refresh token ends the whole session', async () => {
    const login = await signIn(t, '9000000003');
    const old = login.staff_user?.refresh_token ?? '';
    const next = (await get(ROUTES.renewRefreshToken.path, old)).json().result.refresh_token;
    // A stolen copy of the old token is played back later:
    t.clock.advance(60_000);
    const reuse = await get(ROUTES.renewRefreshToken.path, old);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    // ...and the legitimate holder's tokens stop working too.
    expect((await get(ROUTES.accessTokenActive.path, next)).statusCode).toBe(401);
    expect((await details(login.staff_user?.access_token ?? '')).statusCode).toBe(401);
  });

  it('still renews access with the replaced token for a short grace, without ending the session', async () => {
    const login = await signIn(t, '9000000003');
    const old = login.staff_user?.refresh_token ?? '';
    const next = (await get(ROUTES.renewRefreshToken.path, old)).json().result.refresh_token;
    expect((await get(ROUTES.accessTokenActive.path, old)).statusCode).toBe(200);
    expect((await get(ROUTES.accessTokenActive.path, next)).statusCode).toBe(200);
  });
});

describe('POST /api/logined_user_details_v2/', () => {
  it('answers 401 without a token and 400 without either body token', async () => {
    expect((await t.request({ method: 'POST', url: ROUTES.loginedUserDetailsV2.path, payload: {} })).statusCode).toBe(401);
    const login = await signIn(t, '9000000005');
    const res = await t.request({
      method: 'POST',
      url: ROUTES.loginedUserDetailsV2.path,
      headers: bearer(login.staff_user?.access_token ?? ''),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers both sides of a dual-role session', async () => {
    const login = await signIn(t, '9000000005');
    const res = await t.request({
      method: 'POST',
      url: ROUTES.loginedUserDetailsV2.path,
      headers: bearer(login.staff_user?.access_token ?? ''),
      payload: { staff_user_token: login.staff_user?.access_token, parent_user_token: login.parent_user?.access_token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.staff_user.user_details.school_details.name).toBe('Sunrise Early Years');
    expect(res.json().result.parent_user.user_details.child_list[0].first_name).toBe('Diya');
  });

  it('refuses tokens given on the wrong side', async () => {
    const login = await signIn(t, '9000000005');
    const res = await t.request({
      method: 'POST',
      url: ROUTES.loginedUserDetailsV2.path,
      headers: bearer(login.staff_user?.access_token ?? ''),
      payload: { staff_user_token: login.parent_user?.access_token },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('temporary access tokens', () => {
  const create = (token: string, payload: object) =>
    t.request({ method: 'POST', url: ROUTES.createAccessToken.path, headers: bearer(token), payload });

  it('answers 401 without a token, 403 without access_token_permission, 400 for bad input', async () => {
    expect((await t.request({ method: 'POST', url: ROUTES.createAccessToken.path, payload: {} })).statusCode).toBe(401);
    const tara = (await signIn(t, '9000000003')).staff_user?.access_token ?? '';
    expect((await create(tara, { label: 'Kiosk', expires_in_minutes: 60 })).statusCode).toBe(403);
    expect((await get(ROUTES.listAccessTokens.path, tara)).statusCode).toBe(403);
    const sam = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    expect((await create(sam, { label: '', expires_in_minutes: 60 })).statusCode).toBe(400);
    expect((await create(sam, { label: 'Kiosk', expires_in_minutes: 1 })).statusCode).toBe(400);
  });

  it('issues a token that signs in as the chosen staff member, lists it, and expires with the spec message', async () => {
    const sam = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    const taraId = (await signIn(t, '9000000003')).staff_user?.user_details.id;
    const res = await create(sam, { label: 'Front desk kiosk', user_id: taraId, expires_in_minutes: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Access token created');
    const temp = res.json().result;
    expect(temp).toMatchObject({ label: 'Front desk kiosk', user: { first_name: 'Tara' } });
    const payload = JSON.parse(Buffer.from(temp.token.split('.')[1], 'base64url').toString());
    expect(payload.isTempToken).toBe(true);
    expect((await details(temp.token)).json().result.user_detials.first_name).toBe('Tara');
    const list = (await get(ROUTES.listAccessTokens.path, sam)).json().result;
    expect(list.map((x: { id: string }) => x.id)).toContain(temp.id);

    t.clock.advance(31 * 60_000);
    const expired = await details(temp.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Generated Access Token Expired', code: 'TEMP_TOKEN_EXPIRED' });
  });

  it('cannot delete the account it acts for', async () => {
    const sam = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    const temp = (await create(sam, { label: 'Kiosk', expires_in_minutes: 60 })).json().result;
    const res = await t.request({ method: 'DELETE', url: ROUTES.deleteUserProfile.path, headers: bearer(temp.token) });
    expect(res.statusCode).toBe(403);
    expect((await details(sam)).statusCode).toBe(200);
  });

  it('cannot be refreshed, and is revoked at once', async () => {
    const sam = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    const temp = (await create(sam, { label: 'Support', expires_in_minutes: 60 })).json().result;
    expect((await get(ROUTES.accessTokenActive.path, temp.token)).statusCode).toBe(401);
    const revoke = await t.request({ method: 'DELETE', url: `/api/access_tokens/${temp.id}`, headers: bearer(sam) });
    expect(revoke.statusCode).toBe(200);
    expect((await details(temp.token)).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/access_tokens/${temp.id}`, headers: bearer(sam) })).statusCode).toBe(
      404,
    );
  });

  it("cannot sign in as staff of another school, nor revoke another school's token", async () => {
    const sam = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    const monaId = (await signIn(t, '9000000006')).staff_user?.user_details.id;
    const res = await create(sam, { label: 'x', user_id: monaId, expires_in_minutes: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('user_id');
    const temp = (await create(sam, { label: 'Sunrise only', expires_in_minutes: 60 })).json().result;
    // Anita is admin of Sunrise without super_admin permissions: forbidden outright.
    const anita = (await signIn(t, '9000000002')).staff_user?.access_token ?? '';
    expect((await t.request({ method: 'DELETE', url: `/api/access_tokens/${temp.id}`, headers: bearer(anita) })).statusCode).toBe(
      403,
    );
  });
});
