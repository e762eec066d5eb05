import {
  DAY_SCHEDULE_MESSAGES,
  type DaySchedule,
  type DayScheduleRequest,
  daysBetween,
  ERROR_CODES,
  isoFromDdmmyyyy,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { CalendarService } from '../calendar/service.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';
import { type ClassDaysView, presentSchedule, storedTime } from './presenter.js';
import * as repo from './repo.js';
import { dayKeysFit, meetingWeekdays, pickSchedule, resolveDays, type StoredDay, slotProblem } from './resolve.js';

/** The longest range of a class's days one call answers. */
export const MAX_CLASS_DAYS = 42;

/** A schedule's columns as the request describes them, checked. */
interface ScheduleValues {
  name: string;
  target: 'school' | 'division' | 'class';
  divisionId: string | null;
  classId: string | null;
  cycle: 'weekly' | 'rotating';
  cycleDays: number | null;
  cycleStart: string | null;
  days: StoredDay[];
}

/**
 * The school's day (issue 25): schedules of sessions, periods and breaks per weekday or rotating-cycle
 * day, for the school, a division or a class, and a class's resolved days for planning, attendance and
 * the timetable. Every change is audited (platform/audit.ts).
 */
export class DayScheduleService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly classes: ClassService,
    readonly school: SchoolService,
    readonly calendar: CalendarService,
  ) {}

  async list(scope: Scope, options: { includeArchived?: boolean } = {}): Promise<DaySchedule[]> {
    staffSchool(scope);
    return (await repo.listSchedules(scope, this.db, options)).map(presentSchedule);
  }

  async get(scope: Scope, id: string): Promise<DaySchedule> {
    return presentSchedule(await this.row(scope, id));
  }

  private async row(scope: Scope, id: string) {
    staffSchool(scope);
    const row = await repo.findSchedule(scope, this.db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The request's schedule checked beyond its shape: targets of the school, day keys of the cycle, slots in order. */
  private async values(scope: Scope, body: DayScheduleRequest): Promise<ScheduleValues> {
    let divisionId: string | null = null;
    let classId: string | null = null;
    if (body.applies_to === 'division') {
      if (!body.division_id) throw badRequest(DAY_SCHEDULE_MESSAGES.targetMissing, ERROR_CODES.validation, 'division_id');
      // Another school's division does not exist for the caller.
      if (!(await this.school.hasDivision(scope, body.division_id))) throw notFound();
      divisionId = body.division_id;
    } else if (body.applies_to === 'class') {
      if (!body.class_id) throw badRequest(DAY_SCHEDULE_MESSAGES.targetMissing, ERROR_CODES.validation, 'class_id');
      if ((await this.classes.existingIds(scope, [body.class_id])).length === 0) throw notFound();
      classId = body.class_id;
    }
    let cycleDays: number | null = null;
    let cycleStart: string | null = null;
    if (body.cycle === 'rotating') {
      if (!body.cycle_days) throw badRequest(DAY_SCHEDULE_MESSAGES.dayKeys, ERROR_CODES.validation, 'cycle_days');
      if (!body.cycle_start) throw badRequest(DAY_SCHEDULE_MESSAGES.cycleStart, ERROR_CODES.validation, 'cycle_start');
      cycleStart = isoFromDdmmyyyy(body.cycle_start);
      if (!cycleStart) throw badRequest(DAY_SCHEDULE_MESSAGES.cycleStart, ERROR_CODES.validation, 'cycle_start');
      cycleDays = body.cycle_days;
    }
    if (
      !dayKeysFit(
        body.days.map((d) => d.day),
        body.cycle,
        cycleDays,
      )
    )
      throw badRequest(DAY_SCHEDULE_MESSAGES.dayKeys, ERROR_CODES.validation, 'days');
    const days: StoredDay[] = body.days.map((d) => ({
      day: d.day,
      slots: d.slots
        .map((s) => ({ kind: s.kind, name: s.name, start: storedTime(s.start), end: storedTime(s.end) }))
        .sort((a, b) => a.start.localeCompare(b.start)),
    }));
    for (const d of days) {
      const problem = slotProblem(d.slots);
      if (problem === 'endBeforeStart') throw badRequest(DAY_SCHEDULE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'days');
      if (problem === 'overlap') throw badRequest(DAY_SCHEDULE_MESSAGES.overlap, ERROR_CODES.scheduleOverlap, 'days');
    }
    return { name: body.name, target: body.applies_to, divisionId, classId, cycle: body.cycle, cycleDays, cycleStart, days };
  }

  private async refuseTaken(scope: Scope, q: Parameters<typeof repo.liveOfTarget>[1], v: ScheduleValues, exceptId?: string) {
    await repo.lockSchoolSchedules(scope, q);
    if (await repo.liveOfTarget(scope, q, v, exceptId))
      throw badRequest(DAY_SCHEDULE_MESSAGES.taken, ERROR_CODES.scheduleTaken, 'applies_to');
  }

  async create(scope: Scope, body: DayScheduleRequest): Promise<DaySchedule> {
    staffSchool(scope);
    const v = await this.values(scope, body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      await this.refuseTaken(scope, tx, v);
      await repo.insertSchedule(scope, tx, { id, ...v, createdBy: scope.userId, updatedAt: this.clock.now() });
      const after = await repo.findSchedule(scope, tx, id);
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'day_schedule',
        entityId: id,
        label: v.name,
        after: after ? presentSchedule(after) : null,
      });
    });
    return this.get(scope, id);
  }

  async update(scope: Scope, id: string, body: DayScheduleRequest): Promise<DaySchedule> {
    const before = await this.row(scope, id);
    const v = await this.values(scope, body);
    await this.db.transaction(async (tx) => {
      // An archived schedule may be edited; it is checked against the others when it is restored.
      if (!before.archivedAt) await this.refuseTaken(scope, tx, v, id);
      await repo.updateSchedule(scope, tx, id, { ...v, updatedAt: this.clock.now() });
      const after = await repo.findSchedule(scope, tx, id);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'day_schedule',
        entityId: id,
        label: v.name,
        before: presentSchedule(before),
        after: after ? presentSchedule(after) : null,
      });
    });
    return this.get(scope, id);
  }

  async archive(scope: Scope, id: string): Promise<DaySchedule> {
    return this.setArchived(scope, id, true);
  }

  /** Brings an archived schedule back, unless another live one now holds its target. */
  async restore(scope: Scope, id: string): Promise<DaySchedule> {
    return this.setArchived(scope, id, false);
  }

  private async setArchived(scope: Scope, id: string, archived: boolean): Promise<DaySchedule> {
    const before = await this.row(scope, id);
    if (!!before.archivedAt === archived) return presentSchedule(before);
    await this.db.transaction(async (tx) => {
      if (!archived)
        await this.refuseTaken(
          scope,
          tx,
          { ...before, target: before.target as ScheduleValues['target'], cycle: before.cycle as ScheduleValues['cycle'] },
          id,
        );
      const now = this.clock.now();
      await repo.updateSchedule(scope, tx, id, { archivedAt: archived ? now : null, updatedAt: now });
      const after = await repo.findSchedule(scope, tx, id);
      await recordAudit(scope, tx, {
        action: archived ? 'archive' : 'restore',
        entityType: 'day_schedule',
        entityId: id,
        label: before.name,
        before: { archived: !!before.archivedAt },
        after: { archived: !!after?.archivedAt },
      });
    });
    return this.get(scope, id);
  }

  /**
   * A class's days from `fromIso` to `toIso` (ISO, at most 42 days): the schedule that applies (the
   * class's, else its division's, else the school's), and for each date its day key and slots ('HH:MM'),
   * none on holidays and days the class does not meet. Weekly planning, attendance and the timetable
   * call it; any member of staff who reaches the class may.
   */
  async daysOf(scope: Scope, classId: string, fromIso: string, toIso: string): Promise<ClassDaysView> {
    await requireAccess(scope, 'class', [classId]);
    if (toIso < fromIso) throw badRequest('to must not come before from', ERROR_CODES.validation, 'to');
    if (daysBetween(fromIso, toIso) + 1 > MAX_CLASS_DAYS)
      throw badRequest(`At most ${MAX_CLASS_DAYS} days at a time`, ERROR_CODES.validation, 'to');
    const cls = await this.classes.detail(scope, classId);
    const candidates = await repo.candidatesFor(scope, this.db, { id: classId, divisionId: cls.division?.id ?? null });
    const schedule = pickSchedule(candidates, { id: classId, divisionId: cls.division?.id ?? null });
    const rotatingFrom = schedule?.cycle === 'rotating' && schedule.cycleStart ? schedule.cycleStart : null;
    // A rotating cycle counts the meeting days since its start: the holidays since then count too.
    const holidaysFrom = rotatingFrom && rotatingFrom < fromIso ? rotatingFrom : fromIso;
    const holidays = await this.calendar.holidayDays(scope, classId, holidaysFrom, toIso);
    const days = resolveDays({
      from: fromIso,
      to: toIso,
      schedule,
      meets: meetingWeekdays(cls.classes_days),
      holidays,
      fallback: { start: hhmmOr(cls.start_time, '09:00'), end: hhmmOr(cls.end_time, '15:00') },
    });
    return {
      class_id: classId,
      schedule: schedule
        ? { _id: schedule.id, name: schedule.name, applies_to: schedule.target as 'school' | 'division' | 'class' }
        : null,
      days,
    };
  }
}

/** A class's stored start or end time ('HH:MM', or an older 'hh:mm A') as 'HH:MM'. */
function hhmmOr(value: string | null, fallback: string): string {
  if (!value) return fallback;
  if (/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) return value;
  try {
    return storedTime(value);
  } catch {
    return fallback;
  }
}
