import { EXPORT_MESSAGES, FEE_MESSAGES, ROUTES } from '@cue/contract';
import { toCsv } from '../../platform/csv.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { ledgerRoutes } from './ledger-routes.js';

/** The fee routes (MANAGEMENT_ROUTES: fee*, invoice*); money received and reports in ledger-routes.ts. */
export function feeRoutes(route: Router, s: Services): void {
  route(ROUTES.feeSettings, async ({ auth }) => ({ result: await s.fees.settings(auth) }));
  route(ROUTES.feeSettingsUpdate, async ({ auth, body }) => ({
    result: await s.fees.updateSettings(auth, body),
    message: FEE_MESSAGES.settingsSaved,
  }));
  route(ROUTES.feeOverview, async ({ auth }) => ({ result: await s.fees.overview(auth) }));
  route(ROUTES.feeStructures, async ({ auth }) => ({ result: await s.fees.structures(auth) }));
  route(ROUTES.feeStructureCreate, async ({ auth, body }) => ({
    result: await s.fees.createStructure(auth, body),
    message: FEE_MESSAGES.structureCreated,
  }));
  route(ROUTES.feeStructureUpdate, async ({ auth, params, body }) => ({
    result: await s.fees.updateStructure(auth, params.id, body),
    message: FEE_MESSAGES.structureSaved,
  }));
  route(ROUTES.feeStructureArchive, async ({ auth, params }) => ({
    result: await s.fees.archiveStructure(auth, params.id, true),
    message: FEE_MESSAGES.structureArchived,
  }));
  route(ROUTES.feeStructureRestore, async ({ auth, params }) => ({
    result: await s.fees.archiveStructure(auth, params.id, false),
    message: FEE_MESSAGES.structureSaved,
  }));
  route(ROUTES.feeDiscounts, async ({ auth }) => ({ result: await s.fees.discounts(auth) }));
  route(ROUTES.feeDiscountCreate, async ({ auth, body }) => ({
    result: await s.fees.createDiscount(auth, body),
    message: FEE_MESSAGES.discountCreated,
  }));
  route(ROUTES.feeDiscountUpdate, async ({ auth, params, body }) => ({
    result: await s.fees.updateDiscount(auth, params.id, body),
    message: FEE_MESSAGES.discountSaved,
  }));
  route(ROUTES.feeDiscountArchive, async ({ auth, params }) => ({
    result: await s.fees.archiveDiscount(auth, params.id, true),
    message: FEE_MESSAGES.discountArchived,
  }));
  route(ROUTES.feeDiscountRestore, async ({ auth, params }) => ({
    result: await s.fees.archiveDiscount(auth, params.id, false),
    message: FEE_MESSAGES.discountSaved,
  }));
  route(ROUTES.invoiceRuns, async ({ auth }) => ({ result: await s.fees.runs(auth) }));
  route(ROUTES.invoiceRunCreate, async ({ auth, body }) => ({
    result: await s.fees.preview(auth, body),
    message: FEE_MESSAGES.previewReady,
  }));
  route(ROUTES.invoiceRunGet, async ({ auth, params }) => ({ result: await s.fees.run(auth, params.id) }));
  route(ROUTES.invoiceRunIssue, async ({ auth, params }) => ({
    result: await s.fees.issue(auth, params.id),
    message: FEE_MESSAGES.issued,
  }));
  route(ROUTES.invoiceRunDiscard, async ({ auth, params }) => ({
    result: await s.fees.discard(auth, params.id),
    message: FEE_MESSAGES.runDiscarded,
  }));
  route(ROUTES.invoices, async ({ auth, query }) => ({ result: await s.fees.invoices(auth, query) }));
  route(ROUTES.invoicesCsv, async ({ auth, query, reply }) => {
    const csv = toCsv(await s.fees.invoicesCsv(auth, query));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="invoices.csv"')
      .send(csv);
  });
  route(ROUTES.invoiceGet, async ({ auth, params }) => ({ result: await s.fees.invoice(auth, params.id) }));
  route(ROUTES.invoiceRevise, async ({ auth, params, body }) => ({
    result: await s.fees.revise(auth, params.id, body),
    message: FEE_MESSAGES.revised,
  }));
  route(ROUTES.invoiceCancel, async ({ auth, params, body }) => ({
    result: await s.fees.cancel(auth, params.id, body.reason),
    message: FEE_MESSAGES.cancelled,
  }));
  route(ROUTES.invoicePdf, async ({ auth, params }) => ({
    result: await s.fees.startPdf(auth, params.id),
    message: EXPORT_MESSAGES.started,
  }));
  ledgerRoutes(route, s);
}
