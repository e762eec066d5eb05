import { type ClassDays, type DaySchedule, type DaySlot, ddmmyyyyFromIso } from '@cue/contract';
import { hhmmOfWire, wireOfHhmm } from '../../platform/dates.js';
import { badRequest } from '../../platform/errors.js';
import type { ScheduleListed } from './repo.js';
import type { ResolvedDay, StoredDay, StoredSlot } from './resolve.js';

/** The wire's 'hh:mm A' as the stored 'HH:MM'. */
export function storedTime(hhmma: string, field = 'days'): string {
  const hhmm = hhmmOfWire(hhmma);
  if (!hhmm) throw badRequest(`${field}: ${hhmma} is not a time`, undefined, field);
  return hhmm;
}

export const presentSlot = (s: StoredSlot): DaySlot => ({
  kind: s.kind,
  name: s.name,
  start: wireOfHhmm(s.start),
  end: wireOfHhmm(s.end),
});

export const presentDay = (d: StoredDay) => ({ day: d.day, slots: d.slots.map(presentSlot) });

export function presentSchedule(row: ScheduleListed): DaySchedule {
  return {
    _id: row.id,
    name: row.name,
    applies_to: row.target as DaySchedule['applies_to'],
    division: row.divisionId ? { _id: row.divisionId, name: row.divisionName ?? '' } : null,
    class: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    cycle: row.cycle as DaySchedule['cycle'],
    cycle_days: row.cycle === 'rotating' ? row.cycleDays : null,
    cycle_start: row.cycle === 'rotating' && row.cycleStart ? ddmmyyyyFromIso(row.cycleStart) : null,
    days: row.days.map(presentDay),
    archived: !!row.archivedAt,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
    // The routes are for holders of academic_setup.day_schedule: they edit every schedule and archive
    // the live ones (an archived one is restored instead).
    abilities: { edit: true, archive: !row.archivedAt },
  };
}

/** What DayScheduleService.daysOf answers (ISO dates, 'HH:MM' times) for other modules. */
export interface ClassDaysView {
  class_id: string;
  schedule: { _id: string; name: string; applies_to: 'school' | 'division' | 'class' } | null;
  days: ResolvedDay[];
}

export const presentClassDays = (view: ClassDaysView): ClassDays => ({
  class_id: view.class_id,
  schedule: view.schedule,
  days: view.days.map((d) => ({ date: ddmmyyyyFromIso(d.date), day: d.day, slots: d.slots.map(presentSlot) })),
});
