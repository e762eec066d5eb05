import { communicationAudienceResponseSchema, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
let anita: string;
let mona: string;
let rohan: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const toddlers = demoId('class:toddlers');

beforeAll(async () => {
  t = await createTestApp();
  [tara, anita, mona, rohan] = [
    await staffToken(t, '9000000003'),
    await staffToken(t, '9000000002'),
    await staffToken(t, '9000000006'),
    await parentToken(t, '9000000004'),
  ];
});
afterAll(() => t.close());

const audience = (token: string, query: string) =>
  t.request({ method: 'GET', url: `${ROUTES.communicationAudience.path}?${query}`, headers: bearer(token) });

describe('GET /api/communication/audience/ (asked before sending)', () => {
  it('counts the families and children an announcement to everyone reaches, in the caller’s school only', async () => {
    const res = await audience(anita, 'share_with=Everyone');
    expect(res.statusCode).toBe(200);
    const { result } = communicationAudienceResponseSchema.parse(res.json());
    expect(result.classes.map((c) => c.class_name).sort()).toEqual(['Kindergarten B', 'Nursery A']);
    expect(result.children).toBe(22);
    // Rohan (Aarav and Ira) counts once; Neha (Diya) once.
    expect(result.families).toBeGreaterThanOrEqual(2);
    const moonbeam = communicationAudienceResponseSchema.parse((await audience(mona, 'share_with=Everyone')).json()).result;
    expect(moonbeam.classes.map((c) => c.id)).toEqual([toddlers]);
  });

  it('counts chosen classes, refuses another school’s class and a class the teacher does not teach', async () => {
    const own = communicationAudienceResponseSchema.parse(
      (await audience(tara, `share_with=Classes&classes_ids=${nurseryA}`)).json(),
    ).result;
    expect(own).toMatchObject({ children: 12, classes: [{ id: nurseryA, class_name: 'Nursery A' }] });
    expect(own.families).toBeGreaterThanOrEqual(2);
    expect((await audience(tara, `share_with=Classes&classes_ids=${kgB}`)).statusCode).toBe(403);
    expect((await audience(tara, `share_with=Classes&classes_ids=${toddlers}`)).statusCode).toBe(400);
    expect((await audience(tara, 'share_with=Classes')).statusCode).toBe(400);
    expect((await audience(tara, 'share_with=Classes&classes_ids=nope')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await t.request({ method: 'GET', url: ROUTES.communicationAudience.path })).statusCode).toBe(401);
    expect((await audience(rohan, 'share_with=Everyone')).statusCode).toBe(403);
  });
});
