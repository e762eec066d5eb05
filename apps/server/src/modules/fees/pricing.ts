import { addDays, type DiscountKind, type FeeItemKind, type InvoiceLineKind } from '@cue/contract';
import { mulDivRound, sumLines } from './money.js';

/*
 * An invoice's lines, pure. Items (optional ones only for the children listed on them), the late
 * pick-ups of the period × the late pick-up item, a proration line per item for a child who attends part
 * of the period, then the discounts in position order (then id):
 * - each reduces the items of the kinds it lists (all when none) — what is LEFT of them after the
 *   proration and earlier discounts: a percentage of it (rounded half away from zero, item by item) or
 *   an amount capped at it, so no item goes below 0;
 * - a non-stackable discount applies only when no earlier discount applied, and once it applies no later
 *   one does;
 * - validity is compared with the period's start; sibling applies to the 2nd and later children of an
 *   account in the run, staff to a child with a parent on the school's staff, scholarship and other to
 *   the children listed; early payment is never a line (the ledger gives it as a credit note).
 * The total is the sum of the lines.
 */

export interface PricingItem {
  id: string;
  kind: FeeItemKind;
  name: string;
  amount: number;
  optional: boolean;
  studentIds: readonly string[];
}

export interface PricingDiscount {
  id: string;
  name: string;
  kind: DiscountKind;
  mode: 'percent' | 'amount';
  /** percent: hundredths of a percent; amount: minor units. */
  value: number;
  itemKinds: readonly FeeItemKind[];
  position: number;
  stackable: boolean;
  validFrom: string | null;
  validTo: string | null;
  studentIds: readonly string[];
}

export interface PricingChild {
  studentId: string;
  /** The 2nd or later child of the account in this run. */
  isSibling: boolean;
  /** A parent of the child is on the school's staff. */
  parentIsStaff: boolean;
  /** Calendar days attended out of the period's days. */
  attended: number;
  days: number;
  latePickups: number;
}

export interface PricedLine {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  feeItemId: string | null;
  discountId: string | null;
}

export interface PricedInvoice {
  lines: PricedLine[];
  subtotal: number;
  discount_total: number;
  total: number;
  /** The discounts that applied, in order. */
  applied: string[];
}

export interface PricingLabels {
  /** "Pro-rated: 18 of 31 days". */
  proration: (item: string, attended: number, days: number) => string;
  latePickup: (item: string, count: number) => string;
}

export const ENGLISH_LABELS: PricingLabels = {
  proration: (item, attended, days) => `${item}: pro-rated, ${attended} of ${days} days`,
  latePickup: (item, count) => `${item} × ${count}`,
};

/** Whether a discount is for this child in a period starting `periodStart` (before the position rules). */
export function discountQualifies(d: PricingDiscount, child: PricingChild, periodStart: string): boolean {
  if (d.validFrom && periodStart < d.validFrom) return false;
  if (d.validTo && periodStart > d.validTo) return false;
  switch (d.kind) {
    case 'sibling':
      return child.isSibling;
    case 'staff':
      return child.parentIsStaff;
    case 'early_payment':
      return false;
    default:
      return d.studentIds.includes(child.studentId);
  }
}

