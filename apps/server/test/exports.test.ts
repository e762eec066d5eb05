import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string;
let tara: string;
let sam: string;
const nurseryA = demoId('class:nurseryA');
const toddlers = demoId('class:toddlers');

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, sam] = await Promise.all([staffToken(t, '9000000002'), staffToken(t, '9000000003'), staffToken(t, '9000000001')]);
});
afterAll(() => t.close());

const ask = (token: string | null, classId: string, language = 'en') =>
  t.request({
    method: 'POST',
    url: `/api/classes/${classId}/emergency_sheet`,
    headers: token ? bearer(token) : {},
    payload: { language },
  });
const status = (token: string, id: string) => t.request({ method: 'GET', url: `/api/exports/${id}`, headers: bearer(token) });

describe("a class's emergency sheet", () => {
  it('is prepared by a job with its progress, then opens as a PDF through a signed link', async () => {
    const started = expectResponse(ROUTES.classEmergencySheet, await ask(anita, nurseryA));
    expect(started.message).toBe('The document is being prepared');
    expect(started.result).toMatchObject({ kind: 'emergency_sheet', status: 'pending', progress: 0, file_link: null });
    await t.services.jobs.runDue();
    const done = expectResponse(ROUTES.exportStatus, await status(anita, started.result.id)).result;
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.file_link).toMatch(/^\/media\/exports\/[0-9a-f]{24}\.pdf\?/);
    const file = await t.request({ method: 'GET', url: done.file_link ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One block per child of the class: a longer class makes a longer document.
    expect(file.rawPayload.length).toBeGreaterThan(20_000);
    const unsigned = await t.request({ method: 'GET', url: (done.file_link ?? '').split('?')[0] ?? '' });
    expect(unsigned.statusCode).toBe(403);
  });

  it('starts at once on the instance that was asked, without waiting for the queue to come round', async () => {
    const started = expectResponse(ROUTES.classEmergencySheet, await ask(anita, nurseryA));
    let now = started.result;
    for (let n = 0; n < 100 && now.status !== 'done' && now.status !== 'failed'; n++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = expectResponse(ROUTES.exportStatus, await status(anita, started.result.id)).result;
    }
    expect(now).toMatchObject({ status: 'done', progress: 100 });
  });

  it('is made in Arabic and Hebrew too', async () => {
    for (const language of ['ar', 'he']) {
      const started = expectResponse(ROUTES.classEmergencySheet, await ask(anita, nurseryA, language));
      await t.services.jobs.runDue();
      expect(expectResponse(ROUTES.exportStatus, await status(anita, started.result.id)).result.status).toBe('done');
    }
  });

  it("refuses without a token (401), a bad language (400), a teacher without the permission (403), another school's class (404)", async () => {
    expect((await ask(null, nurseryA)).statusCode).toBe(401);
    expect((await ask(anita, nurseryA, 'fr')).statusCode).toBe(400);
    expect((await ask(tara, nurseryA)).statusCode).toBe(403);
    expect((await ask(anita, toddlers)).statusCode).toBe(404);
  });

  it('shows an export only to the person who asked for it', async () => {
    const started = expectResponse(ROUTES.classEmergencySheet, await ask(anita, nurseryA));
    expect((await status(sam, started.result.id)).statusCode).toBe(404);
    expect((await status(tara, started.result.id)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/exports/nope', headers: bearer(anita) })).statusCode).toBe(400);
  });
});
