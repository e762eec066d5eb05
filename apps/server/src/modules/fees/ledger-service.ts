import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';

/** Fees (issue 26): the families' accounts, payments, credit notes, receipts, reminders and reports. */
export class LedgerService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}
}
