import { ROUTES, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, schools } from '../src/platform/db/schema.js';
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
const ids = {} as { aaravInvoice: string; rohanPayment: string; rohanReceipt: string; diyaPayment: string };

async function invoicesOf(studentId: string) {
  return expectResponse(ROUTES.invoices, await req('GET', `/api/fees/invoices?student_id=${studentId}&status=issued`, anita))
    .result.items;
}
async function pay(accountId: string, amount: number, reference: string) {
  return expectResponse(
    ROUTES.paymentCreate,
    await req('POST', '/api/fees/payments', anita, {
      account_id: accountId,
      amount,
      method: 'bank_transfer',
      reference,
      received_on: wire(today),
    }),
  ).result;
}
/** The finished export's file, as text. */
async function fileText(token: string, exportId: string): Promise<string> {
  const done = await exportFinished(t, token, exportId);
  expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
  const file = await t.request({ method: 'GET', url: done.file_link ?? '' });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(file.rawPayload);
}
let today = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, demoId('user:9000000006')), eq(memberships.schoolId, moonbeam)));
  [anita, mona, rohan, nehaParent] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
    parentToken(t, '9000000005'),
  ]);
  const [school] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  today = todayIn(school?.zone ?? 'UTC', t.clock.now());
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
  const rohanPayment = await pay(aaravInvoice.account._id, 400_000, 'TRF-7781');
  ids.rohanPayment = rohanPayment._id;
  ids.rohanReceipt = rohanPayment.number;
  ids.diyaPayment = (await pay(diyaInvoice.account._id, 250_000, 'TRF-9912'))._id;
});
afterAll(() => t?.close());

describe('fee documents: receipts and invoices as PDF', () => {
  it('builds a receipt for staff with its number, amount, reference and the invoice it paid', async () => {
    const started = expectResponse(ROUTES.receiptPdf, await req('POST', `/api/fees/payments/${ids.rohanPayment}/receipt`, anita));
    expect(started.result.kind).toBe('receipt');
    const text = await fileText(anita, started.result.id);
    expect(text).toContain(`Receipt ${ids.rohanReceipt}`);
    expect(text).toMatch(/4,000(\.00)?/);
    expect(text).toContain('TRF-7781');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('Sharma family');
    expect(text).toMatch(/Invoice INV-\d{4}-\d{5}/);
  });

  it("lets a parent start and follow their own family's receipt and invoice", async () => {
    const receipt = expectResponse(ROUTES.receiptPdf, await req('POST', `/api/fees/payments/${ids.rohanPayment}/receipt`, rohan));
    expect((await req('GET', `/api/exports/${receipt.result.id}`, rohan)).statusCode).toBe(200);
    expect(await fileText(rohan, receipt.result.id)).toContain(`Receipt ${ids.rohanReceipt}`);
    const invoice = expectResponse(ROUTES.invoicePdf, await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/pdf`, rohan));
    expect(invoice.result.kind).toBe('invoice');
    const text = await fileText(rohan, invoice.result.id);
    expect(text).toMatch(/Invoice INV-\d{4}-\d{5}/);
    expect(text).toContain('Aarav Sharma');
    // Another person's export does not exist for them (nor the parent's for staff).
    const staffExport = expectResponse(
      ROUTES.receiptPdf,
      await req('POST', `/api/fees/payments/${ids.rohanPayment}/receipt`, anita),
    );
    expect((await req('GET', `/api/exports/${staffExport.result.id}`, rohan)).statusCode).toBe(404);
    expect((await req('GET', `/api/exports/${receipt.result.id}`, nehaParent)).statusCode).toBe(404);
    expect((await req('GET', `/api/exports/${receipt.result.id}`, anita)).statusCode).toBe(404);
  });

  it("answers 404 for another family's payment or invoice, and to another school", async () => {
    expect((await req('POST', `/api/fees/payments/${ids.diyaPayment}/receipt`, rohan)).statusCode).toBe(404);
    expect((await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/pdf`, nehaParent)).statusCode).toBe(404);
    expect((await req('POST', `/api/fees/payments/${ids.rohanPayment}/receipt`, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/fees/invoices/${ids.aaravInvoice}/pdf`, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/fees/payments/${ids.rohanPayment}/receipt`)).statusCode).toBe(401);
  });
});
