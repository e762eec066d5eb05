import { ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observations } from '../src/platform/db/schema.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
let rohan: string;
const nurseryA = demoId('class:nurseryA');
const meera = demoId('student:Meera Nair');
const aarav = demoId('student:Aarav Sharma');
const ira = demoId('student:Ira Sharma');
const URL = ROUTES.observationCreate.path;

beforeAll(async () => {
  t = await createTestApp();
  tara = await staffToken(t, '9000000003');
  rohan = await parentToken(t, '9000000004');
});
afterAll(() => t.close());

const post = (payload: object, token = tara) => t.request({ method: 'POST', url: URL, headers: bearer(token), payload });
const list = (query: string, token = tara) => t.request({ method: 'GET', url: `${URL}?${query}`, headers: bearer(token) });

describe('observations', () => {
  it('answers 401, 403 to a parent writing, 400 for a child of another class or an empty note', async () => {
    expect((await t.request({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
    expect(
      (
        await post(
          { class_id: nurseryA, observation_entries: [{ student_id: aarav, date: '16-11-2026', general_note: 'x' }] },
          rohan,
        )
      ).statusCode,
    ).toBe(403);
    const stranger = await post({
      class_id: nurseryA,
      observation_entries: [{ student_id: ira, date: '16-11-2026', general_note: 'x' }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('NOT_IN_CLASS');
    expect(
      (await post({ class_id: nurseryA, observation_entries: [{ student_id: aarav, date: '16-11-2026', general_note: '' }] }))
        .statusCode,
    ).toBe(400);
    expect((await post({ class_id: nurseryA, observation_entries: [] })).statusCode).toBe(400);
  });

  it('writes one entry per child in one go, with the defaults, tagged with learning areas', async () => {
    const areas = (await t.request({ method: 'GET', url: `/api/learning_areas/${nurseryA}`, headers: bearer(tara) })).json()
      .result;
    expect(areas.map((a: { code: string }) => a.code)).toEqual([
      'CL',
      'PSED',
      'PD',
      'L',
      'M',
      'UW',
      'EAD',
      'COEL-PE',
      'COEL-AL',
      'COEL-CT',
    ]);
    const maths = areas.find((a: { code: string }) => a.code === 'M').id;
    const res = await post({
      class_id: nurseryA,
      learning_area_ids: [maths],
      observation_entries: [
        { student_id: meera, date: '16-11-2026', general_note: 'Meera stacked ten blocks and counted them' },
        { student_id: aarav, date: '16-11-2026', general_note: 'Aarav helped Meera count the blocks' },
      ],
    });
    const answer = expectResponse(ROUTES.observationCreate, res);
    expect(answer.message).toBe('Observation saved!');
    const entries = answer.result.observation_entries;
    expect(answer.result.is_saved).toBe(true);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      title: 'Observation',
      type_of_anecdote: 'general',
      type: 'daily',
      date: '16-11-2026',
      is_saved: true,
      visibility: 'family',
    });
    expect(entries[0]?.learning_areas.map((a) => a.code)).toEqual(['M']);
    expect(entries[0]?._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('writes without a class: each child under their own class; a child the teacher does not teach is refused', async () => {
    const res = await post({
      observation_entries: [{ student_id: meera, date: '19-11-2026', general_note: 'Built a tower without a class given' }],
    });
    const answer = expectResponse(ROUTES.observationCreate, res);
    expect(answer.result.observation_entries.map((e) => [e.student_id, e.class_id])).toEqual([[meera, nurseryA]]);
    const before = (await t.database.db.select().from(observations)).length;
    const stranger = await post({
      observation_entries: [
        { student_id: meera, date: '19-11-2026', general_note: 'x' },
        { student_id: ira, date: '19-11-2026', general_note: 'x' },
      ],
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBeTruthy();
    expect(
      (await post({ observation_entries: [{ student_id: 'ffffffffffffffffffffffff', date: '19-11-2026', general_note: 'x' }] }))
        .statusCode,
    ).toBe(404);
    expect((await t.database.db.select().from(observations)).length).toBe(before);
    await t.database.db.delete(observations).where(eq(observations.id, answer.result.observation_entries[0]?.id ?? ''));
  });

  it('is all or nothing: a bad learning area writes no entry', async () => {
    const before = (await t.database.db.select().from(observations)).length;
    const res = await post({
      class_id: nurseryA,
      learning_area_ids: ['ffffffffffffffffffffffff'],
      observation_entries: [{ student_id: meera, date: '17-11-2026', general_note: 'Painted' }],
    });
    expect(res.statusCode).toBe(400);
    expect((await t.database.db.select().from(observations)).length).toBe(before);
  });

  it('finds observations by date, by child and by words', async () => {
    expect((await list('date=16-11-2026')).json().result.total).toBe(2);
    expect((await list(`student_id=${meera}`)).json().result.items.map((o: { student_name: string }) => o.student_name)).toEqual([
      'Meera Nair',
    ]);
    const found = (await list('search=blocks counted')).json().result.items;
    expect(found.map((o: { student_name: string }) => o.student_name)).toEqual(['Meera Nair']);
    expect((await list('search=giraffe')).json().result.total).toBe(0);
  });

  it('keeps report-card observations apart, with their report title', async () => {
    await post({
      class_id: nurseryA,
      type: 'report_card',
      report_title: 'Term 1',
      observation_entries: [{ student_id: meera, date: '18-11-2026', general_note: 'Confident with numbers to ten' }],
    });
    const res = (await list('type=report_card&report_title=Term 1')).json().result;
    expect(res.items).toHaveLength(1);
    expect(res.items[0]).toMatchObject({ type: 'report_card', report_title: 'Term 1' });
  });

  it("shows parents only their own child's observations shared with the family", async () => {
    const staffOnly = await post({
      class_id: nurseryA,
      visibility: 'staff',
      observation_entries: [{ student_id: aarav, date: '19-11-2026', general_note: 'Private note for staff' }],
    });
    expect(staffOnly.statusCode).toBe(200);
    const mine = (await list('', rohan)).json().result.items;
    expect(mine.map((o: { student_name: string }) => o.student_name)).toEqual(['Aarav Sharma']);
    expect(mine.map((o: { general_note: string }) => o.general_note)).toEqual(['Aarav helped Meera count the blocks']);
    expect((await list(`student_id=${meera}`, rohan)).statusCode).toBe(404);
  });

  it('edits, adds photos, and deletes; staff of another class cannot', async () => {
    const id = (await list(`student_id=${meera}&date=16-11-2026`)).json().result.items[0].id;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/observations/${id}`,
      headers: bearer(tara),
      payload: { title: 'Counting', general_note: 'Meera stacked twelve blocks' },
    });
    expect(edited.json().result).toMatchObject({ title: 'Counting', general_note: 'Meera stacked twelve blocks' });
    const neha = await staffToken(t, '9000000005');
    expect(
      (await t.request({ method: 'PUT', url: `/api/observations/${id}`, headers: bearer(neha), payload: { title: 'x' } }))
        .statusCode,
    ).toBe(403);
    const boundary = '----cue';
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f08c00' } })
      .png()
      .toBuffer();
    const upload = await t.request({
      method: 'POST',
      url: ROUTES.mediaUpload.path,
      headers: { ...bearer(tara), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blocks.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const withPhoto = await t.request({
      method: 'POST',
      url: `/api/add_media_to_anecdotes/${id}`,
      headers: bearer(tara),
      payload: { media: [{ media_link: upload.json().result.media_link }] },
    });
    expect(withPhoto.json().result.media).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: `/api/observations/${id}`, headers: bearer(tara) })).statusCode).toBe(200);
    expect(await t.database.db.select().from(observations).where(eq(observations.id, id))).toEqual([]);
  });

  it("shows a child's coverage by learning area, so gaps show", async () => {
    const res = await t.request({ method: 'GET', url: `/api/observations/coverage/${aarav}`, headers: bearer(tara) });
    const coverage = res.json().result as { code: string; observations: number }[];
    expect(coverage.find((a) => a.code === 'M')?.observations).toBe(1);
    expect(coverage.find((a) => a.code === 'PD')?.observations).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: `/api/observations/coverage/${aarav}`, headers: bearer(rohan) })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/observations/coverage/${meera}`, headers: bearer(rohan) })).statusCode,
    ).toBe(404);
  });
});
