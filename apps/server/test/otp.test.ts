import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpRequests } from '../src/platform/db/schema.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OTP_SENDS_PER_PHONE: '3', OTP_SENDS_PER_IP: '4' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.request({ method: 'POST', url, payload: payload as object });
const send = (phone: string, ip?: string) =>
  t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: `91${phone}` }, ...(ip ? { remoteAddress: ip } : {}) });

describe('GET /api/phone_login_enabling/', () => {
  it('answers true by default and follows the setting', async () => {
    const on = await t.request({ method: 'GET', url: '/api/phone_login_enabling/' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ result: true });
    await t.services.authSettings.setPhoneLoginEnabled(false);
    expect((await t.request({ method: 'GET', url: '/api/phone_login_enabling/' })).json()).toEqual({ result: false });
    await t.services.authSettings.setPhoneLoginEnabled(true);
  });
});

describe('POST /api/check_phone_exists/', () => {
  it('tells registered staff and parent numbers from unknown ones', async () => {
    expect((await post('/api/check_phone_exists/', { phone_number: '9000000003' })).json()).toEqual({ result: true });
    expect((await post('/api/check_phone_exists/', { phone_number: '9000000004' })).json()).toEqual({ result: true });
    expect((await post('/api/check_phone_exists/', { phone_number: '9999999999' })).json()).toEqual({ result: false });
  });

  it('refuses a missing or malformed phone number with 400 and the field', async () => {
    const missing = await post('/api/check_phone_exists/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'phone_number' }] });
    const short = await post('/api/check_phone_exists/', { phone_number: '90000' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('10 digits');
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/check_phone_exists/',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON', code: 'INVALID_JSON' });
  });
});

describe('POST /api/otp/send', () => {
  it('returns a request id for a registered number', async () => {
    const res = await send('9000000003');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^[0-9a-f]{24}$/);
  });

  it("refuses an unregistered number with 404 'Phone number not registered'", async () => {
    const res = await send('9999999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Phone number not registered', code: 'PHONE_NOT_REGISTERED' });
  });

  it('refuses a number without the country code, or of the wrong length, with 400', async () => {
    for (const phno of ['9000000003', '9190000000', '44900000000', '91900000000a']) {
      const res = await post('/api/otp/send', { phno });
      expect(res.statusCode, phno).toBe(400);
      expect(res.json().errors[0].field).toBe('phno');
    }
    expect((await post('/api/otp/send', {})).statusCode).toBe(400);
  });

  it('does not send a message for a test number and does not limit it', async () => {
    const before = t.sms.sent.length;
    for (let i = 0; i < 6; i++) expect((await send('9000000002')).statusCode).toBe(200);
    expect(t.sms.sent.length).toBe(before);
  });

  it('sends a real number a 6-digit code, stores only its hash, and limits sends per number', async () => {
    const phone = '9876543210';
    await t.database.db.insert((await import('../src/platform/db/schema.js')).users).values({
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      firstName: 'Real',
      lastName: 'Person',
      phone,
    });
    await t.database.db.insert((await import('../src/platform/db/schema.js')).parents).values({
      id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      primaryPhone: phone,
    });
    const res = await send(phone, '10.1.1.1');
    expect(res.statusCode).toBe(200);
    const last = t.sms.sent.at(-1);
    expect(last?.to).toBe(`91${phone}`);
    const code = last?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(otpRequests).where(eq(otpRequests.id, res.json().message));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.delivered).toBe(true);

    expect((await send(phone, '10.1.1.2')).statusCode).toBe(200);
    expect((await send(phone, '10.1.1.3')).statusCode).toBe(200);
    const limited = await send(phone, '10.1.1.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many OTP requests. Please try again later.', code: 'RATE_LIMITED' });

    // After the window the number may ask again.
    t.clock.advance(16 * 60_000);
    expect((await send(phone, '10.1.1.5')).statusCode).toBe(200);
  });
});

describe('POST /api/otp/retry', () => {
  it("answers an unknown request id with 'Request ID is not found - Please send OTP again'", async () => {
    const res = await post('/api/otp/retry', { reqId: 'ffffffffffffffffffffffff' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Request ID is not found - Please send OTP again', code: 'REQUEST_ID_NOT_FOUND' });
    expect((await post('/api/otp/retry', {})).statusCode).toBe(400);
  });

  it('allows a resend only after 30 seconds, and the new code replaces the old one', async () => {
    const phone = '9876543210';
    t.clock.advance(16 * 60_000);
    const reqId = (await send(phone, '10.2.2.2')).json().message;
    const first = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    const early = await post('/api/otp/retry', { reqId });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('OTP_RESEND_TOO_SOON');
    t.clock.advance(30_001);
    const again = await post('/api/otp/retry', { reqId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: reqId });
    const second = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      expect((await post('/api/otp/verify', { reqId, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/otp/verify', { reqId, otp: second })).statusCode).toBe(200);
  });
});

describe('POST /api/otp/verify', () => {
  const newRequest = async () => (await send('9000000003')).json().message as string;

  it('answers the right code with a signed token', async () => {
    const res = await post('/api/otp/verify', { reqId: await newRequest(), otp: '123456' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.split('.')).toHaveLength(3);
  });

  it("answers a wrong code with 400 'Invalid OTP' and the tries left", async () => {
    const res = await post('/api/otp/verify', { reqId: await newRequest(), otp: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid OTP',
      code: 'INVALID_OTP',
      errors: [{ field: 'otp', message: '4 attempts left' }],
    });
  });

  it('locks the request after 5 wrong tries, even for the right code', async () => {
    const reqId = await newRequest();
    for (let i = 0; i < 5; i++) expect((await post('/api/otp/verify', { reqId, otp: '111111' })).statusCode).toBe(400);
    const locked = await post('/api/otp/verify', { reqId, otp: '123456' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many wrong attempts - Please send OTP again', code: 'OTP_TOO_MANY_ATTEMPTS' });
  });

  it('refuses a code after 10 minutes', async () => {
    const reqId = await newRequest();
    t.clock.advance(10 * 60_000 + 1);
    const res = await post('/api/otp/verify', { reqId, otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'OTP expired - Please send OTP again', code: 'OTP_EXPIRED' });
  });

  it('refuses a code used once already', async () => {
    const reqId = await newRequest();
    expect((await post('/api/otp/verify', { reqId, otp: '123456' })).statusCode).toBe(200);
    const again = await post('/api/otp/verify', { reqId, otp: '123456' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_ALREADY_USED');
  });

  it('refuses an unknown request and malformed input', async () => {
    const unknown = await post('/api/otp/verify', { reqId: 'ffffffffffffffffffffffff', otp: '123456' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Request ID is not found - Please send OTP again');
    expect((await post('/api/otp/verify', { reqId: 'x', otp: '12345' })).statusCode).toBe(400);
    expect((await post('/api/otp/verify', { reqId: 'x', otp: 'abcdef' })).statusCode).toBe(400);
    expect((await post('/api/otp/verify', { otp: '123456' })).statusCode).toBe(400);
  });
});
