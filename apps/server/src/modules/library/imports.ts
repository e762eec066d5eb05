import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { LibraryService } from './service.js';

/** Catalogue imports (issue 24): a CSV or MARC21 file read, checked record by record, previewed, then committed. */
export class LibraryImportService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly library: LibraryService,
    readonly jobs: JobQueue,
  ) {}
}
