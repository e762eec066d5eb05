import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * Phone sign-in against a guesser and a pump: wrong codes are limited per number across every request
 * and resend of it; real messages per number and per address hold under parallel requests (on both
 * databases); answers that reveal whether a number is registered are limited per address and per
 * number; a production server takes no fixed test code.
 */
let t: TestApp;
beforeAll(async () => {
  // No test numbers: the demo people's numbers are real numbers here, sent real (in-memory) messages.
  t = await createTestApp({ OTP_TEST_NUMBERS: '', OTP_SENDS_PER_PHONE: '5', OTP_SENDS_PER_IP: '20' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let address = 0;
/** A client address no earlier test used. */
const freshIp = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const post = (url: string, payload: object, ip = '10.0.0.1') => t.request({ method: 'POST', url, payload, remoteAddress: ip });
const send = (phone: string, ip?: string) => post(ROUTES.otpSend.path, { phno: `91${phone}` }, ip);
const resend = (reqId: string, ip?: string) => post(ROUTES.otpRetry.path, { reqId }, ip);
const verify = (reqId: string, otp: string) => post(ROUTES.otpVerify.path, { reqId, otp });
const check = (phone: string, ip: string) => post(ROUTES.checkPhoneExists.path, { phone_number: phone }, ip);
const codeSentTo = (phone: string) =>
  t.sms.sent.findLast((m) => m.to === `91${phone}`)?.text.match(/\b(\d{6})\b/)?.[1] ?? 'missing';
/** A six-digit code that is not the one sent. */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

describe('wrong codes per number', () => {
  it('refuses the 11th wrong code across resends and new requests, and then even the right code', async () => {
    const phone = '9000000003';
    const ip = freshIp();
    const guessWrong = async (reqId: string, leftMessage: string) => {
      const res = await verify(reqId, wrongCode(codeSentTo(phone)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Invalid OTP',
        code: 'INVALID_OTP',
        errors: [{ field: 'otp', message: leftMessage }],
      });
    };

    // A request allows 5 tries; a resend used to start them again, and a new request too.
    const first = (await send(phone, ip)).json().message as string;
    for (const left of ['4 attempts left', '3 attempts left', '2 attempts left', '1 attempt left']) await guessWrong(first, left);
    t.clock.advance(31_000);
    expect((await resend(first, ip)).statusCode).toBe(200);
    // 6 wrong codes left for the number, and 5 tries for the fresh code: the smaller one shows.
    for (const left of ['4 attempts left', '3 attempts left', '2 attempts left', '1 attempt left']) await guessWrong(first, left);
    const second = (await send(phone, ip)).json().message as string;
    await guessWrong(second, '1 attempt left');
    await guessWrong(second, 'No attempts left');

    const locked = await verify(second, wrongCode(codeSentTo(phone)));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('OTP_NUMBER_LOCKED');
    expect(locked.json().message).toMatch(/^Too many wrong codes for this number\. Try again in (59|60) minutes\.$/);
    // The right code of an open request is refused too, and no new code is sent while it lasts.
    const right = await verify(second, codeSentTo(phone));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('OTP_NUMBER_LOCKED');
    const sent = t.sms.sent.length;
    expect((await send(phone, freshIp())).json().code).toBe('OTP_NUMBER_LOCKED');
    t.clock.advance(31_000);
    expect((await resend(second, freshIp())).json().code).toBe('OTP_NUMBER_LOCKED');
    expect(t.sms.sent.length).toBe(sent);

    // Later in the hour the wait is shorter; after it, the number signs in again.
    t.clock.advance(30 * MINUTE);
    expect((await send(phone, freshIp())).json().message).toMatch(/Try again in (28|29) minutes\./);
    t.clock.advance(30 * MINUTE);
    const fresh = (await send(phone, freshIp())).json().message as string;
    const ok = await verify(fresh, codeSentTo(phone));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message.split('.')).toHaveLength(3);
  });

  it('counts parallel wrong codes one by one: at most 10 are checked', async () => {
    t.clock.advance(61 * MINUTE);
    const phone = '9000000006';
    const requests: string[] = [];
    for (let i = 0; i < 4; i++) requests.push((await send(phone, freshIp())).json().message);
    const guesses = await Promise.all(
      requests.flatMap((reqId) => Array.from({ length: 5 }, () => verify(reqId, wrongCode(codeSentTo(phone))))),
    );
    const codes = guesses.map((g) => g.json().code);
    expect(codes.filter((c) => c === 'INVALID_OTP')).toHaveLength(10);
    expect(codes.filter((c) => c === 'OTP_NUMBER_LOCKED')).toHaveLength(10);
  });
});

describe('real messages per number and per address', () => {
  it('lets exactly OTP_SENDS_PER_PHONE of 15 parallel sends to one real number through', async () => {
    t.clock.advance(61 * MINUTE);
    const before = t.sms.sent.length;
    const answers = await Promise.all(Array.from({ length: 15 }, () => send('9000000004', freshIp())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({ message: 'Too many OTP requests. Please try again later.', code: 'RATE_LIMITED' });
    }
    expect(t.sms.sent.length - before).toBe(5);
  });

  it('counts resends in the same limit, also in parallel', async () => {
    t.clock.advance(61 * MINUTE);
    const phone = '9000000005';
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(phone, freshIp())).json().message);
    t.clock.advance(31_000);
    const before = t.sms.sent.length;
    const answers = await Promise.all(ids.map((id) => resend(id, freshIp())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    expect(t.sms.sent.length - before).toBe(2);
  });

  it('lets exactly OTP_SENDS_PER_IP of 25 parallel sends from one address through', async () => {
    t.clock.advance(61 * MINUTE);
    const ip = freshIp();
    const before = t.sms.sent.length;
    const phones = ['9000000001', '9000000002', '9000000003', '9000000004', '9000000005', '9000000006'];
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(phones[i % phones.length] as string, ip)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(t.sms.sent.length - before).toBe(20);
  });
});

describe('answers that reveal whether a number is registered', () => {
  it('answers check_phone_exists 10 times per address, then 429 for every number', async () => {
    t.clock.advance(61 * MINUTE);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => check(`98765${String(i).padStart(5, '0')}`, ip)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(20);
    for (const a of refused) {
      expect(a.json()).toEqual({ message: 'Too many phone number checks. Please try again later.', code: 'RATE_LIMITED' });
    }
    expect((await check('9000000004', ip)).statusCode).toBe(429);
    // Another address still gets answers; after the window this one does again.
    expect((await check('9000000004', freshIp())).json()).toEqual({ result: true });
    t.clock.advance(16 * MINUTE);
    expect((await check('9000000004', ip)).json()).toEqual({ result: true });
  });

  it('answers check_phone_exists about one number 5 times per window, from any addresses', async () => {
    t.clock.advance(61 * MINUTE);
    for (let i = 0; i < 5; i++) expect((await check('9000000002', freshIp())).json()).toEqual({ result: true });
    const sixth = await check('9000000002', freshIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
  });

  it("counts otp/send's 'Phone number not registered' answers against the address, then answers 429 for any number", async () => {
    t.clock.advance(61 * MINUTE);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await send(`98765${String(i).padStart(5, '0')}`, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Phone number not registered', code: 'PHONE_NOT_REGISTERED' });
    }
    const before = t.sms.sent.length;
    const unknown = await send('9876599999', ip);
    const registered = await send('9000000004', ip);
    expect(unknown.statusCode).toBe(429);
    expect(registered.statusCode).toBe(429);
    expect(registered.json()).toEqual(unknown.json());
    expect(t.sms.sent.length).toBe(before);
  });
});

describe('production configuration', () => {
  it('refuses to start with OTP_TEST_NUMBERS and has no demo defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OTP_TEST_NUMBERS: '9000000001:123456' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', OTP_TEST_NUMBERS: '9000000001:123456' })).toThrow(/OTP_TEST_NUMBERS/);
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.otpTestNumbers.size).toBe(0);
    expect(production.SEED_DEMO).toBe(false);
  });

  it('a production server sends the demo numbers real codes and refuses the fixed one', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', RUN_JOBS: 'false' });
    try {
      const res = await prod.request({ method: 'POST', url: ROUTES.otpSend.path, payload: { phno: '919000000003' } });
      expect(res.statusCode).toBe(200);
      const text = prod.sms.sent.at(-1)?.text ?? '';
      expect(prod.sms.sent.at(-1)?.to).toBe('919000000003');
      if (!text.startsWith('123456')) {
        const fixed = await prod.request({
          method: 'POST',
          url: ROUTES.otpVerify.path,
          payload: { reqId: res.json().message, otp: '123456' },
        });
        expect(fixed.statusCode).toBe(400);
      }
    } finally {
      await prod.close();
    }
  });
});
