import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  type AttendanceDashboard,
  type AttendanceReport,
  type AttendanceStatus,
  addDays,
  type ClassAttendance,
  type ClassDetail,
  ERROR_CODES,
  eachDay,
  monthOf,
  todayIn,
  weekdayOf,
  weekStart,
} from '@cue/contract';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';
import {
  attendanceRate,
  presentBulk,
  presentCsvRow,
  presentDashboard,
  presentDay,
  presentReport,
  presentWrittenDay,
} from './presenter.js';
import * as repo from './repo.js';

type Status = AttendanceStatus;

interface DayBatch {
  marks: Map<string, string>;
  by: string;
  completedBy: string | null;
  now: Date;
  written: Promise<void>;
}
const MAX_RANGE_DAYS = 366;
/** A day with nothing written. */
const NO_MARKS: repo.DayView = { records: [], completedAt: null, completedBy: null, holiday: null, excused: [] };

/** A day's marks to write: every date here is ISO ('YYYY-MM-DD'); the routes turn the wire's DD-MM-YYYY into it. */
export interface DayInput {
  date: string;
  student_attendance_list: { student_id: string; attendance_status: Status }[];
  is_saved: boolean;
}
export interface RangeInput {
  from: string;
  to: string;
  student_ids?: string[];
  attendance_status: Status;
}
export interface PeriodQuery {
  class_id?: string;
  from?: string;
  to?: string;
}

/** A class as the day's summary needs it: which weekdays it meets. */
export type MeetingClass = Pick<ClassDetail, 'id' | 'class_name' | 'classes_days'>;

/** How far a class's day got: complete, marked but open, or no mark yet. */
export type DayState = 'complete' | 'taken' | 'unmarked';

