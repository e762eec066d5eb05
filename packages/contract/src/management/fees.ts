import { z } from 'zod';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema, pageOf, requiredText } from '../common.js';

/*
 * Fees (issue 26). Money is an integer of the currency's minor units (paise, fils, agorot; a currency
 * without them counts whole units) with the school's ISO 4217 code beside it; the page formats it.
 * A total is always the sum of its lines. A family's children share one fee account: invoices of each
 * child, payments and credit notes of the account, allocated to the oldest invoice first; what is paid
 * over what is owed stays on the account as credit.
 */

export const FEE_MESSAGES = {
  settingsSaved: 'Fee settings saved',
  structureCreated: 'Fee structure added',
  structureSaved: 'Fee structure saved',
  structureArchived: 'Fee structure archived',
  discountCreated: 'Discount added',
  discountSaved: 'Discount saved',
  discountArchived: 'Discount archived',
  previewReady: 'Preview ready',
  issued: 'Invoices issued',
  runDiscarded: 'Preview discarded',
  revised: 'Invoice corrected: a new revision was issued',
  cancelled: 'Invoice cancelled',
  creditNoteAdded: 'Credit note added',
  paymentRecorded: 'Payment recorded',
  paymentVoided: 'Payment voided',
  remindersSent: 'Reminders sent',
  issuedReadOnly: 'An issued invoice cannot be changed: correct it with a new revision or a credit note',
  cycleTaken: 'Invoices for this period have already been issued',
  runNotPreview: 'These invoices have already been issued',
  nothingToInvoice: 'No enrolled child has a fee structure for this period',
  overAllocation: 'This is more than is owed',
  creditTooLarge: 'A credit note cannot be more than the invoice still owes',
  amountPositive: 'The amount must be more than zero',
  reasonRequired: 'Give a reason',
  structureOverlap: 'A class can have only one fee structure of each billing cycle',
  providerNotEnabled: 'Online payment is not switched on for this school',
  currencyLocked: 'The currency cannot change once invoices have been issued',
} as const;

