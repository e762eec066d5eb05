import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  creditNotes,
  feeAccountStudents,
  feeAccounts,
  feeAllocations,
  feeDiscounts,
  feeItems,
  feeSequences,
  feeSettings,
  invoiceLines,
  invoiceReminders,
  invoices,
  parentChildren,
  parents,
  payments,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * The fee ledger's SQL: accounts (families), payments, credit notes and their allocations to invoices.
 * Staff reads carry the staff member's school; a family's reads reach only the accounts of its own
 * children (accountReach).
 */

export type AccountRow = typeof feeAccounts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type AllocationRow = typeof feeAllocations.$inferSelect;

/** The accounts a scope reaches, as a condition on a column holding an account id. */
export async function accountReach(scope: Scope, column: AnyColumn): Promise<SQL> {
  if (scope.kind === 'staff') {
    return sql`${column} in (select ${feeAccounts.id} from ${feeAccounts} where ${feeAccounts.schoolId} = ${staffSchool(scope)})`;
  }
  const kids = [...(await scope.childIds())];
  if (kids.length === 0) return sql`false`;
  return sql`${column} in (select ${feeAccountStudents.accountId} from ${feeAccountStudents} where ${inArray(feeAccountStudents.studentId, kids)})`;
}

// ------------------------------------------------------------------ accounts (families)

/** The account of each of these children of the school that has one. */
export async function accountsOfStudents(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const rows = await q
    .select({ studentId: feeAccountStudents.studentId, accountId: feeAccountStudents.accountId })
    .from(feeAccountStudents)
    .where(and(eq(feeAccountStudents.schoolId, staffSchool(scope)), inArray(feeAccountStudents.studentId, [...studentIds])));
  return new Map(rows.map((r) => [r.studentId, r.accountId]));
}

export interface FamilyLink {
  studentId: string;
  studentFirstName: string;
  studentDateOfBirth: string | null;
  parentId: string | null;
  /** The parent's last name as the school recorded it (else the person's own). */
  parentLastName: string | null;
  linkedAt: Date | null;
  accountId: string | null;
  accountCreatedAt: Date | null;
}

/**
 * Every child of the school who shares a parent with these children, transitively (brothers and
 * sisters, half-siblings through a shared parent), each with its parents and any account it has: one
 * recursive query, so a family is found whatever its size.
 */
