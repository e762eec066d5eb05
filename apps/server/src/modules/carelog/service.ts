import type { ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EmailProvider } from '../../platform/email.js';
import type { EventBus } from '../../platform/events.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { ChildRecordService } from '../children/service.js';
import type { SchoolService } from '../school/service.js';

/** The carelog (issue 21): care entries, naps, medicines and doses, incident reports, a child's day. */
export class CarelogService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly scopes: ScopeFactory,
    readonly school: SchoolService,
    readonly children: ChildRecordService,
    readonly jobs: JobQueue,
    readonly email: EmailProvider,
    readonly events: EventBus,
  ) {}
}
