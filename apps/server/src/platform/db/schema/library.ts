import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/** A catalogue item of a school's library: a book or another thing lent (its copies are lent). */
export const libraryItems = pgTable(
  'library_items',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 16 }).notNull().default('book'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    /** ISBN-13 digits only (no hyphens); the wire shows it hyphenated. */
    isbn13: varchar('isbn13', { length: 13 }),
    publisher: text('publisher'),
    publishedYear: integer('published_year'),
    language: varchar('language', { length: 10 }),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    description: text('description'),
    /** Lower-cased title, authors, ISBN and tags, for search. */
    searchText: text('search_text').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_items_school_title_idx').on(t.schoolId, t.title),
    // The catalogue's order (decision 47).
    index('library_items_school_list_idx').on(t.schoolId, sql`lower(${t.title})`, t.id),
    uniqueIndex('library_items_school_isbn_idx').on(t.schoolId, t.isbn13),
  ],
);

/** One physical copy, with its own barcode (unique in the school) and status. */
export const libraryCopies = pgTable(
  'library_copies',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    itemId: id('item_id')
      .notNull()
      .references(() => libraryItems.id),
    barcode: varchar('barcode', { length: 64 }).notNull(),
    /** available, on_loan, reserved, repair, lost, withdrawn. */
    status: varchar('status', { length: 12 }).notNull().default('available'),
    location: text('location'),
    note: text('note'),
    acquiredOn: date('acquired_on'),
    /** The child a returned copy is kept for (status reserved). */
    reservedFor: id('reserved_for').references(() => students.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('library_copies_school_barcode_idx').on(t.schoolId, t.barcode),
    index('library_copies_item_idx').on(t.itemId),
  ],
);

/** A loan of a copy to a child: open until returned (or lost). */
export const libraryLoans = pgTable(
  'library_loans',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    copyId: id('copy_id')
      .notNull()
      .references(() => libraryCopies.id),
    itemId: id('item_id')
      .notNull()
      .references(() => libraryItems.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }).notNull(),
    checkedOutBy: id('checked_out_by').references(() => users.id),
    dueOn: date('due_on').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: id('returned_by').references(() => users.id),
    renewals: integer('renewals').notNull().default(0),
    /** open, returned, lost. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    condition: varchar('condition', { length: 10 }),
    note: text('note'),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('library_loans_school_status_due_idx').on(t.schoolId, t.status, t.dueOn),
    index('library_loans_student_idx').on(t.studentId, t.status),
    index('library_loans_copy_idx').on(t.copyId, t.checkedOutAt, t.id),
    // The desk's list, newest first (decision 47).
    index('library_loans_school_list_idx').on(t.schoolId, t.checkedOutAt, t.id),
    // One open loan per copy, whatever two desks scan at once.
    uniqueIndex('library_loans_open_copy_idx').on(t.copyId).where(sql`status = 'open'`),
  ],
);

/** A child waiting for an item: the first returned copy is kept for the first in the queue. */
export const libraryReservations = pgTable(
  'library_reservations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    itemId: id('item_id')
      .notNull()
      .references(() => libraryItems.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    /** waiting, ready, fulfilled, cancelled. */
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    readyCopyId: id('ready_copy_id').references(() => libraryCopies.id),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('library_reservations_item_idx').on(t.itemId, t.status, t.createdAt)],
);

/** A school's loan rules (by age group), barcode sequence and overdue notices. */
export const librarySettings = pgTable('library_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  rules: jsonb('rules')
    .$type<{ label: string; age_min: number; age_max: number; loan_days: number; max_loans: number; max_renewals: number }[]>()
    .notNull()
    .default([]),
  defaultLoanDays: integer('default_loan_days').notNull().default(14),
  defaultMaxLoans: integer('default_max_loans').notNull().default(2),
  defaultMaxRenewals: integer('default_max_renewals').notNull().default(1),
  barcodePrefix: varchar('barcode_prefix', { length: 8 }).notNull().default('LIB'),
  nextBarcode: integer('next_barcode').notNull().default(1),
  overdueNotices: boolean('overdue_notices').notNull().default(true),
  noticeAfterDays: integer('notice_after_days').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A catalogue file checked and waiting to be committed (or committed): its records and its report. */
export const libraryImports = pgTable(
  'library_imports',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    format: varchar('format', { length: 8 }).notNull(),
    filename: text('filename').notNull(),
    /** preview, importing, done, failed. */
    status: varchar('status', { length: 10 }).notNull().default('preview'),
    total: integer('total').notNull().default(0),
    /** The records that will be imported, as read. */
    records: jsonb('records').$type<unknown[]>().notNull().default([]),
    refusals: jsonb('refusals').$type<unknown[]>().notNull().default([]),
    refused: integer('refused').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    createdItems: integer('created_items').notNull().default(0),
    createdCopies: integer('created_copies').notNull().default(0),
    error: text('error'),
    createdBy: id('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('library_imports_school_idx').on(t.schoolId, t.createdAt)],
);
