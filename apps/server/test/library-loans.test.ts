import { addDays, ERROR_CODES, LIBRARY_MESSAGES, ROUTES, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyNoticesKey, LIBRARY_DAILY_NOTICES_JOB } from '../src/modules/library/loans.js';
import {
  jobs,
  libraryCopies,
  libraryItems,
  libraryLoans,
  libraryReservations,
  librarySettings,
} from '../src/platform/db/schema.js';
import type { DomainEvents } from '../src/platform/events.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise: every child
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let diyaMum: string; // Neha as the mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // Moonbeam
const sunrise = demoId('school:sunrise');
const moonbeamSchool = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const vihaan = demoId('student:Vihaan Gupta');
const kabir = demoId('student:Kabir Khan');
const meera = demoId('student:Meera Nair');
const ira = demoId('student:Ira Sharma');
const adam = demoId('student:Adam Nassar'); // Moonbeam

const req = requester(() => t);
async function settle() {
  for (let i = 0; i < 10; i++) if ((await t.services.jobs.runDue()) === 0) return;
}
const outbox = async () => (await t.services.email.recent?.(200, sunrise)) ?? [];

let today = '';
const wire = (iso: string) => iso.split('-').reverse().join('-');

/** Items and their copies, made in the database so these tests do not lean on the catalogue's routes. */
const items: Record<string, string> = {};
async function item(key: string, title: string, barcodes: string[], schoolId = sunrise, archived = false) {
  const id = newId();
  items[key] = id;
  await t.database.db.insert(libraryItems).values({
    id,
    schoolId,
    title,
    authors: ['Julia Donaldson'],
    isbn13: key === 'gruffalo' ? '9780333710937' : null,
    searchText: title.toLowerCase(),
    archivedAt: archived ? new Date() : null,
  });
  for (const barcode of barcodes)
    await t.database.db.insert(libraryCopies).values({ id: newId(), schoolId, itemId: id, barcode });
  return id;
}
const copy = async (barcode: string) => {
  const [row] = await t.database.db.select().from(libraryCopies).where(eq(libraryCopies.barcode, barcode));
  if (!row) throw new Error(barcode);
  return row;
};
const checkout = (token: string, barcode: string, student: string, extra: object = {}) =>
  req('POST', '/api/library/loans/', token, { barcode, student_id: student, ...extra });
const giveBack = (token: string, barcode: string, extra: object = {}) =>
  req('POST', '/api/library/returns', token, { barcode, ...extra });
const lend = async (token: string, barcode: string, student: string) =>
  expectResponse(ROUTES.libraryCheckout, await checkout(token, barcode, student)).result;

/** The demo's classes meet Monday to Friday: a due day on a weekend moves to the Monday after. */
const schoolDay = (iso: string): string => {
  let day = iso;
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
};

