import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStudents,
  feeAccounts,
  feeDiscounts,
  feeItems,
  feeSequences,
  feeSettings,
  feeStructures,
  invoiceLines,
  invoiceRuns,
  invoices,
  memberships,
  parentChildren,
  parents,
  studentProfiles,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * Invoicing's SQL: settings, structures, discounts, runs and invoices. Every function takes the caller's
 * scope first; staff reads carry the school in their WHERE clause. A parent reaches an invoice only
 * through its child (`invoiceForParent`). Nothing reads per child: the run's reads take every child at once.
 */

export type SettingsRow = typeof feeSettings.$inferSelect;
export type StructureRow = typeof feeStructures.$inferSelect;
export type ItemRow = typeof feeItems.$inferSelect;
export type DiscountRow = typeof feeDiscounts.$inferSelect;
export type RunRow = typeof invoiceRuns.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type LineRow = typeof invoiceLines.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type LineInsert = typeof invoiceLines.$inferInsert;

const NONE = ['-'];
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : NONE);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ------------------------------------------------------------------ settings

/** The school's settings, made with the defaults on first read. */
export async function settings(scope: Scope, q: Queryable): Promise<SettingsRow> {
  const schoolId = staffSchool(scope);
  await q.insert(feeSettings).values({ schoolId }).onConflictDoNothing();
  const [row] = await q.select().from(feeSettings).where(eq(feeSettings.schoolId, schoolId)).limit(1);
  if (!row) throw new Error('fee settings missing');
  return row;
}

export async function saveSettings(scope: Scope, q: Queryable, set: Partial<typeof feeSettings.$inferInsert>): Promise<void> {
  const schoolId = staffSchool(scope);
  await q
    .update(feeSettings)
    .set({ ...set, schoolId, updatedAt: new Date() })
    .where(eq(feeSettings.schoolId, schoolId));
}

/** Whether the school has ever issued an invoice (the currency is then fixed). */
export async function anyIssued(scope: Scope, q: Queryable): Promise<boolean> {
  const [row] = await q
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.schoolId, staffSchool(scope)), isNotNull(invoices.number)))
    .limit(1);
  return !!row;
}

/**
 * Reserves `n` numbers of a kind for a year in one statement; the sequence row stays locked until the
 * transaction ends, so two issues never share a number. Answers the first number reserved.
 */
export async function reserveNumbers(scope: Scope, q: Queryable, kind: string, year: number, n: number): Promise<number> {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .insert(feeSequences)
    .values({ schoolId, kind, year, next: n + 1 })
    .onConflictDoUpdate({
      target: [feeSequences.schoolId, feeSequences.kind, feeSequences.year],
      set: { next: sql`${feeSequences.next} + ${n}` },
    })
    .returning({ next: feeSequences.next });
  return (row?.next ?? n + 1) - n;
}

// ------------------------------------------------------------------ classes and children

export async function classesOfSchool(scope: Scope, q: Queryable, ids?: readonly string[]) {
  return q
    .select({
      id: classes.id,
      name: classes.name,
      academicYearStart: classes.academicYearStart,
      academicYearEnd: classes.academicYearEnd,
    })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), ids ? inArray(classes.id, orNone(ids)) : isNull(classes.archivedAt)));
}

export async function studentsOfSchool(scope: Scope, q: Queryable, ids: readonly string[]) {
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.schoolId, staffSchool(scope)), inArray(students.id, orNone(ids))));
}

export interface EnrolledChild {
  studentId: string;
  firstName: string;
  lastName: string;
  classId: string;
  className: string;
  dateOfBirth: string | null;
  startDate: string | null;
  leavingDate: string | null;
}