export async function familyLinks(scope: Scope, q: Queryable, studentIds: readonly string[]): Promise<FamilyLink[]> {
  if (studentIds.length === 0) return [];
  const school = staffSchool(scope);
  const ids = sql.join(
    studentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await q.execute(sql`
    with recursive family(student_id) as (
      select s.id from students s where s.school_id = ${school} and s.id in (${ids})
      union
      select pc2.student_id
        from family f
        join parent_children pc1 on pc1.student_id = f.student_id
        join parent_children pc2 on pc2.parent_id = pc1.parent_id
        join students s2 on s2.id = pc2.student_id and s2.school_id = ${school}
    )
    select f.student_id, s.first_name as student_first_name, sp.date_of_birth::text as student_date_of_birth,
           pc.parent_id, coalesce(nullif(pc.last_name, ''), u.last_name) as parent_last_name, pc.created_at as linked_at,
           fas.account_id, fa.created_at as account_created_at
      from family f
      join students s on s.id = f.student_id
      left join student_profiles sp on sp.student_id = f.student_id
      left join parent_children pc on pc.student_id = f.student_id
      left join parents p on p.id = pc.parent_id
      left join users u on u.id = p.user_id
      left join fee_account_students fas on fas.student_id = f.student_id
      left join fee_accounts fa on fa.id = fas.account_id
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    studentId: String(r.student_id),
    studentFirstName: String(r.student_first_name ?? ''),
    studentDateOfBirth: r.student_date_of_birth == null ? null : String(r.student_date_of_birth),
    parentId: r.parent_id == null ? null : String(r.parent_id),
    parentLastName: r.parent_last_name == null ? null : String(r.parent_last_name),
    linkedAt: r.linked_at == null ? null : new Date(r.linked_at as string),
    accountId: r.account_id == null ? null : String(r.account_id),
    accountCreatedAt: r.account_created_at == null ? null : new Date(r.account_created_at as string),
  }));
}

/** Creates accounts in one statement (a first month may open hundreds of families at once). */
export async function insertAccounts(scope: Scope, q: Queryable, rows: readonly { id: string; name: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const schoolId = staffSchool(scope);
  await q.insert(feeAccounts).values(rows.map((r) => ({ ...r, schoolId })));
}

/** Joins children to accounts in one statement; a child already holding one keeps it (unique per child). */
export async function linkStudents(
  scope: Scope,
  q: Queryable,
  links: readonly { accountId: string; studentId: string }[],
): Promise<void> {
  if (links.length === 0) return;
  const schoolId = staffSchool(scope);
  await q
    .insert(feeAccountStudents)
    .values(links.map((l) => ({ ...l, schoolId })))
    .onConflictDoNothing();
}

/**
 * Takes the accounts' row locks until the transaction ends: every change of an account's money
 * (payment, void, credit note, issue, revision) runs one at a time, so two cannot both spend the same
 * outstanding amount or credit.
 */
export async function lockAccounts(scope: Scope, q: Queryable, accountIds: readonly string[]): Promise<AccountRow[]> {
  if (accountIds.length === 0) return [];
  return q
    .select()
    .from(feeAccounts)
    .where(and(eq(feeAccounts.schoolId, staffSchool(scope)), inArray(feeAccounts.id, [...accountIds])))
    .orderBy(asc(feeAccounts.id))
    .for('update');
}

/** The next number of a kind of document for the year, its row locked until the transaction ends. */
export async function nextNumber(scope: Scope, q: Queryable, kind: string, year: number): Promise<number> {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .insert(feeSequences)
    .values({ schoolId, kind, year, next: 2 })
    .onConflictDoUpdate({
      target: [feeSequences.schoolId, feeSequences.kind, feeSequences.year],
      set: { next: sql`${feeSequences.next} + 1` },
    })
    .returning({ next: feeSequences.next });
  return (row?.next ?? 2) - 1;
}

// ------------------------------------------------------------------ allocations

/** What live payments and credit notes have set against each invoice (one grouped query). */
export async function paidByInvoice(scope: Scope, q: Queryable, invoiceIds: readonly string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const reach = await accountReach(scope, invoices.accountId);
  const rows = await q
    .select({ invoiceId: feeAllocations.invoiceId, paid: sql<string>`coalesce(sum(${feeAllocations.amount}), 0)` })
    .from(feeAllocations)
    .innerJoin(invoices, eq(invoices.id, feeAllocations.invoiceId))
    .leftJoin(payments, eq(payments.id, feeAllocations.paymentId))
    .where(and(inArray(feeAllocations.invoiceId, [...invoiceIds]), isNull(payments.voidedAt), reach))
    .groupBy(feeAllocations.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, Number(r.paid)]));
}

export interface AllocationListed {
  id: string;
  invoiceId: string;
  amount: number;
  createdAt: Date;
  paymentId: string | null;
  creditNoteId: string | null;
  number: string;
  /** The payment's day received, or the credit note's creation. */
  receivedOn: string | null;
  noteCreatedAt: Date | null;
  invoiceNumber: string | null;
}

/** The live allocations to these invoices, or of these payments / credit notes, oldest first. */
export async function allocationsFor(
  scope: Scope,
  q: Queryable,
  by: { invoiceIds?: readonly string[]; paymentIds?: readonly string[]; creditNoteIds?: readonly string[] },
): Promise<AllocationListed[]> {
  const conds: SQL[] = [];
  if (by.invoiceIds) conds.push(by.invoiceIds.length ? inArray(feeAllocations.invoiceId, [...by.invoiceIds]) : sql`false`);
  if (by.paymentIds) conds.push(by.paymentIds.length ? inArray(feeAllocations.paymentId, [...by.paymentIds]) : sql`false`);
  if (by.creditNoteIds)
    conds.push(by.creditNoteIds.length ? inArray(feeAllocations.creditNoteId, [...by.creditNoteIds]) : sql`false`);
  const reach = await accountReach(scope, invoices.accountId);
  const rows = await q
    .select({
      id: feeAllocations.id,
      invoiceId: feeAllocations.invoiceId,
      amount: feeAllocations.amount,
      createdAt: feeAllocations.createdAt,
      paymentId: feeAllocations.paymentId,
      creditNoteId: feeAllocations.creditNoteId,
      paymentNumber: payments.number,
      noteNumber: creditNotes.number,
      receivedOn: payments.receivedOn,
      noteCreatedAt: creditNotes.createdAt,
      invoiceNumber: invoices.number,
    })
    .from(feeAllocations)
    .innerJoin(invoices, eq(invoices.id, feeAllocations.invoiceId))
    .leftJoin(payments, eq(payments.id, feeAllocations.paymentId))
    .leftJoin(creditNotes, eq(creditNotes.id, feeAllocations.creditNoteId))
    .where(and(...conds, isNull(payments.voidedAt), reach))
    .orderBy(asc(feeAllocations.createdAt), asc(feeAllocations.id));
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoiceId,
    amount: r.amount,
    createdAt: r.createdAt,
    paymentId: r.paymentId,
    creditNoteId: r.creditNoteId,
    number: r.paymentNumber ?? r.noteNumber ?? '',
    receivedOn: r.receivedOn,
    noteCreatedAt: r.noteCreatedAt,
    invoiceNumber: r.invoiceNumber,
  }));
}

export async function insertAllocations(
  scope: Scope,
  q: Queryable,
  rows: { id: string; invoiceId: string; paymentId?: string | null; creditNoteId?: string | null; amount: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const schoolId = staffSchool(scope);
  await q.insert(feeAllocations).values(rows.map((r) => ({ ...r, schoolId })));
}

export async function updateAllocation(
  scope: Scope,
  q: Queryable,
  id: string,
  set: { invoiceId: string; amount: number },
): Promise<void> {
  await q
    .update(feeAllocations)
    .set(set)
    .where(and(eq(feeAllocations.id, id), eq(feeAllocations.schoolId, staffSchool(scope))));
}

export async function deleteAllocations(scope: Scope, q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q
    .delete(feeAllocations)
    .where(and(eq(feeAllocations.schoolId, staffSchool(scope)), inArray(feeAllocations.id, [...ids])));
}

export interface CreditSource {
  kind: 'payment' | 'credit_note';
  id: string;
  accountId: string;
  /** What is not yet set against any invoice. */
  unallocated: number;
  at: string;
}

/**
 * The money of these accounts not yet set against an invoice, oldest first: live payments less their
 * allocations, and credit notes less theirs (a credit note on an invoice that was cancelled gives
 * nothing back: it reduced a bill that no longer stands). Two grouped queries.
 */
export async function creditSources(scope: Scope, q: Queryable, accountIds: readonly string[]): Promise<CreditSource[]> {
  if (accountIds.length === 0) return [];
  const schoolId = staffSchool(scope);
  const paid = await q
    .select({
      id: payments.id,
      accountId: payments.accountId,
      at: payments.receivedOn,
      createdAt: payments.createdAt,
      // Written with the tables' names: in a one-table query drizzle leaves columns unqualified, and inside
      // the subquery a bare "id" would be the allocation's.
      unallocated: sql<string>`"payments"."amount" - coalesce((select sum(fa."amount") from "fee_allocations" fa where fa."payment_id" = "payments"."id"), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), inArray(payments.accountId, [...accountIds]), isNull(payments.voidedAt)));
  const notes = await q
    .select({
      id: creditNotes.id,
      accountId: creditNotes.accountId,
      createdAt: creditNotes.createdAt,
      unallocated: sql<string>`"credit_notes"."amount" - coalesce((select sum(fa."amount") from "fee_allocations" fa where fa."credit_note_id" = "credit_notes"."id"), 0)`,
    })
    .from(creditNotes)
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      and(
        eq(creditNotes.schoolId, schoolId),
        inArray(creditNotes.accountId, [...accountIds]),
        sql`(${creditNotes.invoiceId} is null or ${invoices.status} <> 'cancelled')`,
      ),
    );
  const sources: (CreditSource & { tie: string })[] = [
    ...paid.map((p) => ({
      kind: 'payment' as const,
      id: p.id,
      accountId: p.accountId,
      unallocated: Number(p.unallocated),
      at: p.at,
      tie: p.createdAt.toISOString(),
    })),
    ...notes.map((n) => ({
      kind: 'credit_note' as const,
      id: n.id,
      accountId: n.accountId,
      unallocated: Number(n.unallocated),
      at: n.createdAt.toISOString().slice(0, 10),
      tie: n.createdAt.toISOString(),
    })),
  ];
  return sources
    .filter((s) => s.unallocated > 0)
    .sort((a, b) => (a.at !== b.at ? (a.at < b.at ? -1 : 1) : a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0))
    .map(({ tie: _tie, ...s }) => s);
}

