import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  creditNotes,
  feeAccountStudents,
  feeAccounts,
  feeAllocations,
  feeSequences,
  invoices,
  payments,
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

export async function insertAccount(scope: Scope, q: Queryable, row: { id: string; name: string }): Promise<void> {
  await q.insert(feeAccounts).values({ ...row, schoolId: staffSchool(scope) });
}

/** Joins children to an account; a child already holding one keeps it (unique per child). */
export async function linkStudents(scope: Scope, q: Queryable, accountId: string, studentIds: readonly string[]): Promise<void> {
  if (studentIds.length === 0) return;
  const schoolId = staffSchool(scope);
  await q
    .insert(feeAccountStudents)
    .values(studentIds.map((studentId) => ({ accountId, studentId, schoolId })))
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
      unallocated: sql<string>`${payments.amount} - coalesce((select sum(${feeAllocations.amount}) from ${feeAllocations} where ${feeAllocations.paymentId} = ${payments.id}), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), inArray(payments.accountId, [...accountIds]), isNull(payments.voidedAt)));
  const notes = await q
    .select({
      id: creditNotes.id,
      accountId: creditNotes.accountId,
      createdAt: creditNotes.createdAt,
      unallocated: sql<string>`${creditNotes.amount} - coalesce((select sum(${feeAllocations.amount}) from ${feeAllocations} where ${feeAllocations.creditNoteId} = ${creditNotes.id}), 0)`,
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
