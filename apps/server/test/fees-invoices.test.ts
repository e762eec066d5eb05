import { ERROR_CODES, ROUTES, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, schools, studentProfiles } from '../src/platform/db/schema.js';
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
let anita: string; // Sunrise's admin: management.fee
let tara: string; // teacher of Nursery A: no fee permission
let mona: string; // made Moonbeam's admin below: fees at her own school
let rohan: string; // parent of Aarav and Ira
let nehaParent: string; // Neha as the parent of Diya (she also teaches at Sunrise)
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const ira = demoId('student:Ira Sharma');
const diya = demoId('student:Diya Patel');
const kabir = demoId('student:Kabir Khan');
const req = requester(() => t);
const wire = (iso: string) => iso.split('-').reverse().join('-');
/** The audit trail of one thing, newest first, as an admin reads it. */
const auditOf = async (type: string, id: string | undefined) =>
  expectResponse(
    ROUTES.academicAudit,
    await req('GET', `/api/academic_setup/audit/?entity_type=${type}&entity_id=${id ?? ''}`, anita),
  ).result.items;
let today = '';
let monthStart = '';
let monthEnd = '';
const ids: Record<string, string> = {};

const nursery = () => ({
  name: 'Nursery monthly',
  billing_cycle: 'monthly',
  due_day: 5,
  class_ids: [nurseryA],
  items: [
    { kind: 'tuition', name: 'Tuition', amount: 1_200_000 },
    { kind: 'meals', name: 'Meals', amount: 250_000, optional: true, student_ids: [aarav] },
    { kind: 'late_pickup', name: 'Late pick-up', amount: 30_000 },
  ],
});
const kindergarten = () => ({
  name: 'Kindergarten monthly',
  billing_cycle: 'monthly',
  due_day: 5,
  class_ids: [kindergartenB],
  items: [
    { kind: 'tuition', name: 'Tuition', amount: 1_300_000 },
    { kind: 'transport', name: 'Transport', amount: 180_000 },
  ],
});
const sibling = {
  name: 'Sibling',
  kind: 'sibling',
  mode: 'percent',
  value: 1000,
  item_kinds: ['tuition'],
  position: 1,
  reason: 'Second child',
};
const staffDiscount = {
  name: 'Staff',
  kind: 'staff',
  mode: 'percent',
  value: 2500,
  position: 2,
  stackable: false,
  reason: 'Staff family',
};

beforeAll(async () => {
  t = await createTestApp();
  const monaId = demoId('user:9000000006');
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, monaId), eq(memberships.schoolId, moonbeam)));
  [anita, tara, mona, rohan, nehaParent] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
    parentToken(t, '9000000005'),
  ]);
  const [school] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  today = todayIn(school?.zone ?? 'UTC', t.clock.now());
  monthStart = `${today.slice(0, 7)}-01`;
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  // Kabir joins on the 15th of this month; Ira is Rohan's elder child, Aarav the younger.
  const profile = async (studentId: string, set: { startDate?: string; dateOfBirth?: string }) =>
    t.database.db
      .insert(studentProfiles)
      .values({ studentId, ...set })
      .onConflictDoUpdate({ target: studentProfiles.studentId, set });
  await profile(kabir, { startDate: `${today.slice(0, 7)}-15` });
  await profile(ira, { dateOfBirth: '2021-04-10' });
  await profile(aarav, { dateOfBirth: '2023-08-20' });
});
afterAll(() => t?.close());

