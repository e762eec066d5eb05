import type { ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { EmailProvider } from '../../platform/email.js';
import type { EventBus } from '../../platform/events.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { AttendanceService } from '../attendance/service.js';
import type { ChildRecordService } from '../children/service.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';

/**
 * Drop-off and pick-up (issue 24): check-in and check-out of each child with the time and the adult,
 * authorised and blocked collectors from the child's record, one-time pick-up people, the live
 * dismissal list, late pick-ups, alerts to staff, and notifications to families. Check-in marks
 * attendance through the attendance service.
 */
export class DispersalService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly classes: ClassService,
    readonly attendance: AttendanceService,
    readonly children: ChildRecordService,
    readonly scopes: ScopeFactory,
    readonly jobs: JobQueue,
    readonly email: EmailProvider,
    readonly events: EventBus,
  ) {}
}
