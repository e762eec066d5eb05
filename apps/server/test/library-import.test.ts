import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, LIBRARY_CSV_COLUMNS, LIBRARY_MESSAGES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryImports } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise: holds the librarian's permission
let tara: string; // a teacher
let rohan: string; // a father
let mona: string; // Moonbeam

const FIXTURES = path.resolve(__dirname, 'fixtures/library');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const req = requester(() => t);
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string };

function upload(token: string | undefined, bytes: Buffer, filename: string) {
  const boundary = '----cue-library-import';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.request({
    method: 'POST',
    url: '/api/library/imports/',
    headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
const preview = async (bytes: Buffer, filename: string) =>
  expectResponse(ROUTES.libraryImportPreview, await upload(anita, bytes, filename)).result;
const commit = (id: string, token = anita) => req('POST', `/api/library/imports/${id}/commit`, token);
const search = async (text: string) =>
  expectResponse(ROUTES.libraryItemList, await req('GET', `/api/library/items/?search=${encodeURIComponent(text)}`, anita))
    .result;

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t.close());

describe('MARC21 imports', () => {
  it('previews every well-formed record of real Library of Congress files with its title and ISBN', async () => {
    const result = await preview(fixture('marc.dat'), 'marc.dat');
    expect(result).toMatchObject({ format: 'marc', status: 'preview', total: 20, valid: 20, refused: 0, refusals: [] });
    expect(result.preview).toHaveLength(20);
    expect(result.preview[0]).toEqual({
      row: 1,
      title: 'The pragmatic programmer',
      authors: ['Hunt, Andrew', 'Thomas, David'],
      isbn: '978-0-201-61622-4',
      publisher: 'Addison-Wesley',
      published_year: 2000,
      copies: 1,
      existing: false,
    });
    expect(result.preview.map((r) => r.title)).toContain('Programming Python');
    const utf8 = await preview(fixture('utf8_with_leader_flag.dat'), 'utf8.dat');
    expect(utf8.preview[0]?.title).toBe('Escape from loneliness');
    const xml = await preview(fixture('batch.xml'), 'batch.xml');
    expect(xml.preview.map((r) => r.title)).toEqual(['The Great Ray Charles', 'The White House']);
  });

  it('keeps the first valid of several ISBNs', async () => {
    const result = await preview(fixture('multi_isbn.dat'), 'multi.mrc');
    expect(result.preview[0]).toMatchObject({ title: 'The town scold', isbn: '978-0-914378-28-0' });
  });

  it('previews the good records of a broken file and says where each bad one is and why', async () => {
    const result = await preview(fixture('broken.mrc'), 'broken.mrc');
    expect(result).toMatchObject({ total: 6, valid: 3, refused: 3 });
    expect(result.preview.map((r) => r.row)).toEqual([1, 4, 6]);
    expect(result.refusals.map((r) => [r.row, r.field])).toEqual([
      [2, null],
      [3, 'isbn'],
      [5, null],
    ]);
    expect(result.refusals[0]?.message).toMatch(/leader/);
    expect(result.refusals[1]?.message).toContain(LIBRARY_MESSAGES.invalidIsbn);
    expect(result.refusals[1]?.excerpt).toBe('Programming Python');
    expect(result.refusals[2]?.message).toMatch(/cut short/);
    // pymarc's own damaged records: each reported, none stops the rest.
    const bad = await preview(fixture('bad_records.mrc'), 'bad_records.mrc');
    expect(bad.total).toBe(bad.valid + bad.refused);
    expect(bad.refused).toBeGreaterThan(0);
    expect(bad.refusals.every((r) => r.message.length > 0)).toBe(true);
  });

  it('commits once: items and copies numbered from the sequence; a second commit is refused', async () => {
    const previewed = await preview(fixture('marc.dat'), 'marc.dat');
    const done = expectResponse(ROUTES.libraryImportCommit, await commit(previewed.id));
    expect(done.message).toBe(LIBRARY_MESSAGES.imported);
    expect(done.result).toMatchObject({ status: 'done', progress: 100, created_items: 20, created_copies: 20 });
    const found = await search('pragmatic programmer');
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ isbn: '978-0-201-61622-4', copies: { total: 1, available: 1 } });
    expect((await search('020161622X')).total).toBe(1);
    const again = await commit(previewed.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(LIBRARY_MESSAGES.importDone);
    expect(
      expectResponse(ROUTES.libraryImportGet, await req('GET', `/api/library/imports/${previewed.id}`, anita)).result.status,
    ).toBe('done');
  });

  it('commits a large file as a job: answered at once, done once the job ran', async () => {
    const { marcFile } = await import('../../../bench/library-import.js');
    const result = await preview(marcFile(1200), 'large.mrc');
    expect(result).toMatchObject({ total: 1200, valid: 1200, refused: 0 });
    const started = expectResponse(ROUTES.libraryImportCommit, await commit(result.id)).result;
    expect(started).toMatchObject({ status: 'importing', created_items: 0 });
    expect((await commit(result.id)).statusCode).toBe(409);
    await t.services.jobs.runDue();
    const done = expectResponse(ROUTES.libraryImportGet, await req('GET', `/api/library/imports/${result.id}`, anita)).result;
    expect(done).toMatchObject({ status: 'done', progress: 100, created_items: 1200, created_copies: 1200 });
    expect((await search('BENCH-1200')).total).toBe(1);
  });

  it('adds copies to the items whose ISBN is already in the catalogue', async () => {
    const result = await preview(fixture('one.dat'), 'one.dat');
    expect(result.preview[0]).toMatchObject({ title: 'ActivePerl with ASP and ADO', existing: false });
    await commit(result.id);
    const second = await preview(fixture('one.dat'), 'one-again.dat');
    expect(second.preview[0]?.existing).toBe(true);
    const done = expectResponse(ROUTES.libraryImportCommit, await commit(second.id)).result;
    expect(done).toMatchObject({ created_items: 0, created_copies: 1 });
    const found = await search('activeperl');
    expect(found.items).toHaveLength(1);
    expect(found.items[0]?.copies.total).toBe(2);
  });

  it('refuses a file that is no catalogue, and one with nothing to import', async () => {
    const png = await upload(anita, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'picture.png');
    expect(png.statusCode).toBe(400);
    expect(errorOf(png)).toMatchObject({ code: ERROR_CODES.importInvalidFile, message: LIBRARY_MESSAGES.importFormat });
    const empty = await upload(anita, Buffer.from(`${LIBRARY_CSV_COLUMNS.join(',')}\n`), 'empty.csv');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).code).toBe(ERROR_CODES.importEmpty);
    const nothing = await preview(Buffer.from('title,isbn\n,123\n'), 'nothing.csv');
    expect(nothing).toMatchObject({ valid: 0, refused: 1 });
    const refused = await commit(nothing.id);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(LIBRARY_MESSAGES.importNothingValid);
  });
});