export interface OwedRow {
  id: string;
  accountId: string;
  number: string | null;
  dueDate: string;
  total: number;
  paid: number;
}

/** The issued invoices of these accounts with what was set against each (one grouped query). */
export async function issuedInvoicesOf(scope: Scope, q: Queryable, accountIds: readonly string[]): Promise<OwedRow[]> {
  if (accountIds.length === 0) return [];
  const rows = await q
    .select({
      id: invoices.id,
      accountId: invoices.accountId,
      number: invoices.number,
      dueDate: invoices.dueDate,
      total: invoices.total,
      paid: sql<string>`coalesce(sum(${feeAllocations.amount}) filter (where ${payments.voidedAt} is null), 0)`,
    })
    .from(invoices)
    .leftJoin(feeAllocations, eq(feeAllocations.invoiceId, invoices.id))
    .leftJoin(payments, eq(payments.id, feeAllocations.paymentId))
    .where(
      and(eq(invoices.schoolId, staffSchool(scope)), inArray(invoices.accountId, [...accountIds]), eq(invoices.status, 'issued')),
    )
    .groupBy(invoices.id)
    .orderBy(asc(invoices.dueDate), asc(invoices.number), asc(invoices.id));
  return rows.map((r) => ({ ...r, paid: Number(r.paid) }));
}

