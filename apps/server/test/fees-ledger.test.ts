import { ERROR_CODES, ROUTES, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPaymentProvider } from '../src/modules/fees/provider.js';
import { feeSettings, memberships, schools } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // Sunrise's admin: management.fee
let tara: string; // teacher without the fee permission
let mona: string; // Moonbeam's admin
let rohan: string; // parent of Aarav and Ira
let nehaParent: string; // parent of Diya
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const req = requester(() => t);
const wire = (iso: string) => iso.split('-').reverse().join('-');
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let today = '';
const ids = {} as {
  aaravInvoice: string;
  rohanAccount: string;
  diyaInvoice: string;
  diyaAccount: string;
  partial: string;
  over: string;
};
const outbox = async () => (await t.services.email.recent?.(500, sunrise)) ?? [];

/** Issued invoices of a child (through the invoice routes). */
async function invoicesOf(studentId: string) {
  return expectResponse(ROUTES.invoices, await req('GET', `/api/fees/invoices?student_id=${studentId}&status=issued`, anita))
    .result.items;
}
async function account(id: string) {
  return expectResponse(ROUTES.feeAccountGet, await req('GET', `/api/fees/accounts/${id}`, anita)).result;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, demoId('user:9000000006')), eq(memberships.schoolId, moonbeam)));
  [anita, tara, mona, rohan, nehaParent] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
    parentToken(t, '9000000005'),
  ]);
  const [school] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  today = todayIn(school?.zone ?? 'UTC', t.clock.now());
  // This month's invoices of Nursery A, issued through the fee routes.
  expectResponse(
    ROUTES.feeStructureCreate,
    await req('POST', '/api/fees/structures', anita, {
      name: 'Nursery monthly',
      billing_cycle: 'monthly',
      due_day: 5,
      class_ids: [nurseryA],
      items: [{ kind: 'tuition', name: 'Tuition', amount: 1_000_000 }],
    }),
  );
  const run = expectResponse(
    ROUTES.invoiceRunCreate,
    await req('POST', '/api/fees/runs', anita, { billing_cycle: 'monthly', period_date: wire(today), class_ids: [nurseryA] }),
  ).result;
  expectResponse(ROUTES.invoiceRunIssue, await req('POST', `/api/fees/runs/${run._id}/issue`, anita));
  const [aaravInvoice] = await invoicesOf(aarav);
  const [diyaInvoice] = await invoicesOf(diya);
  if (!aaravInvoice || !diyaInvoice) throw new Error('invoices were not issued');
  ids.aaravInvoice = aaravInvoice._id;
  ids.rohanAccount = aaravInvoice.account._id;
  ids.diyaInvoice = diyaInvoice._id;
  ids.diyaAccount = diyaInvoice.account._id;
});
afterAll(() => t?.close());

