import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';

/** Fees (issue 26): settings, structures, discounts, invoice runs and invoices. */
export class FeeService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}
}