describe('CSV imports', () => {
  it('gives a template with the header and an example row that imports as it is', async () => {
    const res = await req('GET', '/api/library/imports/template', anita);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, example] = res.body.trim().split('\n');
    expect(header).toBe(LIBRARY_CSV_COLUMNS.join(','));
    expect(example).toContain('The Very Hungry Caterpillar');
    const result = await preview(Buffer.from(res.body), 'template.csv');
    expect(result).toMatchObject({ format: 'csv', valid: 1, refused: 0 });
  });

  it('imports the good rows: given barcodes, copies from the sequence, ages, tags, Arabic titles', async () => {
    const result = await preview(fixture('good.csv'), 'good.csv');
    expect(result).toMatchObject({ total: 4, valid: 4, refused: 0 });
    expect(result.preview.map((r) => [r.title, r.copies])).toEqual([
      ['The Very Hungry Caterpillar', 2],
      ['Where the Wild Things Are', 3],
      ['Goodnight Moon', 1],
      ['الأسد والفأر', 1],
    ]);
    const done = expectResponse(ROUTES.libraryImportCommit, await commit(result.id)).result;
    expect(done).toMatchObject({ created_items: 4, created_copies: 7 });
    const wild = (await search('CSV-002')).items[0];
    expect(wild).toMatchObject({ title: 'Where the Wild Things Are', isbn: '978-0-06-025492-6', age_min: 3, age_max: 7 });
    const caterpillar = (await search('caterpillar')).items[0];
    expect(caterpillar).toMatchObject({ kind: 'picture_book', tags: ['Animals', 'Counting'], copies: { total: 2 } });
    expect((await search('الأسد')).total).toBe(1);
  });

  it('reports broken rows one by one: no title, a bad ISBN, a barcode used twice, a title too long', async () => {
    const result = await preview(fixture('broken.csv'), 'broken.csv');
    expect(result).toMatchObject({ total: 6, valid: 2, refused: 4 });
    expect(result.preview.map((r) => r.title)).toEqual(['Brown Bear Brown Bear', 'Owl Babies']);
    expect(result.refusals.map((r) => [r.row, r.field])).toEqual([
      [2, 'title'],
      [3, 'isbn'],
      [4, 'barcodes'],
      [5, 'title'],
    ]);
    expect(result.refusals[2]?.message).toContain('BRK-1');
    expect(result.refusals[3]?.message).toMatch(/300/);
    expect(result.refusals[1]?.excerpt).toBe('Bad ISBN book');
  });

  it('refuses barcodes already on copies of the school, and merges two rows of one ISBN', async () => {
    const csv = [
      'title,isbn,barcodes,copies',
      'Again,,CSV-001,',
      'Brown Bear,9780805047905,BB-1,',
      'Brown Bear (second copy),978-0-8050-4790-5,BB-2,',
      'Brown Bear (more),0805047905,,2',
    ].join('\n');
    const result = await preview(Buffer.from(csv), 'merge.csv');
    expect(result.refusals).toEqual([
      { row: 1, field: 'barcodes', message: `${LIBRARY_MESSAGES.barcodeTaken}: CSV-001`, excerpt: 'Again' },
    ]);
    expect(result.preview).toEqual([expect.objectContaining({ title: 'Brown Bear', copies: 4, existing: false })]);
    expect(expectResponse(ROUTES.libraryImportCommit, await commit(result.id)).result).toMatchObject({
      created_items: 1,
      created_copies: 4,
    });
    expect((await search('BB-2')).items[0]?.copies.total).toBe(4);
  });
});

