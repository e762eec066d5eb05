import { gunzipSync } from 'node:zlib';
import { ddmmyyyyFromIso, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../src/platform/http/response-cache.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

/**
 * The hot reads' answers kept per caller (decision 46): the same caller's same read is answered again
 * from memory, until the next write or the next minute; nobody else is given it; routes that do not
 * say `keep` are never kept.
 */

let t: TestApp;
let tara: string;
let anita: string;
let rohan: string;
const req = requester(() => t);
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const statements = () => t.database.cache.stats.statements;

beforeAll(async () => {
  t = await createTestApp();
  [tara, anita, rohan] = await Promise.all([
    staffToken(t, '9000000003'),
    staffToken(t, '9000000002'),
    parentToken(t, '9000000004'),
  ]);
});
afterAll(() => t?.close());

const day = () => ddmmyyyyFromIso(new Date(t.clock.now().getTime() - 7 * 24 * 3600 * 1000).toISOString().slice(0, 10));
const attendanceUrl = () => `/api/class_student_attendance/${nurseryA}?date=${day()}`;
const markOf = (body: string) =>
  (
    JSON.parse(body) as { result: { student_attendance_list: { student_id: string; attendance_status: string }[] } }
  ).result.student_attendance_list.find((s) => s.student_id === aarav)?.attendance_status;

describe('kept answers', () => {
  it("answers the same caller's same read again without the database, with the same bytes", async () => {
    expect(ROUTES.classAttendance.keep).toBe('minute');
    const first = await req('GET', attendanceUrl(), tara);
    expect(first.statusCode).toBe(200);
    const before = statements();
    const again = await req('GET', attendanceUrl(), tara);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(statements()).toBe(before);
  });

  it('answers afresh after any write, and after the minute', async () => {
    await req('GET', attendanceUrl(), tara);
    const saved = await req('POST', `/api/class_student_attendance/${nurseryA}`, tara, {
      date: day(),
      is_saved: false,
      student_attendance_list: [{ student_id: aarav, attendance_status: 'late' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(markOf((await req('GET', attendanceUrl(), tara)).body)).toBe('late');
    await req('POST', `/api/class_student_attendance/${nurseryA}`, tara, {
      date: day(),
      is_saved: false,
      student_attendance_list: [{ student_id: aarav, attendance_status: 'present' }],
    });
    expect(markOf((await req('GET', attendanceUrl(), tara)).body)).toBe('present');

    await req('GET', '/api/dashboard/', tara);
    const before = statements();
    await req('GET', '/api/dashboard/', tara);
    expect(statements()).toBe(before);
    t.clock.advance(60_000);
    await req('GET', '/api/dashboard/', tara);
    expect(statements()).toBeGreaterThan(before);
  });

  it("survives the job queue's polling when it finds nothing to do", async () => {
    while ((await t.services.jobs.runDue()) > 0);
    await req('GET', attendanceUrl(), tara);
    const before = statements();
    expect(await t.services.jobs.runDue()).toBe(0);
    const after = statements();
    expect(after).toBeGreaterThan(before);
    await req('GET', attendanceUrl(), tara);
    expect(statements()).toBe(after);
  });

  it('is never given to another caller, nor to a request that is refused', async () => {
    const path = `/api/classes/${nurseryA}`;
    const mine = expectResponse(ROUTES.classDetail, await req('GET', path, tara));
    const theirs = expectResponse(ROUTES.classDetail, await req('GET', path, anita));
    expect(theirs.result.my_class._id).toBe(mine.result.my_class._id);
    // A family has no such read; a stranger none at all, kept answers or not.
    expect((await req('GET', path, rohan)).statusCode).toBe(403);
    expect((await req('GET', path)).statusCode).toBe(401);
    expect((await req('GET', path, `${tara}x`)).statusCode).toBe(401);
    // Their dashboards differ: each is their own.
    const staff = await req('GET', '/api/dashboard/', tara);
    const parent = await req('GET', '/api/dashboard/', rohan);
    expect(parent.body).not.toBe(staff.body);
    expect((await req('GET', '/api/dashboard/', rohan)).body).toBe(parent.body);
  });

  it('keeps nothing of a read that writes (an audited read of medical details), nor of a route that does not say keep', async () => {
    expect('keep' in ROUTES.childRecord).toBe(false);
    await req('GET', `/api/student/${aarav}/record`, tara);
    const before = statements();
    expect((await req('GET', `/api/student/${aarav}/record`, tara)).statusCode).toBe(200);
    expect(statements()).toBeGreaterThan(before);
  });

  it('sends a long answer gzip-compressed to a client that accepts it, the same answer as without', async () => {
    const url = `/api/classes/${nurseryA}`;
    const get = (acceptEncoding?: string) =>
      t.request({
        method: 'GET',
        url,
        headers: { ...bearer(tara), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const accepted of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      // The first answer (made by the handler) and the kept one after it.
      for (const _ of [1, 2]) {
        const zipped = await get(accepted);
        expect(zipped.statusCode).toBe(200);
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toContain('accept-encoding');
        expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      }
    }
    expect((await get('gzip;q=0, deflate')).headers['content-encoding']).toBeUndefined();
    // A short answer goes as it is.
    const short = await t.request({
      method: 'GET',
      url: '/api/user_permissions/',
      headers: { ...bearer(tara), 'accept-encoding': 'gzip' },
    });
    expect(short.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(short.headers['content-encoding']).toBeUndefined();
  });
});
