import type { ClassDetail } from '@cue/contract';
import { TtlCache } from '../../platform/cache.js';

/**
 * Class rosters (a class with its students and staff) are read on every class page and change
 * rarely, so they are kept in memory. Every service that changes a class, its people or their
 * pictures calls `invalidateSchool` (or `clear` when the school is not at hand). Entries also expire
 * after 30 s, which bounds how stale another server instance can be.
 */
export class RosterCache {
  private readonly rosters = new TtlCache<ClassDetail>(30_000, 5_000);

  get(schoolId: string, classId: string): ClassDetail | undefined {
    return this.rosters.get(`${schoolId}:${classId}`);
  }

  set(schoolId: string, detail: ClassDetail): void {
    this.rosters.set(`${schoolId}:${detail.id}`, detail);
  }

  invalidateSchool(schoolId: string): void {
    this.rosters.deletePrefix(`${schoolId}:`);
  }

  clear(): void {
    this.rosters.clear();
  }
}
