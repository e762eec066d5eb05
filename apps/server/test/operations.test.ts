import type { AddressInfo } from 'node:net';
import { ERROR_CODES, MESSAGE_EVENTS } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentRequestId, withRequestId } from '../src/platform/request-context.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, connectSocket, createTestApp, staffToken, type TestApp } from './harness.js';

/** Observability (issue 30): `/metrics` behind its token, and one request id through logs, jobs and events. */

const TOKEN = 'metrics-token-of-the-tests-0123456789';
const nurseryA = demoId('class:nurseryA');

let t: TestApp;
let off: TestApp;
let anita: string;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
  anita = await staffToken(t, '9000000002');
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const scrape = async (token: string | null = TOKEN) =>
  t.request({ method: 'GET', url: '/metrics', headers: token === null ? {} : { authorization: `Bearer ${token}` } });

/** The value of one series in a scrape ("name{labels} value"), or null. */
function sample(text: string, series: string): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return null;
}

describe('GET /metrics', () => {
  it('is not found while the server has no metrics token', async () => {
    const res = await off.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.notFound);
  });

  it('refuses a scraper without the token, with another token, or with a signed-in person’s token', async () => {
    for (const token of [null, 'x', `${TOKEN}x`, TOKEN.slice(0, -1), anita]) {
      const res = await scrape(token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().code).toBe(ERROR_CODES.unauthorized);
      expect(res.body).not.toContain('cue_http_requests_total');
    }
  });

  it('counts requests by route pattern and status, their latency, and refusals by error code', async () => {
    const before = (await scrape()).body;
    const series = 'cue_http_requests_total{method="GET",route="/api/classes/:id",status="200"}';
    const refused = 'cue_http_errors_total{method="GET",route="/api/classes/:id",status="401",code="UNAUTHORIZED"}';
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'GET', url: `/api/classes/${nurseryA}`, headers: bearer(anita) });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: `/api/classes/${nurseryA}` })).statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect((sample(text, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3);
    expect((sample(text, refused) ?? 0) - (sample(before, refused) ?? 0)).toBe(1);
    // The address asked for never becomes a label: only the route's pattern does.
    expect(text).not.toContain(nurseryA);
    const count = sample(text, 'cue_http_request_duration_seconds_count{method="GET",route="/api/classes/:id"}');
    expect(count).toBeGreaterThanOrEqual(4);
    expect(sample(text, 'cue_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/classes/:id"}')).toBe(count);
  });

  it('tells the job queue’s depth and age, open sockets, the database statements and the process', async () => {
    await t.services.jobs.schedule('metrics-test:waiting', 'metrics-test', new Date(t.clock.now().getTime() - 90_000), {});
    const text = (await scrape()).body;
    expect(sample(text, 'cue_jobs{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cue_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'cue_sockets_connected')).toBe(0);
    expect(sample(text, 'cue_db_statements{answer="all"}')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    await t.services.jobs.cancel('metrics-test:waiting');
  });
});

describe('the request id', () => {
  it('is answered in x-request-id: the proxy’s when it is plain, else a new one', async () => {
    const given = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.42');
    const fresh = await t.request({ method: 'GET', url: '/api/health' });
    const other = await t.request({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    for (const bad of ['has spaces', 'x'.repeat(101), '<script>']) {
      const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on the request’s log lines, and on those of the job it scheduled, which runs as part of it', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/classes/${nurseryA}/emergency_sheet`,
      headers: { ...bearer(anita), 'x-request-id': 'sheet-request-1' },
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    await t.services.jobs.runDue();
    const lines = t.logs.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; job?: { kind: string; outcome: string } });
    const ours = lines.filter((l) => l.reqId === 'sheet-request-1');
    expect(ours.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed', 'job done']));
    expect(ours.find((l) => l.msg === 'job done')?.job).toMatchObject({ outcome: 'done' });
    const text = (await scrape()).body;
    expect(text).toMatch(/cue_jobs_run_total\{kind="[a-z_.:-]+",outcome="done"\} [1-9]/);
  });

  it('is what a job’s handler and what it schedules see; a job scheduled outside a request gets its own', async () => {
    const seen: (string | undefined)[] = [];
    t.services.jobs.handle('request-id-test', async (payload) => {
      seen.push(currentRequestId());
      if (payload.again) await t.services.jobs.schedule('request-id-test:second', 'request-id-test', t.clock.now(), {});
    });
    await withRequestId('outer-request', () =>
      t.services.jobs.schedule('request-id-test:first', 'request-id-test', t.clock.now(), { again: true }),
    );
    await t.services.jobs.schedule('request-id-test:alone', 'request-id-test', t.clock.now(), {});
    await t.services.jobs.runDue();
    expect(seen.filter((id) => id === 'outer-request')).toHaveLength(2);
    expect(seen.filter((id) => id?.startsWith('job-'))).toHaveLength(1);
  });

  it('is given to each event an open app sends, and seen by what handles it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const seen: (string | undefined)[] = [];
    const typing = vi.spyOn(t.services.chat, 'typing').mockImplementation(async () => {
      seen.push(currentRequestId());
    });
    const socket = await connectSocket(port, anita);
    try {
      socket.emit(MESSAGE_EVENTS.typing, { conversation_id: 'first' });
      socket.emit(MESSAGE_EVENTS.typing, { conversation_id: 'second' });
      await vi.waitFor(() => expect(seen).toHaveLength(2));
    } finally {
      socket.disconnect();
      typing.mockRestore();
    }
    expect(seen[0]).toMatch(/^socket-[0-9a-f-]{36}$/);
    expect(seen[1]).toMatch(/^socket-[0-9a-f-]{36}$/);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('is logged with each event the request published to open apps', async () => {
    await t.app.ready();
    const before = t.logs.length;
    const level = t.app.log.level;
    t.app.log.level = 'debug';
    try {
      const res = await t.request({
        method: 'POST',
        url: `/api/classes/${nurseryA}/emergency_sheet`,
        headers: { ...bearer(anita), 'x-request-id': 'publish-check' },
        payload: { language: 'en' },
      });
      expect(res.statusCode).toBe(200);
      await withRequestId('event-request', async () => {
        t.services.events.publish('calendar.updated', { schoolId: 'x', classId: null });
      });
    } finally {
      t.app.log.level = level;
    }
    const events = t.logs
      .slice(before)
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; event?: string })
      .filter((l) => l.msg === 'event published');
    expect(events).toContainEqual(expect.objectContaining({ reqId: 'event-request', event: 'calendar.updated' }));
  });
});