let moonbeamLoan = '';
let moonbeamReservation = '';
let moonbeamCopy = '';

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, diyaMum, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  today = todayIn('UTC', t.clock.now());
  // The school's rules: Nursery (2–3 years) one book for a week; 4–6 years two books for two weeks.
  await t.database.db.insert(librarySettings).values({
    schoolId: sunrise,
    rules: [
      { label: 'Nursery', age_min: 2, age_max: 3, loan_days: 7, max_loans: 1, max_renewals: 1 },
      { label: '4–6 years', age_min: 4, age_max: 6, loan_days: 14, max_loans: 2, max_renewals: 1 },
    ],
  });
  // Aarav is three (Nursery: one book for a week); the others four or five (two books for two weeks).
  for (const [id, years] of [
    [aarav, 3],
    [ira, 5],
    [diya, 4],
    [vihaan, 4],
    [kabir, 4],
    [meera, 4],
  ] as const) {
    const born = wire(`${Number(today.slice(0, 4)) - years}${today.slice(4, 7)}-01`);
    const saved = await req('PUT', `/api/student/${id}/profile`, anita, { date_of_birth: born });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await item('gruffalo', 'The Gruffalo', ['GRU-1', 'GRU-2']);
  await item('moon', 'Goodnight Moon', ['MOON-S1']);
  await item('wild', 'Where the Wild Things Are', ['WILD-1']);
  await item('caterpillar', 'The Very Hungry Caterpillar', ['CAT-1', 'CAT-2', 'CAT-3']);
  await item('race', 'Owl Babies', ['RACE-1']);
  await item('old', 'An archived book', ['OLD-1'], sunrise, true);
  // Moonbeam's own book, loan and reservation (no Moonbeam librarian in the demo).
  await item('moonbeam', 'Moonbeam book', ['MB-1'], moonbeamSchool);
  moonbeamCopy = (await copy('MB-1')).id;
  moonbeamLoan = newId();
  moonbeamReservation = newId();
  await t.database.db.insert(libraryLoans).values({
    id: moonbeamLoan,
    schoolId: moonbeamSchool,
    copyId: moonbeamCopy,
    itemId: items.moonbeam ?? '',
    studentId: adam,
    checkedOutAt: new Date(),
    dueOn: addDays(today, 3),
  });
  await t.database.db.insert(libraryReservations).values({
    id: moonbeamReservation,
    schoolId: moonbeamSchool,
    itemId: items.moonbeam ?? '',
    studentId: adam,
  });
});
afterAll(() => t.close());

