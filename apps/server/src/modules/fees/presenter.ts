import {
  type BillingCycle,
  ddmmyyyyFromIso,
  type FeeDiscount,
  type FeeItemKind,
  type FeeSettings,
  type FeeStructure,
  type Invoice,
  type InvoiceLine,
  type InvoiceRun,
  type InvoiceSummary,
} from '@cue/contract';
import { paymentState } from './money.js';
import type { DiscountRow, InvoiceListed, ItemRow, LineRow, RunListed, SettingsRow, StructureRow } from './repo.js';

/* Invoicing's rows → the contract's shapes (DD-MM-YYYY, snake_case, abilities). */

export const personOf = (id: string, first: string, last: string) => ({ _id: id, name: `${first} ${last}`.trim() });
const day = (iso: string | null) => (iso ? ddmmyyyyFromIso(iso) : null);

export function presentSettings(row: SettingsRow, locked: boolean, providers: string[]): FeeSettings {
  return {
    currency: row.currency,
    invoice_prefix: row.invoicePrefix,
    receipt_prefix: row.receiptPrefix,
    credit_note_prefix: row.creditNotePrefix,
    reminder_days_before: row.reminderDaysBefore,
    reminder_days_after: row.reminderDaysAfter,
    online_provider: row.onlineProvider,
    online_providers_available: providers,
    currency_locked: locked,
  };
}

export function presentStructure(
  row: StructureRow,
  items: ItemRow[],
  classNames: Map<string, string>,
  children: number,
  currency: string,
): FeeStructure {
  return {
    _id: row.id,
    name: row.name,
    billing_cycle: row.billingCycle as BillingCycle,
    due_day: row.dueDay,
    classes: row.classIds.filter((id) => classNames.has(id)).map((id) => ({ _id: id, name: classNames.get(id) ?? '' })),
    age_from_months: row.ageFromMonths,
    age_to_months: row.ageToMonths,
    terms: row.terms.map((t) => ({ name: t.name, start: ddmmyyyyFromIso(t.start), end: ddmmyyyyFromIso(t.end) })),
    items: items.map((i) => ({
      _id: i.id,
      kind: i.kind as FeeItemKind,
      name: i.name,
      amount: i.amount,
      optional: i.optional,
      student_ids: i.studentIds,
    })),
    total: items.filter((i) => !i.optional && i.kind !== 'late_pickup').reduce((s, i) => s + i.amount, 0),
    currency,
    children,
    archived: row.archivedAt !== null,
    abilities: { edit: row.archivedAt === null },
  };
}

export function presentDiscount(row: DiscountRow, studentNames: Map<string, string>): FeeDiscount {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind as FeeDiscount['kind'],
    mode: row.mode as FeeDiscount['mode'],
    value: row.value,
    item_kinds: row.itemKinds as FeeItemKind[],
    position: row.position,
    stackable: row.stackable,
    reason: row.reason,
    valid_from: day(row.validFrom),
    valid_to: day(row.validTo),
    days_before_due: row.daysBeforeDue,
    students: row.studentIds.filter((id) => studentNames.has(id)).map((id) => ({ _id: id, name: studentNames.get(id) ?? '' })),
    archived: row.archivedAt !== null,
    abilities: { edit: row.archivedAt === null },
  };
}

export function presentRun(row: RunListed, currency: string): InvoiceRun {
  return {
    _id: row.id,
    billing_cycle: row.billingCycle as BillingCycle,
    period_label: row.periodLabel,
    period_start: ddmmyyyyFromIso(row.periodStart),
    period_end: ddmmyyyyFromIso(row.periodEnd),
    status: row.status as InvoiceRun['status'],
    invoices: row.invoiceCount,
    total: row.total,
    currency,
    skipped: row.skipped as InvoiceRun['skipped'],
    created_by: personOf(row.createdBy, row.creatorFirst, row.creatorLast),
    created_at: row.createdAt.toISOString(),
    issued_at: row.issuedAt ? row.issuedAt.toISOString() : null,
  };
}

export function presentSummary(r: InvoiceListed, paid: number, today: string): InvoiceSummary {
  const i = r.invoice;
  // A superseded or cancelled invoice owes nothing; a draft is not owed yet.
  const live = i.status === 'issued';
  return {
    _id: i.id,
    number: i.number,
    revision: i.revision,
    status: i.status as InvoiceSummary['status'],
    student: personOf(i.studentId, r.firstName, r.lastName),
    class: i.classId ? { _id: i.classId, name: r.className ?? '' } : null,
    account: { _id: i.accountId, name: r.accountName },
    period_label: i.periodLabel,
    period_start: ddmmyyyyFromIso(i.periodStart),
    period_end: ddmmyyyyFromIso(i.periodEnd),
    issue_date: day(i.issueDate),
    due_date: ddmmyyyyFromIso(i.dueDate),
    currency: i.currency,
    total: i.total,
    paid,
    outstanding: live ? i.total - paid : 0,
    payment_state: live ? paymentState(i.total, paid, i.dueDate, today) : paymentState(0, 0, i.dueDate, today),
  };
}

export const presentLine = (l: LineRow): InvoiceLine => ({
  kind: l.kind as InvoiceLine['kind'],
  description: l.description,
  quantity: l.quantity,
  unit_amount: l.unitAmount,
  amount: l.amount,
});

export function presentInvoice(
  r: InvoiceListed,
  x: {
    paid: number;
    today: string;
    lines: LineRow[];
    allocations: Invoice['allocations'];
    revisions: { id: string; revision: number; status: string; total: number; reason: string; at: Date }[];
    issuedBy: { id: string; firstName: string; lastName: string } | null;
    staffWithFees: boolean;
  },
): Invoice {
  const summary = presentSummary(r, x.paid, x.today);
  const issued = r.invoice.status === 'issued';
  return {
    ...summary,
    lines: x.lines.map(presentLine),
    subtotal: r.invoice.subtotal,
    discount_total: r.invoice.discountTotal,
    reason: r.invoice.reason,
    allocations: x.allocations,
    revisions: x.revisions.map((v) => ({
      _id: v.id,
      revision: v.revision,
      status: v.status as Invoice['status'],
      total: v.total,
      reason: v.reason,
      at: v.at.toISOString(),
    })),
    issued_by: x.issuedBy ? personOf(x.issuedBy.id, x.issuedBy.firstName, x.issuedBy.lastName) : null,
    abilities: {
      revise: issued && x.staffWithFees,
      cancel: issued && x.staffWithFees,
      credit: issued && x.staffWithFees && summary.outstanding > 0,
      pay: issued && x.staffWithFees && summary.outstanding > 0,
    },
  };
}
