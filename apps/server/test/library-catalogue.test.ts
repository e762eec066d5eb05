import { ERROR_CODES, LIBRARY_MESSAGES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryCopies, libraryItems, libraryLoans } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import {
  createTestApp,
  expectResponse,
  exportFinished,
  parentToken,
  pdfText,
  requester,
  staffToken,
  type TestApp,
} from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise: holds the librarian's permission
let tara: string; // teacher of Nursery A: reads the catalogue, changes nothing
let rohan: string; // a father
let mona: string; // Moonbeam, another school of the organization
const aarav = demoId('student:Aarav Sharma');

const req = requester(() => t);
const errorOf = (res: { json(): unknown }) =>
  res.json() as { code: string; message: string; errors?: { field: string; message: string }[] };

const createItem = async (body: Record<string, unknown>, token = anita) =>
  expectResponse(ROUTES.libraryItemCreate, await req('POST', '/api/library/items/', token, body)).result;
const getItem = async (id: string, token = anita) =>
  expectResponse(ROUTES.libraryItemGet, await req('GET', `/api/library/items/${id}`, token)).result;
const list = async (query: string, token = anita) =>
  expectResponse(ROUTES.libraryItemList, await req('GET', `/api/library/items/?${query}`, token)).result;

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

/** An item with one copy (MOON-1) of Moonbeam, made in the database (no Moonbeam librarian in the demo). */
let moonbeam: { item: string; copy: string } | undefined;
async function moonbeamItem(): Promise<{ item: string; copy: string }> {
  if (moonbeam) return moonbeam;
  const schoolId = demoId('school:moonbeam');
  moonbeam = { item: newId(), copy: newId() };
  await t.database.db.insert(libraryItems).values({ id: moonbeam.item, schoolId, title: 'Moon book', searchText: 'moon book' });
  await t.database.db.insert(libraryCopies).values({ id: moonbeam.copy, schoolId, itemId: moonbeam.item, barcode: 'MOON-1' });
  return moonbeam;
}