/** The school's live early-payment discounts. */
export async function earlyPaymentRules(scope: Scope, q: Queryable) {
  return q
    .select({
      id: feeDiscounts.id,
      name: feeDiscounts.name,
      mode: feeDiscounts.mode,
      value: feeDiscounts.value,
      itemKinds: feeDiscounts.itemKinds,
      position: feeDiscounts.position,
      daysBeforeDue: feeDiscounts.daysBeforeDue,
      validFrom: feeDiscounts.validFrom,
      validTo: feeDiscounts.validTo,
    })
    .from(feeDiscounts)
    .where(
      and(eq(feeDiscounts.schoolId, staffSchool(scope)), eq(feeDiscounts.kind, 'early_payment'), isNull(feeDiscounts.archivedAt)),
    );
}

/**
 * What deciding an early-payment credit needs of these invoices: period, due date, total, the lines
 * with the kind of the item each came from, and whether an early-payment credit note already names it.
 */
export async function earlyPaymentFacts(scope: Scope, q: Queryable, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return [];
  const schoolId = staffSchool(scope);
  const heads = await q
    .select({
      id: invoices.id,
      number: invoices.number,
      periodStart: invoices.periodStart,
      dueDate: invoices.dueDate,
      total: invoices.total,
      credited: sql<boolean>`exists (select 1 from "credit_notes" cn where cn."invoice_id" = "invoices"."id" and cn."discount_id" is not null)`,
    })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), inArray(invoices.id, [...invoiceIds])));
  const lines = await q
    .select({ invoiceId: invoiceLines.invoiceId, amount: invoiceLines.amount, itemKind: feeItems.kind })
    .from(invoiceLines)
    .leftJoin(feeItems, eq(feeItems.id, invoiceLines.feeItemId))
    .where(and(eq(invoiceLines.schoolId, schoolId), inArray(invoiceLines.invoiceId, [...invoiceIds])));
  return heads.map((h) => ({
    ...h,
    credited: Boolean(h.credited),
    lines: lines.filter((l) => l.invoiceId === h.id).map((l) => ({ amount: l.amount, itemKind: l.itemKind })),
  }));
}

export async function invoiceAccount(scope: Scope, q: Queryable, invoiceId: string): Promise<string | null> {
  const [row] = await q
    .select({ accountId: invoices.accountId })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.schoolId, staffSchool(scope))));
  return row?.accountId ?? null;
}

/** Live payments received between two days (inclusive), summed. */
export async function collectedBetween(scope: Scope, q: Queryable, fromIso: string, toIso: string): Promise<number> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, staffSchool(scope)),
        isNull(payments.voidedAt),
        sql`${payments.receivedOn} between ${fromIso} and ${toIso}`,
      ),
    );
  return Number(row?.total ?? 0);
}

// ------------------------------------------------------------------ payments and credit notes

export async function insertPayment(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof payments.$inferInsert, 'schoolId'>,
): Promise<void> {
  await q.insert(payments).values({ ...row, schoolId: staffSchool(scope) });
}

export async function insertCreditNote(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof creditNotes.$inferInsert, 'schoolId'>,
): Promise<void> {
  await q.insert(creditNotes).values({ ...row, schoolId: staffSchool(scope) });
}

