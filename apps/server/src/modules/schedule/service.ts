import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { CalendarService } from '../calendar/service.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';

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
}
