import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo school's fees: rupees; "Nursery monthly" (tuition, meals for Aarav only, late pick-ups) and
 * "Kindergarten monthly" (tuition, transport); a sibling discount (10 % of tuition, first) and a staff
 * discount (25 %, second, not stackable); last month's invoices issued, this month's left to issue.
 * Payments are the ledger's seed.
 */

const wire = (iso: string) => iso.split('-').reverse().join('-');

/** Writes the demo's fees once; false when the school already has fee structures. */
export async function seedDemoFeesIfEmpty(services: Services, now: Date): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:fees',
    isTemp: false,
  });
  const { fees } = services;
  if ((await fees.structures(anita)).length > 0) return false;
  await fees.updateSettings(anita, { currency: 'INR' });
  await fees.createStructure(anita, {
    name: 'Nursery monthly',
    billing_cycle: 'monthly',
    due_day: 5,
    class_ids: [demoId('class:nurseryA')],
    terms: [],
    items: [
      { kind: 'tuition', name: 'Tuition', amount: 1_200_000, optional: false, student_ids: [] },
      { kind: 'meals', name: 'Meals', amount: 250_000, optional: true, student_ids: [demoId('student:Aarav Sharma')] },
      { kind: 'late_pickup', name: 'Late pick-up', amount: 30_000, optional: false, student_ids: [] },
    ],
  });
  await fees.createStructure(anita, {
    name: 'Kindergarten monthly',
    billing_cycle: 'monthly',
    due_day: 5,
    class_ids: [demoId('class:kindergartenB')],
    terms: [],
    items: [
      { kind: 'tuition', name: 'Tuition', amount: 1_300_000, optional: false, student_ids: [] },
      { kind: 'transport', name: 'Transport', amount: 180_000, optional: false, student_ids: [] },
    ],
  });
  const discount = { item_kinds: [], stackable: true, valid_from: null, valid_to: null, days_before_due: null, student_ids: [] };
  await fees.createDiscount(anita, {
    ...discount,
    name: 'Sibling',
    kind: 'sibling',
    mode: 'percent',
    value: 1000,
    item_kinds: ['tuition'],
    position: 1,
    reason: 'Second and later children of a family',
  });
  await fees.createDiscount(anita, {
    ...discount,
    name: 'Staff',
    kind: 'staff',
    mode: 'percent',
    value: 2500,
    position: 2,
    stackable: false,
    reason: 'Children of our staff',
  });
  // Last month: issued on its first day.
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const run = await fees.preview(anita, {
    billing_cycle: 'monthly',
    period_date: wire(last),
    class_ids: [],
    issue_date: wire(last),
  });
  await fees.issue(anita, run._id);
  return true;
}
