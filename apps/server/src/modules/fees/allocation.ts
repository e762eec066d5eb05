/**
 * How money is set against a family's invoices (issue 26): the invoices named first (in the order
 * given), then the oldest due date first; never more than an invoice still owes; what is left over
 * stays on the account as credit. Pure, so its rules are checked by property tests.
 */
export interface OwedInvoice {
  id: string;
  /** ISO date the invoice is due. */
  due: string;
  /** What it still owes, in minor units (≤ 0: nothing). */
  outstanding: number;
  /** Ties on the due date are broken by this (the invoice's number or creation), then the id. */
  order?: string;
}

export interface Allocation {
  invoiceId: string;
  amount: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** What no invoice owed: the account's credit. */
  rest: number;
}

/** The invoices in the order money goes to them: preferred ones first, then by due date. */
export function allocationOrder<T extends OwedInvoice>(invoices: readonly T[], preferredIds: readonly string[] = []): T[] {
  const rank = new Map(preferredIds.map((id, i) => [id, i] as const));
  return [...invoices].sort((a, b) => {
    const ra = rank.get(a.id);
    const rb = rank.get(b.id);
    if (ra !== undefined || rb !== undefined) {
      if (ra === undefined) return 1;
      if (rb === undefined) return -1;
      return ra - rb;
    }
    if (a.due !== b.due) return a.due < b.due ? -1 : 1;
    const oa = a.order ?? '';
    const ob = b.order ?? '';
    if (oa !== ob) return oa < ob ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Sets `amount` (minor units, ≥ 0) against the invoices. */
export function allocate(
  amount: number,
  invoices: readonly OwedInvoice[],
  preferredIds: readonly string[] = [],
): AllocationResult {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
  let rest = amount;
  const allocations: Allocation[] = [];
  for (const invoice of allocationOrder(invoices, preferredIds)) {
    if (rest <= 0) break;
    const owed = Math.max(0, Math.trunc(invoice.outstanding));
    if (owed === 0) continue;
    const take = Math.min(owed, rest);
    allocations.push({ invoiceId: invoice.id, amount: take });
    rest -= take;
  }
  return { allocations, rest };
}
