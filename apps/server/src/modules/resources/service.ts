import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';

/**
 * The school's resources (issue 25): rooms, equipment and materials with quantities, and their
 * bookings by the hour (refused when not enough is free). Every change is audited (platform/audit.ts).
 */
export class ResourceService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly classes: ClassService,
    readonly school: SchoolService,
  ) {}
}
