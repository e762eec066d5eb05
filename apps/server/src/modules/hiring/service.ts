import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';

/** Hiring (issue 26): openings and their public page, applications, interviews and the hire. */
export class HiringService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}
}
