import { todayIn } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { MediaStore } from '../../platform/storage.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';

/**
 * The library's catalogue (issue 24): items, their copies and barcodes, ISBN checks, the school's loan
 * rules and barcode sequence, and label sheets. Loans (loans.ts) and imports (imports.ts) build on it.
 */
export class LibraryService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly exports: ExportService,
    readonly storage: MediaStore,
  ) {}

  async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }
}
