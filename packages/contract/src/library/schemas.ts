import { z } from 'zod';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema, pageOf } from '../common.js';

/*
 * The school library (issue 24): a catalogue of items (books and others) with copies that each carry
 * their own barcode, loans to children with due dates from the school's rules by age group, renewals,
 * reservations, overdue notices, label sheets and catalogue imports from CSV and MARC21. Days on the
 * wire are the spec's DD-MM-YYYY; instants are ISO.
 */

export const LIBRARY_MESSAGES = {
  itemCreated: 'Item added to the catalogue',
  itemSaved: 'Item saved',
  itemArchived: 'Item archived',
  itemRestored: 'Item restored',
  copiesAdded: 'Copies added',
  copySaved: 'Copy saved',
  checkedOut: 'Checked out',
  returned: 'Returned',
  renewed: 'Renewed',
  markedLost: 'Marked as lost',
  reserved: 'Reserved',
  reservationCancelled: 'Reservation cancelled',
  settingsSaved: 'Library rules saved',
  noticesSent: 'Overdue notices sent',
  importChecked: 'File checked: see what will be imported',
  imported: 'Catalogue imported',
  labelsStarted: 'Preparing the labels',
  invalidIsbn: 'Enter a valid ISBN-10 or ISBN-13',
  duplicateIsbn: 'This ISBN is already in the catalogue',
  barcodeTaken: 'This barcode is already used by another copy',
  unknownBarcode: 'No copy has this barcode',
  copyNotAvailable: 'This copy is not available to lend',
  copyNotOnLoan: 'This copy is not on loan',
  loanLimit: 'This child already has as many loans as the rules allow',
  renewLimit: 'This loan cannot be renewed again',
  renewReserved: 'Another child is waiting for this item: it cannot be renewed',
  reservedForOther: 'This copy is kept for another child who reserved it',
  alreadyReserved: 'This child already reserved this item',
  alreadyBorrowed: 'This child already has this item on loan',
  itemOnLoan: 'An item with copies on loan cannot be archived',
  loanClosed: 'This loan is already closed',
  ageRange: 'The youngest age must not be above the oldest',
  dueInPast: 'The due date must be today or later',
  importFormat: 'Upload a CSV file or a MARC21 file (.mrc)',
  importEmpty: 'The file has no records to import',
  importTooLarge: 'The file has too many records (50,000 at most)',
  importDone: 'This import was already committed',
  importNothingValid: 'No record of this file can be imported',
  labelRange: 'Choose copies to print (at most 600 labels at once)',
  rulesOverlap: 'Two loan rules cover the same age',
} as const;

export const LIBRARY_ITEM_KINDS = ['book', 'picture_book', 'audiobook', 'magazine', 'dvd', 'game', 'kit', 'other'] as const;
export const COPY_STATUSES = ['available', 'on_loan', 'reserved', 'repair', 'lost', 'withdrawn'] as const;
/** Statuses a person sets by hand; on_loan and reserved follow loans and reservations. */
export const COPY_SETTABLE_STATUSES = ['available', 'repair', 'lost', 'withdrawn'] as const;
export const LOAN_STATUSES = ['open', 'returned', 'lost'] as const;
export const RETURN_CONDITIONS = ['ok', 'damaged'] as const;
export const RESERVATION_STATUSES = ['waiting', 'ready', 'fulfilled', 'cancelled'] as const;
export const LIBRARY_IMPORT_FORMATS = ['csv', 'marc'] as const;
/** The CSV columns an import reads (a header row names them; `authors` and `tags` split on ";"). */
export const LIBRARY_CSV_COLUMNS = [
  'title',
  'subtitle',
  'authors',
  'isbn',
  'publisher',
  'published_year',
  'language',
  'age_min',
  'age_max',
  'tags',
  'kind',
  'copies',
  'barcodes',
  'description',
] as const;
export const LIBRARY_IMPORT_MAX_RECORDS = 50_000;
export const LABELS_MAX = 600;

const text = (max: number) => z.string().trim().max(max);
const personRef = z.object({ id: idSchema, first_name: z.string(), last_name: z.string() });
const studentRef = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  student_profile_picture: z.string().nullable(),
});
const age = z.number().int().min(0).max(18);
const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursorSchema.optional(),
};

// ---------------------------------------------------------------- catalogue

