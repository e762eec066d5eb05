import { ERROR_CODES, PRIVACY_MESSAGES, ROUTES } from '@cue/contract';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_TABLES } from '../src/modules/privacy/repo.js';
import { monthsBefore } from '../src/modules/privacy/service.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, exportFinished, parentToken, requester, staffToken, type TestApp } from './harness.js';

/**
 * Data protection (issue 30): a family's copy of everything about their child (a ZIP of JSON and media)
 * and nobody else's; the erasure of a child's data on request, keeping the records the law requires; the
 * school's retention settings for media and logs.
 */

let t: TestApp;
let anita: string;
let tara: string;
let rohan: string;
let mona: string;
const req = requester(() => t);
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma');
const adam = demoId('student:Adam Nassar');
const taraId = demoId('user:9000000003');
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A file of the ZIP as text ('' when it is missing, which the assertions then catch). */
const text = async (zip: JSZip, name: string) => (await zip.file(name)?.async('string')) ?? '';

/** A photo stored for the school, tagged with these children. */
async function photo(children: string[], bytes: string, createdAt = new Date()) {
  const id = newId();
  const url = await t.services.storage.put(`media/test-${id}.jpg`, Buffer.from(bytes), 'image/jpeg', {
    uploadedBy: taraId,
    schoolId: sunrise,
    name: `${id}.jpg`,
  });
  await t.database.db.execute(sql`insert into media_items (id, school_id, class_id, kind, status, privacy, name, taken_on, mime_type, bytes, url, uploaded_by, created_at)
    values (${id}, ${sunrise}, ${nurseryA}, 'image', 'ready', 'class', ${`${id}.jpg`}, '2026-11-02', 'image/jpeg', ${bytes.length}, ${url}, ${taraId}, ${createdAt.toISOString()})`);
  for (const child of children)
    await t.database.db.execute(sql`insert into media_tags (item_id, student_id, tagged_by) values (${id}, ${child}, ${taraId})`);
  return id;
}

