import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { type LocalOidcProvider, signInAtProvider, startOidcProvider } from './oidc.js';

const ORIGIN = 'http://localhost:5173';
let provider: LocalOidcProvider;
let t: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider([
    { client_id: 'google-client', client_secret: 'google-secret', redirect_uris: [`${ORIGIN}/google_login_verify`] },
    { client_id: 'ms-client', client_secret: 'ms-secret', redirect_uris: [`${ORIGIN}/microsoft_login_verify`] },
  ]);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: provider.issuer,
    MICROSOFT_CLIENT_ID: 'ms-client',
    MICROSOFT_CLIENT_SECRET: 'ms-secret',
    MICROSOFT_ISSUER: provider.issuer,
  });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close()]);
  await provider.close();
});

const start = async (path: string, origin = ORIGIN) => {
  const res = await t.request({ method: 'GET', url: path, headers: { origin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};

describe.each([
  ['Google', ROUTES.googleLogin.path, ROUTES.googleLoginV2.path, '/google_login_verify'],
  ['Microsoft', ROUTES.microsoftLogin.path, ROUTES.microsoftLoginVerify.path, '/microsoft_login_verify'],
] as const)('%s sign-in', (label, startPath, exchangePath, returnPath) => {
  it('answers 503 with a clear message when not configured', async () => {
    const res = await unconfigured.request({ method: 'GET', url: startPath, headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: `${label} sign-in is not configured on this server`, code: 'PROVIDER_NOT_CONFIGURED' });
  });

  it('hands out an authorize URL with PKCE and a return to the web app', async () => {
    const url = new URL(await start(startPath));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}${returnPath}`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('signs a registered staff member in through the provider', async () => {
    const back = await signInAtProvider(await start(startPath), 'tara.menon@sunrise.example');
    expect(back.pathname).toBe(returnPath);
    const res = await t.request({
      method: 'POST',
      url: exchangePath,
      payload: Object.fromEntries(back.searchParams),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.staff_user.user_details.first_name).toBe('Tara');
    expect(res.json().result.parent_user).toBeUndefined();
  });

  it('signs a parent in by their primary email', async () => {
    const back = await signInAtProvider(await start(startPath), 'rohan.sharma@family.example');
    const res = await t.request({
      method: 'POST',
      url: exchangePath,
      payload: Object.fromEntries(back.searchParams),
    });
    expect(res.json().result.parent_user.user_details.child_list).toHaveLength(2);
  });

  it("answers an unknown email with 'User Does Not Exist'", async () => {
    const back = await signInAtProvider(await start(startPath), 'stranger@example.com');
    const res = await t.request({
      method: 'POST',
      url: exchangePath,
      payload: Object.fromEntries(back.searchParams),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User Does Not Exist');
  });

  it('completes each attempt once, and refuses a forged state or code', async () => {
    const back = await signInAtProvider(await start(startPath), 'tara.menon@sunrise.example');
    const payload = Object.fromEntries(back.searchParams);
    expect((await t.request({ method: 'POST', url: exchangePath, payload })).statusCode).toBe(200);
    const replay = await t.request({ method: 'POST', url: exchangePath, payload });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OAUTH_STATE_INVALID');
    const forged = await t.request({ method: 'POST', url: exchangePath, payload: { code: 'forged', state: 'forged' } });
    expect(forged.statusCode).toBe(400);
    const fresh = new URL(await start(startPath));
    const badCode = await t.request({
      method: 'POST',
      url: exchangePath,
      payload: { code: 'not-a-real-code', state: fresh.searchParams.get('state') },
    });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().code).toBe('OAUTH_FAILED');
  });

  it('refuses a missing code with 400', async () => {
    const res = await t.request({ method: 'POST', url: exchangePath, payload: { state: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('code');
  });
});

describe('the frontend origin', () => {
  it('is required, and must be https unless on this machine', async () => {
    expect((await t.request({ method: 'GET', url: ROUTES.microsoftLogin.path })).statusCode).toBe(400);
    const res = await t.request({ method: 'GET', url: ROUTES.microsoftLogin.path, headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('origin');
  });
});
