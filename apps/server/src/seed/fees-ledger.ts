import { todayIn } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's money received, after the fee seed issued last month's invoices: one family paid in full,
 * Rohan's family (Aarav) paid part (a balance and a receipt to show), the Patel family (Diya) nothing,
 * so its invoice is overdue.
 */

/** Records the demo's payments once; false when the school already has payments or nothing is owed. */
export async function seedDemoFeeLedgerIfEmpty(services: Services, now: Date): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:fee-ledger',
    isTemp: false,
  });
  const { ledger } = services;
  if ((await ledger.payments(anita, { page: 1, page_size: 1 })).total > 0) return false;
  const owing = (await ledger.accounts(anita, { owing: 'true', page: 1, page_size: 500 })).items;
  const aarav = demoId('student:Aarav Sharma');
  const diya = demoId('student:Diya Patel');
  const rohans = owing.find((a) => a.children.some((c) => c._id === aarav));
  const full = owing.find((a) => a !== rohans && !a.children.some((c) => c._id === diya));
  if (!rohans && !full) return false;
  const today = todayIn(await services.school.timeZone(anita), now);
  if (full) {
    await ledger.recordPayment(anita, {
      account_id: full._id,
      amount: full.outstanding,
      method: 'bank_transfer',
      received_on: today,
      reference: 'NEFT 204117',
      note: '',
      invoice_ids: [],
    });
  }
  if (rohans) {
    await ledger.recordPayment(anita, {
      account_id: rohans._id,
      amount: Math.max(1, Math.floor(rohans.outstanding / 2)),
      method: 'cash',
      received_on: today,
      reference: '',
      note: 'First part of last month',
      invoice_ids: [],
    });
  }
  return true;
}
