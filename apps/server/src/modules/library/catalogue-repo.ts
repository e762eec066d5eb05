import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  libraryCopies,
  libraryImports,
  libraryItems,
  libraryLoans,
  libraryReservations,
  librarySettings,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * The catalogue's SQL: items with their copies counted per status in the same statement, copies with
 * their open loan and the child a copy is kept for, the school's settings row and its barcode sequence,
 * and catalogue imports. Every statement carries the scope's school.
 */

export type ItemRow = typeof libraryItems.$inferSelect;
export type ItemValues = Omit<typeof libraryItems.$inferInsert, 'schoolId'>;
export type CopyRow = typeof libraryCopies.$inferSelect;
export type CopyValues = Omit<typeof libraryCopies.$inferInsert, 'schoolId'>;
export type SettingsRow = typeof librarySettings.$inferSelect;
export type ImportRow = typeof libraryImports.$inferSelect;

export interface ItemCounts {
  total: number;
  available: number;
  onLoan: number;
  waiting: number;
}
export type ItemWithCounts = ItemRow & ItemCounts;

export interface ItemFilter {
  /** Lower-cased words every item's search text must hold. */
  words?: string[];
  /** ISBN-13 digits the search may be (a typed ISBN in any form). */
  isbn13?: string;
  /** A copy's barcode the search may be (lower-cased). */
  barcode?: string;
  kind?: string;
  tag?: string;
  language?: string;
  age?: number;
  available?: boolean;
  archived: boolean;
}

const intOf = (v: unknown): number => Number(v ?? 0);

// The outer item's id, qualified (a bare "id" inside a subquery would name the copy's own).
const ITEM_ID = sql.raw('"library_items"."id"');

// Counted in the item's row by correlated subqueries: one statement, whatever the page's size.
const COUNT_COLUMNS = {
  total: sql<number>`(select count(*) from ${libraryCopies} c where c.item_id = ${ITEM_ID} and c.status <> 'withdrawn')`,
  available: sql<number>`(select count(*) from ${libraryCopies} c where c.item_id = ${ITEM_ID} and c.status = 'available')`,
  onLoan: sql<number>`(select count(*) from ${libraryCopies} c where c.item_id = ${ITEM_ID} and c.status = 'on_loan')`,
  waiting: sql<number>`(select count(*) from ${libraryReservations} r where r.item_id = ${ITEM_ID} and r.status = 'waiting')`,
};

const withCounts = (r: ItemRow & { total: unknown; available: unknown; onLoan: unknown; waiting: unknown }): ItemWithCounts => ({
  ...r,
  total: intOf(r.total),
  available: intOf(r.available),
  onLoan: intOf(r.onLoan),
  waiting: intOf(r.waiting),
});

function filterWhere(schoolId: string, f: ItemFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(libraryItems.schoolId, schoolId),
    f.archived ? isNotNull(libraryItems.archivedAt) : isNull(libraryItems.archivedAt),
  ];
  const searches: SQL[] = [];
  if (f.words?.length)
    searches.push(and(...f.words.map((w) => sql`${libraryItems.searchText} like ${`%${escapeLike(w)}%`}`)) as SQL);
  if (f.isbn13) searches.push(eq(libraryItems.isbn13, f.isbn13));
  if (f.barcode)
    searches.push(
      sql`exists (select 1 from ${libraryCopies} c where c.item_id = ${ITEM_ID} and c.school_id = ${schoolId} and lower(c.barcode) = ${f.barcode})`,
    );
  if (searches.length) conditions.push(searches.length === 1 ? searches[0] : sql`(${sql.join(searches, sql` or `)})`);
  if (f.kind) conditions.push(eq(libraryItems.kind, f.kind));
  if (f.tag) conditions.push(sql`${f.tag.toLowerCase()} = any(select lower(t) from unnest(${libraryItems.tags}) t)`);
  if (f.language) conditions.push(sql`lower(${libraryItems.language}) = ${f.language.toLowerCase()}`);
  if (f.age !== undefined)
    conditions.push(sql`coalesce(${libraryItems.ageMin}, 0) <= ${f.age} and coalesce(${libraryItems.ageMax}, 99) >= ${f.age}`);
  if (f.available !== undefined)
    conditions.push(
      sql`${f.available ? sql`` : sql`not `}exists (select 1 from ${libraryCopies} c where c.item_id = ${ITEM_ID} and c.status = 'available')`,
    );
  return and(...conditions) as SQL;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// The title as the list sorts it, read with the row (PostgreSQL's lower(), not JavaScript's, makes the cursor).
