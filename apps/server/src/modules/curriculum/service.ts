import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ClassService } from '../classes/service.js';

/**
 * Curriculum frameworks (issue 25): the trees (framework → area → aspect → statement), the product's
 * shipped frameworks (read only), a school's own frameworks and additions, CSV import, a class's
 * frameworks, and the statements records are tagged with (versioned or archived, never deleted).
 * Every change is audited (platform/audit.ts).
 */
export class CurriculumService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly classes: ClassService,
  ) {}
}