describe('fee ledger: access', () => {
  it('answers 401 without a token, 403 to a teacher, 404 to another school', async () => {
    const id = newId();
    const staffRoutes = [
      ['GET', '/api/fees/payments'],
      ['POST', '/api/fees/payments'],
      ['POST', `/api/fees/payments/${id}/void`],
      ['POST', '/api/fees/credit_notes'],
      ['GET', '/api/fees/accounts'],
      ['GET', `/api/fees/accounts/${id}`],
      ['POST', `/api/fees/accounts/${id}/remind`],
      ['GET', '/api/fees/reports/collection'],
      ['GET', '/api/fees/reports/collection/csv'],
      ['GET', '/api/fees/reports/ageing'],
      ['GET', '/api/fees/reports/ageing/csv'],
    ] as const;
    const anyRoutes = [
      ['GET', `/api/fees/payments/${id}`],
      ['GET', '/api/family/fees'],
      ['POST', `/api/fees/invoices/${id}/pay_online`],
    ] as const;
    for (const [method, url] of [...staffRoutes, ...anyRoutes])
      expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
    for (const [method, url] of staffRoutes)
      expect((await req(method, url, tara, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
    expect((await req('GET', `/api/fees/accounts/${ids.rohanAccount}`, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/fees/accounts/${ids.rohanAccount}/remind`, mona)).statusCode).toBe(404);
    const pay = await req('POST', '/api/fees/payments', mona, {
      account_id: ids.rohanAccount,
      amount: 100,
      method: 'cash',
      received_on: wire(today),
    });
    expect(pay.statusCode).toBe(404);
  });
});

describe('fee ledger: payments and credit', () => {
  it('names the family account and links siblings to it', async () => {
    const a = await account(ids.rohanAccount);
    expect(a.name).toBe('Sharma family');
    expect(a.children.map((c) => c.name)).toContain('Aarav Sharma');
    expect(a.payers.map((p) => p.name)).toContain('Rohan Sharma');
    expect(a.outstanding).toBe(a.invoices.filter((i) => i.status === 'issued').reduce((s, i) => s + i.total, 0));
  });

  it('a partial payment leaves the right outstanding amount and a receipt number', async () => {
    const before = await account(ids.rohanAccount);
    const res = expectResponse(
      ROUTES.paymentCreate,
      await req('POST', '/api/fees/payments', anita, {
        account_id: ids.rohanAccount,
        amount: 400_000,
        method: 'cash',
        received_on: wire(today),
      }),
    ).result;
    expect(res.number).toMatch(new RegExp(`^RCT-${today.slice(0, 4)}-\\d{5}$`));
    expect(res.allocations.reduce((s, a) => s + a.amount, 0)).toBe(400_000);
    expect(res.unallocated).toBe(0);
    ids.partial = res._id;
    const after = await account(ids.rohanAccount);
    expect(after.outstanding).toBe(before.outstanding - 400_000);
    expect(after.paid).toBe(before.paid + 400_000);
  });

  it('refuses a future day and an amount of zero', async () => {
    const future = await req('POST', '/api/fees/payments', anita, {
      account_id: ids.rohanAccount,
      amount: 1,
      method: 'cash',
      received_on: wire(addDays(today, 2)),
    });
    expect(future.statusCode).toBe(400);
    const zero = await req('POST', '/api/fees/payments', anita, {
      account_id: ids.rohanAccount,
      amount: 0,
      method: 'cash',
      received_on: wire(today),
    });
    expect(zero.statusCode).toBe(400);
  });

  it('never allocates more than is owed: an overpayment stays as credit', async () => {
    const before = await account(ids.rohanAccount);
    const owed = before.outstanding;
    const res = expectResponse(
      ROUTES.paymentCreate,
      await req('POST', '/api/fees/payments', anita, {
        account_id: ids.rohanAccount,
        amount: owed + 250_000,
        method: 'bank_transfer',
        received_on: wire(today),
        reference: 'UTR1',
      }),
    ).result;
    expect(res.allocations.reduce((s, a) => s + a.amount, 0)).toBe(owed);
    expect(res.unallocated).toBe(250_000);
    ids.over = res._id;
    const after = await account(ids.rohanAccount);
    expect(after.outstanding).toBe(0);
    expect(after.credit).toBe(250_000);
    expect(after.balance).toBe(-250_000);
    for (const i of after.invoices) expect(i.paid).toBeLessThanOrEqual(i.total);
  });

  it('voiding a payment makes the invoices owe again', async () => {
    const before = await account(ids.rohanAccount);
    const voided = expectResponse(
      ROUTES.paymentVoid,
      await req('POST', `/api/fees/payments/${ids.partial}/void`, anita, { reason: 'Cheque bounced' }),
    ).result;
    expect(voided.voided).toBe(true);
    expect(voided.abilities.void).toBe(false);
    const after = await account(ids.rohanAccount);
    // The credit left from the overpayment covers part of what the voided payment had paid.
    expect(after.outstanding - after.credit).toBe(before.outstanding - before.credit + 400_000);
    for (const i of after.invoices) expect(i.paid).toBeLessThanOrEqual(i.total);
  });

  it('refuses a credit note over what the invoice owes and applies one within it', async () => {
    const [inv] = await invoicesOf(diya);
    if (!inv) throw new Error('no invoice');
    const over = await req('POST', '/api/fees/credit_notes', anita, {
      account_id: ids.diyaAccount,
      invoice_id: inv._id,
      amount: inv.outstanding + 1,
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe(ERROR_CODES.overAllocation);
    const note = expectResponse(
      ROUTES.creditNoteCreate,
      await req('POST', '/api/fees/credit_notes', anita, {
        account_id: ids.diyaAccount,
        invoice_id: inv._id,
        amount: 100_000,
        reason: 'Closed for a week',
      }),
    ).result;
    expect(note.number).toMatch(/^CN-\d{4}-\d{5}$/);
    const [after] = await invoicesOf(diya);
    expect(after?.outstanding).toBe(inv.outstanding - 100_000);
  });

  it('lists accounts with search and the owing filter', async () => {
    const found = expectResponse(ROUTES.feeAccounts, await req('GET', '/api/fees/accounts?q=Aarav', anita)).result;
    expect(found.items.map((a) => a._id)).toEqual([ids.rohanAccount]);
    const owing = expectResponse(
      ROUTES.feeAccounts,
      await req('GET', '/api/fees/accounts?owing=true&page_size=500', anita),
    ).result;
    expect(owing.items.every((a) => a.outstanding > 0)).toBe(true);
    expect(owing.items.some((a) => a._id === ids.diyaAccount)).toBe(true);
  });
});

describe('fee ledger: families', () => {
  it('a family sees only its own accounts, payments and receipts', async () => {
    const mine = expectResponse(ROUTES.familyFees, await req('GET', '/api/family/fees', rohan)).result;
    expect(mine.accounts.map((a) => a._id)).toEqual([ids.rohanAccount]);
    expect(mine.accounts[0]?.payments.some((p) => p._id === ids.over)).toBe(true);
    const neha = expectResponse(ROUTES.familyFees, await req('GET', '/api/family/fees', nehaParent)).result;
    expect(neha.accounts.map((a) => a._id)).toEqual([ids.diyaAccount]);
    expect(neha.accounts[0]?.children.map((c) => c._id)).toEqual([diya]);
    expect((await req('GET', `/api/fees/payments/${ids.over}`, nehaParent)).statusCode).toBe(404);
    expect(
      expectResponse(ROUTES.paymentGet, await req('GET', `/api/fees/payments/${ids.over}`, rohan)).result.abilities.void,
    ).toBe(false);
  });

  it('online payment is refused until a registered provider is chosen', async () => {
    const refused = await req('POST', `/api/fees/invoices/${ids.diyaInvoice}/pay_online`, nehaParent);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ERROR_CODES.providerNotEnabled);
    expect((await req('POST', `/api/fees/invoices/${ids.diyaInvoice}/pay_online`, rohan)).statusCode).toBe(404);
    const unregister = registerPaymentProvider({
      name: 'test-pay',
      start: async (invoice, returnUrl) => ({
        redirect_url: `https://pay.example/${invoice.number}?amount=${invoice.amount}&back=${encodeURIComponent(returnUrl)}`,
      }),
    });
    try {
      await t.database.db
        .insert(feeSettings)
        .values({ schoolId: sunrise, onlineProvider: 'test-pay' })
        .onConflictDoUpdate({ target: feeSettings.schoolId, set: { onlineProvider: 'test-pay' } });
      const started = expectResponse(
        ROUTES.invoicePayOnline,
        await req('POST', `/api/fees/invoices/${ids.diyaInvoice}/pay_online`, nehaParent),
      ).result;
      expect(started.redirect_url).toMatch(/^https:\/\/pay\.example\/INV-/);
    } finally {
      unregister();
      await t.database.db.update(feeSettings).set({ onlineProvider: null }).where(eq(feeSettings.schoolId, sunrise));
    }
  });
});

describe('fee ledger: reminders and reports', () => {
  it('sends an account its reminders once', async () => {
    const reminders = async () => (await outbox()).filter((m) => /INV-.* is (due on|overdue)/.test(m.subject)).length;
    const before = await reminders();
    const first = expectResponse(
      ROUTES.feeAccountRemind,
      await req('POST', `/api/fees/accounts/${ids.diyaAccount}/remind`, anita),
    ).result;
    expect(first.sent).toBeGreaterThan(0);
    const afterFirst = await reminders();
    expect(afterFirst - before).toBe(first.sent);
    const again = expectResponse(
      ROUTES.feeAccountRemind,
      await req('POST', `/api/fees/accounts/${ids.diyaAccount}/remind`, anita),
    ).result;
    expect(again.sent).toBe(0);
    expect(await reminders()).toBe(afterFirst);
  });

  it('the daily job sends each reminder once', async () => {
    // A day past the overdue threshold of every invoice this month.
    t.clock.advance(45 * 86_400_000);
    const first = await t.services.ledger.runDailyReminders({ schoolId: sunrise });
    const second = await t.services.ledger.runDailyReminders({ schoolId: sunrise });
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(0);
    t.clock.advance(-45 * 86_400_000);
  });

  it('ages what is owed by days past due', async () => {
    const [inv] = await invoicesOf(diya);
    if (!inv) throw new Error('no invoice');
    const due = inv.due_date.split('-').reverse().join('-');
    const at = (days: number) => req('GET', `/api/fees/reports/ageing?as_of=${wire(addDays(due, days))}`, anita);
    const notDue = expectResponse(ROUTES.feeAgeingReport, await at(0)).result.rows.find((r) => r.account._id === ids.diyaAccount);
    expect(notDue?.not_due).toBe(inv.outstanding);
    const late = expectResponse(ROUTES.feeAgeingReport, await at(45)).result;
    const row = late.rows.find((r) => r.account._id === ids.diyaAccount);
    expect(row?.d31_60).toBe(inv.outstanding);
    expect(row?.d0_30).toBe(0);
    expect(late.totals.total).toBe(late.rows.reduce((s, r) => s + r.total, 0));
    const veryLate = expectResponse(ROUTES.feeAgeingReport, await at(120)).result.rows.find(
      (r) => r.account._id === ids.diyaAccount,
    );
    expect(veryLate?.d90_plus).toBe(inv.outstanding);
    const csv = await req('GET', `/api/fees/reports/ageing/csv?as_of=${wire(addDays(due, 45))}`, anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]?.trim()).toBe('Family,Children,Not due,0-30,31-60,61-90,90+,Credit,Total');
    expect(csv.body).toContain('Patel family');
  });

  it('collection totals are the sums of their rows', async () => {
    const report = expectResponse(
      ROUTES.feeCollectionReport,
      await req('GET', `/api/fees/reports/collection?from=${wire(`${today.slice(0, 7)}-01`)}&to=${wire(today)}`, anita),
    ).result;
    expect(report.rows.length).toBeGreaterThan(0);
    for (const k of ['invoiced', 'collected', 'credited', 'outstanding'] as const)
      expect(report.totals[k]).toBe(report.rows.reduce((s, r) => s + r[k], 0));
    for (const r of report.rows) expect(r.outstanding).toBe(r.invoiced - r.collected - r.credited);
    expect(report.by_method.find((m) => m.method === 'bank_transfer')?.count).toBe(1);
    expect(report.by_method.find((m) => m.method === 'cash')).toBeUndefined();
    const csv = await req(
      'GET',
      `/api/fees/reports/collection/csv?from=${wire(`${today.slice(0, 7)}-01`)}&to=${wire(today)}`,
      anita,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]?.trim()).toBe('Month,Class,Invoiced,Collected,Credited,Outstanding');
    expect(lines[1]).toMatch(/^\d{4}-\d{2},Nursery A,\d+\.\d{2},/);
  });
});