const SORT_TITLE = sql<string>`lower(${libraryItems.title})`;
/** By title, whatever its case. */
const ITEM_ORDER: Keyset<{ id: string; sortTitle: string }> = [
  { by: SORT_TITLE, of: (r) => r.sortTitle },
  { by: libraryItems.id, of: (r) => r.id },
];

/**
 * A page of the school's items by title, each with its copies counted, how many match, and the cursor
 * reading on after it (`cursor`: read on after that row instead of at the page's number).
 */
export async function itemPage(
  scope: Scope,
  q: Queryable,
  f: ItemFilter,
  page: number,
  pageSize: number,
  cursor?: string,
): Promise<{ items: ItemWithCounts[]; total: number; nextCursor: string | null }> {
  const where = filterWhere(staffSchool(scope), f);
  const [rows, [count]] = await Promise.all([
    q
      .select({ ...ITEM_COLUMNS, ...COUNT_COLUMNS, sortTitle: SORT_TITLE })
      .from(libraryItems)
      .where(and(where, keysetAfter(ITEM_ORDER, cursor)))
      .orderBy(...keysetOrder(ITEM_ORDER))
      .limit(pageSize + 1)
      .offset(cursor ? 0 : (page - 1) * pageSize),
    q.select({ n: sql<number>`count(*)` }).from(libraryItems).where(where),
  ]);
  const { rows: items, nextCursor } = keysetPage(ITEM_ORDER, rows, pageSize);
  return { items: items.map(({ sortTitle: _, ...r }) => withCounts(r)), total: intOf(count?.n), nextCursor };
}

const ITEM_COLUMNS = {
  id: libraryItems.id,
  schoolId: libraryItems.schoolId,
  kind: libraryItems.kind,
  title: libraryItems.title,
  subtitle: libraryItems.subtitle,
  authors: libraryItems.authors,
  isbn13: libraryItems.isbn13,
  publisher: libraryItems.publisher,
  publishedYear: libraryItems.publishedYear,
  language: libraryItems.language,
  ageMin: libraryItems.ageMin,
  ageMax: libraryItems.ageMax,
  tags: libraryItems.tags,
  description: libraryItems.description,
  searchText: libraryItems.searchText,
  archivedAt: libraryItems.archivedAt,
  createdBy: libraryItems.createdBy,
  createdAt: libraryItems.createdAt,
  updatedAt: libraryItems.updatedAt,
};

/** Items of the school by id, with their counts (archived ones too). */
export async function itemsByIds(scope: Scope, q: Queryable, ids: readonly string[]): Promise<ItemWithCounts[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ ...ITEM_COLUMNS, ...COUNT_COLUMNS })
    .from(libraryItems)
    .where(and(eq(libraryItems.schoolId, staffSchool(scope)), inArray(libraryItems.id, [...ids])));
  return rows.map(withCounts);
}

export async function itemById(scope: Scope, q: Queryable, id: string): Promise<ItemWithCounts | null> {
  return (await itemsByIds(scope, q, [id]))[0] ?? null;
}

/** The school's items holding these ISBN-13s (the catalogue keeps one item per ISBN). */
export async function itemsByIsbn(
  scope: Scope,
  q: Queryable,
  isbns: readonly string[],
): Promise<{ id: string; title: string; isbn13: string }[]> {
  if (isbns.length === 0) return [];
  const rows = await q
    .select({ id: libraryItems.id, title: libraryItems.title, isbn13: libraryItems.isbn13 })
    .from(libraryItems)
    .where(and(eq(libraryItems.schoolId, staffSchool(scope)), inArray(libraryItems.isbn13, [...isbns])));
  return rows.map((r) => ({ ...r, isbn13: r.isbn13 ?? '' }));
}

