import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './harness.js';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Cue</title><div id="root"></div>');
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('platform', () => {
  it('GET /api/health answers a constant', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { status: 'ok' } });
  });

  it('answers liveness always, and readiness while the database answers (else 503 NOT_READY)', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { result: { status: 'ok' } }]);
    const ready = ROUTES.healthReady.response.parse((await t.request({ method: 'GET', url: '/api/health/ready' })).json());
    expect(ready.result).toMatchObject({ status: 'ready', database: 'ok' });
    const db = t.database.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute;
    db.execute = () => Promise.reject(new Error('connection refused'));
    try {
      const down = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect([down.statusCode, down.json().code]).toEqual([503, 'NOT_READY']);
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      db.execute = execute;
    }
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/otp/nope'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Route not found', code: 'NOT_FOUND' });
    }
  });

  it('serves the web app for app paths and its files as they are', async () => {
    for (const url of ['/', '/dashboard', '/housekeeping/attendance?date=01-01-2026', '/public/privacy']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    expect((await t.request({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every answer carries them, refusals and unknown paths too.
    for (const other of [
      await t.request({ method: 'GET', url: '/api/no_such_route' }),
      await t.request({ method: 'GET', url: '/api/logined_user_details' }),
    ]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never writes tokens or codes to the log', async () => {
    const result = await signIn(t, '9000000005');
    await t.request({
      method: 'GET',
      url: ROUTES.loginedUserDetails.path,
      headers: { authorization: `Bearer ${result.staff_user?.access_token}` },
    });
    const log = t.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      result.staff_user?.access_token,
      result.staff_user?.refresh_token,
      result.parent_user?.access_token,
      '"123456"',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
