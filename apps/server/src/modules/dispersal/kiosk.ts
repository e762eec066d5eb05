import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { DispersalService } from './service.js';

/**
 * Kiosks (issue 24): a shared tablet paired with one school by a token (only its hash is kept). A kiosk
 * call acts as the school's system for check-in and check-out only, and at its own school only.
 */
export class KioskService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly dispersal: DispersalService,
  ) {}
}
