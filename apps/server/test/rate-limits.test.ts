import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimits } from '../src/platform/rate-limits.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, type TestApp } from './harness.js';

/** Rate limits counted in the database (decision 44): one count for every instance. */

describe('the shared rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('count a key’s hits in its window, start again after it, and forget old windows', async () => {
    const limits = new RateLimits(t.database.db, t.clock);
    expect(await limits.allow('unit:a', 2, 60_000)).toBe(true);
    expect(await limits.allow('unit:a', 2, 60_000)).toBe(true);
    expect(await limits.allow('unit:a', 2, 60_000)).toBe(false);
    expect(await limits.allow('unit:b', 2, 60_000)).toBe(true);
    t.clock.advance(60_001);
    expect((await limits.hit('unit:a', 60_000)).count).toBe(1);
    t.clock.advance(2 * 86_400_000);
    await limits.prune();
    expect((await limits.hit('unit:b', 60_000)).count).toBe(1);
  });

  it('limit the public sign-in calls per address: the 601st in a minute is 429 RATE_LIMITED', async () => {
    const call = () => t.request({ method: 'GET', url: '/api/google_login/', remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 600; i++) expect((await call()).statusCode).not.toBe(429);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect((await t.request({ method: 'GET', url: '/api/google_login/', remoteAddress: '203.0.113.8' })).statusCode).not.toBe(
      429,
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)('rate limits across two instances on one PostgreSQL database', () => {
  it('count the sign-in calls and Cue’s messages of both together', async () => {
    const first = await createTestApp({ AI_MESSAGES_PER_MINUTE: '3' });
    const second = await createTestApp({ AI_MESSAGES_PER_MINUTE: '3' }, { sameDatabaseAs: first });
    try {
      const call = (app: TestApp) => app.request({ method: 'GET', url: '/api/google_login/', remoteAddress: '198.51.100.9' });
      for (let i = 0; i < 300; i++) {
        expect((await call(first)).statusCode).not.toBe(429);
        expect((await call(second)).statusCode).not.toBe(429);
      }
      expect((await call(first)).statusCode).toBe(429);
      expect((await call(second)).statusCode).toBe(429);

      // Cue: three messages a minute for one person, whichever instance takes them.
      const limits = [new RateLimits(first.database.db, first.clock), new RateLimits(second.database.db, second.clock)];
      const key = 'ai-chat:shared-test';
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limits[i % 2]?.allow(key, 3, 60_000));
      expect(answers).toEqual([true, true, true, false]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('chat messages per person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHAT_MESSAGES_PER_MINUTE: '2' });
  });
  afterAll(() => t?.close());

  it('are limited per minute; a message sent again is not counted; the next minute sends again', async () => {
    const rohan = await parentToken(t, '9000000004');
    const opened = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(rohan),
      payload: { kind: 'family', student_id: demoId('student:Aarav Sharma') },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().result._id as string;
    const send = (clientId: string) =>
      t.request({
        method: 'POST',
        url: `/api/chat/conversations/${id}/messages`,
        headers: bearer(rohan),
        payload: { client_id: clientId, body: `Hello ${clientId}` },
      });
    expect((await send('limited-one')).statusCode).toBe(200);
    expect((await send('limited-two')).statusCode).toBe(200);
    const refused = await send('limited-three');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many messages. Please wait a moment.' });
    // The first one again (an offline queue replayed): answered, not refused.
    expect((await send('limited-one')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send('limited-three')).statusCode).toBe(200);
  });
});