export const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function priceInvoice(
  items: readonly PricingItem[],
  discounts: readonly PricingDiscount[],
  child: PricingChild,
  periodStart: string,
  labels: PricingLabels = ENGLISH_LABELS,
): PricedInvoice {
  const lines: PricedLine[] = [];
  // What is left of each billed item after its proration and the discounts so far.
  const left: { kind: FeeItemKind; left: number }[] = [];
  const attended = Math.max(0, Math.min(child.attended, child.days));
  const days = Math.max(0, child.days);
  for (const item of items) {
    if (item.optional && !item.studentIds.includes(child.studentId)) continue;
    if (item.kind === 'late_pickup') {
      if (child.latePickups <= 0) continue;
      const amount = child.latePickups * item.amount;
      lines.push({
        kind: 'late_pickup',
        description: labels.latePickup(item.name, child.latePickups),
        quantity: child.latePickups,
        unitAmount: item.amount,
        amount,
        feeItemId: item.id,
        discountId: null,
      });
      left.push({ kind: item.kind, left: amount });
      continue;
    }
    lines.push({
      kind: 'item',
      description: item.name,
      quantity: 1,
      unitAmount: item.amount,
      amount: item.amount,
      feeItemId: item.id,
      discountId: null,
    });
    let net = item.amount;
    if (days > 0 && attended < days) {
      const kept = mulDivRound(item.amount, attended, days);
      const reduction = kept - item.amount;
      if (reduction !== 0) {
        lines.push({
          kind: 'proration',
          description: labels.proration(item.name, attended, days),
          quantity: 1,
          unitAmount: reduction,
          amount: reduction,
          feeItemId: item.id,
          discountId: null,
        });
        net = kept;
      }
    }
    left.push({ kind: item.kind, left: net });
  }

  const applied: string[] = [];
  for (const d of [...discounts].sort(byPosition)) {
    if (!discountQualifies(d, child, periodStart)) continue;
    if (!d.stackable && applied.length > 0) continue;
    const targets = left.filter((l) => d.itemKinds.length === 0 || d.itemKinds.includes(l.kind));
    const base = targets.reduce((s, t) => s + t.left, 0);
    if (base <= 0) continue;
    let reduction = 0;
    if (d.mode === 'percent') {
      const pct = Math.min(Math.max(d.value, 0), 10_000);
      for (const t of targets) {
        const r = Math.min(t.left, mulDivRound(t.left, pct, 10_000));
        t.left -= r;
        reduction += r;
      }
    } else {
      let rest = Math.min(Math.max(d.value, 0), base);
      for (const t of targets) {
        const r = Math.min(t.left, rest);
        t.left -= r;
        rest -= r;
        reduction += r;
      }
    }
    if (reduction <= 0) continue;
    lines.push({
      kind: 'discount',
      description: d.name,
      quantity: 1,
      unitAmount: -reduction,
      amount: -reduction,
      feeItemId: null,
      discountId: d.id,
    });
    applied.push(d.id);
    if (!d.stackable) break;
  }
  return { lines, ...sumLines(lines), applied };
}

export interface EarlyPaymentRule {
  id: string;
  mode: 'percent' | 'amount';
  value: number;
  itemKinds: readonly string[];
  position: number;
  daysBeforeDue: number | null;
  validFrom: string | null;
  validTo: string | null;
}

export interface EarlyPaidInvoice {
  periodStart: string;
  dueDate: string;
  total: number;
  /** The invoice's lines with the kind of the fee item each came from (null for discount lines). */
  lines: readonly { amount: number; itemKind: string | null }[];
}

/**
 * The credit an invoice earns when it is paid in full on `paidOn`: the first early-payment rule (by
 * position) valid for the invoice's period whose deadline (due date less its days) the day meets. A
 * percentage is of what the invoice charges for the rule's item kinds (all of it when none), an amount
 * is capped at that; never more than the invoice's total. Null when no rule applies.
 */
export function earlyPaymentCredit(
  rules: readonly EarlyPaymentRule[],
  invoice: EarlyPaidInvoice,
  paidOn: string,
): { ruleId: string; amount: number } | null {
  for (const rule of [...rules].sort(byPosition)) {
    if (rule.daysBeforeDue == null) continue;
    if (rule.validFrom && invoice.periodStart < rule.validFrom) continue;
    if (rule.validTo && invoice.periodStart > rule.validTo) continue;
    if (paidOn > addDays(invoice.dueDate, -rule.daysBeforeDue)) continue;
    const charged =
      rule.itemKinds.length === 0
        ? invoice.total
        : invoice.lines
            .filter((l) => l.itemKind !== null && rule.itemKinds.includes(l.itemKind))
            .reduce((s, l) => s + l.amount, 0);
    const base = Math.max(0, Math.min(charged, invoice.total));
    const amount =
      rule.mode === 'percent'
        ? mulDivRound(base, Math.min(Math.max(rule.value, 0), 10_000), 10_000)
        : Math.min(Math.max(rule.value, 0), base);
    if (amount > 0) return { ruleId: rule.id, amount };
  }
  return null;
}