describe('who may import', () => {
  let mine: string;
  beforeAll(async () => {
    mine = (await preview(fixture('one.dat'), 'one.dat')).id;
  });

  it('asks for a sign-in', async () => {
    expect((await req('GET', '/api/library/imports/template')).statusCode).toBe(401);
    expect((await upload(undefined, fixture('one.dat'), 'one.dat')).statusCode).toBe(401);
    expect((await req('GET', `/api/library/imports/${mine}`)).statusCode).toBe(401);
    expect((await commit(mine, '')).statusCode).toBe(401);
  });

  it('refuses teachers, families and other schools', async () => {
    for (const token of [tara, rohan, mona]) {
      expect((await req('GET', '/api/library/imports/template', token)).statusCode).toBe(403);
      expect((await upload(token, fixture('one.dat'), 'one.dat')).statusCode).toBe(403);
      expect((await req('GET', `/api/library/imports/${mine}`, token)).statusCode).toBe(403);
      expect((await commit(mine, token)).statusCode).toBe(403);
    }
    // Another school's import does not exist for Sunrise's librarian.
    const theirs = newId();
    await t.database.db.insert(libraryImports).values({
      id: theirs,
      schoolId: demoId('school:moonbeam'),
      format: 'csv',
      filename: 'theirs.csv',
      records: [],
    });
    expect((await req('GET', `/api/library/imports/${theirs}`, anita)).statusCode).toBe(404);
    expect((await commit(theirs)).statusCode).toBe(404);
  });

  it('is refused when the school switches the library off', async () => {
    const set = (on: boolean) =>
      t.request({
        method: 'PUT',
        url: '/api/school_permissions/',
        headers: bearer(anita),
        payload: { permissions: { library_management: on } },
      });
    expect((await set(false)).statusCode).toBe(200);
    try {
      expect((await upload(anita, fixture('one.dat'), 'one.dat')).statusCode).toBe(403);
      expect((await req('GET', `/api/library/imports/${mine}`, anita)).statusCode).toBe(403);
    } finally {
      expect((await set(true)).statusCode).toBe(200);
    }
  });
});
