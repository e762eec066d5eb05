import { EXPORT_MESSAGES, FEE_MESSAGES, ROUTES } from '@cue/contract';
import { toCsv } from '../../platform/csv.js';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Payments, credit notes, accounts, the family's fees and the reports. */
export function ledgerRoutes(route: Router, s: Services): void {
  const period = (q: { from?: string | undefined; to?: string | undefined; class_id?: string | undefined }) => ({
    ...(q.from ? { from: isoFromWire(q.from, 'from') } : {}),
    ...(q.to ? { to: isoFromWire(q.to, 'to') } : {}),
    ...(q.class_id ? { class_id: q.class_id } : {}),
  });
  route(ROUTES.payments, async ({ auth, query }) => ({
    result: await s.ledger.payments(auth, { ...query, ...period(query) }),
  }));
  route(ROUTES.paymentCreate, async ({ auth, body }) => ({
    result: await s.ledger.recordPayment(auth, { ...body, received_on: isoFromWire(body.received_on, 'received_on') }),
    message: FEE_MESSAGES.paymentRecorded,
  }));
  route(ROUTES.paymentGet, async ({ auth, params }) => ({ result: await s.ledger.payment(auth, params.id) }));
  route(ROUTES.receiptPdf, async ({ auth, params }) => ({
    result: await s.ledger.startReceipt(auth, params.id),
    message: EXPORT_MESSAGES.started,
  }));
  route(ROUTES.paymentVoid, async ({ auth, params, body }) => ({
    result: await s.ledger.voidPayment(auth, params.id, body.reason),
    message: FEE_MESSAGES.paymentVoided,
  }));
  route(ROUTES.creditNoteCreate, async ({ auth, body }) => ({
    result: await s.ledger.createCreditNote(auth, body),
    message: FEE_MESSAGES.creditNoteAdded,
  }));
  route(ROUTES.feeAccounts, async ({ auth, query }) => ({ result: await s.ledger.accounts(auth, query) }));
  route(ROUTES.feeAccountGet, async ({ auth, params }) => ({ result: await s.ledger.account(auth, params.id) }));
  route(ROUTES.feeAccountRemind, async ({ auth, params }) => ({
    result: { sent: await s.ledger.remindAccount(auth, params.id) },
    message: FEE_MESSAGES.remindersSent,
  }));
  route(ROUTES.familyFees, async ({ auth }) => ({ result: await s.ledger.familyFees(auth) }));
  route(ROUTES.invoicePayOnline, async ({ auth, params }) => ({ result: await s.ledger.payOnline(auth, params.id) }));
  route(ROUTES.feeCollectionReport, async ({ auth, query }) => ({
    result: await s.ledger.collectionReport(auth, period(query)),
  }));
  route(ROUTES.feeCollectionCsv, async ({ auth, query, reply }) => {
    const csv = toCsv(await s.ledger.collectionCsv(auth, period(query)));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="fee-collection.csv"')
      .send(csv);
  });
  const asOf = (q: { as_of?: string | undefined; class_id?: string | undefined }) => ({
    ...(q.as_of ? { as_of: optionalIso(q.as_of, 'as_of') } : {}),
    ...(q.class_id ? { class_id: q.class_id } : {}),
  });
  route(ROUTES.feeAgeingReport, async ({ auth, query }) => ({ result: await s.ledger.ageingReport(auth, asOf(query)) }));
  route(ROUTES.feeAgeingCsv, async ({ auth, query, reply }) => {
    const csv = toCsv(await s.ledger.ageingCsv(auth, asOf(query)));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="fee-ageing.csv"')
      .send(csv);
  });
}