describe('who may call', () => {
  it('asks for a sign-in on every route', async () => {
    const id = newId();
    for (const [method, url] of [
      ['GET', '/api/library/loans/'],
      ['POST', '/api/library/loans/'],
      ['POST', '/api/library/returns'],
      ['POST', `/api/library/loans/${id}/renew`],
      ['POST', `/api/library/loans/${id}/lost`],
      ['GET', `/api/library/copies/${id}/loans`],
      ['GET', `/api/library/students?class_id=${nurseryA}`],
      ['GET', '/api/library/reservations/'],
      ['POST', '/api/library/reservations/'],
      ['DELETE', `/api/library/reservations/${id}`],
      ['GET', '/api/library/overdue'],
      ['POST', '/api/library/overdue/notices'],
      ['GET', `/api/student/${aarav}/library`],
    ] as const)
      expect((await req(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
  });

  it('refuses families on the desk routes and bad ids', async () => {
    expect((await req('GET', '/api/library/loans/', rohan)).statusCode).toBe(403);
    expect((await checkout(rohan, 'GRU-1', aarav)).statusCode).toBe(403);
    expect((await giveBack(rohan, 'GRU-1')).statusCode).toBe(403);
    expect((await req('GET', '/api/library/overdue', rohan)).statusCode).toBe(403);
    expect((await req('POST', '/api/library/overdue/notices', rohan, {})).statusCode).toBe(403);
    expect((await req('POST', '/api/library/reservations/', rohan, { item_id: items.moon, student_id: aarav })).statusCode).toBe(
      403,
    );
    expect((await checkout(tara, 'GRU-1', 'not-an-id')).statusCode).toBe(400);
    expect((await req('POST', '/api/library/loans/nope/renew', tara)).statusCode).toBe(400);
    expect((await req('GET', '/api/library/students?class_id=nope', tara)).statusCode).toBe(400);
    expect((await req('GET', '/api/student/nope/library', rohan)).statusCode).toBe(400);
  });

  it("answers 404 for another school's loan, reservation, copy and child", async () => {
    expect((await req('POST', `/api/library/loans/${moonbeamLoan}/renew`, anita)).statusCode).toBe(404);
    expect((await req('POST', `/api/library/loans/${moonbeamLoan}/lost`, anita, {})).statusCode).toBe(404);
    expect((await req('DELETE', `/api/library/reservations/${moonbeamReservation}`, anita)).statusCode).toBe(404);
    expect((await req('GET', `/api/library/copies/${moonbeamCopy}/loans`, anita)).statusCode).toBe(404);
    expect((await checkout(anita, 'GRU-1', adam)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${adam}/library`, anita)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${aarav}/library`, mona)).statusCode).toBe(404);
    // Mona's desk does not know Sunrise's barcodes, nor Sunrise's children.
    expect((await checkout(mona, 'GRU-1', adam)).json().code).toBe(ERROR_CODES.unknownBarcode);
    expect((await giveBack(mona, 'MB-1')).statusCode).toBe(200);
    expect((await req('POST', '/api/library/overdue/notices', anita, { loan_ids: [moonbeamLoan] })).statusCode).toBe(404);
  });
});

describe('lending and taking back', () => {
  it("lends by the rule of the child's age group, to the children the teacher reaches", async () => {
    const loan = await lend(tara, 'gru-1', aarav);
    expect(loan).toMatchObject({
      copy: { barcode: 'GRU-1' },
      item: { title: 'The Gruffalo', isbn: '978-0-333-71093-7' },
      student: { id: aarav, class_name: 'Nursery A' },
      due_on: wire(schoolDay(addDays(today, 7))),
      status: 'open',
      overdue: false,
      checked_out_by: { first_name: 'Tara' },
    });
    expect((await copy('GRU-1')).status).toBe('on_loan');
    // Tara does not teach Kindergarten B.
    expect((await checkout(tara, 'GRU-2', ira)).statusCode).toBe(403);
    const unknown = await checkout(tara, 'NOPE-1', diya);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, ERROR_CODES.unknownBarcode]);
    const onLoan = await checkout(anita, 'GRU-1', diya);
    expect([onLoan.statusCode, onLoan.json().code]).toEqual([409, ERROR_CODES.copyNotAvailable]);
    const archived = await checkout(anita, 'OLD-1', diya);
    expect([archived.statusCode, archived.json().code]).toEqual([409, ERROR_CODES.copyNotAvailable]);
    const past = await checkout(tara, 'GRU-2', diya, { due_on: wire(addDays(today, -1)) });
    expect([past.statusCode, past.json().message]).toEqual([400, LIBRARY_MESSAGES.dueInPast]);
  });

  it('keeps each age group to its number of loans and a child to one copy of an item', async () => {
    // Aarav (3): one loan.
    const second = await checkout(tara, 'MOON-S1', aarav);
    expect([second.statusCode, second.json().code]).toEqual([409, ERROR_CODES.loanLimit]);
    // Ira (5): two loans for two weeks.
    expect((await lend(anita, 'CAT-1', ira)).due_on).toBe(wire(schoolDay(addDays(today, 14))));
    await lend(neha, 'WILD-1', ira);
    expect((await checkout(neha, 'GRU-2', ira)).json().code).toBe(ERROR_CODES.loanLimit);
    // Vihaan (four: two loans) may not take a second copy of the same book.
    await lend(tara, 'CAT-2', vihaan);
    const again = await checkout(tara, 'CAT-3', vihaan);
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      ERROR_CODES.copyNotAvailable,
      LIBRARY_MESSAGES.alreadyBorrowed,
    ]);
    // A due date of its own, today or later.
    expect((await lend(tara, 'GRU-2', diya)).due_on).toBe(wire(schoolDay(addDays(today, 14))));
  });

  it('makes a loan due on a day the school is open: a holiday on the due day moves it to the next school day', async () => {
    const ananya = demoId('student:Ananya Iyer');
    await item('holiday', 'Holiday book', ['HOL-1']);
    const first = await lend(anita, 'HOL-1', ananya);
    expect((await giveBack(anita, 'HOL-1')).statusCode).toBe(200);
    const due = wire(first.due_on);
    expect(schoolDay(due)).toBe(due);
    const holiday = expectResponse(
      ROUTES.calendarCreate,
      await req('POST', '/api/calendar/', anita, {
        title: 'Closed',
        start_date: first.due_on,
        end_date: first.due_on,
        is_holiday: true,
      }),
    ).result;
    try {
      expect((await lend(anita, 'HOL-1', ananya)).due_on).toBe(wire(schoolDay(addDays(due, 1))));
    } finally {
      expect((await giveBack(anita, 'HOL-1')).statusCode).toBe(200);
      expect((await req('DELETE', `/api/calendar/${holiday.id}`, anita)).statusCode).toBe(200);
    }
  });

  it('takes a copy back whoever lent it, and a damaged copy goes to repair with its note', async () => {
    // Neha teaches Kindergarten B; Aarav is in Nursery A: a return is never refused.
    const back = expectResponse(ROUTES.libraryReturn, await giveBack(neha, 'GRU-1'));
    expect(back.result).toMatchObject({
      loan: { status: 'returned', condition: 'ok', returned_by: { first_name: 'Neha' } },
      kept_for: null,
    });
    expect((await copy('GRU-1')).status).toBe('available');
    const twice = await giveBack(neha, 'GRU-1');
    expect([twice.statusCode, twice.json().code]).toEqual([409, ERROR_CODES.copyNotOnLoan]);
    const damaged = expectResponse(
      ROUTES.libraryReturn,
      await giveBack(tara, 'GRU-2', { condition: 'damaged', note: 'Torn cover' }),
    );
    expect(damaged.result.loan).toMatchObject({ condition: 'damaged', note: 'Torn cover' });
    expect(await copy('GRU-2')).toMatchObject({ status: 'repair', note: 'Torn cover' });
    expect((await checkout(tara, 'GRU-2', diya)).json().code).toBe(ERROR_CODES.copyNotAvailable);
  });

  it('lends one copy scanned at two desks at once exactly once', async () => {
    const race = await Promise.all([checkout(anita, 'RACE-1', kabir), checkout(tara, 'RACE-1', meera)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.statusCode === 409)?.json().code).toBe(ERROR_CODES.copyNotAvailable);
    const open = await t.database.db
      .select()
      .from(libraryLoans)
      .where(and(eq(libraryLoans.copyId, (await copy('RACE-1')).id), eq(libraryLoans.status, 'open')));
    expect(open).toHaveLength(1);
  });
});

