import type { AssessmentPeriod } from '@cue/contract';
import { ddmmyyyyFromIso } from '@cue/contract';
import type { PeriodRow } from './repo.js';

/** A period as the wire shows it; `today` (ISO) marks the current one. */
export function presentPeriod(row: PeriodRow, today: string, canLock: boolean): AssessmentPeriod {
  return {
    _id: row.id,
    name: row.name,
    start_date: ddmmyyyyFromIso(row.startDate),
    end_date: ddmmyyyyFromIso(row.endDate),
    locked: row.lockedAt !== null,
    locked_at: row.lockedAt ? row.lockedAt.toISOString() : null,
    locked_by: row.lockedByName,
    current: row.startDate <= today && today <= row.endDate,
    abilities: { can_edit: canLock && row.lockedAt === null, can_lock: canLock },
  };
}
