import type { LeaveType } from '@cue/contract';
import type { TypeRow } from './repo.js';

/** Half-days inside, days on the wire. */
export const days = (halves: number): number => halves / 2;

/** A leave type as the wire has it: days (halves inside), and whether the caller may edit it. */
export function presentLeaveType(t: TypeRow, manages: boolean): LeaveType {
  return {
    _id: t.id,
    name: t.name,
    code: t.code,
    color: t.color,
    yearly_quota: days(t.yearlyQuota),
    accrual: t.accrual === 'monthly' ? 'monthly' : 'upfront',
    carry_over_limit: days(t.carryOverLimit),
    requires_approval: t.requiresApproval,
    admin_approval: t.adminApproval,
    half_days: t.halfDays,
    allow_negative: t.allowNegative,
    position: t.position,
    archived: t.archivedAt !== null,
    abilities: { edit: manages },
  };
}

/** A leave type's name, code and colour, as requests and balances carry it. */
export const typeChip = (t: TypeRow) => ({ _id: t.id, name: t.name, code: t.code, color: t.color });