export const libraryItemSchema = z.object({
  id: idSchema,
  kind: z.enum(LIBRARY_ITEM_KINDS),
  title: z.string(),
  subtitle: z.string().nullable(),
  authors: z.array(z.string()),
  /** ISBN-13, hyphenated ("978-0-14-032872-1"); null for items without one. */
  isbn: z.string().nullable(),
  /** The ISBN-10 form when the book has one (hyphenated). */
  isbn10: z.string().nullable(),
  publisher: z.string().nullable(),
  published_year: z.number().int().nullable(),
  /** A language code ("en", "ar", "he", …). */
  language: z.string().nullable(),
  age_min: z.number().int().nullable(),
  age_max: z.number().int().nullable(),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  copies: z.object({ total: z.number().int(), available: z.number().int(), on_loan: z.number().int() }),
  /** Children waiting for it. */
  waiting: z.number().int(),
  archived: z.boolean(),
  created_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_lend'),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;
export const libraryItemPageSchema = pageOf(libraryItemSchema);

export const libraryItemQuerySchema = z.object({
  /** Title, author, ISBN (any form) or a copy's barcode. */
  search: text(200).optional(),
  kind: z.enum(LIBRARY_ITEM_KINDS).optional(),
  tag: text(40).optional(),
  language: text(10).optional(),
  /** Items whose age range includes this age (years). */
  age: z.coerce.number().int().min(0).max(18).optional(),
  available: z.enum(['true', 'false']).optional(),
  archived: z.enum(['true', 'false']).optional(),
  ...pageQuery,
});

export const libraryItemRequestSchema = z
  .object({
    kind: z.enum(LIBRARY_ITEM_KINDS).default('book'),
    title: text(300).min(1),
    subtitle: text(300).nullable().optional(),
    authors: z.array(text(120).min(1)).max(20).default([]),
    /** Any form: with or without hyphens, ISBN-10 or 13; checked and stored as ISBN-13. */
    isbn: text(20).nullable().optional(),
    publisher: text(200).nullable().optional(),
    published_year: z.number().int().min(1400).max(2100).nullable().optional(),
    language: text(10).nullable().optional(),
    age_min: age.nullable().optional(),
    age_max: age.nullable().optional(),
    tags: z.array(text(40).min(1)).max(20).default([]),
    description: text(4000).nullable().optional(),
  })
  .refine((i) => i.age_min == null || i.age_max == null || i.age_min <= i.age_max, {
    message: LIBRARY_MESSAGES.ageRange,
    path: ['age_max'],
  });
export type LibraryItemRequest = z.infer<typeof libraryItemRequestSchema>;
/** Creating an item may make its first copies at once (barcodes from the school's sequence). */
export const libraryItemCreateSchema = libraryItemRequestSchema.and(
  z.object({ copies: z.number().int().min(0).max(100).default(1) }),
);

export const loanRefSchema = z.object({
  id: idSchema,
  student: studentRef,
  checked_out_at: z.string(),
  due_on: ddmmyyyySchema,
  overdue: z.boolean(),
});

export const itemCopySchema = z.object({
  id: idSchema,
  item_id: idSchema,
  barcode: z.string(),
  status: z.enum(COPY_STATUSES),
  location: z.string().nullable(),
  note: z.string().nullable(),
  acquired_on: ddmmyyyySchema.nullable(),
  current_loan: loanRefSchema.nullable(),
  /** The child it is kept for (status reserved). */
  reserved_for: studentRef.nullable(),
  created_at: z.string(),
});
export type ItemCopy = z.infer<typeof itemCopySchema>;

export const copiesCreateSchema = z
  .object({
    /** How many copies with barcodes from the school's sequence… */
    count: z.number().int().min(1).max(100).optional(),
    /** …or these barcodes (labels already on the books). */
    barcodes: z.array(text(64).min(1)).min(1).max(100).optional(),
    location: text(120).nullable().optional(),
  })
  .refine((c) => (c.count === undefined) !== (c.barcodes === undefined), {
    message: 'Give a number of copies or their barcodes',
    path: ['count'],
  });
export const copyUpdateSchema = z.object({
  barcode: text(64).min(1).optional(),
  status: z.enum(COPY_SETTABLE_STATUSES).optional(),
  location: text(120).nullable().optional(),
  note: text(1000).nullable().optional(),
});

/** The scan: what a barcode is, wherever it is. */
export const barcodeQuerySchema = z.object({ barcode: text(64).min(1) });
export const copyLookupSchema = z.object({ copy: itemCopySchema, item: libraryItemSchema });
export type CopyLookup = z.infer<typeof copyLookupSchema>;

/** An ISBN as typed, checked: the same check the server runs on save (the form shows it as one types). */
export const isbnQuerySchema = z.object({ isbn: text(20).min(1) });
export const isbnCheckSchema = z.object({
  valid: z.boolean(),
  isbn13: z.string().nullable(),
  isbn10: z.string().nullable(),
  /** An item of the catalogue with this ISBN already. */
  existing: z.object({ id: idSchema, title: z.string() }).nullable(),
});

// ---------------------------------------------------------------- loans

export const loanSchema = z.object({
  id: idSchema,
  copy: z.object({ id: idSchema, barcode: z.string() }),
  item: z.object({ id: idSchema, title: z.string(), authors: z.array(z.string()), isbn: z.string().nullable() }),
  student: studentRef.extend({ class_name: z.string().nullable() }),
  checked_out_at: z.string(),
  checked_out_by: personRef.nullable(),
  due_on: ddmmyyyySchema,
  returned_at: z.string().nullable(),
  returned_by: personRef.nullable(),
  renewals: z.number().int(),
  status: z.enum(LOAN_STATUSES),
  overdue: z.boolean(),
  days_overdue: z.number().int(),
  condition: z.enum(RETURN_CONDITIONS).nullable(),
  note: z.string().nullable(),
  /** The last overdue notice sent to the family. */
  notice_sent_at: z.string().nullable(),
  abilities: abilitiesSchema('can_return', 'can_renew', 'can_mark_lost'),
});
export type Loan = z.infer<typeof loanSchema>;
export const loanPageSchema = pageOf(loanSchema);

export const loanQuerySchema = z.object({
  student_id: idSchema.optional(),
  class_id: idSchema.optional(),
  item_id: idSchema.optional(),
  copy_id: idSchema.optional(),
  status: z.enum(['open', 'overdue', 'returned', 'lost', 'all']).default('open'),
  ...pageQuery,
});

export const checkoutRequestSchema = z.object({
  barcode: text(64).min(1),
  student_id: idSchema,
  /** Instead of the rules' due date. */
  due_on: ddmmyyyySchema.optional(),
});
export const returnRequestSchema = z.object({
  barcode: text(64).min(1),
  condition: z.enum(RETURN_CONDITIONS).default('ok'),
  note: text(1000).nullable().optional(),
});
/** A return answers the loan it closed and, when a child was waiting, who the copy is now kept for. */
export const returnResultSchema = z.object({ loan: loanSchema, kept_for: studentRef.nullable() });
export const loanLostSchema = z.object({ note: text(1000).nullable().optional() });

// ---------------------------------------------------------------- the children's side

/** The student-wise list: each child of a class with what they have out. */
export const libraryStudentSchema = z.object({
  student: studentRef,
  open_loans: z.number().int(),
  overdue: z.number().int(),
  reservations: z.number().int(),
  /** What the child's age group's rule allows. */
  max_loans: z.number().int(),
});
export const libraryStudentsQuerySchema = z.object({ class_id: idSchema });

export const reservationSchema = z.object({
  id: idSchema,
  item: z.object({ id: idSchema, title: z.string() }),
  student: studentRef,
  status: z.enum(RESERVATION_STATUSES),
  /** Place in the queue of the item's waiting children (1 is next). */
  position: z.number().int().nullable(),
  ready_copy: z.object({ id: idSchema, barcode: z.string() }).nullable(),
  created_at: z.string(),
  created_by: personRef.nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationRequestSchema = z.object({ item_id: idSchema, student_id: idSchema });
export const reservationQuerySchema = z.object({
  item_id: idSchema.optional(),
  student_id: idSchema.optional(),
  status: z.enum(['active', 'all']).default('active'),
});

/** A child's library, for the family and the staff: what is out and when it is due. */
export const childLibrarySchema = z.object({
  student: studentRef,
  loans: z.array(loanSchema),
  /** The last returned loans, newest first. */
  history: z.array(loanSchema),
  reservations: z.array(reservationSchema),
  rule: z.object({ loan_days: z.number().int(), max_loans: z.number().int(), max_renewals: z.number().int() }),
});
export type ChildLibrary = z.infer<typeof childLibrarySchema>;

// ---------------------------------------------------------------- rules and notices

export const loanRuleSchema = z.object({
  label: text(60).min(1),
  age_min: age,
  age_max: age,
  loan_days: z.number().int().min(1).max(120),
  max_loans: z.number().int().min(1).max(50),
  max_renewals: z.number().int().min(0).max(10),
});
export type LoanRule = z.infer<typeof loanRuleSchema>;
export const librarySettingsSchema = z.object({
  /** By age group (years); a child no rule covers gets the defaults. */
  rules: z.array(loanRuleSchema).max(12),
  default_loan_days: z.number().int().min(1).max(120),
  default_max_loans: z.number().int().min(1).max(50),
  default_max_renewals: z.number().int().min(0).max(10),
  /** New copies get `<prefix><number>` barcodes, numbers counting up. */
  barcode_prefix: z
    .string()
    .trim()
    .max(8)
    .regex(/^[A-Z0-9-]*$/, 'Use capital letters, digits and hyphens'),
  next_barcode: z.number().int().min(1).max(99_999_999),
  /** Families are emailed (and told in the app) once a loan is overdue by `notice_after_days`. */
  overdue_notices: z.boolean(),
  notice_after_days: z.number().int().min(0).max(60),
});
export type LibrarySettings = z.infer<typeof librarySettingsSchema>;
export const librarySettingsRequestSchema = librarySettingsSchema.refine(
  (s) =>
    s.rules.every((a, i) => s.rules.every((b, j) => i === j || a.age_max < b.age_min || b.age_max < a.age_min)) &&
    s.rules.every((r) => r.age_min <= r.age_max),
  { message: LIBRARY_MESSAGES.rulesOverlap, path: ['rules'] },
);

export const overdueQuerySchema = z.object({ class_id: idSchema.optional() });
export const noticesRequestSchema = z.object({
  /** These loans; all overdue loans of the school (or the caller's classes) when omitted. */
  loan_ids: z.array(idSchema).min(1).max(500).optional(),
});
export const noticesResultSchema = z.object({ sent: z.number().int(), families: z.number().int() });

// ---------------------------------------------------------------- labels

export const labelsRequestSchema = z
  .object({
    copy_ids: z.array(idSchema).min(1).max(LABELS_MAX).optional(),
    item_id: idSchema.optional(),
    /** A range of barcodes of the school's sequence, both ends included. */
    from_barcode: text(64).min(1).optional(),
    to_barcode: text(64).min(1).optional(),
    /** Labels already used on a partly printed sheet: printing starts after them. */
    skip: z.number().int().min(0).max(64).default(0),
  })
  .refine((l) => !!l.copy_ids || !!l.item_id || (!!l.from_barcode && !!l.to_barcode), {
    message: LIBRARY_MESSAGES.labelRange,
    path: ['copy_ids'],
  });

// ---------------------------------------------------------------- imports

export const importRefusalSchema = z.object({
  /** The CSV row (1 is the first after the header) or the MARC record's place in the file. */
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
  /** What the record was, as far as it could be read (its title or first characters). */
  excerpt: z.string(),
});
export const importRecordSchema = z.object({
  row: z.number().int(),
  title: z.string(),
  authors: z.array(z.string()),
  isbn: z.string().nullable(),
  publisher: z.string().nullable(),
  published_year: z.number().int().nullable(),
  copies: z.number().int(),
  /** Already in the catalogue (same ISBN): its copies are added to the existing item. */
  existing: z.boolean(),
});
export const libraryImportSchema = z.object({
  id: idSchema,
  format: z.enum(LIBRARY_IMPORT_FORMATS),
  filename: z.string(),
  status: z.enum(['preview', 'importing', 'done', 'failed']),
  total: z.number().int(),
  valid: z.number().int(),
  refused: z.number().int(),
  /** The first records that will be imported (at most 50). */
  preview: z.array(importRecordSchema),
  /** Every refused record (at most 1,000 listed; `refused` counts them all). */
  refusals: z.array(importRefusalSchema),
  /** 0 to 100 while importing. */
  progress: z.number().int(),
  created_items: z.number().int(),
  created_copies: z.number().int(),
  created_at: z.string(),
  created_by: personRef.nullable(),
});
export type LibraryImport = z.infer<typeof libraryImportSchema>;
export const libraryCsvTemplateHeader = LIBRARY_CSV_COLUMNS.join(',');

// ---------------------------------------------------------------- realtime

/** Sent to a family's own room when an overdue notice about their child went out: the app reads the child's library again. */
export const LIBRARY_NOTICE_EVENT = 'library-notice';
export const libraryNoticeEventSchema = z.object({ student_ids: z.array(idSchema) });
export type LibraryNoticeEvent = z.infer<typeof libraryNoticeEventSchema>;