export const BILLING_CYCLES = ['monthly', 'termly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const FEE_ITEM_KINDS = ['tuition', 'meals', 'transport', 'late_pickup', 'activity', 'other'] as const;
export type FeeItemKind = (typeof FEE_ITEM_KINDS)[number];
export const DISCOUNT_KINDS = ['sibling', 'staff', 'scholarship', 'early_payment', 'other'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_MODES = ['percent', 'amount'] as const;
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_terminal', 'cheque', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const INVOICE_STATUSES = ['draft', 'issued', 'superseded', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_LINE_KINDS = ['item', 'discount', 'proration', 'late_pickup', 'adjustment'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** Paid: nothing owed; partly_paid; unpaid; overdue: owed after the due date. */
export const PAYMENT_STATES = ['paid', 'partly_paid', 'unpaid', 'overdue'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** An amount in minor units (at most 100 million whole units of a two-decimal currency). */
export const minorAmountSchema = z.number().int().min(0).max(10_000_000_000);
/** An amount the server answers (a sum of many amounts has no bound of its own). */
const signedMinor = z.number().int();
const amountOut = z.number().int();
/** A correction line's unit amount (negative for a reduction). */
const unitAmountInput = z.number().int().min(-10_000_000_000).max(10_000_000_000);
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as INR');
const person = z.object({ _id: idSchema, name: z.string() });

// ------------------------------------------------------------------ settings

export const feeSettingsSchema = z.object({
  currency: currencySchema,
  /** Invoice numbers: prefix + year + sequence (INV-2026-00042). */
  invoice_prefix: z.string(),
  receipt_prefix: z.string(),
  credit_note_prefix: z.string(),
  /** Days before the due date that a reminder goes to the family (0: none). */
  reminder_days_before: z.number().int(),
  /** Days after the due date that an overdue reminder goes (0: none). */
  reminder_days_after: z.number().int(),
  /** The pluggable online provider: none is enabled by default. */
  online_provider: z.string().nullable(),
  online_providers_available: z.array(z.string()),
  /** The currency may change only until the first invoice is issued. */
  currency_locked: z.boolean(),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;
export const feeSettingsRequestSchema = z.object({
  currency: currencySchema.optional(),
  invoice_prefix: z.string().trim().min(1).max(12).optional(),
  receipt_prefix: z.string().trim().min(1).max(12).optional(),
  credit_note_prefix: z.string().trim().min(1).max(12).optional(),
  reminder_days_before: z.number().int().min(0).max(60).optional(),
  reminder_days_after: z.number().int().min(0).max(90).optional(),
  online_provider: z.string().trim().max(40).nullable().optional(),
});

// ------------------------------------------------------------------ structures

export const feeItemSchema = z.object({
  _id: idSchema,
  kind: z.enum(FEE_ITEM_KINDS),
  name: z.string(),
  /** Per billing cycle; late pick-up: per late pick-up recorded in the period. */
  amount: amountOut,
  /** Optional items are billed only to the children listed on them (meals, transport). */
  optional: z.boolean(),
  student_ids: z.array(idSchema),
});
export const feeItemRequestSchema = z.object({
  _id: idSchema.optional(),
  kind: z.enum(FEE_ITEM_KINDS),
  name: requiredText(120),
  amount: minorAmountSchema,
  optional: z.boolean().default(false),
  student_ids: z.array(idSchema).max(2000).default([]),
});

export const feeStructureSchema = z.object({
  _id: idSchema,
  name: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  /** The day of the period's first month the invoice is due (1-28). */
  due_day: z.number().int(),
  /** Whom it bills: these classes, or children whose age at the period's start is in the band. */
  classes: z.array(person),
  age_from_months: z.number().int().nullable(),
  age_to_months: z.number().int().nullable(),
  /** termly: the terms' first and last days. */
  terms: z.array(z.object({ name: z.string(), start: ddmmyyyySchema, end: ddmmyyyySchema })),
  items: z.array(feeItemSchema),
  /** The sum of the items that are not optional, per cycle. */
  total: amountOut,
  currency: currencySchema,
  children: z.number().int(),
  archived: z.boolean(),
  abilities: abilitiesSchema('edit'),
});
export type FeeStructure = z.infer<typeof feeStructureSchema>;
export const feeStructureRequestSchema = z
  .object({
    name: requiredText(120),
    billing_cycle: z.enum(BILLING_CYCLES),
    due_day: z.number().int().min(1).max(28).default(5),
    class_ids: z.array(idSchema).max(200).default([]),
    age_from_months: z.number().int().min(0).max(240).nullable().optional(),
    age_to_months: z.number().int().min(0).max(240).nullable().optional(),
    terms: z
      .array(z.object({ name: requiredText(60), start: ddmmyyyySchema, end: ddmmyyyySchema }))
      .max(6)
      .default([]),
    items: z.array(feeItemRequestSchema).min(1).max(30),
  })
  .refine((s) => s.class_ids.length > 0 || s.age_from_months != null || s.age_to_months != null, {
    message: 'Choose classes or an age group',
    path: ['class_ids'],
  })
  .refine((s) => s.billing_cycle !== 'termly' || s.terms.length > 0, {
    message: 'Give the terms of a termly fee',
    path: ['terms'],
  });
export type FeeStructureRequest = z.infer<typeof feeStructureRequestSchema>;

export const feeDiscountSchema = z.object({
  _id: idSchema,
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  mode: z.enum(DISCOUNT_MODES),
  /** percent: hundredths of a percent (1000 = 10 %); amount: minor units per invoice. */
  value: z.number().int(),
  /** Which item kinds it reduces (empty: all). */
  item_kinds: z.array(z.enum(FEE_ITEM_KINDS)),
  /** Applied in this order (lower first); a percentage applies to what is left after earlier ones. */
  position: z.number().int(),
  /** false: it applies only when no earlier discount did. */
  stackable: z.boolean(),
  reason: z.string(),
  valid_from: ddmmyyyySchema.nullable(),
  valid_to: ddmmyyyySchema.nullable(),
  /** early_payment: the invoice paid in full this many days before it is due. */
  days_before_due: z.number().int().nullable(),
  /** scholarship and other: the children it is given to (sibling and staff find them by rule). */
  students: z.array(person),
  archived: z.boolean(),
  abilities: abilitiesSchema('edit'),
});
export type FeeDiscount = z.infer<typeof feeDiscountSchema>;
export const feeDiscountRequestSchema = z
  .object({
    name: requiredText(120),
    kind: z.enum(DISCOUNT_KINDS),
    mode: z.enum(DISCOUNT_MODES),
    value: z.number().int().min(1).max(10_000_000_000),
    item_kinds: z.array(z.enum(FEE_ITEM_KINDS)).default([]),
    position: z.number().int().min(0).max(1000).default(0),
    stackable: z.boolean().default(true),
    reason: requiredText(500),
    valid_from: ddmmyyyySchema.nullable().optional(),
    valid_to: ddmmyyyySchema.nullable().optional(),
    days_before_due: z.number().int().min(0).max(90).nullable().optional(),
    student_ids: z.array(idSchema).max(2000).default([]),
  })
  .refine((d) => d.mode !== 'percent' || d.value <= 10000, { message: 'At most 100 %', path: ['value'] })
  .refine((d) => d.kind !== 'early_payment' || d.days_before_due != null, {
    message: 'Give how many days before the due date',
    path: ['days_before_due'],
  });
export type FeeDiscountRequest = z.infer<typeof feeDiscountRequestSchema>;

// ------------------------------------------------------------------ invoices

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: signedMinor,
  /** quantity × unit_amount, rounded; negative for discounts. */
  amount: signedMinor,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  _id: idSchema,
  /** Null until issued. */
  number: z.string().nullable(),
  revision: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  student: person,
  class: person.nullable(),
  account: person,
  period_label: z.string(),
  period_start: ddmmyyyySchema,
  period_end: ddmmyyyySchema,
  issue_date: ddmmyyyySchema.nullable(),
  due_date: ddmmyyyySchema,
  currency: currencySchema,
  /** The sum of the lines. */
  total: signedMinor,
  /** Payments and credit notes allocated to it. */
  paid: amountOut,
  /** total − paid. */
  outstanding: signedMinor,
  payment_state: z.enum(PAYMENT_STATES),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const allocationSchema = z.object({
  kind: z.enum(['payment', 'credit_note']),
  _id: idSchema,
  number: z.string(),
  date: ddmmyyyySchema,
  amount: amountOut,
});

export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  subtotal: signedMinor,
  discount_total: signedMinor,
  /** Why this revision replaced the last one. */
  reason: z.string(),
  allocations: z.array(allocationSchema),
  /** Every revision of this invoice, newest first. */
  revisions: z.array(
    z.object({
      _id: idSchema,
      revision: z.number().int(),
      status: z.enum(INVOICE_STATUSES),
      total: signedMinor,
      reason: z.string(),
      at: z.string(),
    }),
  ),
  issued_by: person.nullable(),
  abilities: abilitiesSchema('revise', 'cancel', 'credit', 'pay'),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  run_id: idSchema.optional(),
  class_id: idSchema.optional(),
  student_id: idSchema.optional(),
  account_id: idSchema.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  payment_state: z.enum(PAYMENT_STATES).optional(),
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export const invoicePageSchema = pageOf(invoiceSummarySchema);

/** A correction: the new lines (the total is their sum) and why. */
export const invoiceReviseSchema = z.object({
  reason: requiredText(500),
  lines: z
    .array(
      z.object({
        kind: z.enum(INVOICE_LINE_KINDS),
        description: requiredText(200),
        quantity: z.number().int().min(1).max(1000).default(1),
        unit_amount: unitAmountInput,
      }),
    )
    .min(1)
    .max(50),
  due_date: ddmmyyyySchema.optional(),
});
export type InvoiceRevise = z.infer<typeof invoiceReviseSchema>;
export const invoiceCancelSchema = z.object({ reason: requiredText(500) });

// ------------------------------------------------------------------ runs (generation with preview)

export const invoiceRunRequestSchema = z.object({
  billing_cycle: z.enum(BILLING_CYCLES),
  /** Any day of the period: the month, the term or the year that holds it. */
  period_date: ddmmyyyySchema,
  /** Only these classes (default: every class with a structure of this cycle). */
  class_ids: z.array(idSchema).max(500).default([]),
  issue_date: ddmmyyyySchema.optional(),
});
export type InvoiceRunRequest = z.infer<typeof invoiceRunRequestSchema>;

export const invoiceRunSchema = z.object({
  _id: idSchema,
  billing_cycle: z.enum(BILLING_CYCLES),
  period_label: z.string(),
  period_start: ddmmyyyySchema,
  period_end: ddmmyyyySchema,
  status: z.enum(['preview', 'issued', 'discarded']),
  invoices: z.number().int(),
  total: signedMinor,
  currency: currencySchema,
  /** Enrolled children in the classes asked for that no structure bills (shown before issuing). */
  skipped: z.array(z.object({ student: person, class: person.nullable(), reason: z.string() })),
  created_by: person,
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type InvoiceRun = z.infer<typeof invoiceRunSchema>;
export const invoiceRunListSchema = z.array(invoiceRunSchema);

// ------------------------------------------------------------------ payments and credit notes

export const paymentRequestSchema = z.object({
  account_id: idSchema,
  amount: minorAmountSchema.min(1),
  method: z.enum(PAYMENT_METHODS).exclude(['online']),
  received_on: ddmmyyyySchema,
  reference: z.string().trim().max(120).default(''),
  note: z.string().trim().max(1000).default(''),
  /** Pay these invoices first (default: the oldest first). */
  invoice_ids: z.array(idSchema).max(100).default([]),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentSchema = z.object({
  _id: idSchema,
  /** The receipt's number. */
  number: z.string(),
  account: person,
  amount: amountOut,
  currency: currencySchema,
  method: z.enum(PAYMENT_METHODS),
  received_on: ddmmyyyySchema,
  reference: z.string(),
  note: z.string(),
  allocations: z.array(z.object({ invoice: z.object({ _id: idSchema, number: z.string() }), amount: amountOut })),
  /** What stayed on the account as credit. */
  unallocated: amountOut,
  recorded_by: person.nullable(),
  created_at: z.string(),
  voided: z.boolean(),
  void_reason: z.string(),
  abilities: abilitiesSchema('void'),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListQuerySchema = z.object({
  account_id: idSchema.optional(),
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export const paymentPageSchema = pageOf(paymentSchema);
export const paymentVoidSchema = z.object({ reason: requiredText(500) });

export const creditNoteRequestSchema = z.object({
  /** Reduces what this invoice owes; without it the amount is credit on the account. */
  invoice_id: idSchema.nullable().optional(),
  account_id: idSchema,
  amount: minorAmountSchema.min(1),
  reason: requiredText(500),
});
export const creditNoteSchema = z.object({
  _id: idSchema,
  number: z.string(),
  account: person,
  invoice: z.object({ _id: idSchema, number: z.string() }).nullable(),
  amount: amountOut,
  currency: currencySchema,
  reason: z.string(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

// ------------------------------------------------------------------ accounts (families)

export const feeAccountSummarySchema = z.object({
  _id: idSchema,
  /** "Sharma family": the bill payer's last name, or the children's names. */
  name: z.string(),
  children: z.array(person),
  payers: z.array(z.object({ _id: idSchema, name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  currency: currencySchema,
  invoiced: signedMinor,
  paid: amountOut,
  /** Owed now: issued invoices' outstanding amounts. */
  outstanding: signedMinor,
  /** Paid over what is owed, kept for the next invoices. */
  credit: amountOut,
  /** outstanding − credit (negative: the school owes the family). */
  balance: signedMinor,
  overdue: signedMinor,
});
export type FeeAccountSummary = z.infer<typeof feeAccountSummarySchema>;
export const feeAccountSchema = feeAccountSummarySchema.extend({
  invoices: z.array(invoiceSummarySchema),
  payments: z.array(paymentSchema),
  credit_notes: z.array(creditNoteSchema),
  abilities: abilitiesSchema('pay', 'credit', 'remind'),
});
export type FeeAccount = z.infer<typeof feeAccountSchema>;
export const feeAccountListQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  class_id: idSchema.optional(),
  owing: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: cursorSchema.optional(),
});
export const feeAccountPageSchema = pageOf(feeAccountSummarySchema);

/** What a family sees: each of its accounts at the school (usually one). */
export const familyFeesSchema = z.object({ accounts: z.array(feeAccountSchema) });
export type FamilyFees = z.infer<typeof familyFeesSchema>;

// ------------------------------------------------------------------ reports

export const feeReportQuerySchema = z.object({
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
  class_id: idSchema.optional(),
});
export const collectionReportSchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  currency: currencySchema,
  /** Per month ('YYYY-MM') and class: what was invoiced for it, collected against it, still owed. */
  rows: z.array(
    z.object({
      month: z.string(),
      class: person.nullable(),
      invoiced: signedMinor,
      collected: amountOut,
      credited: amountOut,
      outstanding: signedMinor,
    }),
  ),
  /** Money received in the period by method. */
  by_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: amountOut, count: z.number().int() })),
  totals: z.object({
    invoiced: signedMinor,
    collected: amountOut,
    credited: amountOut,
    outstanding: signedMinor,
  }),
});
export type CollectionReport = z.infer<typeof collectionReportSchema>;

export const AGEING_BUCKETS = ['not_due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const ageingQuerySchema = z.object({ as_of: ddmmyyyySchema.optional(), class_id: idSchema.optional() });
export const ageingReportSchema = z.object({
  as_of: ddmmyyyySchema,
  currency: currencySchema,
  /** Per family: what is owed by days past due (not yet due; 0-30; 31-60; 61-90; over 90). */
  rows: z.array(
    z.object({
      account: person,
      children: z.array(person),
      not_due: signedMinor,
      d0_30: signedMinor,
      d31_60: signedMinor,
      d61_90: signedMinor,
      d90_plus: signedMinor,
      credit: amountOut,
      total: signedMinor,
    }),
  ),
  totals: z.record(z.enum([...AGEING_BUCKETS, 'credit', 'total']), signedMinor),
});
export type AgeingReport = z.infer<typeof ageingReportSchema>;

/** The overview at the top of the fee pages. */
export const feeOverviewSchema = z.object({
  currency: currencySchema,
  invoiced_this_month: signedMinor,
  collected_this_month: amountOut,
  outstanding: signedMinor,
  overdue: signedMinor,
  overdue_accounts: z.number().int(),
  last_run: invoiceRunSchema.nullable(),
});
export type FeeOverview = z.infer<typeof feeOverviewSchema>;
