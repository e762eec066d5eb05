import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id, updatedAt } from './columns.js';
import { roles, students, users } from './people.js';
import { schools } from './school.js';
import { schoolRef } from './school-ref.js';

/*
 * Management (issue 26): admissions, hiring and fees. Money is bigint minor units of the school's
 * currency (fee_settings.currency); every total is the sum of its lines.
 */

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

// ------------------------------------------------------------------ admissions

/** The school's public form of each kind (enquiry, application), built in its form builder. */
export const admissionForms = pgTable(
  'admission_forms',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** { en, ar, he } */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    intro: jsonb('intro').$type<Record<string, string>>().notNull(),
    open: boolean('open').notNull().default(true),
    /** The sections and fields (contract formSectionSchema[]). */
    sections: jsonb('sections').$type<unknown[]>().notNull(),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admission_forms_school_kind_idx').on(t.schoolId, t.kind)],
);

/** One family's enquiry or application, as it moves through the pipeline. */
export const admissionApplications = pgTable(
  'admission_applications',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    /** A-YYYY-NNNN, unique in the school. */
    reference: varchar('reference', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    stage: varchar('stage', { length: 16 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    childFirstName: text('child_first_name').notNull(),
    childLastName: text('child_last_name').notNull().default(''),
    childDateOfBirth: date('child_date_of_birth'),
    parentFirstName: text('parent_first_name').notNull(),
    parentLastName: text('parent_last_name').notNull().default(''),
    parentEmail: text('parent_email'),
    parentPhone: varchar('parent_phone', { length: 10 }),
    desiredClassId: id('desired_class_id').references(() => classes.id),
    desiredStart: date('desired_start'),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    /** Every answer of the form by field key, as submitted (reserved fields included). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** The form's sections when it was submitted, so later edits of the form do not reword old answers. */
    formSnapshot: jsonb('form_snapshot').$type<unknown[]>().notNull().default([]),
    visitAt: timestamp('visit_at', { withTimezone: true }),
    studentId: id('student_id').references(() => students.id),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admission_applications_reference_idx').on(t.schoolId, t.reference),
    index('admission_applications_stage_idx').on(t.schoolId, t.stage, t.stageChangedAt),
    index('admission_applications_created_idx').on(t.schoolId, t.createdAt),
    // The list's order (decision 47).
    index('admission_applications_list_idx').on(t.schoolId, t.stageChangedAt, t.id),
  ],
);

/** Each move of an application from one stage to another (the report counts conversions from it). */
export const admissionStageChanges = pgTable(
  'admission_stage_changes',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id')
      .notNull()
      .references(() => admissionApplications.id),
    fromStage: varchar('from_stage', { length: 16 }),
    toStage: varchar('to_stage', { length: 16 }).notNull(),
    note: text('note').notNull().default(''),
    emailSent: boolean('email_sent').notNull().default(false),
    byUserId: id('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admission_stage_changes_app_idx').on(t.applicationId, t.at)],
);

export const admissionNotes = pgTable(
  'admission_notes',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id')
      .notNull()
      .references(() => admissionApplications.id),
    body: text('body').notNull(),
    authorId: id('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('admission_notes_app_idx').on(t.applicationId, t.createdAt)],
);

/**
 * A document of an application: uploaded by the family with the public form (application_id null
 * until the form is submitted; unclaimed ones are removed after a day) or added by staff.
 */
export const admissionDocuments = pgTable(
  'admission_documents',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id').references(() => admissionApplications.id),
    fieldKey: varchar('field_key', { length: 40 }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    addedBy: id('added_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('admission_documents_app_idx').on(t.applicationId),
    index('admission_documents_unclaimed_idx').on(t.createdAt).where(sql`${t.applicationId} is null`),
  ],
);

// ------------------------------------------------------------------ hiring

export const jobOpenings = pgTable(
  'job_openings',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    employmentType: varchar('employment_type', { length: 16 }).notNull().default('full_time'),
    location: text('location').notNull().default(''),
    roleId: id('role_id').references(() => roles.id),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    closesOn: date('closes_on'),
    status: varchar('status', { length: 8 }).notNull().default('draft'),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_openings_school_idx').on(t.schoolId, t.status)],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    openingId: id('opening_id')
      .notNull()
      .references(() => jobOpenings.id),
    reference: varchar('reference', { length: 24 }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 10 }),
    coverLetter: text('cover_letter').notNull().default(''),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    stage: varchar('stage', { length: 16 }).notNull().default('screening'),
    staffUserId: id('staff_user_id').references(() => users.id),
    createdAt: createdAt(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_applications_reference_idx').on(t.schoolId, t.reference),
    index('job_applications_opening_idx').on(t.openingId, t.stage),
    index('job_applications_school_idx').on(t.schoolId, t.stageChangedAt, t.id),
  ],
);

/** A CV: uploaded with the public form before the application exists (claimed when it is sent). */
export const jobApplicationFiles = pgTable(
  'job_application_files',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    openingId: id('opening_id')
      .notNull()
      .references(() => jobOpenings.id),
    applicationId: id('application_id').references(() => jobApplications.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_application_files_app_idx').on(t.applicationId)],
);

export const jobStageChanges = pgTable(
  'job_stage_changes',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id')
      .notNull()
      .references(() => jobApplications.id),
    fromStage: varchar('from_stage', { length: 16 }),
    toStage: varchar('to_stage', { length: 16 }).notNull(),
    note: text('note').notNull().default(''),
    emailSent: boolean('email_sent').notNull().default(false),
    byUserId: id('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_stage_changes_app_idx').on(t.applicationId, t.at)],
);

export const jobApplicationNotes = pgTable(
  'job_application_notes',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id')
      .notNull()
      .references(() => jobApplications.id),
    body: text('body').notNull(),
    authorId: id('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('job_application_notes_app_idx').on(t.applicationId, t.createdAt)],
);

export const jobInterviews = pgTable(
  'job_interviews',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    applicationId: id('application_id')
      .notNull()
      .references(() => jobApplications.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    note: text('note').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('job_interviews_school_idx').on(t.schoolId, t.startsAt), index('job_interviews_app_idx').on(t.applicationId)],
);

export const jobInterviewers = pgTable(
  'job_interviewers',
  {
    interviewId: id('interview_id')
      .notNull()
      .references(() => jobInterviews.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.userId] }), index('job_interviewers_user_idx').on(t.userId)],
);

// ------------------------------------------------------------------ fees

export const feeSettings = pgTable('fee_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  currency: varchar('currency', { length: 3 }).notNull().default('INR'),
  invoicePrefix: varchar('invoice_prefix', { length: 12 }).notNull().default('INV'),
  receiptPrefix: varchar('receipt_prefix', { length: 12 }).notNull().default('RCT'),
  creditNotePrefix: varchar('credit_note_prefix', { length: 12 }).notNull().default('CN'),
  reminderDaysBefore: integer('reminder_days_before').notNull().default(3),
  reminderDaysAfter: integer('reminder_days_after').notNull().default(7),
  onlineProvider: varchar('online_provider', { length: 40 }),
  updatedAt: updatedAt(),
});

