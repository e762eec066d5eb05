import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const otpToken = async (phone: string) => {
  const reqId = (await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: `91${phone}` } })).json().message;
  return (await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId, otp: '123456' } })).json()
    .message as string;
};
const verifyPhone = (payload: object) => t.request({ method: 'POST', url: '/api/logged_in_user_phone_verification/', payload });
const details = (token?: string) =>
  t.request({ method: 'GET', url: '/api/logined_user_details', headers: token ? bearer(token) : {} });

describe('POST /api/logged_in_user_phone_verification/', () => {
  it('gives a teacher a staff session only, with her details', async () => {
    const result = await signIn(t, '9000000003');
    expect(result.parent_user).toBeUndefined();
    expect(result.staff_user?.access_token).toBeTruthy();
    expect(result.staff_user?.refresh_token).toBeTruthy();
    expect(result.staff_user?.user_details).toMatchObject({
      first_name: 'Tara',
      last_name: 'Menon',
      phone: '9000000003',
      school_details: { name: 'Sunrise Early Years', editor_direction: 'l2r', admin: false, super_admin: false },
    });
  });

  it('gives a parent a parent session only, listing both children with their classes', async () => {
    const result = await signIn(t, '9000000004');
    expect(result.staff_user).toBeUndefined();
    const parent = result.parent_user?.user_details;
    expect(parent).toMatchObject({ first_name: 'Rohan', last_name: 'Sharma', primary_phone: '9000000004' });
    const children = parent?.child_list.map((c) => [`${c.first_name} ${c.last_name}`, c.student_class.map((k) => k.class_name)]);
    expect(children).toEqual([
      ['Aarav Sharma', ['Nursery A']],
      ['Ira Sharma', ['Kindergarten B']],
    ]);
    expect(parent?.current_child).toBe(parent?.child_list[0]?.id);
  });

  it('gives a dual-role person both sessions', async () => {
    const result = await signIn(t, '9000000005');
    expect(result.staff_user?.user_details.first_name).toBe('Neha');
    expect(result.parent_user?.user_details.child_list.map((c) => c.first_name)).toEqual(['Diya']);
  });

  it('marks admins and super admins, and right-to-left schools', async () => {
    expect((await signIn(t, '9000000002')).staff_user?.user_details.school_details).toMatchObject({
      admin: true,
      super_admin: false,
    });
    expect((await signIn(t, '9000000001')).staff_user?.user_details.school_details).toMatchObject({
      admin: true,
      super_admin: true,
    });
    expect((await signIn(t, '9000000006')).staff_user?.user_details.school_details).toMatchObject({
      name: 'Moonbeam Nursery',
      editor_direction: 'r2l',
    });
  });

  it('accepts an OTP token once only', async () => {
    const token = await otpToken('9000000003');
    expect((await verifyPhone({ otp_jwt_token: token, phone_number: '9000000003' })).statusCode).toBe(200);
    const again = await verifyPhone({ otp_jwt_token: token, phone_number: '9000000003' });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('OTP verification is invalid or has expired - Please send OTP again');
  });

  it('refuses a token issued for another phone, a forged token and an expired one', async () => {
    const token = await otpToken('9000000003');
    expect((await verifyPhone({ otp_jwt_token: token, phone_number: '9000000004' })).statusCode).toBe(401);
    expect((await verifyPhone({ otp_jwt_token: `${token}x`, phone_number: '9000000003' })).statusCode).toBe(401);
    expect((await verifyPhone({ otp_jwt_token: 'not-a-token', phone_number: '9000000003' })).statusCode).toBe(401);
    const late = await otpToken('9000000003');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await verifyPhone({ otp_jwt_token: late, phone_number: '9000000003' })).statusCode).toBe(401);
  });

  it('refuses missing fields with 400', async () => {
    const res = await verifyPhone({ phone_number: '9000000003' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('otp_jwt_token');
    expect((await verifyPhone({ otp_jwt_token: 'x' })).statusCode).toBe(400);
  });
});

describe('GET /api/logined_user_details', () => {
  it('answers 401 without a token, with a malformed one and with a token signed by someone else', async () => {
    const none = await details();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    expect((await details('garbage')).statusCode).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJhY2Nlc3MiLCJraW5kIjoic3RhZmYiLCJzaWQiOiJ4Iiwic3ViIjoieCIsImlzcyI6ImN1ZSJ9.c2lnbmF0dXJl';
    expect((await details(forged)).statusCode).toBe(401);
  });

  it('answers a staff token with logined_as staff and user_detials', async () => {
    const token = (await signIn(t, '9000000003')).staff_user?.access_token ?? '';
    const res = await details(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      logined_as: 'staff',
      user_detials: { first_name: 'Tara', school_details: { name: 'Sunrise Early Years' } },
    });
  });

  it('answers each token of a dual-role person as its own side', async () => {
    const result = await signIn(t, '9000000005');
    expect((await details(result.staff_user?.access_token)).json().result.logined_as).toBe('staff');
    const parent = (await details(result.parent_user?.access_token)).json().result;
    expect(parent.logined_as).toBe('parent');
    expect(parent.user_detials.child_list[0].first_name).toBe('Diya');
  });

  it('refuses an access token once it has expired', async () => {
    const token = (await signIn(t, '9000000003')).staff_user?.access_token ?? '';
    t.clock.advance(16 * 60_000);
    const res = await details(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('does not accept a refresh token as an access token', async () => {
    const refresh = (await signIn(t, '9000000003')).staff_user?.refresh_token ?? '';
    expect((await details(refresh)).statusCode).toBe(401);
  });
});

describe('POST /api/logout/', () => {
  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'POST', url: ROUTES.logout.path })).statusCode).toBe(401);
  });

  it('revokes the session: its access token stops working at once', async () => {
    const token = (await signIn(t, '9000000004')).parent_user?.access_token ?? '';
    expect((await details(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ result: true, message: 'Logged out' });
    expect((await details(token)).statusCode).toBe(401);
  });

  it('revokes the session in the database, so another server instance refuses it too', async () => {
    const token = (await signIn(t, '9000000003')).staff_user?.access_token ?? '';
    await t.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(token) });
    const claims = await t.services.tokens.verifyAccess(token);
    if (!claims.ok) throw new Error('token should still verify');
    const { findSession } = await import('../src/modules/auth/repo.js');
    expect((await findSession(t.database.db, claims.claims.sessionId))?.revokedAt).toBeInstanceOf(Date);
  });

  it('ends only its own session: the other side of a dual-role person stays signed in', async () => {
    const result = await signIn(t, '9000000005');
    await t.request({ method: 'POST', url: ROUTES.logout.path, headers: bearer(result.staff_user?.access_token ?? '') });
    expect((await details(result.parent_user?.access_token)).statusCode).toBe(200);
  });
});