describe('fee ledger: early payment', () => {
  const kgB = demoId('class:kindergartenB');
  const riya = demoId('student:Riya Kapoor');
  const iso = (ddmmyyyy: string) => ddmmyyyy.split('-').reverse().join('-');

  it('an invoice paid in full by the early-payment deadline earns its discount once, as a credit note on the account', async () => {
    const discount = expectResponse(
      ROUTES.feeDiscountCreate,
      await req('POST', '/api/fees/discounts', anita, {
        name: 'Pay early',
        kind: 'early_payment',
        mode: 'percent',
        value: 500,
        days_before_due: 3,
        reason: 'Paid three days before the due date',
      }),
    ).result;
    expectResponse(
      ROUTES.feeStructureCreate,
      await req('POST', '/api/fees/structures', anita, {
        name: 'Kindergarten monthly',
        billing_cycle: 'monthly',
        due_day: 5,
        class_ids: [kgB],
        items: [{ kind: 'tuition', name: 'Tuition', amount: 800_000 }],
      }),
    );
    const run = expectResponse(
      ROUTES.invoiceRunCreate,
      await req('POST', '/api/fees/runs', anita, { billing_cycle: 'monthly', period_date: wire(today), class_ids: [kgB] }),
    ).result;
    expectResponse(ROUTES.invoiceRunIssue, await req('POST', `/api/fees/runs/${run._id}/issue`, anita));
    const [invoice] = await invoicesOf(riya);
    if (!invoice) throw new Error('no invoice');
    const accountId = invoice.account._id;
    // The last day that still counts as early, or today when that is later (a payment cannot be dated ahead).
    const deadline = addDays(iso(invoice.due_date), -3);
    const paidOn = deadline < today ? deadline : today;
    const pay = (amount: number) =>
      req('POST', '/api/fees/payments', anita, { account_id: accountId, amount, method: 'cash', received_on: wire(paidOn) });

    // A part payment settles nothing: no credit yet.
    expectResponse(ROUTES.paymentCreate, await pay(100_000));
    expect((await account(accountId)).credit_notes).toHaveLength(0);

    // The rest settles it early: 5 % of 8,000.00 comes back as credit.
    expectResponse(ROUTES.paymentCreate, await pay(invoice.total - 100_000));
    const after = await account(accountId);
    const early = after.credit_notes.filter((n) => n.reason === 'Early payment: Pay early');
    expect(early).toHaveLength(1);
    expect(early[0]?.amount).toBe(40_000);
    expect(after.outstanding).toBe(0);
    expect(after.credit).toBe(40_000);

    // Paying again (it is all credit) earns nothing more for the same invoice.
    expectResponse(ROUTES.paymentCreate, await pay(1_000));
    const again = await account(accountId);
    expect(again.credit_notes.filter((n) => n.reason === 'Early payment: Pay early')).toHaveLength(1);
    expect(again.credit).toBe(41_000);

    // The discount's credit note is in the audit trail with the discount it came from.
    const audit = await req('GET', `/api/academic_setup/audit/?entity_type=credit_note&entity_id=${early[0]?._id}`, anita);
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain(discount._id);
  });
});