describe('reservations and renewals', () => {
  let diyaWild = '';
  let vihaanWild = '';
  const reserve = (token: string, key: string, student: string) =>
    req('POST', '/api/library/reservations/', token, { item_id: items[key], student_id: student });

  it('queues children for an item on loan and refuses to renew it for the borrower', async () => {
    diyaWild = expectResponse(ROUTES.libraryReservationCreate, await reserve(tara, 'wild', diya)).result.id;
    const second = expectResponse(ROUTES.libraryReservationCreate, await reserve(tara, 'wild', vihaan)).result;
    vihaanWild = second.id;
    expect(second).toMatchObject({ status: 'waiting', position: 2, ready_copy: null, created_by: { first_name: 'Tara' } });
    const twice = await reserve(tara, 'wild', diya);
    expect([twice.statusCode, twice.json().code]).toEqual([409, ERROR_CODES.alreadyReserved]);
    expect((await reserve(anita, 'old', diya)).statusCode).toBe(409);
    expect((await reserve(tara, 'wild', ira)).statusCode).toBe(403);
    expect((await reserve(anita, 'wild', adam)).statusCode).toBe(404);
    const list = expectResponse(
      ROUTES.libraryReservationList,
      await req('GET', `/api/library/reservations/?item_id=${items.wild}`, tara),
    );
    expect(list.result.map((r) => [r.student.id, r.position])).toEqual([
      [diya, 1],
      [vihaan, 2],
    ]);
    const [irasWild] = expectResponse(
      ROUTES.libraryLoanList,
      await req('GET', `/api/library/loans/?student_id=${ira}&item_id=${items.wild}`, anita),
    ).result.items;
    const renew = await req('POST', `/api/library/loans/${irasWild?.id}/renew`, neha);
    expect([renew.statusCode, renew.json().code, renew.json().message]).toEqual([
      409,
      ERROR_CODES.renewLimit,
      LIBRARY_MESSAGES.renewReserved,
    ]);
  });

  it('keeps a returned copy for the first in the queue and refuses it to another child', async () => {
    const back = expectResponse(ROUTES.libraryReturn, await giveBack(neha, 'WILD-1'));
    expect(back.result.kept_for?.id).toBe(diya);
    expect(await copy('WILD-1')).toMatchObject({ status: 'reserved', reservedFor: diya });
    const other = await checkout(tara, 'WILD-1', vihaan);
    expect([other.statusCode, other.json().message]).toEqual([409, LIBRARY_MESSAGES.reservedForOther]);
    // Diya has GRU-2's loan still? No: it was returned damaged. She borrows the copy kept for her.
    await lend(tara, 'WILD-1', diya);
    const [mine] = await t.database.db.select().from(libraryReservations).where(eq(libraryReservations.id, diyaWild));
    expect(mine?.status).toBe('fulfilled');
    const left = expectResponse(
      ROUTES.libraryReservationList,
      await req('GET', `/api/library/reservations/?item_id=${items.wild}`, tara),
    );
    expect(left.result.map((r) => [r.student.id, r.position])).toEqual([[vihaan, 1]]);
    expectResponse(ROUTES.libraryReservationCancel, await req('DELETE', `/api/library/reservations/${vihaanWild}`, tara));
    expect((await req('DELETE', `/api/library/reservations/${vihaanWild}`, tara)).statusCode).toBe(409);
  });

  it('keeps a copy on the shelf at once, and passes it on when that reservation is cancelled', async () => {
    const ready = expectResponse(ROUTES.libraryReservationCreate, await reserve(tara, 'moon', vihaan)).result;
    expect(ready).toMatchObject({ status: 'ready', position: null, ready_copy: { barcode: 'MOON-S1' } });
    const waiting = expectResponse(ROUTES.libraryReservationCreate, await reserve(tara, 'moon', kabir)).result;
    expect(waiting).toMatchObject({ status: 'waiting', position: 1 });
    expectResponse(ROUTES.libraryReservationCancel, await req('DELETE', `/api/library/reservations/${ready.id}`, tara));
    expect(await copy('MOON-S1')).toMatchObject({ status: 'reserved', reservedFor: kabir });
    const [next] = await t.database.db.select().from(libraryReservations).where(eq(libraryReservations.id, waiting.id));
    expect(next?.status).toBe('ready');
    expectResponse(ROUTES.libraryReservationCancel, await req('DELETE', `/api/library/reservations/${waiting.id}`, anita));
    expect(await copy('MOON-S1')).toMatchObject({ status: 'available', reservedFor: null });
  });

  it("renews within the rule's renewals, from the later of today and the due date", async () => {
    const [cat] = expectResponse(
      ROUTES.libraryLoanList,
      await req('GET', `/api/library/loans/?student_id=${ira}&item_id=${items.caterpillar}`, neha),
    ).result.items;
    if (!cat) throw new Error('no loan');
    const renewed = expectResponse(ROUTES.libraryRenew, await req('POST', `/api/library/loans/${cat.id}/renew`, neha)).result;
    expect(renewed).toMatchObject({ renewals: 1, due_on: wire(schoolDay(addDays(schoolDay(addDays(today, 14)), 14))) });
    const again = await req('POST', `/api/library/loans/${cat.id}/renew`, neha);
    expect([again.statusCode, again.json().code]).toEqual([409, ERROR_CODES.renewLimit]);
    expect((await req('POST', `/api/library/loans/${cat.id}/renew`, tara)).statusCode).toBe(403);
  });

  it('marks a loan and its copy lost; a closed loan is not renewed or lost again', async () => {
    const [cat] = expectResponse(
      ROUTES.libraryLoanList,
      await req('GET', `/api/library/loans/?student_id=${vihaan}&item_id=${items.caterpillar}`, tara),
    ).result.items;
    if (!cat) throw new Error('no loan');
    const lost = expectResponse(
      ROUTES.libraryLoanLost,
      await req('POST', `/api/library/loans/${cat.id}/lost`, tara, { note: 'Left on a bus' }),
    );
    expect(lost.result).toMatchObject({ status: 'lost', note: 'Left on a bus', abilities: { can_renew: false } });
    expect((await copy('CAT-2')).status).toBe('lost');
    expect((await req('POST', `/api/library/loans/${cat.id}/renew`, tara)).json().code).toBe(ERROR_CODES.loanClosed);
    expect((await req('POST', `/api/library/loans/${cat.id}/lost`, tara, {})).json().code).toBe(ERROR_CODES.loanClosed);
  });
});

