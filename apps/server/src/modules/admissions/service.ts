import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';

/** Admissions (issue 26): the public forms, the pipeline, enrolment and the report. */
export class AdmissionService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}
}