/** The next number of each kind of document (invoice, receipt, credit note) per school and year. */
export const feeSequences = pgTable(
  'fee_sequences',
  {
    schoolId: schoolRef(),
    kind: varchar('kind', { length: 12 }).notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.kind, t.year] })],
);

export const feeStructures = pgTable(
  'fee_structures',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    name: text('name').notNull(),
    billingCycle: varchar('billing_cycle', { length: 8 }).notNull(),
    dueDay: integer('due_day').notNull().default(5),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    ageFromMonths: integer('age_from_months'),
    ageToMonths: integer('age_to_months'),
    terms: jsonb('terms').$type<{ name: string; start: string; end: string }[]>().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fee_structures_school_idx').on(t.schoolId)],
);

export const feeItems = pgTable(
  'fee_items',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    structureId: id('structure_id')
      .notNull()
      .references(() => feeStructures.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    name: text('name').notNull(),
    amount: money('amount'),
    optional: boolean('optional').notNull().default(false),
    studentIds: jsonb('student_ids').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('fee_items_structure_idx').on(t.structureId)],
);

export const feeDiscounts = pgTable(
  'fee_discounts',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    name: text('name').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    mode: varchar('mode', { length: 8 }).notNull(),
    /** percent: hundredths of a percent; amount: minor units. */
    value: bigint('value', { mode: 'number' }).notNull(),
    itemKinds: jsonb('item_kinds').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    stackable: boolean('stackable').notNull().default(true),
    reason: text('reason').notNull().default(''),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    daysBeforeDue: integer('days_before_due'),
    studentIds: jsonb('student_ids').$type<string[]>().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fee_discounts_school_idx').on(t.schoolId)],
);

/** A family's account: its children's invoices and its payments and credit notes. */
export const feeAccounts = pgTable(
  'fee_accounts',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fee_accounts_school_idx').on(t.schoolId, t.name, t.id)],
);

