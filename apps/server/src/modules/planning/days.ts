import { addDays, eachDay, frameworkOf, type PlanningFramework, WEEKDAY_NAMES, weekdayOf } from '@cue/contract';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { calendarEvents, classes, curricula } from '../../platform/db/schema.js';

/** What planning needs of a class: its days and hours, academic year and framework. */
export interface ClassDays {
  id: string;
  name: string;
  /** Weekday names the class meets (every weekday but Saturday and Sunday when none is recorded). */
  weekdays: ReadonlySet<string>;
  /** HH:MM, 24-hour (09:00 and 15:00 when none is recorded). */
  startTime: string;
  endTime: string;
  yearStart: string | null;
  yearEnd: string | null;
  curriculumId: string | null;
  curriculumName: string | null;
  framework: PlanningFramework;
}

const DEFAULT_WEEKDAYS = WEEKDAY_NAMES.slice(1, 6);
const hhmm = (value: string | null, fallback: string) => (value && /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : fallback);

/** The classes of the scope's school with these ids (another school's are simply not there). */
export async function classDays(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<Map<string, ClassDays>> {
  if (classIds.length === 0) return new Map();
  const rows = await q
    .select({
      id: classes.id,
      name: classes.name,
      days: classes.days,
      startTime: classes.startTime,
      endTime: classes.endTime,
      yearStart: classes.academicYearStart,
      yearEnd: classes.academicYearEnd,
      curriculumId: classes.classCurriculumId,
      curriculumName: curricula.name,
    })
    .from(classes)
    .leftJoin(curricula, eq(curricula.id, classes.classCurriculumId))
    .where(and(await schoolReach(scope, classes.schoolId), or(...classIds.map((id) => eq(classes.id, id)))));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        weekdays: new Set(r.days.length ? r.days.map((d) => d.toLowerCase()) : DEFAULT_WEEKDAYS),
        startTime: hhmm(r.startTime, '09:00'),
        endTime: hhmm(r.endTime, '15:00'),
        yearStart: r.yearStart,
        yearEnd: r.yearEnd,
        curriculumId: r.curriculumId,
        curriculumName: r.curriculumName,
        framework: frameworkOf(r.curriculumName),
      },
    ]),
  );
}

/** The holidays of a class (the school's and the class's own) between two ISO days: day → the holiday's title. */
export async function holidays(
  scope: Scope,
  q: Queryable,
  classId: string,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const rows = await q
    .select({ title: calendarEvents.title, start: calendarEvents.startDate, end: calendarEvents.endDate })
    .from(calendarEvents)
    .where(
      and(
        await schoolReach(scope, calendarEvents.schoolId),
        eq(calendarEvents.isHoliday, true),
        or(isNull(calendarEvents.classId), eq(calendarEvents.classId, classId)),
        lte(calendarEvents.startDate, to),
        gte(calendarEvents.endDate, from),
      ),
    );
  const out = new Map<string, string>();
  for (const r of rows)
    for (const day of eachDay(r.start < from ? from : r.start, r.end > to ? to : r.end)) out.set(day, r.title);
  return out;
}

/** Why a class has no activities on a day: a holiday, a weekday it does not meet, or null (a school day). */
export function closedReason(cls: ClassDays, off: ReadonlyMap<string, string>, day: string): 'holiday' | 'closed_day' | null {
  if (off.has(day)) return 'holiday';
  if (!cls.weekdays.has(weekdayOf(day))) return 'closed_day';
  return null;
}

/** The first school day of the class on or after `day` (up to 60 days on; else `day` itself). */
export function nextSchoolDay(cls: ClassDays, off: ReadonlyMap<string, string>, day: string): string {
  for (let i = 0; i < 60; i++) {
    const candidate = addDays(day, i);
    if (!closedReason(cls, off, candidate)) return candidate;
  }
  return day;
}