/** The children of the school's live classes (one row per child and class), with their profile days. */
export async function enrolledChildren(scope: Scope, q: Queryable, classIds?: readonly string[]): Promise<EnrolledChild[]> {
  return q
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      classId: classes.id,
      className: classes.name,
      dateOfBirth: studentProfiles.dateOfBirth,
      startDate: studentProfiles.startDate,
      leavingDate: studentProfiles.leavingDate,
    })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .leftJoin(studentProfiles, eq(studentProfiles.studentId, students.id))
    .where(
      and(
        eq(classes.schoolId, staffSchool(scope)),
        isNull(classes.archivedAt),
        classIds ? inArray(classes.id, orNone(classIds)) : undefined,
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** Children of these with a parent who is on the school's staff (a membership of the school). */
export async function childrenOfStaff(scope: Scope, q: Queryable, studentIds: readonly string[]): Promise<Set<string>> {
  const rows = await q
    .selectDistinct({ studentId: parentChildren.studentId })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(memberships, and(eq(memberships.userId, parents.userId), eq(memberships.schoolId, staffSchool(scope))))
    .where(inArray(parentChildren.studentId, orNone(studentIds)));
  return new Set(rows.map((r) => r.studentId));
}

// ------------------------------------------------------------------ structures

export async function structures(scope: Scope, q: Queryable, f: { ids?: readonly string[]; includeArchived?: boolean } = {}) {
  return q
    .select()
    .from(feeStructures)
    .where(
      and(
        eq(feeStructures.schoolId, staffSchool(scope)),
        f.ids ? inArray(feeStructures.id, orNone(f.ids)) : undefined,
        f.includeArchived ? undefined : isNull(feeStructures.archivedAt),
      ),
    )
    .orderBy(asc(feeStructures.name), asc(feeStructures.id));
}

/** The live items of these structures, in their order. */
export async function itemsOf(scope: Scope, q: Queryable, structureIds: readonly string[]): Promise<ItemRow[]> {
  return q
    .select()
    .from(feeItems)
    .where(
      and(
        eq(feeItems.schoolId, staffSchool(scope)),
        inArray(feeItems.structureId, orNone(structureIds)),
        isNull(feeItems.archivedAt),
      ),
    )
    .orderBy(asc(feeItems.position), asc(feeItems.id));
}

export async function lockStructure(scope: Scope, q: Queryable, id: string): Promise<StructureRow | null> {
  const [row] = await q
    .select()
    .from(feeStructures)
    .where(and(eq(feeStructures.id, id), eq(feeStructures.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export async function insertStructure(scope: Scope, q: Queryable, row: Omit<typeof feeStructures.$inferInsert, 'schoolId'>) {
  await q.insert(feeStructures).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateStructure(scope: Scope, q: Queryable, id: string, set: Partial<typeof feeStructures.$inferInsert>) {
  await q
    .update(feeStructures)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(feeStructures.id, id), eq(feeStructures.schoolId, staffSchool(scope))));
}

export async function insertItems(scope: Scope, q: Queryable, rows: Omit<typeof feeItems.$inferInsert, 'schoolId'>[]) {
  const schoolId = staffSchool(scope);
  if (rows.length) await q.insert(feeItems).values(rows.map((r) => ({ ...r, schoolId })));
}

export async function updateItem(scope: Scope, q: Queryable, id: string, set: Partial<typeof feeItems.$inferInsert>) {
  await q
    .update(feeItems)
    .set(set)
    .where(and(eq(feeItems.id, id), eq(feeItems.schoolId, staffSchool(scope))));
}

/** Archives items: an invoice's lines copied their words and amounts, so old invoices do not change. */
export async function archiveItems(scope: Scope, q: Queryable, ids: readonly string[], at: Date) {
  if (!ids.length) return;
  await q
    .update(feeItems)
    .set({ archivedAt: at })
    .where(and(eq(feeItems.schoolId, staffSchool(scope)), inArray(feeItems.id, [...ids])));
}

/** How many children each class holds now. */
export async function childCounts(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await q
    .select({ classId: classStudents.classId, n: count() })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classes.schoolId, staffSchool(scope)), inArray(classStudents.classId, orNone(classIds))))
    .groupBy(classStudents.classId);
  return new Map(rows.map((r) => [r.classId, Number(r.n)]));
}

// ------------------------------------------------------------------ discounts

export async function discounts(scope: Scope, q: Queryable, f: { ids?: readonly string[]; includeArchived?: boolean } = {}) {
  return q
    .select()
    .from(feeDiscounts)
    .where(
      and(
        eq(feeDiscounts.schoolId, staffSchool(scope)),
        f.ids ? inArray(feeDiscounts.id, orNone(f.ids)) : undefined,
        f.includeArchived ? undefined : isNull(feeDiscounts.archivedAt),
      ),
    )
    .orderBy(asc(feeDiscounts.position), asc(feeDiscounts.id));
}

export async function insertDiscount(scope: Scope, q: Queryable, row: Omit<typeof feeDiscounts.$inferInsert, 'schoolId'>) {
  await q.insert(feeDiscounts).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateDiscount(scope: Scope, q: Queryable, id: string, set: Partial<typeof feeDiscounts.$inferInsert>) {
  const rows = await q
    .update(feeDiscounts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(feeDiscounts.id, id), eq(feeDiscounts.schoolId, staffSchool(scope))))
    .returning({ id: feeDiscounts.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ runs

export interface RunListed extends RunRow {
  creatorFirst: string;
  creatorLast: string;
  invoiceCount: number;
  total: number;
}

export async function runs(scope: Scope, q: Queryable, f: { id?: string; limit?: number } = {}): Promise<RunListed[]> {
  const rows = await q
    .select({
      run: invoiceRuns,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      invoiceCount: sql<number>`(select count(*) from ${invoices} i where i.run_id = ${invoiceRuns.id} and i.status in ('draft', 'issued', 'superseded') and i.revision = 1)`,
      total: sql<number>`(select coalesce(sum(i.total), 0) from ${invoices} i where i.run_id = ${invoiceRuns.id} and i.status in ('draft', 'issued') )`,
    })
    .from(invoiceRuns)
    .innerJoin(users, eq(users.id, invoiceRuns.createdBy))
    .where(and(eq(invoiceRuns.schoolId, staffSchool(scope)), f.id ? eq(invoiceRuns.id, f.id) : undefined))
    .orderBy(desc(invoiceRuns.createdAt), desc(invoiceRuns.id))
    .limit(f.limit ?? 100);
  return rows.map((r) => ({
    ...r.run,
    creatorFirst: r.creatorFirst,
    creatorLast: r.creatorLast,
    invoiceCount: Number(r.invoiceCount),
    total: Number(r.total),
  }));
}

export async function lockRun(scope: Scope, q: Queryable, id: string): Promise<RunRow | null> {
  const [row] = await q
    .select()
    .from(invoiceRuns)
    .where(and(eq(invoiceRuns.id, id), eq(invoiceRuns.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export async function insertRun(scope: Scope, q: Queryable, row: Omit<typeof invoiceRuns.$inferInsert, 'schoolId'>) {
  await q.insert(invoiceRuns).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateRun(scope: Scope, q: Queryable, id: string, set: Partial<typeof invoiceRuns.$inferInsert>) {
  await q
    .update(invoiceRuns)
    .set(set)
    .where(and(eq(invoiceRuns.id, id), eq(invoiceRuns.schoolId, staffSchool(scope))));
}

/** Live invoices (draft or issued) of these structures for a period start: (student, structure) pairs taken. */
export async function liveInvoicesOf(scope: Scope, q: Queryable, structureIds: readonly string[], periodStart: string) {
  return q
    .select({ studentId: invoices.studentId, structureId: invoices.structureId, status: invoices.status, runId: invoices.runId })
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, staffSchool(scope)),
        inArray(invoices.structureId, orNone(structureIds)),
        eq(invoices.periodStart, periodStart),
        inArray(invoices.status, ['draft', 'issued']),
        isNotNull(invoices.runId),
      ),
    );
}

/** Many invoices in one statement, and their lines in another (a run of 1,000 children is two inserts). */
export async function insertInvoices(scope: Scope, q: Queryable, rows: InvoiceInsert[], lines: LineInsert[]): Promise<void> {
  const schoolId = staffSchool(scope);
  if (rows.some((r) => r.schoolId !== schoolId) || lines.some((l) => l.schoolId !== schoolId)) throw new Error('another school');
  // PostgreSQL takes at most 65,535 parameters per statement: chunk large runs.
  for (let i = 0; i < rows.length; i += 2000) await q.insert(invoices).values(rows.slice(i, i + 2000));
  for (let i = 0; i < lines.length; i += 4000) await q.insert(invoiceLines).values(lines.slice(i, i + 4000));
}

export async function deleteDraftsOfRuns(scope: Scope, q: Queryable, runIds: readonly string[]): Promise<void> {
  if (!runIds.length) return;
  const schoolId = staffSchool(scope);
  const drafts = and(eq(invoices.schoolId, schoolId), inArray(invoices.runId, [...runIds]), eq(invoices.status, 'draft'));
  await q.delete(invoiceLines).where(inArray(invoiceLines.invoiceId, q.select({ id: invoices.id }).from(invoices).where(drafts)));
  await q.delete(invoices).where(drafts);
}

/** Earlier previews of the same cycle and period (a new preview replaces them). */
export async function previewRunsOf(scope: Scope, q: Queryable, cycle: string, periodStart: string): Promise<string[]> {
  const rows = await q
    .select({ id: invoiceRuns.id })
    .from(invoiceRuns)
    .where(
      and(
        eq(invoiceRuns.schoolId, staffSchool(scope)),
        eq(invoiceRuns.billingCycle, cycle),
        eq(invoiceRuns.periodStart, periodStart),
        eq(invoiceRuns.status, 'preview'),
      ),
    )
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Issues a run's drafts in one statement: numbers `<prefix>-<year>-<00001>` from `first`, in the order of
 * the children's names, status issued. Answers the issued invoices' ids and accounts.
 */
export async function issueDrafts(
  scope: Scope,
  q: Queryable,
  runId: string,
  f: { prefix: string; year: number; first: number; issueDate: string; by: string; at: Date },
): Promise<{ id: string; accountId: string; studentId: string }[]> {
  const schoolId = staffSchool(scope);
  const result = await q.execute(sql`
    with ordered as (
      select i.id, row_number() over (order by s.first_name, s.last_name, i.id) - 1 as n
      from ${invoices} i join ${students} s on s.id = i.student_id
      where i.school_id = ${schoolId} and i.run_id = ${runId} and i.status = 'draft'
    )
    update ${invoices} set
      status = 'issued',
      number = ${`${f.prefix}-${f.year}-`} || lpad((${f.first} + ordered.n)::text, 5, '0'),
      issue_date = ${f.issueDate},
      issued_by = ${f.by},
      issued_at = ${f.at.toISOString()}
    from ordered where ${invoices}.id = ordered.id
    returning ${invoices}.id as id, ${invoices}.account_id as "accountId", ${invoices}.student_id as "studentId"`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    accountId: string;
    studentId: string;
  }[];
  return rows;
}

export async function draftCount(scope: Scope, q: Queryable, runId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.schoolId, staffSchool(scope)), eq(invoices.runId, runId), eq(invoices.status, 'draft')));
  return Number(row?.n ?? 0);
}

// ------------------------------------------------------------------ invoices

export interface InvoiceListed {
  invoice: InvoiceRow;
  firstName: string;
  lastName: string;
  className: string | null;
  accountName: string;
}

const listedColumns = {
  invoice: invoices,
  firstName: students.firstName,
  lastName: students.lastName,
  className: classes.name,
  accountName: feeAccounts.name,
};

export interface InvoiceFilter {
  runId?: string;
  classId?: string;
  studentId?: string;
  accountId?: string;
  status?: string;
  q?: string;
  /** Only invoices owing something after this day (overdue), for the payment-state filter. */
  ids?: readonly string[];
}

function invoiceWhere(schoolId: string, f: InvoiceFilter) {
  const term = f.q ? `%${escapeLike(f.q)}%` : null;
  return and(
    eq(invoices.schoolId, schoolId),
    f.runId ? eq(invoices.runId, f.runId) : undefined,
    f.classId ? eq(invoices.classId, f.classId) : undefined,
    f.studentId ? eq(invoices.studentId, f.studentId) : undefined,
    f.accountId ? eq(invoices.accountId, f.accountId) : undefined,
    f.status ? eq(invoices.status, f.status) : ne(invoices.status, 'superseded'),
    f.ids ? inArray(invoices.id, orNone(f.ids)) : undefined,
    term
      ? or(
          ilike(invoices.number, term),
          ilike(students.firstName, term),
          ilike(students.lastName, term),
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, term),
        )
      : undefined,
  );
}

/** The invoices' order: the latest period first, then by number (drafts, without one, last) and child. */
export const INVOICE_ORDER: Keyset<InvoiceListed> = [
  { by: invoices.periodStart, desc: true, of: (r) => r.invoice.periodStart },
  { by: invoices.number, of: (r) => r.invoice.number },
  { by: students.firstName, of: (r) => r.firstName },
  { by: invoices.id, of: (r) => r.invoice.id },
];

/** Which invoices to read: `limit` of them from `offset` or after `cursor`; without `limit`, every one (after `cursor`). */
export interface InvoicePaging {
  limit?: number;
  offset?: number;
  cursor?: string;
}

export async function listInvoices(
  scope: Scope,
  q: Queryable,
  f: InvoiceFilter,
  page: InvoicePaging | null,
): Promise<{ rows: InvoiceListed[]; nextCursor: string | null; total: number }> {
  const where = invoiceWhere(staffSchool(scope), f);
  const base = q
    .select(listedColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(feeAccounts, eq(feeAccounts.id, invoices.accountId))
    .leftJoin(classes, eq(classes.id, invoices.classId))
    .where(and(where, keysetAfter(INVOICE_ORDER, page?.cursor)))
    .orderBy(...keysetOrder(INVOICE_ORDER));
  const limit = page?.limit;
  const [rows, [total]] = await Promise.all([
    limit !== undefined ? base.limit(limit + 1).offset(page?.cursor ? 0 : (page?.offset ?? 0)) : base,
    q.select({ n: count() }).from(invoices).innerJoin(students, eq(students.id, invoices.studentId)).where(where),
  ]);
  const read = limit !== undefined ? keysetPage(INVOICE_ORDER, rows, limit) : { rows, nextCursor: null };
  return { ...read, total: Number(total?.n ?? 0) };
}

/** One invoice of the school (staff), or of the caller's own children (a parent: another family's is none). */
export async function invoiceById(scope: Scope, q: Queryable, id: string): Promise<InvoiceListed | null> {
  const reach =
    scope.kind === 'parent'
      ? inArray(invoices.studentId, orNone([...(await scope.childIds())]))
      : eq(invoices.schoolId, staffSchool(scope));
  const [row] = await q
    .select(listedColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(feeAccounts, eq(feeAccounts.id, invoices.accountId))
    .leftJoin(classes, eq(classes.id, invoices.classId))
    .where(and(eq(invoices.id, id), reach, scope.kind === 'parent' ? ne(invoices.status, 'draft') : undefined))
    .limit(1);
  return row ?? null;
}

export async function lockInvoice(scope: Scope, q: Queryable, id: string): Promise<InvoiceRow | null> {
  const [row] = await q
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export async function setInvoiceStatus(scope: Scope, q: Queryable, id: string, status: string, reason?: string) {
  await q
    .update(invoices)
    .set({ status, ...(reason !== undefined ? { reason } : {}) })
    .where(and(eq(invoices.id, id), eq(invoices.schoolId, staffSchool(scope))));
}

/** The lines of these invoices, in order. The reach is the invoices' own (read through invoiceById first). */
export async function linesOf(scope: Scope, q: Queryable, invoiceIds: readonly string[]): Promise<LineRow[]> {
  const reach = scope.kind === 'parent' ? undefined : eq(invoiceLines.schoolId, staffSchool(scope));
  return q
    .select()
    .from(invoiceLines)
    .where(and(inArray(invoiceLines.invoiceId, orNone(invoiceIds)), reach))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

/** Every revision sharing an invoice's number (drafts have none: the invoice alone). */
export async function revisionsOf(scope: Scope, q: Queryable, row: InvoiceRow): Promise<InvoiceRow[]> {
  if (!row.number) return [row];
  return q
    .select()
    .from(invoices)
    .where(and(eq(invoices.schoolId, row.schoolId), eq(invoices.number, row.number), eq(invoices.studentId, row.studentId)))
    .orderBy(desc(invoices.revision));
}

export async function issuerName(scope: Scope, q: Queryable, userId: string | null) {
  if (!userId) return null;
  const [row] = await q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Totals for the overview: invoiced with a period starting in [from, to]; owed and overdue of issued invoices. */
export async function overviewSums(scope: Scope, q: Queryable, from: string, to: string) {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select({
      invoiced: sql<number>`coalesce(sum(${invoices.total}) filter (where ${invoices.periodStart} between ${from} and ${to}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.status, 'issued')));
  return { invoiced: Number(row?.invoiced ?? 0) };
}

/** The school's issued invoices with their account and due day (to weigh what is owed against what was paid). */
export async function issuedOwed(scope: Scope, q: Queryable, dueBefore?: string) {
  return q
    .select({ id: invoices.id, accountId: invoices.accountId, total: invoices.total, dueDate: invoices.dueDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, staffSchool(scope)),
        eq(invoices.status, 'issued'),
        dueBefore ? lt(invoices.dueDate, dueBefore) : undefined,
      ),
    );
}