export const feeAccountStudents = pgTable(
  'fee_account_students',
  {
    accountId: id('account_id')
      .notNull()
      .references(() => feeAccounts.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    schoolId: schoolRef(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.studentId] }), uniqueIndex('fee_account_students_student_idx').on(t.studentId)],
);

/** A generation of a period's invoices: a preview (drafts) until issued. */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    billingCycle: varchar('billing_cycle', { length: 8 }).notNull(),
    periodLabel: text('period_label').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('preview'),
    classIds: jsonb('class_ids').$type<string[]>().notNull().default([]),
    issueDate: date('issue_date'),
    skipped: jsonb('skipped').$type<unknown[]>().notNull().default([]),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [index('invoice_runs_school_idx').on(t.schoolId, t.createdAt)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    accountId: id('account_id')
      .notNull()
      .references(() => feeAccounts.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    classId: id('class_id').references(() => classes.id),
    runId: id('run_id').references(() => invoiceRuns.id),
    structureId: id('structure_id').references(() => feeStructures.id),
    /** Null while a draft; every revision keeps the number. */
    number: varchar('number', { length: 32 }),
    revision: integer('revision').notNull().default(1),
    /** The revision this one replaced. */
    replacesId: id('replaces_id'),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    billingCycle: varchar('billing_cycle', { length: 8 }).notNull(),
    periodLabel: text('period_label').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    issueDate: date('issue_date'),
    dueDate: date('due_date').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    subtotal: money('subtotal'),
    discountTotal: money('discount_total'),
    total: money('total'),
    reason: text('reason').notNull().default(''),
    issuedBy: id('issued_by').references(() => users.id),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_school_status_idx').on(t.schoolId, t.status, t.dueDate),
    index('invoices_account_idx').on(t.accountId, t.status),
    index('invoices_student_idx').on(t.studentId),
    index('invoices_run_idx').on(t.runId),
    // The list's order, as far as the invoice's own columns go (decision 47).
    index('invoices_school_list_idx').on(t.schoolId, t.periodStart.desc().nullsFirst(), t.number),
    /** One live invoice per child, structure and period. */
    uniqueIndex('invoices_live_period_idx')
      .on(t.schoolId, t.studentId, t.structureId, t.periodStart)
      .where(sql`${t.status} in ('draft', 'issued') and ${t.runId} is not null`),
    uniqueIndex('invoices_number_live_idx').on(t.schoolId, t.number).where(sql`${t.status} = 'issued'`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    invoiceId: id('invoice_id')
      .notNull()
      .references(() => invoices.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    description: text('description').notNull(),
    feeItemId: id('fee_item_id'),
    discountId: id('discount_id'),
    quantity: integer('quantity').notNull().default(1),
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

export const payments = pgTable(
  'payments',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    accountId: id('account_id')
      .notNull()
      .references(() => feeAccounts.id),
    number: varchar('number', { length: 32 }).notNull(),
    amount: money('amount'),
    currency: varchar('currency', { length: 3 }).notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    receivedOn: date('received_on').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    recordedBy: id('recorded_by').references(() => users.id),
    createdAt: createdAt(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payments_number_idx').on(t.schoolId, t.number),
    index('payments_account_idx').on(t.accountId),
    index('payments_school_received_idx').on(t.schoolId, t.receivedOn, t.createdAt, t.id),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    accountId: id('account_id')
      .notNull()
      .references(() => feeAccounts.id),
    invoiceId: id('invoice_id').references(() => invoices.id),
    number: varchar('number', { length: 32 }).notNull(),
    amount: money('amount'),
    currency: varchar('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    /** An early-payment discount given by the system when an invoice was paid early. */
    discountId: id('discount_id'),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_notes_number_idx').on(t.schoolId, t.number), index('credit_notes_account_idx').on(t.accountId)],
);

/** Money of a payment or a credit note set against an invoice (never more than it owes). */
export const feeAllocations = pgTable(
  'fee_allocations',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    invoiceId: id('invoice_id')
      .notNull()
      .references(() => invoices.id),
    paymentId: id('payment_id').references(() => payments.id),
    creditNoteId: id('credit_note_id').references(() => creditNotes.id),
    amount: money('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    index('fee_allocations_invoice_idx').on(t.invoiceId),
    index('fee_allocations_payment_idx').on(t.paymentId),
    index('fee_allocations_credit_idx').on(t.creditNoteId),
  ],
);

/** Reminders sent, so each invoice gets each kind once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: id('invoice_id')
      .notNull()
      .references(() => invoices.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    schoolId: schoolRef(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);