export async function insertItems(scope: Scope, q: Queryable, rows: readonly ItemValues[]): Promise<void> {
  if (rows.length === 0) return;
  const schoolId = staffSchool(scope);
  await q.insert(libraryItems).values(rows.map((r) => ({ ...r, schoolId })));
}

export async function updateItem(scope: Scope, q: Queryable, id: string, values: Partial<ItemValues>): Promise<void> {
  await q
    .update(libraryItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(libraryItems.schoolId, staffSchool(scope)), eq(libraryItems.id, id)));
}

/** The barcodes of the item's copies, for its search text. */
export async function barcodesOf(scope: Scope, q: Queryable, itemId: string): Promise<string[]> {
  const rows = await q
    .select({ barcode: libraryCopies.barcode })
    .from(libraryCopies)
    .where(and(eq(libraryCopies.schoolId, staffSchool(scope)), eq(libraryCopies.itemId, itemId)));
  return rows.map((r) => r.barcode);
}

// ---------------------------------------------------------------- copies

export interface CopyDetail extends CopyRow {
  loan: {
    id: string;
    checkedOutAt: Date;
    dueOn: string;
    student: { id: string; firstName: string; lastName: string; profilePicture: string | null };
  } | null;
  keptFor: { id: string; firstName: string; lastName: string; profilePicture: string | null } | null;
}

async function detail(scope: Scope, q: Queryable, where: SQL): Promise<CopyDetail[]> {
  const schoolId = staffSchool(scope);
  const copies = await q
    .select()
    .from(libraryCopies)
    .where(and(eq(libraryCopies.schoolId, schoolId), where))
    .orderBy(asc(libraryCopies.barcode));
  if (copies.length === 0) return [];
  const ids = copies.map((c) => c.id);
  const kept = [...new Set(copies.map((c) => c.reservedFor).filter((s): s is string => !!s))];
  const [loans, keptRows] = await Promise.all([
    q
      .select({
        id: libraryLoans.id,
        copyId: libraryLoans.copyId,
        checkedOutAt: libraryLoans.checkedOutAt,
        dueOn: libraryLoans.dueOn,
        student: {
          id: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          profilePicture: students.profilePicture,
        },
      })
      .from(libraryLoans)
      .innerJoin(students, eq(students.id, libraryLoans.studentId))
      .where(and(eq(libraryLoans.schoolId, schoolId), inArray(libraryLoans.copyId, ids), eq(libraryLoans.status, 'open'))),
    kept.length
      ? q
          .select({
            id: students.id,
            firstName: students.firstName,
            lastName: students.lastName,
            profilePicture: students.profilePicture,
          })
          .from(students)
          .where(and(eq(students.schoolId, schoolId), inArray(students.id, kept)))
      : Promise.resolve([]),
  ]);
  const loanOf = new Map(loans.map((l) => [l.copyId, l]));
  const keptOf = new Map(keptRows.map((s) => [s.id, s]));
  return copies.map((c) => {
    const l = loanOf.get(c.id);
    return {
      ...c,
      loan: l ? { id: l.id, checkedOutAt: l.checkedOutAt, dueOn: l.dueOn, student: l.student } : null,
      keptFor: c.reservedFor ? (keptOf.get(c.reservedFor) ?? null) : null,
    };
  });
}

/** The item's copies by barcode, each with its open loan. */
export function copiesOfItem(scope: Scope, q: Queryable, itemId: string): Promise<CopyDetail[]> {
  return detail(scope, q, eq(libraryCopies.itemId, itemId));
}

export function copiesByIds(scope: Scope, q: Queryable, ids: readonly string[]): Promise<CopyDetail[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return detail(scope, q, inArray(libraryCopies.id, [...ids]));
}

/** The copy with this barcode (trimmed, any case), with its open loan. */
export async function copyByBarcode(scope: Scope, q: Queryable, barcode: string): Promise<CopyDetail | null> {
  return (await detail(scope, q, sql`lower(${libraryCopies.barcode}) = ${barcode.trim().toLowerCase()}`))[0] ?? null;
}