describe('fees: structures, discounts and settings', () => {
  it('answers 401 on every route without a token and 403 to a teacher without the fee permission', async () => {
    const id = newId();
    const routes = [
      ['GET', '/api/fees/settings'],
      ['PUT', '/api/fees/settings'],
      ['GET', '/api/fees/overview'],
      ['GET', '/api/fees/structures'],
      ['POST', '/api/fees/structures'],
      ['PUT', `/api/fees/structures/${id}`],
      ['POST', `/api/fees/structures/${id}/archive`],
      ['POST', `/api/fees/structures/${id}/restore`],
      ['GET', '/api/fees/discounts'],
      ['POST', '/api/fees/discounts'],
      ['PUT', `/api/fees/discounts/${id}`],
      ['POST', `/api/fees/discounts/${id}/archive`],
      ['POST', `/api/fees/discounts/${id}/restore`],
      ['GET', '/api/fees/runs'],
      ['POST', '/api/fees/runs'],
      ['GET', `/api/fees/runs/${id}`],
      ['POST', `/api/fees/runs/${id}/issue`],
      ['DELETE', `/api/fees/runs/${id}`],
      ['GET', '/api/fees/invoices'],
      ['GET', '/api/fees/invoices/csv'],
      ['GET', `/api/fees/invoices/${id}`],
      ['POST', `/api/fees/invoices/${id}/revise`],
      ['POST', `/api/fees/invoices/${id}/cancel`],
    ] as const;
    for (const [method, url] of routes) expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
    for (const [method, url] of routes.filter(([, u]) => u !== `/api/fees/invoices/${id}`))
      expect(
        (await req(method, url, tara, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
        `${method} ${url}`,
      ).toBe(403);
  });

  it('makes settings on first read and refuses bad structures and discounts', async () => {
    const settings = expectResponse(ROUTES.feeSettings, await req('GET', '/api/fees/settings', anita)).result;
    expect(settings.currency).toBe('INR');
    expect(settings.currency_locked).toBe(false);
    expect((await req('PUT', '/api/fees/settings', anita, { currency: 'rupees' })).statusCode).toBe(400);
    expectResponse(ROUTES.feeSettingsUpdate, await req('PUT', '/api/fees/settings', anita, { reminder_days_before: 4 }));
    const [saved] = await auditOf('fee_settings', sunrise);
    expect([saved?.action, saved?.after]).toEqual(['update', { reminder_days_before: 4 }]);
    expect((await req('POST', '/api/fees/structures', anita, { ...nursery(), items: [] })).statusCode).toBe(400);
    expect((await req('POST', '/api/fees/structures', anita, { ...nursery(), class_ids: [] })).statusCode).toBe(400);
    expect(
      (await req('POST', '/api/fees/structures', anita, { ...nursery(), class_ids: [demoId('class:toddlers')] })).statusCode,
    ).toBe(400);
    expect((await req('POST', '/api/fees/discounts', anita, { ...sibling, value: 20_000 })).statusCode).toBe(400);
    expect((await req('POST', '/api/fees/discounts', anita, { ...sibling, kind: 'early_payment' })).statusCode).toBe(400);
  });

  it('creates, updates, archives and restores structures and discounts', async () => {
    const a = expectResponse(ROUTES.feeStructureCreate, await req('POST', '/api/fees/structures', anita, nursery())).result;
    expect(a.total).toBe(1_200_000);
    expect(a.children).toBe(12);
    expect(a.classes).toEqual([{ _id: nurseryA, name: 'Nursery A' }]);
    ids.nursery = a._id;
    const b = expectResponse(ROUTES.feeStructureCreate, await req('POST', '/api/fees/structures', anita, kindergarten())).result;
    ids.kg = b._id;
    // Items are kept by id on update.
    const kept = a.items.map((i) => ({ ...i, amount: i.amount }));
    const updated = expectResponse(
      ROUTES.feeStructureUpdate,
      await req('PUT', `/api/fees/structures/${a._id}`, anita, { ...nursery(), items: kept }),
    ).result;
    expect(updated.items.map((i) => i._id)).toEqual(a.items.map((i) => i._id));
    expect(
      expectResponse(ROUTES.feeStructureArchive, await req('POST', `/api/fees/structures/${a._id}/archive`, anita)).result
        .archived,
    ).toBe(true);
    expect(
      expectResponse(ROUTES.feeStructureRestore, await req('POST', `/api/fees/structures/${a._id}/restore`, anita)).result
        .archived,
    ).toBe(false);

    ids.sibling = expectResponse(ROUTES.feeDiscountCreate, await req('POST', '/api/fees/discounts', anita, sibling)).result._id;
    const staff = expectResponse(ROUTES.feeDiscountCreate, await req('POST', '/api/fees/discounts', anita, staffDiscount)).result;
    ids.staff = staff._id;
    expect(staff.stackable).toBe(false);
    const bursary = expectResponse(
      ROUTES.feeDiscountCreate,
      await req('POST', '/api/fees/discounts', anita, {
        ...sibling,
        name: 'Bursary',
        kind: 'scholarship',
        position: 3,
        student_ids: [kabir],
      }),
    ).result;
    expect(bursary.students).toEqual([{ _id: kabir, name: 'Kabir Khan' }]);
    expect(
      expectResponse(ROUTES.feeDiscountArchive, await req('POST', `/api/fees/discounts/${bursary._id}/archive`, anita)).result
        .archived,
    ).toBe(true);
    const listed = expectResponse(ROUTES.feeDiscounts, await req('GET', '/api/fees/discounts', anita)).result;
    expect(listed.map((d) => d.name)).toEqual(['Sibling', 'Staff', 'Bursary']);

    // Every change is in the audit trail, newest first, with who made it.
    expect((await auditOf('fee_structure', a._id)).map((e) => e.action)).toEqual(['restore', 'archive', 'update', 'create']);
    const trail = await auditOf('fee_discount', bursary._id);
    expect(trail.map((e) => e.action)).toEqual(['archive', 'create']);
    expect(trail[1]?.actor?.name).toBe('Anita Desai');
  });

  it('shows nothing of Sunrise to Moonbeam (404)', async () => {
    for (const [method, url, body] of [
      ['PUT', `/api/fees/structures/${ids.nursery}`, nursery()],
      ['POST', `/api/fees/structures/${ids.nursery}/archive`, undefined],
      ['PUT', `/api/fees/discounts/${ids.sibling}`, sibling],
      ['POST', `/api/fees/discounts/${ids.sibling}/archive`, undefined],
    ] as const)
      expect((await req(method, url, mona, body)).statusCode, `${method} ${url}`).toBe(404);
    expect(expectResponse(ROUTES.feeStructures, await req('GET', '/api/fees/structures', mona)).result).toEqual([]);
  });
});

describe('fees: invoice runs and invoices', () => {
  it('previews a month: totals are the sum of lines, sibling and staff discounts, a joiner pro-rated', async () => {
    expect((await req('POST', '/api/fees/runs', anita, { billing_cycle: 'monthly', period_date: '31-02-2026' })).statusCode).toBe(
      400,
    );
    const run = expectResponse(
      ROUTES.invoiceRunCreate,
      await req('POST', '/api/fees/runs', anita, {
        billing_cycle: 'monthly',
        period_date: wire(today),
        class_ids: [nurseryA, kindergartenB],
      }),
    ).result;
    ids.run = run._id;
    expect(run.status).toBe('preview');
    expect(run.invoices).toBe(22);
    expect(run.period_start).toBe(wire(monthStart));
    expect(run.period_end).toBe(wire(monthEnd));
    const page = expectResponse(
      ROUTES.invoices,
      await req('GET', `/api/fees/invoices?run_id=${run._id}&page_size=100`, anita),
    ).result;
    expect(page.total).toBe(22);
    expect(page.items.reduce((s, i) => s + i.total, 0)).toBe(run.total);
    const byChild = new Map(page.items.map((i) => [i.student._id, i]));
    const full = async (id: string) =>
      expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${id}`, anita)).result;
    for (const summary of page.items.slice(0, 5)) {
      const inv = await full(summary._id);
      expect(inv.total).toBe(inv.lines.reduce((s, l) => s + l.amount, 0));
    }
    // Ira is the elder: full fees; Aarav, the second child, gets 10 % off tuition (and his meals).
    const iraInv = await full(byChild.get(ira)?._id ?? '');
    expect(iraInv.total).toBe(1_480_000);
    const aaravInv = await full(byChild.get(aarav)?._id ?? '');
    expect(aaravInv.lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['item', 'Tuition', 1_200_000],
      ['item', 'Meals', 250_000],
      ['discount', 'Sibling', -120_000],
    ]);
    expect(aaravInv.total).toBe(1_330_000);
    // Diya's parent Neha is on the staff: 25 %, not stackable.
    expect((await full(byChild.get(diya)?._id ?? '')).total).toBe(900_000);
    // Kabir joined on the 15th: tuition × days attended / days in the month.
    const days = Number(monthEnd.slice(8, 10));
    const attended = days - 14;
    const kabirInv = await full(byChild.get(kabir)?._id ?? '');
    const kept = Math.round((1_200_000 * attended) / days);
    expect(kabirInv.lines.find((l) => l.kind === 'proration')?.amount).toBe(kept - 1_200_000);
    expect(kabirInv.total).toBe(kept);
    expect(kabirInv.number).toBeNull();
  });

  it('issues the run with numbers, refuses a second run of the period (CYCLE_TAKEN) and discards a preview', async () => {
    const issued = expectResponse(ROUTES.invoiceRunIssue, await req('POST', `/api/fees/runs/${ids.run}/issue`, anita)).result;
    expect(issued.status).toBe('issued');
    expect((await req('POST', `/api/fees/runs/${ids.run}/issue`, anita)).statusCode).toBe(409);
    const page = expectResponse(
      ROUTES.invoices,
      await req('GET', `/api/fees/invoices?run_id=${ids.run}&page_size=100`, anita),
    ).result;
    const year = today.slice(0, 4);
    const numbers = page.items.map((i) => i.number ?? '').sort();
    expect(numbers[0]).toBe(`INV-${year}-00001`);
    expect(numbers.at(-1)).toBe(`INV-${year}-00022`);
    expect(new Set(numbers).size).toBe(22);
    expect(page.items.every((i) => i.status === 'issued' && i.outstanding === i.total)).toBe(true);
    ids.aaravInvoice = page.items.find((i) => i.student._id === aarav)?._id ?? '';
    ids.diyaInvoice = page.items.find((i) => i.student._id === diya)?._id ?? '';
    ids.kabirInvoice = page.items.find((i) => i.student._id === kabir)?._id ?? '';
    const again = await req('POST', '/api/fees/runs', anita, {
      billing_cycle: 'monthly',
      period_date: wire(today),
      class_ids: [nurseryA],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.cycleTaken);
    // The currency is now fixed.
    const locked = await req('PUT', '/api/fees/settings', anita, { currency: 'AED' });
    expect([locked.statusCode, locked.json().code]).toEqual([400, ERROR_CODES.currencyLocked]);
    // Next month: a preview, then discarded (its drafts go).
    const next = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 10)).toISOString().slice(0, 10);
    const preview = expectResponse(
      ROUTES.invoiceRunCreate,
      await req('POST', '/api/fees/runs', anita, { billing_cycle: 'monthly', period_date: wire(next) }),
    ).result;
    expect(preview.invoices).toBe(22);
    const discarded = expectResponse(
      ROUTES.invoiceRunDiscard,
      await req('DELETE', `/api/fees/runs/${preview._id}`, anita),
    ).result;
    expect(discarded.status).toBe('discarded');
    expect(
      expectResponse(ROUTES.invoices, await req('GET', `/api/fees/invoices?run_id=${preview._id}`, anita)).result.total,
    ).toBe(0);
    const runs = expectResponse(ROUTES.invoiceRuns, await req('GET', '/api/fees/runs', anita)).result;
    expect(runs.map((r) => r.status)).toEqual(['discarded', 'issued']);
    expect((await req('GET', `/api/fees/runs/${ids.run}`, mona)).statusCode).toBe(404);
    const [issuing] = await auditOf('invoice_run', ids.run);
    expect([issuing?.action, issuing?.after]).toMatchObject(['issue', { invoices: 22, first_number: `INV-${year}-00001` }]);
    expect((await auditOf('invoice_run', preview._id)).map((e) => e.action)).toEqual(['cancel']);
  });

  it('never changes an issued invoice: a revision keeps the number, the old one is superseded', async () => {
    expect(
      (await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/revise`, anita, { reason: '', lines: [] })).statusCode,
    ).toBe(400);
    const before = expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${ids.aaravInvoice}`, anita)).result;
    const revised = expectResponse(
      ROUTES.invoiceRevise,
      await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/revise`, anita, {
        reason: 'Meals stopped this month',
        lines: [
          { kind: 'item', description: 'Tuition', unit_amount: 1_200_000 },
          { kind: 'discount', description: 'Sibling', unit_amount: -120_000 },
        ],
      }),
    ).result;
    expect(revised.number).toBe(before.number);
    expect(revised.revision).toBe(2);
    expect(revised.total).toBe(1_080_000);
    expect(revised.subtotal).toBe(1_200_000);
    expect(revised.discount_total).toBe(-120_000);
    expect(revised.revisions.map((r) => [r.revision, r.status])).toEqual([
      [2, 'issued'],
      [1, 'superseded'],
    ]);
    const old = expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${ids.aaravInvoice}`, anita)).result;
    expect([old.status, old.total, old.abilities.revise]).toEqual(['superseded', 1_330_000, false]);
    const again = await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/revise`, anita, {
      reason: 'x',
      lines: [{ kind: 'item', description: 'T', unit_amount: 1 }],
    });
    expect([again.statusCode, again.json().code]).toEqual([400, ERROR_CODES.invoiceIssued]);
    // Both revisions' histories tell of the correction and its reason.
    for (const id of [ids.aaravInvoice, revised._id]) {
      const [entry] = await auditOf('invoice', id);
      expect(entry?.action).toBe('revise');
      expect(entry?.after).toMatchObject({ reason: 'Meals stopped this month', revision: 2 });
    }
    ids.aaravInvoice = revised._id;
  });

  it('cancels an invoice with a reason; a cancelled one cannot be revised', async () => {
    const cancelled = expectResponse(
      ROUTES.invoiceCancel,
      await req('POST', `/api/fees/invoices/${ids.kabirInvoice}/cancel`, anita, { reason: 'Billed in error' }),
    ).result;
    expect([cancelled.status, cancelled.outstanding]).toEqual(['cancelled', 0]);
    const [entry] = await auditOf('invoice', ids.kabirInvoice);
    expect([entry?.action, entry?.after]).toEqual(['cancel', { reason: 'Billed in error' }]);
    const res = await req('POST', `/api/fees/invoices/${ids.kabirInvoice}/cancel`, anita, { reason: 'again' });
    expect([res.statusCode, res.json().code]).toEqual([400, ERROR_CODES.invoiceIssued]);
    for (const url of [`/api/fees/invoices/${ids.diyaInvoice}/cancel`, `/api/fees/invoices/${ids.diyaInvoice}`])
      expect(
        (await req(url.endsWith('cancel') ? 'POST' : 'GET', url, mona, url.endsWith('cancel') ? { reason: 'x' } : undefined))
          .statusCode,
      ).toBe(404);
  });

  it('lets a family read its own child’s invoice only', async () => {
    const mine = expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${ids.aaravInvoice}`, rohan)).result;
    expect(mine.student._id).toBe(aarav);
    expect(mine.abilities).toEqual({ revise: false, cancel: false, credit: false, pay: false });
    expect((await req('GET', `/api/fees/invoices/${ids.diyaInvoice}`, rohan)).statusCode).toBe(404);
    expect(
      expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${ids.diyaInvoice}`, nehaParent)).result.total,
    ).toBe(900_000);
  });

  it('lists with filters, exports CSV in major units and sums the overview', async () => {
    const cancelled = expectResponse(ROUTES.invoices, await req('GET', '/api/fees/invoices?status=cancelled', anita)).result;
    expect(cancelled.items.map((i) => i.student._id)).toEqual([kabir]);
    const q = expectResponse(ROUTES.invoices, await req('GET', '/api/fees/invoices?q=Diya', anita)).result;
    expect(q.items.map((i) => i.total)).toEqual([900_000]);
    const csv = await req('GET', `/api/fees/invoices/csv?student_id=${diya}`, anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Number,Child,Class,Period,Due,Total,Paid,Outstanding,State');
    expect(csv.body).toContain('9000.00');
    const overview = expectResponse(ROUTES.feeOverview, await req('GET', '/api/fees/overview', anita)).result;
    expect(overview.currency).toBe('INR');
    expect(overview.last_run?.status).toBe('discarded');
    const live = expectResponse(
      ROUTES.invoices,
      await req('GET', '/api/fees/invoices?status=issued&page_size=100', anita),
    ).result;
    expect(overview.outstanding).toBe(live.items.reduce((s, i) => s + i.outstanding, 0));
    expect(overview.invoiced_this_month).toBe(live.items.reduce((s, i) => s + i.total, 0));
  });

  it('exports an invoice as a PDF holding its number, totals and child', async () => {
    const started = expectResponse(
      ROUTES.invoicePdf,
      await req('POST', `/api/fees/invoices/${ids.diyaInvoice}/pdf`, anita),
    ).result;
    const done = await exportFinished(t, anita, started.id);
    expect(done.status).toBe('done');
    const file = await t.request({ method: 'GET', url: done.file_link ?? '' });
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    const inv = expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${ids.diyaInvoice}`, anita)).result;
    expect(text).toContain(inv.number ?? '-');
    expect(text).toContain('Diya Patel');
    expect(text).toContain('₹9,000.00');
    expect((await req('POST', `/api/fees/invoices/${ids.diyaInvoice}/pdf`, mona)).statusCode).toBe(404);
  });
});
