import { ddmmyyyyFromIso, type InvoiceSummary, isoFromDdmmyyyy, type PaymentState } from '@cue/contract';

/*
 * The fee pages' own arithmetic, kept pure so it can be tested: what a payment will pay before it is
 * recorded (the server decides; this shows the same rule), a correction's live total, a preview's totals
 * per class.
 */

export const PAYMENT_STATE_COLORS: Record<PaymentState, string> = {
  paid: 'teal',
  partly_paid: 'yellow',
  unpaid: 'gray',
  overdue: 'red',
};

const dueKey = (invoice: Pick<InvoiceSummary, 'due_date'>) => isoFromDdmmyyyy(invoice.due_date) ?? invoice.due_date;

/**
 * How a payment of `amount` is spread: the chosen invoices first (in the order shown), then the oldest
 * due date first among the others; never more than an invoice owes; the rest stays as credit.
 */
export function allocationPlan(
  amount: number,
  open: Pick<InvoiceSummary, '_id' | 'due_date' | 'outstanding'>[],
  chosen: string[],
): { allocations: { id: string; amount: number }[]; credit: number } {
  const first = chosen.map((id) => open.find((x) => x._id === id)).filter((x) => x !== undefined);
  const rest = open.filter((x) => !chosen.includes(x._id)).sort((a, b) => dueKey(a).localeCompare(dueKey(b)));
  let left = Math.max(0, Math.trunc(amount));
  const allocations: { id: string; amount: number }[] = [];
  for (const invoice of [...first, ...rest]) {
    if (left <= 0) break;
    const owed = Math.max(0, invoice.outstanding);
    const take = Math.min(owed, left);
    if (take > 0) {
      allocations.push({ id: invoice._id, amount: take });
      left -= take;
    }
  }
  return { allocations, credit: left };
}

/** A line's amount as the server rounds it: quantity × unit amount, to the minor unit. */
export const lineAmount = (quantity: number, unit: number): number => Math.round(quantity * unit);

/** A correction's total: the sum of its lines. */
export const linesTotal = (lines: { quantity: number; unit_amount: number }[]): number =>
  lines.reduce((sum, l) => sum + lineAmount(l.quantity, l.unit_amount), 0);

/** A preview's invoices summed per class (the class's name; '' for a child without one), largest first. */
export function totalsByClass(
  invoices: Pick<InvoiceSummary, 'class' | 'total'>[],
): { id: string; name: string; count: number; total: number }[] {
  const byClass = new Map<string, { id: string; name: string; count: number; total: number }>();
  for (const invoice of invoices) {
    const id = invoice.class?._id ?? '';
    const row = byClass.get(id) ?? { id, name: invoice.class?.name ?? '', count: 0, total: 0 };
    row.count += 1;
    row.total += invoice.total;
    byClass.set(id, row);
  }
  return [...byClass.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** An age in months as whole years and the months left over (an age band is typed as these). */
export const yearsAndMonths = (months: number): { years: number; months: number } => ({
  years: Math.floor(months / 12),
  months: months % 12,
});

/** The first day of a month picker's value ('2026-11-01' or '2026-11') on the wire (01-11-2026). */
export function wireMonthStart(isoMonth: string): string | null {
  const m = /^(\d{4})-(\d{2})/.exec(isoMonth);
  return m ? ddmmyyyyFromIso(`${m[1]}-${m[2]}-01`) : null;
}