async function observation(child: string, note: string) {
  const id = newId();
  await t.database.db.execute(sql`insert into observations (id, school_id, class_id, student_id, group_id, date, title, general_note, created_by)
    values (${id}, ${sunrise}, ${nurseryA}, ${child}, ${id}, '2026-11-02', 'Block tower', ${note}, ${taraId})`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t?.close());

describe("a family's copy of their child's data", () => {
  it('is asked for by the family or an admin who manages students: 401, 400, 404 for another family or school, 403 for a teacher', async () => {
    const path = `/api/student/${aarav}/data_export`;
    expect((await req('POST', path)).statusCode).toBe(401);
    expect((await req('POST', '/api/student/not-an-id/data_export', rohan)).statusCode).toBe(400);
    expect((await req('POST', `/api/student/${diya}/data_export`, rohan)).statusCode).toBe(404);
    expect((await req('POST', path, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/student/${adam}/data_export`, anita)).statusCode).toBe(404);
    expect((await req('POST', path, tara)).statusCode).toBe(403);
    const started = expectResponse(ROUTES.childDataExport, await req('POST', path, rohan));
    expect(started.message).toBe(PRIVACY_MESSAGES.exportStarted);
    expect(started.result).toMatchObject({ kind: 'family_data', file_link: null });
    // Another family cannot follow it.
    expect((await req('GET', `/api/exports/${started.result.id}`, anita)).statusCode).toBe(404);
  });

  it('is a ZIP of JSON and media with their child and nobody else’s', async () => {
    const alone = await photo([aarav], 'aarav-alone-photo');
    await photo([aarav, diya], 'aarav-with-diya-photo');
    await photo([diya], 'diya-only-photo');
    await observation(aarav, `Aarav built a tower with Diya Patel (${diya}) and counted to ten.`);
    await observation(diya, 'Diya painted a sunflower.');

    const started = expectResponse(ROUTES.childDataExport, await req('POST', `/api/student/${aarav}/data_export`, rohan)).result;
    const done = await exportFinished(t, rohan, started.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.file_link).toMatch(/^\/media\/exports\/[0-9a-f]{24}\.zip\?/);
    const file = await t.request({ method: 'GET', url: done.file_link ?? '' });
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(
      expect.arrayContaining(['child.json', 'observations.json', 'attendance.json', 'media/index.json', 'README.txt']),
    );

    const child = JSON.parse(await text(zip, 'child.json'));
    expect(child.child).toMatchObject({ id: aarav, first_name: 'Aarav', last_name: 'Sharma' });
    expect(child.family.map((f: { student_id: string }) => f.student_id)).toEqual(expect.arrayContaining([aarav]));
    const observations = JSON.parse(await text(zip, 'observations.json')).observations;
    const notes = observations.map((o: { general_note: string }) => o.general_note);
    expect(notes).toContain('Aarav built a tower with another child (another child) and counted to ten.');
    expect(notes).not.toContain('Diya painted a sunflower.');

    // The photos of the child, alone and with another child, are in it; the other child's own is not.
    const media = await Promise.all(
      names.filter((n) => n.startsWith('media/photos-and-videos/') && !zip.files[n]?.dir).map((n) => text(zip, n)),
    );
    expect(media).toEqual(expect.arrayContaining(['aarav-alone-photo', 'aarav-with-diya-photo']));
    expect(media).not.toContain('diya-only-photo');
    const mediaJson = JSON.parse(await text(zip, 'media.json'));
    expect(mediaJson.media_items.map((i: { id: string }) => i.id)).toContain(alone);

    // No other child of the school (a classmate, a sibling) is named or referred to anywhere.
    const others = await rows<{ id: string; name: string }>(
      sql`select id, first_name || ' ' || last_name as name from students where school_id = ${sunrise} and id <> ${aarav}`,
    );
    expect(others.map((o) => o.id)).toContain(ira);
    // A sibling too: each child's copy is their own.
    for (const n of names.filter((n) => n.endsWith('.json'))) {
      const body = await text(zip, n);
      for (const other of others) {
        expect(body, `${n} names ${other.name}`).not.toContain(other.id);
        expect(body, `${n} names ${other.name}`).not.toContain(other.name);
      }
    }
  });

  it('is a data export in the school’s audit log', async () => {
    const started = expectResponse(ROUTES.childDataExport, await req('POST', `/api/student/${aarav}/data_export`, anita)).result;
    const [entry] = await rows<{ label: string; action: string }>(
      sql`select label, action from audit_log where entity_id = ${started.id}`,
    );
    expect(entry).toEqual({ label: 'family_data', action: 'export' });
  });
});

describe("erasing a child's data", () => {
  const path = `/api/student/${aarav}/erasure`;

  it('is the admin’s who manages students: 401, 404 for another school, 403 for a teacher and a family', async () => {
    expect((await req('GET', path)).statusCode).toBe(401);
    expect((await req('GET', `/api/student/${adam}/erasure`, anita)).statusCode).toBe(404);
    expect((await req('GET', path, mona)).statusCode).toBe(403);
    expect((await req('GET', path, tara)).statusCode).toBe(403);
    expect((await req('GET', path, rohan)).statusCode).toBe(403);
    expect((await req('POST', path, tara, { confirm_name: 'Aarav Sharma' })).statusCode).toBe(403);
    expect((await req('POST', path, rohan, { confirm_name: 'Aarav Sharma' })).statusCode).toBe(403);
    expect((await req('POST', `/api/student/${adam}/erasure`, anita, { confirm_name: 'Adam Nassar' })).statusCode).toBe(404);
    expect((await req('POST', path, anita, {})).statusCode).toBe(400);
    // Hostile text is refused before anything is read or erased.
    for (const body of [
      { confirm_name: 'Aarav\u0000 Sharma' },
      { confirm_name: 'A'.repeat(1_000_000) },
      { confirm_name: 'Aarav Sharma', reason: 'x'.repeat(1_000_000) },
    ])
      expect((await req('POST', path, anita, body)).statusCode).toBe(400);
    expect((await req('PUT', '/api/school/retention', anita, { media_months: '=1+1', log_months: null })).statusCode).toBe(400);
  });

  it('shows what would be erased and kept, and refuses while the child has not left', async () => {
    await t.database.db.execute(
      sql`insert into attendance_records (class_id, student_id, date, status, updated_by) values (${nurseryA}, ${aarav}, '2026-10-01', 'present', ${taraId}) on conflict do nothing`,
    );
    const preview = expectResponse(ROUTES.childErasurePreview, await req('GET', path, anita)).result;
    expect(preview).toMatchObject({ student_id: aarav, name: 'Aarav Sharma', enrolled: true, erased_at: null });
    const count = (list: { category: string; count: number }[], c: string) => list.find((e) => e.category === c)?.count;
    expect(count(preview.erased, 'observations')).toBeGreaterThan(0);
    expect(count(preview.erased, 'media')).toBeGreaterThan(0);
    expect(count(preview.kept, 'attendance')).toBeGreaterThan(0);
    const refused = await req('POST', path, anita, { confirm_name: 'Aarav Sharma' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: PRIVACY_MESSAGES.stillEnrolled, code: ERROR_CODES.childStillEnrolled });
  });

  it('erases everything no law requires, keeps the rest, and cannot be done twice', async () => {
    const shared = await photo([aarav, diya], 'shared-before-erasure');
    const alone = await photo([aarav], 'alone-before-erasure');
    // He left yesterday (the clock's day before), as his profile now says.
    const yesterday = new Date(t.clock.now().getTime() - 24 * 3600 * 1000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('-');
    const left = await req('PUT', `/api/student/${aarav}/profile`, anita, { leaving_date: yesterday });
    expect(left.statusCode, left.body).toBe(200);
    const before = expectResponse(ROUTES.childErasurePreview, await req('GET', path, anita)).result;
    expect(before.enrolled).toBe(false);

    const wrong = await req('POST', path, anita, { confirm_name: 'Aarav' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: PRIVACY_MESSAGES.nameMismatch, code: ERROR_CODES.erasureNameMismatch });

    const erased = expectResponse(
      ROUTES.childErasure,
      await req('POST', path, anita, { confirm_name: '  aarav   SHARMA ', reason: 'Family request of 20-11-2026' }),
    );
    expect(erased.message).toBe(PRIVACY_MESSAGES.erased);
    expect(erased.result.erased_at).not.toBeNull();
    expect(erased.result.erased.every((e) => e.count === 0)).toBe(true);
    expect(erased.result.kept).toEqual(before.kept);

    // The photo of the child alone is gone; the shared one stays, without the child's tag.
    expect(await rows(sql`select id from media_items where id = ${alone}`)).toEqual([]);
    expect(await rows(sql`select student_id from media_tags where item_id = ${shared}`)).toEqual([{ student_id: diya }]);
    expect(await rows(sql`select id from observations where student_id = ${aarav}`)).toEqual([]);
    // Nor is he in a class any more: no roster, register or list shows him.
    expect(await rows(sql`select class_id from class_students where student_id = ${aarav}`)).toEqual([]);
    expect((await rows(sql`select 1 from attendance_records where student_id = ${aarav}`)).length).toBeGreaterThan(0);
    // The name stays on the records kept.
    expect(await rows(sql`select first_name, last_name from students where id = ${aarav}`)).toEqual([
      { first_name: 'Aarav', last_name: 'Sharma' },
    ]);

    const [entry] = await rows<{ action: string; label: string; after: unknown }>(
      sql`select action, label, after from audit_log where entity_type = 'student' and entity_id = ${aarav}`,
    );
    expect(entry).toEqual({ action: 'erase', label: 'Aarav Sharma', after: { reason: 'Family request of 20-11-2026' } });

    const again = await req('POST', path, anita, { confirm_name: 'Aarav Sharma' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.alreadyErased);
    // The family still reads what is kept.
    expect((await req('GET', `/api/student/${aarav}/record`, rohan)).statusCode).toBe(200);
  });

  it('names every table that holds rows about one child', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select distinct table_name from information_schema.columns where column_name = 'student_id' and table_schema = current_schema()`,
    );
    const named = new Set(CHILD_TABLES.map((c) => c.table));
    expect(tables.map((r) => r.table_name).filter((n) => !named.has(n))).toEqual([]);
  });
});

describe("the school's retention settings", () => {
  it('are the admin’s who manages the school’s details: 401, 403, 400 for months out of range', async () => {
    expect((await req('GET', '/api/school/retention')).statusCode).toBe(401);
    expect((await req('GET', '/api/school/retention', tara)).statusCode).toBe(403);
    expect((await req('GET', '/api/school/retention', rohan)).statusCode).toBe(403);
    expect((await req('PUT', '/api/school/retention', tara, { media_months: 12, log_months: null })).statusCode).toBe(403);
    for (const bad of [0, 241, 1.5, '12'])
      expect((await req('PUT', '/api/school/retention', anita, { media_months: bad, log_months: null })).statusCode).toBe(400);
    const none = expectResponse(ROUTES.retentionSettings, await req('GET', '/api/school/retention', anita)).result;
    expect(none).toEqual({ media_months: null, log_months: null, last_run_at: null, last_run: null });
  });

  it('delete the school’s older media and log entries every day, and nobody else’s', async () => {
    const saved = expectResponse(
      ROUTES.retentionUpdate,
      await req('PUT', '/api/school/retention', anita, { media_months: 12, log_months: 6 }),
    );
    expect(saved.message).toBe(PRIVACY_MESSAGES.retentionSaved);
    expect(saved.result).toMatchObject({ media_months: 12, log_months: 6 });
    const now = t.clock.now();
    const old = new Date(now.getTime() - 400 * 24 * 3600 * 1000);
    const oldPhoto = await photo([diya], 'old-photo', old);
    const newPhoto = await photo([diya], 'new-photo');
    const oldLog = newId();
    const moonbeamLog = newId();
    await t.database.db.execute(sql`insert into audit_log (id, school_id, action, entity_type, entity_id, label, at)
      values (${oldLog}, ${sunrise}, 'update', 'role', 'x', 'old', ${old.toISOString()}),
             (${moonbeamLog}, ${moonbeam}, 'update', 'role', 'x', 'old', ${old.toISOString()})`);

    const done = await t.services.privacy.applyRetention();
    expect(done.get(sunrise)?.media).toBeGreaterThanOrEqual(1);
    expect(done.get(sunrise)?.logs).toBeGreaterThanOrEqual(1);
    expect(done.has(moonbeam)).toBe(false);
    expect(await rows(sql`select id from media_items where id = ${oldPhoto}`)).toEqual([]);
    expect((await rows(sql`select id from media_items where id = ${newPhoto}`)).length).toBe(1);
    expect(await rows(sql`select id from audit_log where id = ${oldLog}`)).toEqual([]);
    expect((await rows(sql`select id from audit_log where id = ${moonbeamLog}`)).length).toBe(1);
    // The settings' own change is recent: kept.
    expect((await rows(sql`select 1 from audit_log where entity_type = 'retention' and action = 'update'`)).length).toBe(1);

    const after = expectResponse(ROUTES.retentionSettings, await req('GET', '/api/school/retention', anita)).result;
    expect(after.last_run_at).not.toBeNull();
    expect(after.last_run?.media).toBe(done.get(sunrise)?.media);
    // Switched off again, nothing is deleted.
    await req('PUT', '/api/school/retention', anita, { media_months: null, log_months: null });
    expect((await t.services.privacy.applyRetention()).size).toBe(0);
  });

  it('count months by the calendar', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-11-29T00:00:00Z'), 12).toISOString()).toBe('2025-11-29T00:00:00.000Z');
  });
});