describe('the catalogue', () => {
  let matilda: string;

  it('adds an item with its first copies numbered from the school sequence, its ISBN hyphenated', async () => {
    const item = await createItem({
      title: 'Matilda',
      authors: ['Roald Dahl'],
      isbn: '0-14-032872-6', // ISBN-10, stored as 13
      language: 'EN',
      age_min: 5,
      age_max: 9,
      tags: ['Classics'],
      copies: 2,
    });
    matilda = item.id;
    expect(item).toMatchObject({
      title: 'Matilda',
      isbn: '978-0-14-032872-1',
      isbn10: '0-14-032872-6',
      language: 'en',
      copies: { total: 2, available: 2, on_loan: 0 },
      archived: false,
      abilities: { can_edit: true, can_lend: true },
    });
    const full = await getItem(matilda);
    expect(full.copy_list.map((c) => c.barcode)).toEqual(['LIB00001', 'LIB00002']);
    const settings = expectResponse(ROUTES.librarySettingsGet, await req('GET', '/api/library/settings', tara)).result;
    expect(settings.next_barcode).toBe(3);
  });

  it('refuses a bad ISBN, a second item with the same ISBN and a reversed age range', async () => {
    const bad = await req('POST', '/api/library/items/', anita, { title: 'X', isbn: '978-0-14-032872-2' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: ERROR_CODES.invalidIsbn, message: LIBRARY_MESSAGES.invalidIsbn });
    expect(errorOf(bad).errors?.[0]?.field).toBe('isbn');
    const twice = await req('POST', '/api/library/items/', anita, { title: 'Matilda again', isbn: '9780140328721' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe(ERROR_CODES.duplicateIsbn);
    const ages = await req('POST', '/api/library/items/', anita, { title: 'Y', age_min: 8, age_max: 3 });
    expect(ages.statusCode).toBe(400);
    expect(errorOf(ages).errors?.[0]).toMatchObject({ field: 'age_max', message: LIBRARY_MESSAGES.ageRange });
    expect((await list('search=again')).total).toBe(0);
  });

  it('finds items by title words, author, ISBN in any form and a copy barcode; filters by age, tag, kind', async () => {
    const gruffalo = await createItem({
      kind: 'picture_book',
      title: 'The Gruffalo',
      authors: ['Julia Donaldson'],
      isbn: '978-0-333-71093-7',
      age_min: 2,
      age_max: 5,
      tags: ['Animals'],
      copies: 1,
    });
    expect((await list('search=gruffalo')).items.map((i) => i.id)).toEqual([gruffalo.id]);
    expect((await list('search=DONALDSON%20julia')).items.map((i) => i.id)).toEqual([gruffalo.id]);
    // ISBN-10 of the ISBN-13 item, with and without hyphens.
    expect((await list('search=0-14-032872-6')).items.map((i) => i.id)).toEqual([matilda]);
    expect((await list('search=0140328726')).items.map((i) => i.id)).toEqual([matilda]);
    expect((await list('search=9780333710937')).items.map((i) => i.id)).toEqual([gruffalo.id]);
    expect((await list('search=lib00002')).items.map((i) => i.id)).toEqual([matilda]);
    expect((await list('age=3')).items.map((i) => i.id)).toEqual([gruffalo.id]);
    expect((await list('age=7')).items.map((i) => i.id)).toEqual([matilda]);
    expect((await list('tag=classics')).items.map((i) => i.id)).toEqual([matilda]);
    expect((await list('kind=picture_book')).items.map((i) => i.id)).toEqual([gruffalo.id]);
    const page = await list('page_size=1&page=2');
    expect(page).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.items.map((i) => i.title)).toEqual(['The Gruffalo']);
  });

  it('edits an item and keeps its search text up to date', async () => {
    const saved = expectResponse(
      ROUTES.libraryItemUpdate,
      await req('PUT', `/api/library/items/${matilda}`, anita, {
        title: 'Matilda (illustrated)',
        authors: ['Roald Dahl', 'Quentin Blake'],
        isbn: '9780140328721',
        tags: ['Classics'],
      }),
    );
    expect(saved.message).toBe(LIBRARY_MESSAGES.itemSaved);
    expect(saved.result.authors).toEqual(['Roald Dahl', 'Quentin Blake']);
    expect((await list('search=quentin')).items.map((i) => i.id)).toEqual([matilda]);
  });

  it('checks an ISBN as typed: valid, both forms, and the item that has it', async () => {
    const check = async (isbn: string) =>
      expectResponse(ROUTES.libraryIsbnCheck, await req('GET', `/api/library/isbn?isbn=${isbn}`, tara)).result;
    expect(await check('0140328726')).toEqual({
      valid: true,
      isbn13: '978-0-14-032872-1',
      isbn10: '0-14-032872-6',
      existing: { id: matilda, title: 'Matilda (illustrated)' },
    });
    expect(await check('123')).toEqual({ valid: false, isbn13: null, isbn10: null, existing: null });
    expect((await check('9780261103573')).existing).toBeNull();
  });
});

describe('copies and barcodes', () => {
  let item: string;
  beforeAll(async () => {
    item = (await createItem({ title: 'Where the Wild Things Are', copies: 0 })).id;
  });

  it('adds copies with given barcodes, all or nothing, naming a barcode already taken', async () => {
    const added = expectResponse(
      ROUTES.libraryCopiesCreate,
      await req('POST', `/api/library/items/${item}/copies`, anita, { barcodes: ['WILD-1', 'WILD-2'], location: 'Shelf B' }),
    ).result;
    expect(added.map((c) => [c.barcode, c.status, c.location])).toEqual([
      ['WILD-1', 'available', 'Shelf B'],
      ['WILD-2', 'available', 'Shelf B'],
    ]);
    const clash = await req('POST', `/api/library/items/${item}/copies`, anita, { barcodes: ['WILD-3', 'wild-1'] });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatchObject({ code: ERROR_CODES.barcodeTaken });
    expect(errorOf(clash).message).toContain('WILD-1');
    const repeated = await req('POST', `/api/library/items/${item}/copies`, anita, { barcodes: ['WILD-4', 'WILD-4'] });
    expect(repeated.statusCode).toBe(409);
    expect((await getItem(item)).copy_list.map((c) => c.barcode)).toEqual(['WILD-1', 'WILD-2']);
    const counted = expectResponse(
      ROUTES.libraryCopiesCreate,
      await req('POST', `/api/library/items/${item}/copies`, anita, { count: 2 }),
    ).result;
    expect(counted.map((c) => c.barcode)).toEqual([expect.stringMatching(/^LIB\d{5}$/), expect.stringMatching(/^LIB\d{5}$/)]);
  });

  it('looks a barcode up trimmed and in any case; an unknown one is 404 UNKNOWN_BARCODE', async () => {
    const found = expectResponse(
      ROUTES.libraryBarcodeLookup,
      await req('GET', '/api/library/barcode?barcode=%20wild-2%20', tara),
    ).result;
    expect(found.copy.barcode).toBe('WILD-2');
    expect(found.item.title).toBe('Where the Wild Things Are');
    const unknown = await req('GET', '/api/library/barcode?barcode=NOPE-1', tara);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: ERROR_CODES.unknownBarcode, message: LIBRARY_MESSAGES.unknownBarcode });
    expect((await req('GET', '/api/library/barcode?barcode=WILD-2', mona)).statusCode).toBe(404);
  });

  it('edits a copy: barcode, status, location; a taken barcode is refused', async () => {
    const [one] = (await getItem(item)).copy_list;
    const saved = expectResponse(
      ROUTES.libraryCopyUpdate,
      await req('PUT', `/api/library/copies/${one?.id}`, anita, { status: 'repair', note: 'Torn cover', barcode: 'WILD-1A' }),
    ).result;
    expect(saved).toMatchObject({ status: 'repair', note: 'Torn cover', barcode: 'WILD-1A' });
    const taken = await req('PUT', `/api/library/copies/${one?.id}`, anita, { barcode: 'wild-2' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe(ERROR_CODES.barcodeTaken);
    const onLoanByHand = await req('PUT', `/api/library/copies/${one?.id}`, anita, { status: 'on_loan' });
    expect(onLoanByHand.statusCode).toBe(400);
  });

  it('refuses to archive an item with a copy on loan, or to set that copy available by hand; archives once returned', async () => {
    const copy = (await getItem(item)).copy_list.find((c) => c.barcode === 'WILD-2');
    if (!copy) throw new Error('no copy');
    const { db } = t.database;
    const loanId = newId();
    await db.update(libraryCopies).set({ status: 'on_loan' }).where(eq(libraryCopies.id, copy.id));
    await db.insert(libraryLoans).values({
      id: loanId,
      schoolId: (await db.select({ s: libraryItems.schoolId }).from(libraryItems).where(eq(libraryItems.id, item)))[0]?.s ?? '',
      copyId: copy.id,
      itemId: item,
      studentId: aarav,
      checkedOutAt: new Date(),
      dueOn: '2000-01-01',
    });
    const withLoan = (await getItem(item)).copy_list.find((c) => c.id === copy.id);
    expect(withLoan?.current_loan).toMatchObject({ student: { id: aarav }, due_on: '01-01-2000', overdue: true });
    expect((await getItem(item)).copies.on_loan).toBe(1);
    const archive = await req('DELETE', `/api/library/items/${item}`, anita);
    expect(archive.statusCode).toBe(409);
    expect(errorOf(archive).code).toBe(ERROR_CODES.itemOnLoan);
    const byHand = await req('PUT', `/api/library/copies/${copy.id}`, anita, { status: 'available' });
    expect(byHand.statusCode).toBe(409);
    expect(errorOf(byHand).code).toBe(ERROR_CODES.copyNotAvailable);
    expect(errorOf(byHand).message).toMatch(/on loan/);

    await db.update(libraryLoans).set({ status: 'returned', returnedAt: new Date() }).where(eq(libraryLoans.id, loanId));
    await db.update(libraryCopies).set({ status: 'available' }).where(eq(libraryCopies.id, copy.id));
    expectResponse(ROUTES.libraryItemArchive, await req('DELETE', `/api/library/items/${item}`, anita));
    expect((await list('search=wild')).total).toBe(0);
    const archived = await list('search=wild&archived=true');
    expect(archived.items[0]).toMatchObject({ id: item, archived: true, abilities: { can_lend: false } });
    const restored = expectResponse(ROUTES.libraryItemRestore, await req('POST', `/api/library/items/${item}/restore`, anita));
    expect(restored.result.archived).toBe(false);
    expect((await list('search=wild')).total).toBe(1);
  });
});

describe('the rules', () => {
  const settings = {
    rules: [
      { label: 'Nursery', age_min: 2, age_max: 4, loan_days: 7, max_loans: 1, max_renewals: 0 },
      { label: 'Kindergarten', age_min: 5, age_max: 6, loan_days: 14, max_loans: 2, max_renewals: 1 },
    ],
    default_loan_days: 14,
    default_max_loans: 2,
    default_max_renewals: 1,
    barcode_prefix: 'SUN-',
    next_barcode: 500,
    overdue_notices: true,
    notice_after_days: 2,
  };

  it('saves the rules and the sequence new copies number from', async () => {
    const saved = expectResponse(ROUTES.librarySettingsSave, await req('PUT', '/api/library/settings', anita, settings));
    expect(saved.result).toEqual(settings);
    const { ruleForAge } = await import('../src/modules/library/service.js');
    expect(ruleForAge(saved.result, 3)).toMatchObject({ loan_days: 7, max_loans: 1, label: 'Nursery' });
    expect(ruleForAge(saved.result, 9)).toMatchObject({ loan_days: 14, label: null });
    expect(ruleForAge(saved.result, null)).toMatchObject({ loan_days: 14, max_renewals: 1 });
    const item = await createItem({ title: 'Numbered', copies: 1 });
    expect((await getItem(item.id)).copy_list[0]?.barcode).toBe('SUN-00500');
  });

  it('refuses overlapping rules', async () => {
    const overlap = await req('PUT', '/api/library/settings', anita, {
      ...settings,
      rules: [...settings.rules, { label: 'Big', age_min: 6, age_max: 8, loan_days: 14, max_loans: 3, max_renewals: 1 }],
    });
    expect(overlap.statusCode).toBe(400);
    expect(errorOf(overlap).errors?.[0]).toMatchObject({ field: 'rules', message: LIBRARY_MESSAGES.rulesOverlap });
  });
});

const finished = (token: string, id: string) => exportFinished(t, token, id);

describe('labels', () => {
  it('prints a sheet of the copies asked for, with their titles and barcodes, after skipped labels', async () => {
    const item = await createItem({ title: 'الأسد والفأر', copies: 3 });
    const copies = (await getItem(item.id)).copy_list;
    const started = expectResponse(
      ROUTES.libraryLabels,
      await req('POST', '/api/library/labels', anita, { item_id: item.id, skip: 2 }),
    );
    expect(started.message).toBe(LIBRARY_MESSAGES.labelsStarted);
    const done = await finished(anita, started.result.id);
    expect(done.status).toBe('done');
    const file = await t.request({ method: 'GET', url: done.file_link ?? '' });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload);
    for (const c of copies) expect(text).toContain(c.barcode);
    expect(text).toContain('Sunrise');
    const folded = text.normalize('NFKC');
    expect([folded, [...text].reverse().join('').normalize('NFKC')].some((s) => s.includes('الأسد'))).toBe(true);
  });

  it('prints a range of the sequence; refuses no range, an empty range and another school copies', async () => {
    const started = expectResponse(
      ROUTES.libraryLabels,
      await req('POST', '/api/library/labels', anita, { from_barcode: 'LIB00001', to_barcode: 'LIB00002' }),
    );
    const text = pdfText(
      (await t.request({ method: 'GET', url: (await finished(anita, started.result.id)).file_link ?? '' })).rawPayload,
    );
    expect(text).toContain('LIB00001');
    expect(text).toContain('LIB00002');
    expect(text).toContain('Matilda');

    const none = await req('POST', '/api/library/labels', anita, { skip: 1 });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).errors?.[0]?.message).toBe(LIBRARY_MESSAGES.labelRange);
    const empty = await req('POST', '/api/library/labels', anita, { from_barcode: 'ZZZ1', to_barcode: 'ZZZ9' });
    expect(empty.statusCode).toBe(400);
    const mine = (await getItem((await list('search=gruffalo')).items[0]?.id ?? '')).copy_list[0]?.id ?? '';
    const theirs = (await moonbeamItem()).copy;
    expect((await req('POST', '/api/library/labels', anita, { copy_ids: [mine, theirs] })).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  let item: string;
  let copy: string;
  beforeAll(async () => {
    item = (await createItem({ title: 'Access', copies: 1 })).id;
    copy = (await getItem(item)).copy_list[0]?.id ?? '';
  });

  it('asks for a sign-in on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/library/items/'],
      ['POST', '/api/library/items/'],
      ['GET', `/api/library/items/${item}`],
      ['PUT', `/api/library/items/${item}`],
      ['DELETE', `/api/library/items/${item}`],
      ['POST', `/api/library/items/${item}/restore`],
      ['POST', `/api/library/items/${item}/copies`],
      ['PUT', `/api/library/copies/${copy}`],
      ['GET', '/api/library/barcode?barcode=x'],
      ['GET', '/api/library/isbn?isbn=x'],
      ['GET', '/api/library/settings'],
      ['PUT', '/api/library/settings'],
      ['POST', '/api/library/labels'],
    ] as const)
      expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('lets a teacher read the catalogue but not change it; families are refused', async () => {
    expect((await req('GET', '/api/library/items/', tara)).statusCode).toBe(200);
    const read = await getItem(item, tara);
    expect(read.abilities).toEqual({ can_edit: false, can_lend: true });
    expect((await req('GET', '/api/library/barcode?barcode=LIB00001', tara)).statusCode).toBe(200);
    expect((await req('GET', '/api/library/isbn?isbn=0140328726', tara)).statusCode).toBe(200);
    expect((await req('GET', '/api/library/settings', tara)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/library/items/', { title: 'No' }],
      ['PUT', `/api/library/items/${item}`, { title: 'No' }],
      ['DELETE', `/api/library/items/${item}`, undefined],
      ['POST', `/api/library/items/${item}/restore`, undefined],
      ['POST', `/api/library/items/${item}/copies`, { count: 1 }],
      ['PUT', `/api/library/copies/${copy}`, { note: 'x' }],
      ['PUT', '/api/library/settings', {}],
      ['POST', '/api/library/labels', { item_id: item }],
    ] as const)
      expect((await req(method, url, tara, body)).statusCode, `${method} ${url}`).toBe(403);
    expect((await req('GET', '/api/library/items/', rohan)).statusCode).toBe(403);
    expect((await req('GET', `/api/library/items/${item}`, rohan)).statusCode).toBe(403);
  });

  it('hides another school items and copies (404)', async () => {
    expect((await req('GET', `/api/library/items/${item}`, mona)).statusCode).toBe(404);
    expect((await req('GET', '/api/library/barcode?barcode=LIB00001', mona)).statusCode).toBe(404);
    expect((await list('search=access', mona)).total).toBe(0);
    const theirs = await moonbeamItem();
    expect((await req('GET', `/api/library/items/${theirs.item}`, anita)).statusCode).toBe(404);
    expect((await req('PUT', `/api/library/items/${theirs.item}`, anita, { title: 'Mine' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/library/items/${theirs.item}`, anita)).statusCode).toBe(404);
    expect((await req('POST', `/api/library/items/${theirs.item}/restore`, anita)).statusCode).toBe(404);
    expect((await req('POST', `/api/library/items/${theirs.item}/copies`, anita, { count: 1 })).statusCode).toBe(404);
    expect((await req('PUT', `/api/library/copies/${theirs.copy}`, anita, { note: 'x' })).statusCode).toBe(404);
    expect((await req('GET', '/api/library/barcode?barcode=MOON-1', anita)).statusCode).toBe(404);
    expect((await list('search=moon', anita)).total).toBe(0);
  });

  it('refuses everything when the school switches the library off', async () => {
    const set = (on: boolean) => req('PUT', '/api/school_permissions/', anita, { permissions: { library_management: on } });
    expect((await set(false)).statusCode).toBe(200);
    try {
      expect((await req('GET', '/api/library/items/', anita)).statusCode).toBe(403);
      expect((await req('GET', '/api/library/settings', tara)).statusCode).toBe(403);
      expect((await req('POST', '/api/library/items/', anita, { title: 'Off' })).statusCode).toBe(403);
    } finally {
      expect((await set(true)).statusCode).toBe(200);
    }
    expect((await req('GET', '/api/library/items/', anita)).statusCode).toBe(200);
  });
});