export async function voidPayment(scope: Scope, q: Queryable, id: string, at: Date, reason: string): Promise<boolean> {
  const rows = await q
    .update(payments)
    .set({ voidedAt: at, voidReason: reason })
    .where(and(eq(payments.id, id), eq(payments.schoolId, staffSchool(scope)), isNull(payments.voidedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export interface PaymentListed extends PaymentRow {
  accountName: string;
  recorderFirst: string | null;
  recorderLast: string | null;
}

/** Newest first: by the day received, then by when recorded. */
const PAYMENT_ORDER: Keyset<PaymentListed> = [
  { by: payments.receivedOn, desc: true, of: (r) => r.receivedOn },
  { by: payments.createdAt, desc: true, of: (r) => r.createdAt },
  { by: payments.id, desc: true, of: (r) => r.id },
];

/**
 * Payments the scope reaches (a family: its own accounts'), newest first, with a page's count; with
 * `limit`, a page of them (from `offset`, or after `cursor`).
 */
export async function paymentsList(
  scope: Scope,
  q: Queryable,
  f: {
    ids?: readonly string[];
    accountIds?: readonly string[];
    from?: string;
    to?: string;
    method?: string;
    limit?: number;
    offset?: number;
    cursor?: string;
  },
): Promise<{ rows: PaymentListed[]; nextCursor: string | null; total: number }> {
  const conds: SQL[] = [await accountReach(scope, payments.accountId)];
  if (f.ids) conds.push(f.ids.length ? inArray(payments.id, [...f.ids]) : sql`false`);
  if (f.accountIds) conds.push(f.accountIds.length ? inArray(payments.accountId, [...f.accountIds]) : sql`false`);
  if (f.from) conds.push(sql`${payments.receivedOn} >= ${f.from}`);
  if (f.to) conds.push(sql`${payments.receivedOn} <= ${f.to}`);
  if (f.method) conds.push(eq(payments.method, f.method));
  const where = and(...conds);
  const base = q
    .select({
      payment: payments,
      accountName: feeAccounts.name,
      recorderFirst: users.firstName,
      recorderLast: users.lastName,
      total: sql<string>`count(*) over ()`,
    })
    .from(payments)
    .innerJoin(feeAccounts, eq(feeAccounts.id, payments.accountId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(and(where, keysetAfter(PAYMENT_ORDER, f.cursor)))
    .orderBy(...keysetOrder(PAYMENT_ORDER));
  const [read, counted] = await Promise.all([
    f.limit ? base.limit(f.limit + 1).offset(f.cursor ? 0 : (f.offset ?? 0)) : base,
    // After a cursor the window counts only the rows that follow it: the list's count is its own query.
    f.cursor ? q.select({ n: sql<number>`count(*)::int` }).from(payments).where(where) : null,
  ]);
  const rows = read.map((r) => ({
    ...r.payment,
    accountName: r.accountName,
    recorderFirst: r.recorderFirst,
    recorderLast: r.recorderLast,
  }));
  const page = f.limit ? keysetPage(PAYMENT_ORDER, rows, f.limit) : { rows, nextCursor: null };
  return { ...page, total: counted ? Number(counted[0]?.n ?? 0) : read.length ? Number(read[0]?.total) : 0 };
}

export interface CreditNoteListed extends CreditNoteRow {
  accountName: string;
  invoiceNumber: string | null;
  creatorFirst: string | null;
  creatorLast: string | null;
}

export async function creditNotesList(
  scope: Scope,
  q: Queryable,
  f: { ids?: readonly string[]; accountIds?: readonly string[] },
): Promise<CreditNoteListed[]> {
  const conds: SQL[] = [await accountReach(scope, creditNotes.accountId)];
  if (f.ids) conds.push(f.ids.length ? inArray(creditNotes.id, [...f.ids]) : sql`false`);
  if (f.accountIds) conds.push(f.accountIds.length ? inArray(creditNotes.accountId, [...f.accountIds]) : sql`false`);
  const rows = await q
    .select({
      note: creditNotes,
      accountName: feeAccounts.name,
      invoiceNumber: invoices.number,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
    })
    .from(creditNotes)
    .innerJoin(feeAccounts, eq(feeAccounts.id, creditNotes.accountId))
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(users, eq(users.id, creditNotes.createdBy))
    .where(and(...conds))
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.id));
  return rows.map((r) => ({
    ...r.note,
    accountName: r.accountName,
    invoiceNumber: r.invoiceNumber,
    creatorFirst: r.creatorFirst,
    creatorLast: r.creatorLast,
  }));
}

/** An issued invoice of the school, with its row locked until the transaction ends. */
export async function lockInvoice(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export async function accountOf(scope: Scope, q: Queryable, id: string): Promise<AccountRow | null> {
  const [row] = await q
    .select()
    .from(feeAccounts)
    .where(and(eq(feeAccounts.id, id), await accountReach(scope, feeAccounts.id)));
  return row ?? null;
}

/** The account ids a family reaches at schools where they have children. */
export async function familyAccountIds(scope: Scope, q: Queryable): Promise<string[]> {
  const kids = [...(await scope.childIds())];
  if (kids.length === 0) return [];
  const rows = await q
    .selectDistinct({ id: feeAccountStudents.accountId })
    .from(feeAccountStudents)
    .where(inArray(feeAccountStudents.studentId, kids));
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ account summaries

export interface AccountSums {
  id: string;
  name: string;
  schoolId: string;
  invoiced: number;
  paid: number;
  outstanding: number;
  overdue: number;
  credit: number;
}

/**
 * The accounts' sums, each from one grouped query over all the accounts at once: invoiced (issued
 * invoices' totals), paid (live allocations to them), outstanding, overdue (past due on `todayIso`) and
 * credit (money of payments and credit notes not set against any invoice).
 */
export async function accountSums(
  scope: Scope,
  q: Queryable,
  accountIds: readonly string[],
  todayIso: string,
): Promise<Map<string, AccountSums>> {
  if (accountIds.length === 0) return new Map();
  const ids = [...accountIds];
  const reach = await accountReach(scope, feeAccounts.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await q.execute(sql`
    with inv as (
      select i.account_id, i.total, i.due_date,
             coalesce((select sum(a.amount) from fee_allocations a left join payments p on p.id = a.payment_id
                        where a.invoice_id = i.id and p.voided_at is null), 0) as paid
        from invoices i where i.status = 'issued' and i.account_id in (${idList})
    ),
    sums as (
      select account_id, sum(total) as invoiced, sum(paid) as paid, sum(total - paid) as outstanding,
             sum(case when due_date < ${todayIso} then total - paid else 0 end) as overdue
        from inv group by account_id
    ),
    pay as (
      select p.account_id, sum(p.amount - coalesce((select sum(a.amount) from fee_allocations a where a.payment_id = p.id), 0)) as free
        from payments p where p.voided_at is null and p.account_id in (${idList}) group by p.account_id
    ),
    notes as (
      select c.account_id, sum(c.amount - coalesce((select sum(a.amount) from fee_allocations a where a.credit_note_id = c.id), 0)) as free
        from credit_notes c left join invoices ci on ci.id = c.invoice_id
       where c.account_id in (${idList}) and (c.invoice_id is null or ci.status <> 'cancelled')
       group by c.account_id
    )
    select fee_accounts.id, fee_accounts.name, fee_accounts.school_id, coalesce(s.invoiced, 0) as invoiced, coalesce(s.paid, 0) as paid,
           coalesce(s.outstanding, 0) as outstanding, coalesce(s.overdue, 0) as overdue,
           coalesce(pay.free, 0) + coalesce(notes.free, 0) as credit
      from fee_accounts
      left join sums s on s.account_id = fee_accounts.id
      left join pay on pay.account_id = fee_accounts.id
      left join notes on notes.account_id = fee_accounts.id
     where fee_accounts.id in (${idList}) and ${reach}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        id: String(r.id),
        name: String(r.name),
        schoolId: String(r.school_id),
        invoiced: Number(r.invoiced),
        paid: Number(r.paid),
        outstanding: Number(r.outstanding),
        overdue: Number(r.overdue),
        credit: Number(r.credit),
      },
    ]),
  );
}

/** The accounts' order: by the family's name (the columns of `accountIdsPage`'s inner query, `x`). */
const ACCOUNT_ORDER: Keyset<{ id: string; name: string }> = [
  { by: sql.raw('x.name'), of: (r) => r.name },
  { by: sql.raw('x.id'), of: (r) => r.id },
];

/**
 * Accounts of the school matching a search (family, child or parent name), a class and owing: a page
 * of their ids, from `offset` or after `cursor`, and how many match in all.
 */
export async function accountIdsPage(
  scope: Scope,
  q: Queryable,
  f: { q?: string; classId?: string; owing?: boolean; limit: number; offset: number; cursor?: string },
): Promise<{ ids: string[]; nextCursor: string | null; total: number }> {
  const school = staffSchool(scope);
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const after = keysetAfter(ACCOUNT_ORDER, f.cursor);
  // The count is the inner query's, over every match, before the cursor keeps those after it.
  const result = await q.execute(sql`
    select x.id, x.name, x.total from (
    select fa.id, fa.name, count(*) over () as total
      from fee_accounts fa
     where fa.school_id = ${school}
       ${
         like
           ? sql`and (fa.name ilike ${like} or exists (
            select 1 from fee_account_students fs join students s on s.id = fs.student_id
              left join parent_children pc on pc.student_id = s.id left join parents p on p.id = pc.parent_id left join users u on u.id = p.user_id
             where fs.account_id = fa.id and (s.first_name || ' ' || s.last_name ilike ${like}
               or coalesce(pc.first_name, u.first_name, '') || ' ' || coalesce(pc.last_name, u.last_name, '') ilike ${like})))`
           : sql``
       }
       ${f.classId ? sql`and exists (select 1 from fee_account_students fs join class_students cs on cs.student_id = fs.student_id where fs.account_id = fa.id and cs.class_id = ${f.classId})` : sql``}
       ${
         f.owing === undefined
           ? sql``
           : sql`and ${f.owing ? sql`` : sql`not`} exists (select 1 from invoices i where i.account_id = fa.id and i.status = 'issued'
                  and i.total > coalesce((select sum(a.amount) from fee_allocations a left join payments p on p.id = a.payment_id where a.invoice_id = i.id and p.voided_at is null), 0))`
       }
    ) x
     ${after ? sql`where ${after}` : sql``}
     order by ${sql.join(keysetOrder(ACCOUNT_ORDER), sql`, `)}
     limit ${f.limit + 1} offset ${f.cursor ? 0 : f.offset}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    total: Number(r.total),
  }));
  const page = keysetPage(ACCOUNT_ORDER, rows, f.limit);
  return { ids: page.rows.map((r) => r.id), nextCursor: page.nextCursor, total: rows[0]?.total ?? 0 };
}

export interface AccountMember {
  accountId: string;
  studentId: string;
  firstName: string;
  lastName: string;
}
export interface AccountPayer {
  accountId: string;
  userId: string;
  parentId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  language: string | null;
}

/** The children and the parents (payers) of these accounts. */
export async function accountPeople(
  scope: Scope,
  q: Queryable,
  accountIds: readonly string[],
): Promise<{ children: AccountMember[]; payers: AccountPayer[] }> {
  if (accountIds.length === 0) return { children: [], payers: [] };
  const reach = await accountReach(scope, feeAccountStudents.accountId);
  const children = await q
    .select({
      accountId: feeAccountStudents.accountId,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(feeAccountStudents)
    .innerJoin(students, eq(students.id, feeAccountStudents.studentId))
    .where(and(inArray(feeAccountStudents.accountId, [...accountIds]), reach))
    .orderBy(asc(students.firstName), asc(students.id));
  const payerRows = await q
    .select({
      accountId: feeAccountStudents.accountId,
      userId: users.id,
      parentId: parents.id,
      pcFirst: parentChildren.firstName,
      pcLast: parentChildren.lastName,
      first: users.firstName,
      last: users.lastName,
      email: sql<string | null>`coalesce(${parentChildren.email}, ${parents.primaryEmail}, ${users.email})`,
      phone: sql<string | null>`coalesce(${parentChildren.phone}, ${parents.primaryPhone}, ${users.phone})`,
      language: users.language,
    })
    .from(feeAccountStudents)
    .innerJoin(parentChildren, eq(parentChildren.studentId, feeAccountStudents.studentId))
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(inArray(feeAccountStudents.accountId, [...accountIds]), reach, isNull(users.deletedAt)))
    .orderBy(asc(parentChildren.createdAt));
  const seen = new Set<string>();
  const payers: AccountPayer[] = [];
  for (const r of payerRows) {
    const key = `${r.accountId}:${r.parentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    payers.push({
      accountId: r.accountId,
      userId: r.userId,
      parentId: r.parentId,
      firstName: r.pcFirst ?? r.first,
      lastName: r.pcLast ?? r.last,
      email: r.email,
      phone: r.phone,
      language: r.language,
    });
  }
  return { children, payers };
}

/** The invoices of these accounts (drafts left out), as the invoice list shows them. */
export async function invoicesOfAccounts(scope: Scope, q: Queryable, accountIds: readonly string[], statuses: readonly string[]) {
  if (accountIds.length === 0) return [];
  const reach = await accountReach(scope, invoices.accountId);
  return q
    .select({
      invoice: invoices,
      firstName: students.firstName,
      lastName: students.lastName,
      className: classes.name,
      accountName: feeAccounts.name,
    })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(feeAccounts, eq(feeAccounts.id, invoices.accountId))
    .leftJoin(classes, eq(classes.id, invoices.classId))
    .where(and(inArray(invoices.accountId, [...accountIds]), inArray(invoices.status, [...statuses]), reach))
    .orderBy(desc(invoices.dueDate), desc(invoices.number), desc(invoices.revision));
}

/** An invoice a family may pay online: issued, of one of its children. */
export async function invoiceForFamily(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), await accountReach(scope, invoices.accountId)));
  return row ?? null;
}

// ------------------------------------------------------------------ reminders

export interface DueInvoice {
  id: string;
  accountId: string;
  studentId: string;
  childName: string;
  number: string;
  dueDate: string;
  total: number;
  paid: number;
  currency: string;
}

/**
 * Issued invoices still owing whose reminder of `kind` was not sent, due on or before `dueBy` (and, for
 * the before-due reminder, not yet past due on `today`); of one account when given.
 */
export async function invoicesToRemind(
  scope: Scope,
  q: Queryable,
  f: { kind: 'reminder' | 'overdue'; dueFrom?: string; dueBy: string; accountId?: string },
): Promise<DueInvoice[]> {
  const school = staffSchool(scope);
  const result = await q.execute(sql`
    select i.id, i.account_id, i.student_id, s.first_name as child_name, i.number, i.due_date::text as due_date, i.total, i.currency,
           coalesce((select sum(a.amount) from fee_allocations a left join payments p on p.id = a.payment_id
                      where a.invoice_id = i.id and p.voided_at is null), 0) as paid
      from invoices i join students s on s.id = i.student_id
     where i.school_id = ${school} and i.status = 'issued' and i.due_date <= ${f.dueBy}
       ${f.dueFrom ? sql`and i.due_date >= ${f.dueFrom}` : sql``}
       ${f.accountId ? sql`and i.account_id = ${f.accountId}` : sql``}
       and not exists (select 1 from invoice_reminders r where r.invoice_id = i.id and r.kind = ${f.kind})
     order by i.due_date, i.number
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows
    .map((r) => ({
      id: String(r.id),
      accountId: String(r.account_id),
      studentId: String(r.student_id),
      childName: String(r.child_name),
      number: String(r.number ?? ''),
      dueDate: String(r.due_date),
      total: Number(r.total),
      paid: Number(r.paid),
      currency: String(r.currency),
    }))
    .filter((r) => r.total - r.paid > 0);
}

/** Marks reminders sent; answers the invoices this call marked (another run marked the rest). */
export async function markReminders(
  scope: Scope,
  q: Queryable,
  kind: string,
  invoiceIds: readonly string[],
  at: Date,
): Promise<Set<string>> {
  if (invoiceIds.length === 0) return new Set();
  const schoolId = staffSchool(scope);
  const rows = await q
    .insert(invoiceReminders)
    .values(invoiceIds.map((invoiceId) => ({ invoiceId, kind, schoolId, sentAt: at })))
    .onConflictDoNothing()
    .returning({ id: invoiceReminders.invoiceId });
  return new Set(rows.map((r) => r.id));
}

/** Schools with the fee ledger in use (any account): the daily reminders run for each. */
export async function schoolsWithAccounts(scope: 'system', q: Queryable): Promise<string[]> {
  void scope;
  const rows = await q.selectDistinct({ schoolId: feeAccounts.schoolId }).from(feeAccounts);
  return rows.map((r) => r.schoolId);
}

// ------------------------------------------------------------------ reports

export interface CollectionRow {
  month: string;
  classId: string | null;
  className: string | null;
  invoiced: number;
  collected: number;
  credited: number;
}

/** Issued invoices whose period starts between two days, per month and class, with what was set against them. */
export async function collectionRows(
  scope: Scope,
  q: Queryable,
  fromIso: string,
  toIso: string,
  classId?: string,
): Promise<CollectionRow[]> {
  const school = staffSchool(scope);
  const result = await q.execute(sql`
    with inv as (
      select i.id, to_char(i.period_start, 'YYYY-MM') as month, i.class_id, i.total
        from invoices i
       where i.school_id = ${school} and i.status = 'issued' and i.period_start between ${fromIso} and ${toIso}
         ${classId ? sql`and i.class_id = ${classId}` : sql``}
    ),
    alloc as (
      select a.invoice_id,
             sum(a.amount) filter (where a.payment_id is not null) as collected,
             sum(a.amount) filter (where a.credit_note_id is not null) as credited
        from fee_allocations a left join payments p on p.id = a.payment_id
       where a.invoice_id in (select id from inv) and p.voided_at is null
       group by a.invoice_id
    )
    select inv.month, inv.class_id, c.name as class_name, sum(inv.total) as invoiced,
           coalesce(sum(alloc.collected), 0) as collected, coalesce(sum(alloc.credited), 0) as credited
      from inv left join alloc on alloc.invoice_id = inv.id left join classes c on c.id = inv.class_id
     group by inv.month, inv.class_id, c.name
     order by inv.month, c.name nulls last
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    month: String(r.month),
    classId: r.class_id == null ? null : String(r.class_id),
    className: r.class_name == null ? null : String(r.class_name),
    invoiced: Number(r.invoiced),
    collected: Number(r.collected),
    credited: Number(r.credited),
  }));
}

/** Live payments received between two days, per method. */
export async function paymentsByMethod(scope: Scope, q: Queryable, fromIso: string, toIso: string) {
  const rows = await q
    .select({ method: payments.method, amount: sql<string>`sum(${payments.amount})`, count: sql<string>`count(*)` })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, staffSchool(scope)),
        isNull(payments.voidedAt),
        sql`${payments.receivedOn} between ${fromIso} and ${toIso}`,
      ),
    )
    .groupBy(payments.method)
    .orderBy(payments.method);
  return rows.map((r) => ({ method: r.method, amount: Number(r.amount), count: Number(r.count) }));
}

/** Every issued invoice still owing on `asOf`: account, due date, outstanding (one grouped query). */
export async function owingInvoices(scope: Scope, q: Queryable, classId?: string) {
  const school = staffSchool(scope);
  const result = await q.execute(sql`
    select i.account_id, i.due_date::text as due_date,
           i.total - coalesce((select sum(a.amount) from fee_allocations a left join payments p on p.id = a.payment_id
                                where a.invoice_id = i.id and p.voided_at is null), 0) as outstanding
      from invoices i
     where i.school_id = ${school} and i.status = 'issued' ${classId ? sql`and i.class_id = ${classId}` : sql``}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows
    .map((r) => ({ accountId: String(r.account_id), dueDate: String(r.due_date), outstanding: Number(r.outstanding) }))
    .filter((r) => r.outstanding !== 0);
}

export async function currencyOf(scope: Scope, q: Queryable): Promise<string> {
  const [row] = await q
    .select({ currency: feeSettings.currency })
    .from(feeSettings)
    .where(eq(feeSettings.schoolId, staffSchool(scope)));
  return row?.currency ?? 'INR';
}

export async function settingsOf(scope: Scope, q: Queryable, schoolId: string) {
  void scope;
  const [row] = await q.select().from(feeSettings).where(eq(feeSettings.schoolId, schoolId));
  return row ?? null;
}
