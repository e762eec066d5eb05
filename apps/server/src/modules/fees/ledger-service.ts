import type { allocationSchema } from '@cue/contract';
import { ddmmyyyyFromIso } from '@cue/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { allocate } from './allocation.js';
import * as repo from './ledger-repo.js';

type AllocationItem = z.infer<typeof allocationSchema>;

/** Fees (issue 26): the families' accounts, payments, credit notes, receipts, reminders and reports. */
export class LedgerService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}

  // ------------------------------------------------------------------ accounts

  /**
   * The account of each child, made where none exists: children who share a parent (transitively) share
   * one account, so a new child of a family that already has one joins it. A new account is named
   * "<first payer's last name> family", else by the children's first names.
   */
  async accountsFor(scope: Scope, tx: Queryable, studentIds: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(studentIds)];
    const known = await repo.accountsOfStudents(scope, tx, wanted);
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length === 0) return known;

    const links = await repo.familyLinks(scope, tx, missing);
    // Children joined by a shared parent are one family (union-find over the links).
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let root = x;
      while (parent.get(root) !== root) root = parent.get(root) ?? root;
      parent.set(x, root);
      return root;
    };
    const union = (a: string, b: string) => {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(ra, rb);
    };
    for (const l of links) {
      if (!parent.has(l.studentId)) parent.set(l.studentId, l.studentId);
      const p = l.parentId ? `p:${l.parentId}` : null;
      if (p) {
        if (!parent.has(p)) parent.set(p, p);
        union(l.studentId, p);
      }
    }
    const families = new Map<string, repo.FamilyLink[]>();
    for (const l of links) {
      const root = find(l.studentId);
      families.set(root, [...(families.get(root) ?? []), l]);
    }

    const missingSet = new Set(missing);
    for (const members of families.values()) {
      const toLink = [...new Set(members.map((m) => m.studentId).filter((id) => missingSet.has(id)))];
      if (toLink.length === 0) continue;
      const existing = members
        .filter((m) => m.accountId)
        .sort((a, b) => (a.accountCreatedAt?.getTime() ?? 0) - (b.accountCreatedAt?.getTime() ?? 0))[0]?.accountId;
      let accountId = existing ?? null;
      if (!accountId) {
        accountId = newId();
        await repo.insertAccount(scope, tx, { id: accountId, name: familyName(members) });
      }
      await repo.linkStudents(scope, tx, accountId, toLink);
    }
    // Read back: a child linked meanwhile by another request keeps the account it got.
    return repo.accountsOfStudents(scope, tx, wanted);
  }

  // ------------------------------------------------------------------ allocations

  /** What live payments and credit notes have set against each invoice (one query). */
  paidByInvoice(scope: Scope, invoiceIds: readonly string[]): Promise<Map<string, number>> {
    return repo.paidByInvoice(scope, this.db, invoiceIds);
  }

  /** The receipts and credit notes set against an invoice, oldest first. */
  async allocationsOf(scope: Scope, invoiceId: string): Promise<AllocationItem[]> {
    const rows = await repo.allocationsFor(scope, this.db, { invoiceIds: [invoiceId] });
    return rows.map((r) => ({
      kind: r.paymentId ? ('payment' as const) : ('credit_note' as const),
      _id: (r.paymentId ?? r.creditNoteId) as string,
      number: r.number,
      date: ddmmyyyyFromIso(r.receivedOn ?? (r.noteCreatedAt ?? r.createdAt).toISOString().slice(0, 10)),
      amount: r.amount,
    }));
  }

  /**
   * Sets each account's unallocated money (live payments and credit notes not yet used, oldest first)
   * against its issued invoices, oldest due date first, never more than each owes. Run inside the
   * transaction that changed the account; takes the accounts' locks.
   */
  async applyCredit(scope: Scope, tx: Queryable, accountIds: readonly string[]): Promise<void> {
    const ids = [...new Set(accountIds)];
    if (ids.length === 0) return;
    await repo.lockAccounts(scope, tx, ids);
    const [sources, owed] = await Promise.all([repo.creditSources(scope, tx, ids), repo.issuedInvoicesOf(scope, tx, ids)]);
    const rows: Parameters<typeof repo.insertAllocations>[2] = [];
    for (const accountId of ids) {
      const open = owed
        .filter((i) => i.accountId === accountId)
        .map((i) => ({ id: i.id, due: i.dueDate, order: i.number ?? '', outstanding: i.total - i.paid }));
      for (const source of sources.filter((s) => s.accountId === accountId)) {
        const { allocations } = allocate(source.unallocated, open);
        for (const a of allocations) {
          rows.push({
            id: newId(),
            invoiceId: a.invoiceId,
            amount: a.amount,
            ...(source.kind === 'payment' ? { paymentId: source.id } : { creditNoteId: source.id }),
          });
          const inv = open.find((i) => i.id === a.invoiceId);
          if (inv) inv.outstanding -= a.amount;
        }
      }
    }
    await repo.insertAllocations(scope, tx, rows);
  }

  /**
   * A revision replaced an invoice: its allocations move to the new revision, oldest first, up to the
   * new total; what does not fit becomes the account's credit, then credit is applied again.
   */
  async moveAllocations(
    scope: Scope,
    tx: Queryable,
    oldInvoiceId: string,
    newInvoiceId: string,
    newTotal: number,
  ): Promise<void> {
    const accountId = await repo.invoiceAccount(scope, tx, oldInvoiceId);
    if (!accountId) return;
    await repo.lockAccounts(scope, tx, [accountId]);
    const current = await repo.allocationsFor(scope, tx, { invoiceIds: [oldInvoiceId] });
    let room = Math.max(0, newTotal);
    const drop: string[] = [];
    for (const a of current) {
      if (room <= 0) {
        drop.push(a.id);
        continue;
      }
      const take = Math.min(room, a.amount);
      await repo.updateAllocation(scope, tx, a.id, { invoiceId: newInvoiceId, amount: take });
      room -= take;
    }
    await repo.deleteAllocations(scope, tx, drop);
    await this.applyCredit(scope, tx, [accountId]);
  }

  /** A cancelled invoice owes nothing: the money set against it becomes the account's credit again. */
  async releaseAllocations(scope: Scope, tx: Queryable, invoiceId: string): Promise<void> {
    const accountId = await repo.invoiceAccount(scope, tx, invoiceId);
    if (!accountId) return;
    await repo.lockAccounts(scope, tx, [accountId]);
    const current = await repo.allocationsFor(scope, tx, { invoiceIds: [invoiceId] });
    await repo.deleteAllocations(
      scope,
      tx,
      current.map((a) => a.id),
    );
    await this.applyCredit(scope, tx, [accountId]);
  }

  /** Live payments received between two ISO days (inclusive), in minor units. */
  collectedBetween(scope: Scope, fromIso: string, toIso: string): Promise<number> {
    return repo.collectedBetween(scope, this.db, fromIso, toIso);
  }
}

/** "<first payer's last name> family", else the children's first names. */
function familyName(members: readonly repo.FamilyLink[]): string {
  const payer = members
    .filter((m) => m.parentId && m.parentLastName?.trim())
    .sort((a, b) => (a.linkedAt?.getTime() ?? 0) - (b.linkedAt?.getTime() ?? 0))[0];
  if (payer?.parentLastName) return `${payer.parentLastName.trim()} family`;
  const names = [...new Set(members.map((m) => m.studentFirstName).filter(Boolean))];
  return names.length ? names.join(' and ') : 'Family';
}