/**
 * Class attendance: a day's marks, completing and reopening a day, whole-class and range updates,
 * reports per child and per class, and parents' view. Every write is one statement or transaction;
 * dates are ISO throughout.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
    private readonly school: SchoolService,
    private readonly events: EventBus,
  ) {
    // A holiday added or removed applies to the next save at once.
    events.on('calendar.updated', () => this.holidayDays.clear());
  }

  /** Whether a class's day is a holiday, kept 10 s: read by every save of the morning rush. */
  private readonly holidayDays = new TtlCache<boolean>(10_000, 10_000);
  /** Saves of one class's day that wait for the write in flight, merged into one statement. */
  private readonly openBatches = new Map<string, DayBatch>();
  private readonly writing = new Map<string, Promise<unknown>>();
  /** Names of the staff who complete days (a name changes rarely): kept a minute. */
  private readonly names = new TtlCache<{ id: string; first_name: string; last_name: string }>(60_000, 10_000);

  private async nameOf(auth: Scope, userId: string) {
    const known = this.names.get(userId);
    if (known) return known;
    const row = await repo.userName(auth, this.db, userId);
    if (row) this.names.set(userId, row);
    return row;
  }

  /** Today (ISO) in the time zone of the caller's school, or of the given school of a parent's child. */
  async today(auth: Scope, schoolId?: string): Promise<string> {
    const timeZone = await this.school.timeZone(auth, schoolId);
    return todayIn(timeZone, this.clock.now());
  }

  /** The day's attendance for every student of the class (today when no date is given). */
  async forDay(auth: Scope, classId: string, date?: string): Promise<ClassAttendance> {
    const roster = await this.classes.detail(auth, classId);
    const iso = date ?? (await this.today(auth));
    return this.present(
      auth,
      classId,
      roster.student_list.map((s) => s.id),
      iso,
    );
  }

  /** The day of each of these classes (read through the classes service for the caller), in one statement. */
  async forDays(auth: Scope, classes: ClassDetail[], iso: string): Promise<Map<string, ClassAttendance>> {
    const [views, today] = await Promise.all([
      repo.dayViews(
        auth,
        this.db,
        classes.map((c) => c.id),
        iso,
      ),
      this.today(auth),
    ]);
    return new Map(
      classes.map((c) => [
        c.id,
        presentDay(
          views.get(c.id) ?? NO_MARKS,
          c.student_list.map((s) => s.id),
          iso,
          today,
        ),
      ]),
    );
  }

  private async present(auth: Scope, classId: string, roster: string[], iso: string): Promise<ClassAttendance> {
    const [view, today] = await Promise.all([repo.dayView(auth, this.db, classId, iso), this.today(auth)]);
    return presentDay(view, roster, iso, today);
  }

  private async checkDay(auth: Scope, classId: string, iso: string): Promise<void> {
    if (iso > (await this.today(auth))) throw badRequest(ATTENDANCE_MESSAGES.futureDate, ERROR_CODES.futureDate, 'date');
    const key = `${classId}:${iso}`;
    let holiday = this.holidayDays.get(key);
    if (holiday === undefined) {
      holiday = (await repo.holidays(auth, this.db, classId, iso, iso)).length > 0;
      this.holidayDays.set(key, holiday);
    }
    if (holiday) throw badRequest(ATTENDANCE_MESSAGES.holiday, ERROR_CODES.holiday, 'date');
  }

  private checkRoster(roster: Set<string>, ids: string[]): void {
    const stranger = ids.find((id) => !roster.has(id));
    if (stranger)
      throw badRequest(`${stranger} ${ATTENDANCE_MESSAGES.notInClass}`, ERROR_CODES.notInClass, 'student_attendance_list');
  }

  /**
   * Saves marks for a day; `is_saved: true` marks the day complete (Mark Complete), `false` keeps or
   * makes it open again. Concurrent saves of the same day: each student's mark is the last one written.
   */
  async save(auth: Scope, classId: string, body: DayInput): Promise<ClassAttendance> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const iso = body.date;
    await this.checkDay(auth, classId, iso);
    const ids = roster.student_list.map((s) => s.id);
    this.checkRoster(
      new Set(ids),
      body.student_attendance_list.map((e) => e.student_id),
    );
    const unique = new Map(body.student_attendance_list.map((e) => [e.student_id, e.attendance_status]));
    const { batch, first } = await this.writeDay(auth, classId, iso, unique, auth.userId, body.is_saved ? auth.userId : null);
    // One announcement per write: the save that opened a merged batch tells the class for all of it.
    if (first)
      this.events.publish('attendance.updated', {
        schoolId,
        classId,
        date: iso,
        isSaved: !!batch.completedBy,
        byUserId: batch.by,
      });
    // A save of the whole roster knows the day it wrote: answered without reading it back.
    const completer = batch.completedBy
      ? (roster.staff_list.find((p) => p.id === batch.completedBy) ?? (await this.nameOf(auth, batch.completedBy)))
      : undefined;
    // (An unmarked child may show an approved excusal, so a save with NA reads the day back.)
    if (ids.every((id) => batch.marks.has(id) && batch.marks.get(id) !== 'NA') && (!batch.completedBy || completer))
      return presentWrittenDay({
        iso,
        roster: ids,
        marks: batch.marks,
        completer: completer ?? null,
        completedAt: batch.completedBy ? batch.now : null,
      });
    return this.present(auth, classId, ids, iso);
  }

  /**
   * Writes a day's marks. Saves of the same class and day that arrive while a write is in flight are
   * merged, in arrival order (the last mark of each child wins, the last save decides completion), and
   * written by one statement after it: a morning rush on one class queues for one write, not fifty.
   */
  private async writeDay(
    auth: Scope,
    classId: string,
    iso: string,
    marks: Map<string, string>,
    by: string,
    completedBy: string | null,
  ): Promise<{ batch: DayBatch; first: boolean }> {
    const key = `${classId}:${iso}`;
    let batch = this.openBatches.get(key);
    const first = !batch;
    if (!batch) {
      const fresh: DayBatch = { marks: new Map(), by, completedBy, now: this.clock.now(), written: Promise.resolve() };
      const before = this.writing.get(key) ?? Promise.resolve();
      fresh.written = before.then(async () => {
        // From here on, later saves start the next batch.
        this.openBatches.delete(key);
        await repo.saveDay(auth, this.db, {
          classId,
          date: iso,
          marks: [...fresh.marks].map(([studentId, status]) => ({ studentId, status })),
          by: fresh.by,
          completedBy: fresh.completedBy,
          now: fresh.now,
        });
      });
      const settled = fresh.written.catch(() => undefined);
      this.writing.set(key, settled);
      void settled.then(() => {
        if (this.writing.get(key) === settled) this.writing.delete(key);
      });
      this.openBatches.set(key, fresh);
      batch = fresh;
    }
    for (const [id, status] of marks) batch.marks.set(id, status);
    batch.by = by;
    batch.completedBy = completedBy;
    batch.now = this.clock.now();
    await batch.written;
    return { batch, first };
  }

  /** Everyone present for the day (the day stays open or complete as it was). */
  async fullPresence(auth: Scope, classId: string, iso: string): Promise<ClassAttendance> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    await this.checkDay(auth, classId, iso);
    const ids = roster.student_list.map((s) => s.id);
    await repo.writeMarks(
      auth,
      this.db,
      classId,
      iso,
      ids.map((studentId) => ({ studentId, status: 'present' })),
      auth.userId,
      this.clock.now(),
    );
    const current = await this.present(auth, classId, ids, iso);
    this.events.publish('attendance.updated', { schoolId, classId, date: iso, isSaved: current.is_saved, byUserId: auth.userId });
    return current;
  }

  /** One status for many students over a range of class days (holidays and days off skipped). */
  async bulk(auth: Scope, classId: string, body: RangeInput) {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const { from, to } = body;
    if (from > to) throw badRequest('from_date must not come after to_date', undefined, 'to_date');
    if (eachDay(from, to).length > MAX_RANGE_DAYS)
      throw badRequest(`At most ${MAX_RANGE_DAYS} days at once`, undefined, 'to_date');
    if (to > (await this.today(auth))) throw badRequest(ATTENDANCE_MESSAGES.futureDate, ERROR_CODES.futureDate, 'to_date');
    const ids = roster.student_list.map((s) => s.id);
    const chosen = body.student_ids ? [...new Set(body.student_ids)] : ids;
    this.checkRoster(new Set(ids), chosen);
    const off = await repo.holidays(auth, this.db, classId, from, to);
    const days = eachDay(from, to).filter(
      (d) => roster.classes_days.includes(weekdayOf(d)) && !off.some((h) => h.startDate <= d && d <= h.endDate),
    );
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      for (const d of days)
        await repo.writeMarks(
          auth,
          tx,
          classId,
          d,
          chosen.map((studentId) => ({ studentId, status: body.attendance_status })),
          auth.userId,
          now,
        );
    });
    for (const d of days)
      this.events.publish('attendance.updated', { schoolId, classId, date: d, isSaved: false, byUserId: auth.userId });
    return presentBulk(days, chosen.length);
  }

  /** A child's attendance over the week, month or year of a day (ISO; today when none): for its parents and staff who may see it. */
  async studentReport(
    auth: Scope,
    studentId: string,
    period: 'week' | 'month' | 'year',
    query: { date?: string; year?: number },
  ): Promise<AttendanceReport> {
    await requireAccess(auth, 'child', [studentId]);
    const classes = await repo.classesOfStudents(auth, this.db, [studentId]);
    const schoolId = classes[0]?.schoolId;
    if (!schoolId) throw notFound();
    const today = await this.today(auth, schoolId);
    const anchor = query.date ?? today;
    let from: string;
    let to: string;
    if (period === 'week') {
      from = weekStart(anchor);
      to = addDays(from, 6);
    } else if (period === 'month') {
      ({ from, to } = monthOf(anchor));
    } else {
      const year = query.year ?? Number(anchor.slice(0, 4));
      from = `${year}-01-01`;
      to = `${year}-12-31`;
    }
    return this.summarise(auth, schoolId, classes, studentId, from, to, today);
  }

  /**
   * One child's attendance counts from `fromIso` to `toIso` (the child's record in assessment): the
   * school days of the child's classes up to today and how each was marked.
   */
  async childCounts(auth: Scope, studentId: string, fromIso: string, toIso: string) {
    await requireAccess(auth, 'child', [studentId]);
    const classes = await repo.classesOfStudents(auth, this.db, [studentId]);
    const schoolId = classes[0]?.schoolId;
    if (!schoolId) return { present: 0, absent: 0, late: 0, excused: 0, days: 0 };
    const report = await this.summarise(auth, schoolId, classes, studentId, fromIso, toIso, await this.today(auth, schoolId));
    const { present, absent, late, excused } = report.counts;
    return { present, absent, late, excused, days: report.school_days };
  }

  private async summarise(
    auth: Scope,
    schoolId: string,
    classes: { id: string; days: string[] }[],
    studentId: string,
    from: string,
    to: string,
    today: string,
  ): Promise<AttendanceReport> {
    const [records, off, excused] = await Promise.all([
      repo.studentRecords(auth, this.db, studentId, from, to),
      repo.holidays(auth, this.db, null, from, to, schoolId),
      repo.approvedExcusals(auth, this.db, studentId, from, to),
    ]);
    const classDays = new Set(classes.flatMap((c) => c.days));
    const last = to < today ? to : today;
    const schoolDays =
      from <= last
        ? eachDay(from, last).filter((d) => classDays.has(weekdayOf(d)) && !off.some((h) => h.startDate <= d && d <= h.endDate))
        : [];
    const byDate = new Map(records.map((r) => [r.date, r.status as Status]));
    const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<Status, number>;
    // An approved reported absence shows as excused on a day nobody marked (as the class's day shows it).
    const isExcused = (d: string) => excused.some((x) => x.from <= d && d <= x.to);
    const days = schoolDays.map((d) => {
      const status = byDate.get(d) ?? (isExcused(d) ? 'excused' : 'NA');
      counts[status] += 1;
      return { date: d, attendance_status: status };
    });
    return presentReport({ studentId, from, to, counts, days });
  }

  /** Parents: a child's month ('YYYY-MM'; the current one when none) in one class. */
  async forParent(auth: Scope, classId: string, studentId: string, month?: string): Promise<AttendanceReport> {
    await this.assertParentOfChildInClass(auth, classId, studentId);
    const classes = (await repo.classesOfStudents(auth, this.db, [studentId])).filter((c) => c.id === classId);
    const schoolId = classes[0]?.schoolId;
    if (!schoolId) throw notFound();
    const today = await this.today(auth, schoolId);
    const { from, to } = monthOf(month ? `${month}-01` : today);
    return this.summarise(auth, schoolId, classes, studentId, from, to, today);
  }

  /** The parent's own child, in this class; anyone else finds nothing. */
  async assertParentOfChildInClass(auth: Scope, classId: string, studentId: string): Promise<void> {
    if (auth.kind !== 'parent') throw notFound();
    await requireAccess(auth, 'child', [studentId]);
    if (!(await repo.classesOfStudents(auth, this.db, [studentId])).some((c) => c.id === classId)) throw notFound();
  }

  /** The school of a parent's child in one of the child's classes (for reporting an absence). */
  async schoolOfChild(auth: Scope, studentId: string): Promise<string> {
    const [first] = await repo.classesOfStudents(auth, this.db, [studentId]);
    if (!first) throw notFound();
    return first.schoolId;
  }

  /**
   * The first day from `fromIso` on which one of these classes meets (its weekdays, no holiday for it),
   * looking two weeks ahead; `fromIso` itself when none does (a class with no days set).
   */
  async nextClassDay(auth: Scope, classIds: readonly string[], fromIso: string): Promise<string> {
    const to = addDays(fromIso, 14);
    const classes = await Promise.all(
      [...new Set(classIds)].map(async (id) => ({
        days: (await this.classes.detail(auth, id)).classes_days,
        off: await repo.holidays(auth, this.db, id, fromIso, to),
      })),
    );
    for (let day = fromIso; day <= to; day = addDays(day, 1))
      if (classes.some((c) => c.days.includes(weekdayOf(day)) && !c.off.some((h) => h.startDate <= day && day <= h.endDate)))
        return day;
    return fromIso;
  }

  /** How far each class's day got (complete, marked but open, not marked). */
  async dayStates(auth: Scope, classIds: string[], iso: string): Promise<Map<string, DayState>> {
    const [complete, marks] = await Promise.all([
      repo.completedClasses(auth, this.db, classIds, iso),
      repo.marksForClasses(auth, this.db, classIds, iso, iso),
    ]);
    const done = new Set(complete);
    const taken = new Set(marks.map((m) => m.classId));
    return new Map(classIds.map((id) => [id, done.has(id) ? 'complete' : taken.has(id) ? 'taken' : 'unmarked']));
  }

  /** Classes that meet on the day (their weekday, no holiday for them). */
  private async meeting<C extends MeetingClass>(auth: Scope, classes: C[], iso: string): Promise<C[]> {
    const off = await repo.holidaysOn(auth, this.db, iso);
    if (off.some((h) => h.classId === null)) return [];
    const closed = new Set(off.map((h) => h.classId));
    return classes.filter((c) => !closed.has(c.id) && c.classes_days.includes(weekdayOf(iso)));
  }

  /**
   * Today over the classes that meet (for the school's dashboard): children present of those marked,
   * and which classes are complete, open or not marked yet.
   */
  async todayOverClasses(auth: Scope, classes: MeetingClass[]) {
    const today = await this.today(auth);
    const meeting = await this.meeting(auth, classes, today);
    const ids = meeting.map((c) => c.id);
    const [states, marks] = await Promise.all([
      this.dayStates(auth, ids, today),
      repo.marksForClasses(auth, this.db, ids, today, today),
    ]);
    return {
      today,
      present: marks.filter((m) => m.status === 'present' || m.status === 'late').length,
      marked: marks.length,
      rate: attendanceRate(marks),
      classes: meeting.map((c) => ({ id: c.id, class_name: c.class_name, state: states.get(c.id) ?? ('unmarked' as const) })),
    };
  }

  private async visibleClasses(auth: Scope, classId?: string): Promise<ClassDetail[]> {
    return classId ? [await this.classes.detail(auth, classId)] : this.classes.classesUsers(auth);
  }

  /** The attendance dashboard: today (with the classes not marked yet), weekly and monthly rates, and who was absent most. */
  async dashboard(auth: Scope, query: PeriodQuery): Promise<AttendanceDashboard> {
    staffSchool(auth);
    const visible = await this.visibleClasses(auth, query.class_id);
    const classIds = visible.map((c) => c.id);
    const now = await this.todayOverClasses(auth, visible);
    const { today } = now;
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -182);
    if (from > to) throw badRequest('from must not come after to', undefined, 'to');
    const marks = await repo.marksForClasses(auth, this.db, classIds, from, to);
    const group = (key: (d: string) => string) => {
      const map = new Map<string, { status: string }[]>();
      for (const m of marks) map.set(key(m.date), [...(map.get(key(m.date)) ?? []), m]);
      return [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([period, list]) => ({ period, list }));
    };
    const students = visible.flatMap((c) => c.student_list.map((s) => ({ ...s, class_name: c.class_name })));
    const absences = new Map<string, number>();
    for (const m of marks) if (m.status === 'absent') absences.set(m.studentId, (absences.get(m.studentId) ?? 0) + 1);
    return presentDashboard({
      from,
      to,
      today,
      students: students.length,
      todayMarks: marks.filter((m) => m.date === today),
      byWeek: group(weekStart),
      byMonth: group((d) => d.slice(0, 7)),
      classes: now.classes,
      mostAbsences: [...absences.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([id, count]) => {
          const s = students.find((x) => x.id === id);
          return {
            student_id: id,
            first_name: s?.first_name ?? '',
            last_name: s?.last_name ?? '',
            class_name: s?.class_name ?? '',
            absences: count,
          };
        }),
    });
  }

  /** A class's marks over a range (ISO), of one child or one status when given: for the assistant's questions. */
  async classMarks(auth: Scope, classId: string, from: string, to: string, only: { studentId?: string; status?: Status } = {}) {
    await this.classes.detail(auth, classId);
    const rows = await repo.marksForClasses(auth, this.db, [classId], from, to, only);
    return rows.map((r) => ({ studentId: r.studentId, date: String(r.date), status: r.status as Status }));
  }

  async exportCsv(auth: Scope, query: PeriodQuery): Promise<string> {
    const visible = await this.visibleClasses(auth, query.class_id);
    const today = await this.today(auth);
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -30);
    const marks = await repo.marksForClasses(
      auth,
      this.db,
      visible.map((c) => c.id),
      from,
      to,
    );
    const names = new Map(
      visible.flatMap((c) => c.student_list.map((s) => [s.id, [s.first_name, s.last_name, c.class_name] as const])),
    );
    const rows = marks
      .sort((a, b) => a.date.localeCompare(b.date) || a.classId.localeCompare(b.classId))
      .map((m) => presentCsvRow(m, names.get(m.studentId) ?? ['', '', '']));
    return toCsv([['Date', 'Class', 'First name', 'Last name', 'Status'], ...rows]);
  }

  /**
   * The marks of these classes on a day (ISO), by child; the caller has checked access to the classes
   * (drop-off's class day and a kiosk read it with their school's scope).
   */
  async marksOn(auth: Scope, classIds: string[], iso: string): Promise<Map<string, Status>> {
    const rows = await repo.marksForClasses(auth, this.db, classIds, iso, iso);
    return new Map(rows.map((r) => [r.studentId, r.status as Status]));
  }

  /**
   * Marks a child who arrived (drop-off's check-in): present or late, replacing no mark or an absent
   * one, never a present or late one, and leaving the day's completion as it is (a completed day stays
   * completed). A holiday of the class is skipped. `by` is the staff member, or null for a kiosk. The
   * caller has checked access to the child; an open attendance page is told.
   */
  async recordArrival(
    auth: Scope,
    classId: string,
    studentId: string,
    iso: string,
    status: 'present' | 'late',
    by: string | null = auth.userId || null,
  ): Promise<boolean> {
    const schoolId = staffSchool(auth);
    if ((await repo.holidays(auth, this.db, classId, iso, iso)).length > 0) return false;
    const written = await repo.recordArrival(auth, this.db, { classId, studentId, date: iso, status, by, now: this.clock.now() });
    if (written) {
      const complete = (await repo.completedClasses(auth, this.db, [classId], iso)).length > 0;
      this.events.publish('attendance.updated', { schoolId, classId, date: iso, isSaved: complete, byUserId: by ?? '' });
    }
    return written;
  }

  /** Realtime: who may follow a class's changes (its staff and class managers; parents of its children). */
  async canFollow(auth: Scope, classId: string): Promise<boolean> {
    if (auth.kind === 'staff') {
      try {
        await requireAccess(auth, 'class', [classId]);
        return true;
      } catch {
        return false;
      }
    }
    const kids = [...(await auth.childIds())];
    return (await repo.classesOfStudents(auth, this.db, kids)).some((c) => c.id === classId);
  }
}
