import type { ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EmailProvider } from '../../platform/email.js';
import type { EventBus } from '../../platform/events.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { ChildRecordService } from '../children/service.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';
import type { LibraryService } from './service.js';

/**
 * Loans (issue 24): check out and in by barcode, due dates from the school's rules by the child's age,
 * renewals, reservations, overdue lists and notices to families, lost and damaged copies, and a
 * child's library as the family sees it.
 */
export class LoanService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly library: LibraryService,
    readonly school: SchoolService,
    readonly classes: ClassService,
    readonly children: ChildRecordService,
    readonly scopes: ScopeFactory,
    readonly jobs: JobQueue,
    readonly email: EmailProvider,
    readonly events: EventBus,
  ) {}
}