describe('lists', () => {
  it("shows teachers their classes' children and the school to those who manage it", async () => {
    const mine = expectResponse(ROUTES.libraryLoanList, await req('GET', '/api/library/loans/?status=all', tara)).result;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((l) => l.student.class_name === 'Nursery A')).toBe(true);
    const kb = expectResponse(ROUTES.libraryLoanList, await req('GET', '/api/library/loans/?status=all', neha)).result;
    expect(new Set(kb.items.map((l) => l.student.id))).toEqual(new Set([ira]));
    const all = expectResponse(
      ROUTES.libraryLoanList,
      await req('GET', '/api/library/loans/?status=all&page_size=2', anita),
    ).result;
    expect(all.total).toBe(mine.total + kb.total);
    expect(all.items).toHaveLength(2);
    expect(Date.parse(all.items[0]?.checked_out_at ?? '')).toBeGreaterThanOrEqual(Date.parse(all.items[1]?.checked_out_at ?? ''));
    expect((await req('GET', `/api/library/loans/?class_id=${demoId('class:kindergartenB')}`, tara)).statusCode).toBe(403);
    expect((await req('GET', `/api/library/loans/?student_id=${ira}`, tara)).statusCode).toBe(403);
    const lost = expectResponse(ROUTES.libraryLoanList, await req('GET', '/api/library/loans/?status=lost', anita)).result;
    expect(lost.items.map((l) => l.copy.barcode)).toEqual(['CAT-2']);
    const history = expectResponse(
      ROUTES.libraryCopyLoans,
      await req('GET', `/api/library/copies/${(await copy('GRU-2')).id}/loans`, tara),
    ).result;
    expect(history.items.map((l) => [l.student.id, l.status, l.condition])).toEqual([[diya, 'returned', 'damaged']]);
  });

  it("lists a class's children with what they have out and what their rule allows", async () => {
    const kids = expectResponse(
      ROUTES.libraryStudents,
      await req('GET', `/api/library/students?class_id=${nurseryA}`, tara),
    ).result;
    const of = (id: string) => kids.find((k) => k.student.id === id);
    expect(of(aarav)).toMatchObject({ open_loans: 0, max_loans: 1 });
    expect(of(diya)).toMatchObject({ open_loans: 1, max_loans: 2 });
    expect(kids).toHaveLength(12);
    expect((await req('GET', `/api/library/students?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/library/students?class_id=${demoId('class:toddlers')}`, tara)).statusCode).toBe(404);
  });
});

