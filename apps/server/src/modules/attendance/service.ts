import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type bulkAttendanceRequestSchema,
  type ClassAttendance,
  ERROR_CODES,
  type saveAttendanceRequestSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { ClassService } from '../classes/service.js';
import * as peopleRepo from '../people/repo.js';
import type { PeopleService } from '../people/service.js';
import * as schoolRepo from '../school/repo.js';
import { parentHasChild } from '../users/account-repo.js';
import { addDays, eachDay, toDdmmyyyy, todayIn, toIso, weekdayOf, weekStart } from './dates.js';
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

/**
 * What staff who reach a class's day (its staff, class managers) may do with it: mark it unless it is
 * a holiday or still to come; mark it complete while open; reopen it once complete.
 */
const dayAbilities = (isSaved: boolean, markable: boolean): ClassAttendance['abilities'] => ({
  can_edit: markable,
  can_complete: markable && !isSaved,
  can_reopen: markable && isSaved,
});

/**
 * Class attendance: a day's marks, completing and reopening a day, whole-class and range updates,
 * reports per child and per class, and parents' view. Every write is one transaction.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
    private readonly people: PeopleService,
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

  private async nameOf(userId: string) {
    const known = this.names.get(userId);
    if (known) return known;
    const row = await repo.userName(this.db, userId);
    if (row) this.names.set(userId, row);
    return row;
  }

  /** A school's time zone, read on every mark and rarely changed: kept a minute. */
  private readonly timeZones = new TtlCache<string>(60_000, 10_000);

  /** Today in the school's time zone, YYYY-MM-DD. */
  async today(schoolId: string): Promise<string> {
    let timeZone = this.timeZones.get(schoolId);
    if (!timeZone) {
      const school = await schoolRepo.findSchool(this.db, schoolId);
      timeZone = school?.school.timeZone ?? 'UTC';
      this.timeZones.set(schoolId, timeZone);
    }
    return todayIn(timeZone, this.clock.now());
  }

  /** The day's attendance for every student of the class (NA when unknown; approved excusals show as excused). */
  async forDay(auth: AccessClaims, classId: string, date?: string): Promise<ClassAttendance> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const iso = date ? toIso(date) : await this.today(schoolId);
    return this.present(
      schoolId,
      classId,
      roster.student_list.map((s) => s.id),
      iso,
    );
  }

  private async present(schoolId: string, classId: string, roster: string[], iso: string): Promise<ClassAttendance> {
    const [view, today] = await Promise.all([repo.dayView(this.db, schoolId, classId, iso), this.today(schoolId)]);
    const marks = new Map(view.records.map((r) => [r.studentId, r.status as Status]));
    const excusedIds = new Set(view.excused);
    return {
      date: toDdmmyyyy(iso),
      student_attendance_list: roster.map((id) => ({
        student_id: id,
        attendance_status: marks.get(id) ?? (excusedIds.has(id) ? 'excused' : 'NA'),
      })),
      is_saved: !!view.completedBy,
      completed_by: view.completedBy
        ? { id: view.completedBy.id, first_name: view.completedBy.firstName, last_name: view.completedBy.lastName }
        : null,
      completed_at: view.completedBy ? view.completedAt : null,
      holiday: view.holiday,
      abilities: dayAbilities(!!view.completedBy, !view.holiday && iso <= today),
    };
  }

  private async checkDay(schoolId: string, classId: string, iso: string): Promise<void> {
    if (iso > (await this.today(schoolId))) throw badRequest(ATTENDANCE_MESSAGES.futureDate, ERROR_CODES.futureDate, 'date');
    const key = `${classId}:${iso}`;
    let holiday = this.holidayDays.get(key);
    if (holiday === undefined) {
      holiday = (await repo.holidays(this.db, schoolId, classId, iso, iso)).length > 0;
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
  async save(auth: AccessClaims, classId: string, body: z.infer<typeof saveAttendanceRequestSchema>): Promise<ClassAttendance> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const iso = toIso(body.date);
    await this.checkDay(schoolId, classId, iso);
    const ids = roster.student_list.map((s) => s.id);
    this.checkRoster(
      new Set(ids),
      body.student_attendance_list.map((e) => e.student_id),
    );
    const unique = new Map(body.student_attendance_list.map((e) => [e.student_id, e.attendance_status]));
    const { batch, first } = await this.writeDay(classId, iso, unique, auth.userId, body.is_saved ? auth.userId : null);
    // One announcement per write: the save that opened a merged batch tells the class for all of it.
    if (first)
      this.events.publish('attendance.updated', {
        schoolId,
        classId,
        date: body.date,
        isSaved: !!batch.completedBy,
        byUserId: batch.by,
      });
    // A save of the whole roster knows the day it wrote: answered without reading it back.
    const completer = batch.completedBy
      ? (roster.staff_list.find((p) => p.id === batch.completedBy) ?? (await this.nameOf(batch.completedBy)))
      : undefined;
    // (An unmarked child may show an approved excusal, so a save with NA reads the day back.)
    if (ids.every((id) => batch.marks.has(id) && batch.marks.get(id) !== 'NA') && (!batch.completedBy || completer))
      return {
        date: body.date,
        student_attendance_list: ids.map((id) => ({
          student_id: id,
          attendance_status: (batch.marks.get(id) ?? 'NA') as Status,
        })),
        is_saved: !!batch.completedBy,
        completed_by: completer ? { id: completer.id, first_name: completer.first_name, last_name: completer.last_name } : null,
        completed_at: batch.completedBy ? batch.now.toISOString() : null,
        holiday: null,
        // The day was just written: not a holiday, not in the future.
        abilities: dayAbilities(!!batch.completedBy, true),
      };
    return this.present(schoolId, classId, ids, iso);
  }

  /**
   * Writes a day's marks. Saves of the same class and day that arrive while a write is in flight are
   * merged, in arrival order (the last mark of each child wins, the last save decides completion), and
   * written by one statement after it: a morning rush on one class queues for one write, not fifty.
   */
  private async writeDay(
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
        await repo.saveDay(this.db, {
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
  async fullPresence(auth: AccessClaims, classId: string, date: string): Promise<ClassAttendance> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const iso = toIso(date);
    await this.checkDay(schoolId, classId, iso);
    const ids = roster.student_list.map((s) => s.id);
    await this.db.transaction((tx) =>
      repo.writeMarks(
        tx,
        classId,
        iso,
        ids.map((studentId) => ({ studentId, status: 'present' })),
        auth.userId,
        this.clock.now(),
      ),
    );
    const current = await this.present(schoolId, classId, ids, iso);
    this.events.publish('attendance.updated', { schoolId, classId, date, isSaved: current.is_saved, byUserId: auth.userId });
    return current;
  }

  /** One status for many students over a range of class days (holidays and days off skipped). */
  async bulk(auth: AccessClaims, classId: string, body: z.infer<typeof bulkAttendanceRequestSchema>) {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, classId);
    const from = toIso(body.from_date, 'from_date');
    const to = toIso(body.to_date, 'to_date');
    if (from > to) throw badRequest('from_date must not come after to_date', undefined, 'to_date');
    if (eachDay(from, to).length > MAX_RANGE_DAYS)
      throw badRequest(`At most ${MAX_RANGE_DAYS} days at once`, undefined, 'to_date');
    if (to > (await this.today(schoolId))) throw badRequest(ATTENDANCE_MESSAGES.futureDate, ERROR_CODES.futureDate, 'to_date');
    const ids = roster.student_list.map((s) => s.id);
    const chosen = body.student_ids ? [...new Set(body.student_ids)] : ids;
    this.checkRoster(new Set(ids), chosen);
    const off = await repo.holidays(this.db, schoolId, classId, from, to);
    const days = eachDay(from, to).filter(
      (d) => roster.classes_days.includes(weekdayOf(d)) && !off.some((h) => h.startDate <= d && d <= h.endDate),
    );
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      for (const d of days)
        await repo.writeMarks(
          tx,
          classId,
          d,
          chosen.map((studentId) => ({ studentId, status: body.attendance_status })),
          auth.userId,
          now,
        );
    });
    for (const d of days)
      this.events.publish('attendance.updated', {
        schoolId,
        classId,
        date: toDdmmyyyy(d),
        isSaved: false,
        byUserId: auth.userId,
      });
    return { days_updated: days.length, students: chosen.length, dates: days.map(toDdmmyyyy) };
  }

  /** A child's attendance over a week, month or year: for its parents and for staff who may see it. */
  async studentReport(
    auth: AccessClaims,
    studentId: string,
    period: 'week' | 'month' | 'year',
    query: { date?: string; year?: number },
  ) {
    await this.people.student(auth, studentId);
    const classes = await repo.classesOfStudent(this.db, studentId);
    const schoolId = classes[0]?.schoolId;
    if (!schoolId) throw notFound();
    const today = await this.today(schoolId);
    const anchor = query.date ? toIso(query.date) : today;
    let from: string;
    let to: string;
    if (period === 'week') {
      from = weekStart(anchor);
      to = addDays(from, 6);
    } else if (period === 'month') {
      from = `${anchor.slice(0, 7)}-01`;
      to = addDays(
        `${new Date(Date.UTC(Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7)), 1)).toISOString().slice(0, 10)}`,
        -1,
      );
    } else {
      const year = query.year ?? Number(anchor.slice(0, 4));
      from = `${year}-01-01`;
      to = `${year}-12-31`;
    }
    return this.summarise(schoolId, classes, studentId, from, to, today);
  }

  private async summarise(
    schoolId: string,
    classes: { id: string; days: string[] }[],
    studentId: string,
    from: string,
    to: string,
    today: string,
  ) {
    const [records, off, excused] = await Promise.all([
      repo.studentRecords(this.db, studentId, from, to),
      repo.holidays(this.db, schoolId, null, from, to),
      repo.approvedExcusals(this.db, studentId, from, to),
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
      return { date: toDdmmyyyy(d), attendance_status: status };
    });
    const marked = counts.present + counts.late + counts.absent + counts.excused;
    return {
      student_id: studentId,
      from: toDdmmyyyy(from),
      to: toDdmmyyyy(to),
      counts,
      school_days: schoolDays.length,
      rate: marked ? Number(((counts.present + counts.late) / marked).toFixed(4)) : null,
      days,
    };
  }

  /** Parents: a child's month in one class. */
  async forParent(auth: AccessClaims, classId: string, studentId: string, month?: string) {
    await this.assertParentOfChildInClass(auth, classId, studentId);
    const classes = (await repo.classesOfStudent(this.db, studentId)).filter((c) => c.id === classId);
    const schoolId = classes[0]?.schoolId;
    if (!schoolId) throw notFound();
    const today = await this.today(schoolId);
    const [mm, yyyy] = month ? month.split('-') : [today.slice(5, 7), today.slice(0, 4)];
    const from = `${yyyy}-${mm}-01`;
    const to = addDays(new Date(Date.UTC(Number(yyyy), Number(mm), 1)).toISOString().slice(0, 10), -1);
    return this.summarise(schoolId, classes, studentId, from, to, today);
  }

  async assertParentOfChildInClass(auth: AccessClaims, classId: string, studentId: string): Promise<void> {
    const parent = auth.kind === 'parent' ? await peopleRepo.parentOfUser(this.db, auth.userId) : null;
    if (!parent || !(await parentHasChild(this.db, parent.id, studentId))) throw notFound();
    if (!(await repo.classesOfStudent(this.db, studentId)).some((c) => c.id === classId)) throw notFound();
  }

  /** The attendance dashboard: today, weekly and monthly rates, and who was absent most. */
  async dashboard(auth: AccessClaims, query: { class_id?: string; from?: string; to?: string }) {
    const schoolId = staffSchool(auth);
    const visible = query.class_id ? [await this.classes.detail(auth, query.class_id)] : await this.classes.classesUsers(auth);
    const classIds = visible.map((c) => c.id);
    const today = await this.today(schoolId);
    const to = query.to ? toIso(query.to, 'to') : today;
    const from = query.from ? toIso(query.from, 'from') : addDays(to, -182);
    if (from > to) throw badRequest('from must not come after to', undefined, 'to');
    const marks = await repo.marksForClasses(this.db, classIds, from, to);
    const rate = (list: { status: string }[]) => {
      const marked = list.filter((m) => m.status !== 'NA');
      return marked.length
        ? Number((marked.filter((m) => m.status === 'present' || m.status === 'late').length / marked.length).toFixed(4))
        : null;
    };
    const group = (key: (d: string) => string) => {
      const map = new Map<string, { status: string }[]>();
      for (const m of marks) map.set(key(m.date), [...(map.get(key(m.date)) ?? []), m]);
      return [...map.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([period, list]) => ({ period, rate: rate(list), marks: list.length }));
    };
    const todayMarks = marks.filter((m) => m.date === today);
    const students = visible.flatMap((c) => c.student_list.map((s) => ({ ...s, class_name: c.class_name })));
    const absences = new Map<string, number>();
    for (const m of marks) if (m.status === 'absent') absences.set(m.studentId, (absences.get(m.studentId) ?? 0) + 1);
    return {
      from: toDdmmyyyy(from),
      to: toDdmmyyyy(to),
      today: {
        date: toDdmmyyyy(today),
        students: students.length,
        present: todayMarks.filter((m) => m.status === 'present' || m.status === 'late').length,
        absent: todayMarks.filter((m) => m.status === 'absent').length,
        marked: todayMarks.length,
        rate: rate(todayMarks),
      },
      by_week: group((d) => toDdmmyyyy(weekStart(d))),
      by_month: group((d) => d.slice(0, 7)),
      most_absences: [...absences.entries()]
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
    };
  }

  async exportCsv(auth: AccessClaims, query: { class_id?: string; from?: string; to?: string }): Promise<string> {
    const schoolId = staffSchool(auth);
    const visible = query.class_id ? [await this.classes.detail(auth, query.class_id)] : await this.classes.classesUsers(auth);
    const today = await this.today(schoolId);
    const to = query.to ? toIso(query.to, 'to') : today;
    const from = query.from ? toIso(query.from, 'from') : addDays(to, -30);
    const marks = await repo.marksForClasses(
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
      .map((m) => {
        const [first, last, cls] = names.get(m.studentId) ?? ['', '', ''];
        return [toDdmmyyyy(m.date), cls, first, last, m.status];
      });
    return toCsv([['Date', 'Class', 'First name', 'Last name', 'Status'], ...rows]);
  }

  /** Realtime: who may follow a class's changes. */
  async canFollow(auth: AccessClaims, classId: string): Promise<boolean> {
    if (auth.kind === 'staff') {
      try {
        await this.classes.detail(auth, classId);
        return true;
      } catch {
        return false;
      }
    }
    const parent = await peopleRepo.parentOfUser(this.db, auth.userId);
    if (!parent) return false;
    const kids = await this.db.query.parentChildren.findMany({ where: (pc, { eq }) => eq(pc.parentId, parent.id) });
    for (const k of kids) if ((await repo.classesOfStudent(this.db, k.studentId)).some((c) => c.id === classId)) return true;
    return false;
  }
}