/** Which of these barcodes (compared in any case) copies of the school already carry, as stored. */
export async function takenBarcodes(
  scope: Scope,
  q: Queryable,
  barcodes: readonly string[],
  exceptCopyId?: string,
): Promise<string[]> {
  if (barcodes.length === 0) return [];
  const lower = [...new Set(barcodes.map((b) => b.trim().toLowerCase()))];
  const taken: string[] = [];
  // In slices: a 20,000-copy import asks about every barcode of its file.
  for (let i = 0; i < lower.length; i += 5000) {
    const rows = await q
      .select({ barcode: libraryCopies.barcode })
      .from(libraryCopies)
      .where(
        and(
          eq(libraryCopies.schoolId, staffSchool(scope)),
          inArray(sql`lower(${libraryCopies.barcode})`, lower.slice(i, i + 5000)),
          exceptCopyId ? ne(libraryCopies.id, exceptCopyId) : undefined,
        ),
      );
    taken.push(...rows.map((r) => r.barcode));
  }
  return taken;
}

export async function insertCopies(scope: Scope, q: Queryable, rows: readonly CopyValues[]): Promise<void> {
  if (rows.length === 0) return;
  const schoolId = staffSchool(scope);
  await q.insert(libraryCopies).values(rows.map((r) => ({ ...r, schoolId })));
}

export async function updateCopy(scope: Scope, q: Queryable, id: string, values: Partial<CopyValues>): Promise<void> {
  await q
    .update(libraryCopies)
    .set(values)
    .where(and(eq(libraryCopies.schoolId, staffSchool(scope)), eq(libraryCopies.id, id)));
}