describe("the child's library", () => {
  it("shows a family their own child's loans and due dates, and no other child", async () => {
    await lend(tara, 'GRU-1', aarav);
    const mine = expectResponse(ROUTES.childLibrary, await req('GET', `/api/student/${aarav}/library`, rohan)).result;
    expect(mine.loans).toEqual([
      expect.objectContaining({
        item: expect.objectContaining({ title: 'The Gruffalo' }),
        due_on: wire(schoolDay(addDays(today, 7))),
      }),
    ]);
    expect(mine.loans[0]?.abilities).toEqual({ can_return: false, can_renew: false, can_mark_lost: false });
    expect(mine.history.map((l) => l.item.title)).toEqual(['The Gruffalo']);
    expect(mine.rule).toEqual({ loan_days: 7, max_loans: 1, max_renewals: 1 });
    expect((await req('GET', `/api/student/${diya}/library`, rohan)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${aarav}/library`, diyaMum)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${aarav}/library`, tara)).statusCode).toBe(200);
    expect((await req('GET', `/api/student/${aarav}/library`, neha)).statusCode).toBe(403);
    // A reservation shows with its place in the whole queue.
    await req('POST', '/api/library/reservations/', anita, { item_id: items.wild, student_id: vihaan });
    await req('POST', '/api/library/reservations/', anita, { item_id: items.wild, student_id: ira });
    const iras = expectResponse(ROUTES.childLibrary, await req('GET', `/api/student/${ira}/library`, rohan)).result;
    expect(iras.reservations.map((r) => [r.item.title, r.position])).toEqual([['Where the Wild Things Are', 2]]);
  });

  it('is refused to staff and families when the school switches the library off', async () => {
    const set = async (on: boolean) =>
      expect(
        (await req('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { library_management: on } })).statusCode,
      ).toBe(200);
    await set(false);
    try {
      expect((await req('GET', '/api/library/loans/', tara)).statusCode).toBe(403);
      expect((await req('GET', `/api/student/${aarav}/library`, rohan)).statusCode).toBe(403);
      expect((await req('GET', `/api/student/${aarav}/library`, tara)).statusCode).toBe(403);
    } finally {
      await set(true);
    }
    expect((await req('GET', `/api/student/${aarav}/library`, rohan)).statusCode).toBe(200);
  });
});

describe('overdue loans and notices', () => {
  it('lists overdue loans, the oldest first, and emails each family member once with the titles', async () => {
    // Aarav's Gruffalo is 3 days late, Ira's Caterpillar 10 days, Diya's Wild Things 1 day.
    const setDue = async (barcode: string, due: string) =>
      t.database.db
        .update(libraryLoans)
        .set({ dueOn: due })
        .where(and(eq(libraryLoans.copyId, (await copy(barcode)).id), eq(libraryLoans.status, 'open')));
    await setDue('GRU-1', addDays(today, -3));
    await setDue('CAT-1', addDays(today, -10));
    await setDue('WILD-1', addDays(today, -1));
    const overdue = expectResponse(ROUTES.libraryOverdue, await req('GET', '/api/library/overdue', anita)).result;
    expect(overdue.map((l) => [l.copy.barcode, l.days_overdue])).toEqual([
      ['CAT-1', 10],
      ['GRU-1', 3],
      ['WILD-1', 1],
    ]);
    expect(overdue.every((l) => l.overdue)).toBe(true);
    const taras = expectResponse(ROUTES.libraryOverdue, await req('GET', '/api/library/overdue', tara)).result;
    expect(taras.map((l) => l.copy.barcode)).toEqual(['GRU-1', 'WILD-1']);
    const onlyOpen = expectResponse(ROUTES.libraryLoanList, await req('GET', '/api/library/loans/?status=overdue', anita)).result;
    expect(onlyOpen.total).toBe(3);

    const before = (await outbox()).length;
    const told: DomainEvents['library.notice'][] = [];
    const off = t.services.events.on('library.notice', (e) => told.push(e));
    const sent = expectResponse(ROUTES.libraryNotices, await req('POST', '/api/library/overdue/notices', anita, {}));
    expect(sent.message).toBe(LIBRARY_MESSAGES.noticesSent);
    expect(sent.result.sent).toBe(3);
    await settle();
    off();
    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    const toRohan = mails.filter((m) => m.to === 'rohan.sharma@family.example');
    // Rohan's two children are in one email.
    expect(toRohan).toHaveLength(1);
    expect(toRohan[0]?.html).toContain('The Gruffalo');
    expect(toRohan[0]?.html).toContain('The Very Hungry Caterpillar');
    expect(toRohan[0]?.html).toContain(wire(addDays(today, -10)));
    const addresses = mails.map((m) => m.to);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(sent.result.families).toBe(addresses.length);
    expect(mails.some((m) => m.html.includes('Where the Wild Things Are') && m.to !== 'rohan.sharma@family.example')).toBe(true);
    expect(told).toHaveLength(1);
    expect(told[0]?.studentIds.sort()).toEqual([aarav, diya, ira].sort());
    expect(told[0]?.userIds).toContain(demoId('user:9000000004'));
    const noticed = await t.database.db.select().from(libraryLoans).where(eq(libraryLoans.status, 'open'));
    expect(noticed.filter((l) => l.dueOn < today).every((l) => l.noticeSentAt)).toBe(true);
    // A teacher's notices reach her classes' loans only; named loans must be the caller's to reach.
    const [irasLoan] = overdue;
    expect((await req('POST', '/api/library/overdue/notices', tara, { loan_ids: [irasLoan?.id] })).statusCode).toBe(403);
  });

  it('runs once a day per school: a loan is noticed again after a week at most', async () => {
    const pending = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, LIBRARY_DAILY_NOTICES_JOB), eq(jobs.status, 'pending')))
      ).filter((j) => j.payload.school_id === sunrise);
    const [queued] = await pending();
    expect(queued?.key).toBe(dailyNoticesKey(sunrise, String(queued?.payload.day)));
    expect(new Date(queued?.runAt ?? 0).getUTCHours()).toBe(8);
    // Noticed just now: nothing again today.
    expect(await t.services.loans.runDailyNotices({ school_id: sunrise, day: today })).toEqual({ sent: 0, families: 0 });
    t.clock.advance(8 * 86_400_000);
    const before = (await outbox()).length;
    const again = await t.services.loans.runDailyNotices({ school_id: sunrise, day: addDays(today, 8) });
    expect(again.sent).toBe(3);
    await settle();
    expect((await outbox()).length).toBeGreaterThan(before);
    // The next run is queued once per day (before 08:00 on the school's clock the missed run of today is due too).
    const next = (await pending()).map((j) => j.runAt.toISOString().slice(0, 10));
    expect(next).toContain(addDays(today, 9));
    expect(new Set(next).size).toBe(next.length);
    // A school that stops the notices sends none.
    await t.database.db.update(librarySettings).set({ overdueNotices: false }).where(eq(librarySettings.schoolId, sunrise));
    t.clock.advance(8 * 86_400_000);
    expect(await t.services.loans.runDailyNotices({ school_id: sunrise, day: addDays(today, 16) })).toEqual({
      sent: 0,
      families: 0,
    });
  });
});

