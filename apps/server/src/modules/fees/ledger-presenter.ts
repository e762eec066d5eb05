import type { CreditNote, FeeAccountSummary, Payment } from '@cue/contract';
import { ddmmyyyyFromIso } from '@cue/contract';
import type {
  AccountMember,
  AccountPayer,
  AccountSums,
  AllocationListed,
  CreditNoteListed,
  PaymentListed,
} from './ledger-repo.js';
import { personOf } from './presenter.js';

/** Ledger rows -> the contract's payments, credit notes and accounts. */

export function presentPayment(p: PaymentListed, allocations: readonly AllocationListed[], canVoid: boolean): Payment {
  const mine = allocations.filter((a) => a.paymentId === p.id);
  const allocated = mine.reduce((s, a) => s + a.amount, 0);
  return {
    _id: p.id,
    number: p.number,
    account: { _id: p.accountId, name: p.accountName },
    amount: p.amount,
    currency: p.currency,
    method: p.method as Payment['method'],
    received_on: ddmmyyyyFromIso(p.receivedOn),
    reference: p.reference,
    note: p.note,
    allocations: mine.map((a) => ({ invoice: { _id: a.invoiceId, number: a.invoiceNumber ?? '' }, amount: a.amount })),
    unallocated: p.voidedAt ? 0 : Math.max(0, p.amount - allocated),
    recorded_by: p.recordedBy ? personOf(p.recordedBy, p.recorderFirst ?? '', p.recorderLast ?? '') : null,
    created_at: p.createdAt.toISOString(),
    voided: p.voidedAt !== null,
    void_reason: p.voidReason,
    abilities: { void: canVoid && p.voidedAt === null },
  };
}

export function presentCreditNote(c: CreditNoteListed): CreditNote {
  return {
    _id: c.id,
    number: c.number,
    account: { _id: c.accountId, name: c.accountName },
    invoice: c.invoiceId ? { _id: c.invoiceId, number: c.invoiceNumber ?? '' } : null,
    amount: c.amount,
    currency: c.currency,
    reason: c.reason,
    created_by: c.createdBy ? personOf(c.createdBy, c.creatorFirst ?? '', c.creatorLast ?? '') : null,
    created_at: c.createdAt.toISOString(),
  };
}

export function presentAccountSummary(
  sums: AccountSums,
  children: readonly AccountMember[],
  payers: readonly AccountPayer[],
  currency: string,
): FeeAccountSummary {
  return {
    _id: sums.id,
    name: sums.name,
    children: children.filter((c) => c.accountId === sums.id).map((c) => personOf(c.studentId, c.firstName, c.lastName)),
    payers: payers
      .filter((p) => p.accountId === sums.id)
      .map((p) => ({ _id: p.userId, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email, phone: p.phone })),
    currency,
    invoiced: sums.invoiced,
    paid: sums.paid,
    outstanding: sums.outstanding,
    credit: Math.max(0, sums.credit),
    balance: sums.outstanding - Math.max(0, sums.credit),
    overdue: sums.overdue,
  };
}