/** How many copies of the item are out on loan now. */
export async function openLoans(scope: Scope, q: Queryable, itemId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)` })
    .from(libraryLoans)
    .where(and(eq(libraryLoans.schoolId, staffSchool(scope)), eq(libraryLoans.itemId, itemId), eq(libraryLoans.status, 'open')));
  return intOf(row?.n);
}

/** Copies of the school whose barcodes fall between two of the sequence, both included. */
export async function copyIdsInRange(scope: Scope, q: Queryable, from: string, to: string): Promise<string[]> {
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const rows = await q
    .select({ id: libraryCopies.id })
    .from(libraryCopies)
    .where(
      and(
        eq(libraryCopies.schoolId, staffSchool(scope)),
        sql`upper(${libraryCopies.barcode}) between ${lo.toUpperCase()} and ${hi.toUpperCase()}`,
        sql`length(${libraryCopies.barcode}) = ${lo.length}`,
      ),
    )
    .orderBy(asc(libraryCopies.barcode))
    .limit(2000);
  return rows.map((r) => r.id);
}

export async function copyIdsOfItem(scope: Scope, q: Queryable, itemId: string): Promise<string[]> {
  const rows = await q
    .select({ id: libraryCopies.id })
    .from(libraryCopies)
    .where(and(eq(libraryCopies.schoolId, staffSchool(scope)), eq(libraryCopies.itemId, itemId)))
    .orderBy(asc(libraryCopies.barcode));
  return rows.map((r) => r.id);
}

/** Copies and their items' titles for labels, in the order asked. */
export async function labelRows(
  scope: Scope,
  q: Queryable,
  ids: readonly string[],
): Promise<{ id: string; barcode: string; title: string }[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: libraryCopies.id, barcode: libraryCopies.barcode, title: libraryItems.title })
    .from(libraryCopies)
    .innerJoin(libraryItems, eq(libraryItems.id, libraryCopies.itemId))
    .where(and(eq(libraryCopies.schoolId, staffSchool(scope)), inArray(libraryCopies.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => !!r);
}

// ---------------------------------------------------------------- settings and the barcode sequence

/** The school's settings row, made with the defaults on first read. */
export async function settings(scope: Scope, q: Queryable): Promise<SettingsRow> {
  const schoolId = staffSchool(scope);
  const [row] = await q.select().from(librarySettings).where(eq(librarySettings.schoolId, schoolId));
  if (row) return row;
  await q.insert(librarySettings).values({ schoolId }).onConflictDoNothing();
  const [made] = await q.select().from(librarySettings).where(eq(librarySettings.schoolId, schoolId));
  if (!made) throw new Error('library settings row missing');
  return made;
}

export async function saveSettings(
  scope: Scope,
  q: Queryable,
  values: Omit<typeof librarySettings.$inferInsert, 'schoolId' | 'updatedAt'>,
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q
    .insert(librarySettings)
    .values({ ...values, schoolId })
    .onConflictDoUpdate({ target: librarySettings.schoolId, set: { ...values, updatedAt: new Date() } });
}

/**
 * Takes `n` numbers of the school's barcode sequence in one statement (two desks adding copies at once
 * get different numbers): answers the prefix and the first number taken.
 */
export async function takeBarcodeNumbers(scope: Scope, q: Queryable, n: number): Promise<{ prefix: string; first: number }> {
  const schoolId = staffSchool(scope);
  await q.insert(librarySettings).values({ schoolId }).onConflictDoNothing();
  const [row] = await q
    .update(librarySettings)
    .set({ nextBarcode: sql`${librarySettings.nextBarcode} + ${n}` })
    .where(eq(librarySettings.schoolId, schoolId))
    .returning({ prefix: librarySettings.barcodePrefix, next: librarySettings.nextBarcode });
  if (!row) throw new Error('library settings row missing');
  return { prefix: row.prefix, first: row.next - n };
}

// ---------------------------------------------------------------- imports

export async function insertImport(
  scope: Scope,
  q: Queryable,
  values: Omit<typeof libraryImports.$inferInsert, 'schoolId'>,
): Promise<void> {
  await q.insert(libraryImports).values({ ...values, schoolId: staffSchool(scope) });
}

/**
 * An import with its author; `records: 'first'` reads only the first records the preview shows (a file's
 * 20,000 records are read whole only to commit them).
 */
export async function importById(
  scope: Scope,
  q: Queryable,
  id: string,
  records: 'all' | 'first' = 'all',
  first = 50,
): Promise<(ImportRow & { author: { id: string; firstName: string; lastName: string } | null }) | null> {
  const { records: _all, ...columns } = getTableColumns(libraryImports);
  const [row] = await q
    .select({
      imp: {
        ...columns,
        records:
          records === 'all'
            ? libraryImports.records
            : sql<unknown[]>`jsonb_path_query_array(${libraryImports.records}, ${`$[0 to ${Math.max(0, first - 1)}]`}::jsonpath)`,
      },
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(libraryImports)
    .leftJoin(users, eq(users.id, libraryImports.createdBy))
    .where(and(eq(libraryImports.schoolId, staffSchool(scope)), eq(libraryImports.id, id)));
  return row ? { ...row.imp, author: row.author?.id ? row.author : null } : null;
}

export async function updateImport(
  scope: Scope,
  q: Queryable,
  id: string,
  values: Partial<Omit<typeof libraryImports.$inferInsert, 'schoolId' | 'id'>>,
): Promise<void> {
  await q
    .update(libraryImports)
    .set(values)
    .where(and(eq(libraryImports.schoolId, staffSchool(scope)), eq(libraryImports.id, id)));
}

/**
 * Marks a previewed import as importing, once: answers false when another commit already took it (two
 * clicks, two tabs).
 */
export async function claimImport(scope: Scope, q: Queryable, id: string): Promise<boolean> {
  const rows = await q
    .update(libraryImports)
    .set({ status: 'importing', progress: 0 })
    .where(and(eq(libraryImports.schoolId, staffSchool(scope)), eq(libraryImports.id, id), eq(libraryImports.status, 'preview')))
    .returning({ id: libraryImports.id });
  return rows.length > 0;
}

/** Recent imports of the school, newest first. */
export async function recentImports(scope: Scope, q: Queryable, limit: number): Promise<{ id: string }[]> {
  return q
    .select({ id: libraryImports.id })
    .from(libraryImports)
    .where(eq(libraryImports.schoolId, staffSchool(scope)))
    .orderBy(desc(libraryImports.createdAt))
    .limit(limit);
}