describe("the demo's library", () => {
  it('is seeded once through the services: books, rules, a loan due soon, an overdue loan and a reservation', async () => {
    const fresh = await createTestApp();
    try {
      const { seedDemoLibraryIfEmpty, DEMO_BOOKS } = await import('../src/seed/library.js');
      expect(await seedDemoLibraryIfEmpty(fresh.services)).toBe(true);
      expect(await seedDemoLibraryIfEmpty(fresh.services)).toBe(false);
      const items = await fresh.database.db.select().from(libraryItems).where(eq(libraryItems.schoolId, sunrise));
      expect(items).toHaveLength(DEMO_BOOKS.length);
      expect(items.filter((i) => i.language !== 'en').length).toBeGreaterThanOrEqual(4);
      const rohanFresh = await parentToken(fresh, '9000000004');
      const day = todayIn('UTC', fresh.clock.now());
      const aaravs = expectResponse(
        ROUTES.childLibrary,
        await fresh.request({ method: 'GET', url: `/api/student/${aarav}/library`, headers: bearer(rohanFresh) }),
      ).result;
      expect(aaravs.loans.map((l) => [l.item.title, l.due_on, l.overdue])).toEqual([
        ['The Gruffalo', wire(addDays(day, 4)), false],
      ]);
      const anitaFresh = await staffToken(fresh, '9000000002');
      const overdue = expectResponse(
        ROUTES.libraryOverdue,
        await fresh.request({ method: 'GET', url: '/api/library/overdue', headers: bearer(anitaFresh) }),
      ).result;
      expect(overdue.map((l) => [l.student.id, l.item.title, l.days_overdue])).toEqual([[diya, 'Where the Wild Things Are', 3]]);
      const waiting = expectResponse(
        ROUTES.libraryReservationList,
        await fresh.request({ method: 'GET', url: '/api/library/reservations/', headers: bearer(anitaFresh) }),
      ).result;
      expect(waiting.map((r) => [r.student.id, r.status, r.position])).toEqual([[vihaan, 'waiting', 1]]);
    } finally {
      await fresh.close();
    }
  });
});
