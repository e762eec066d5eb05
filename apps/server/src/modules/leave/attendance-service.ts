import { randomInt } from 'node:crypto';
import {
  addDays,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type MyStaffAttendance,
  STAFF_ATTENDANCE_MESSAGES,
  STAFF_DAY_STATUSES,
  type StaffAttendanceSettings,
  type StaffDay,
  type StaffDayStatus,
  type StaffRegister,
  type StaffReport,
  type StaffScheduleDay,
  todayIn,
  type WeekdayName,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import { isoFromWire, wireOfMinute } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { wallClock, zonedToInstant } from '../../platform/zoned.js';
import * as attendance from './attendance-repo.js';
import { weekdayOf } from './days.js';
import * as repo from './repo.js';
import type { LeaveService } from './service.js';

/*
 * Staff attendance (issue 27, decision 40). A member's hours on a day are their own schedule's for that
 * weekday, or the school's default hours on its working days; a check-in more than the grace minutes after
 * the start is late by the minutes after the start. Approved leave is leave, a holiday a holiday and a day
 * outside the hours a day off: none of them is ever counted as absence. After a morning's leave the day
 * starts at its middle.
 */

const DEFAULTS = { dayStart: '08:30', dayEnd: '16:30', graceMinutes: 5, webCheckIn: true };
const RECENT_DAYS = 14;
const MAX_CODE_TRIES = 20;

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface Hours {
  start: number;
  end: number;
}

interface Ledger {
  settings: typeof DEFAULTS;
  workingDays: ReadonlySet<string>;
  own: Map<string, attendance.ScheduleRow[]>;
  leave: Map<string, { name: string; code: string; color: string; portion: 'full' | 'am' | 'pm' }>;
  holidays: Map<string, string>;
  rows: Map<string, attendance.StaffDayRow>;
  timeZone: string;
  today: string;
  nowMinute: number;
}

const key = (staffId: string, iso: string) => `${staffId}|${iso}`;

export class StaffAttendanceService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly leave: LeaveService,
  ) {}

  private async settingsRow(scope: Scope) {
    const row = await attendance.settings(scope, this.db);
    return row
      ? { dayStart: row.dayStart, dayEnd: row.dayEnd, graceMinutes: row.graceMinutes, webCheckIn: row.webCheckIn }
      : { ...DEFAULTS };
  }

  private presentSettings(s: typeof DEFAULTS): StaffAttendanceSettings {
    return { day_start: s.dayStart, day_end: s.dayEnd, grace_minutes: s.graceMinutes, web_check_in: s.webCheckIn };
  }

  /** Everything needed to tell what each of these members' days between two dates were. */
  private async ledger(scope: Scope, from: string, to: string, staffIds?: readonly string[]): Promise<Ledger> {
    const timeZone = await this.leave.school.timeZone(scope);
    const now = wallClock(this.clock.now(), timeZone);
    const [settings, rules, own, away, holidays, rows] = await Promise.all([
      this.settingsRow(scope),
      this.leave.settingsOf(scope),
      attendance.schedules(scope, this.db, staffIds),
      this.leave.approvedDays(scope, from, to, staffIds),
      this.leave.calendar.holidayNames(scope, null, from, to),
      attendance.days(scope, this.db, { from, to, staffIds }),
    ]);
    const ownBy = new Map<string, attendance.ScheduleRow[]>();
    for (const s of own) ownBy.set(s.staffId, [...(ownBy.get(s.staffId) ?? []), s]);
    return {
      settings,
      workingDays: rules.workingDays,
      own: ownBy,
      leave: new Map(
        away.map((d) => [key(d.staffId, d.date), { name: d.name, code: d.code, color: d.color, portion: d.portion }]),
      ),
      holidays,
      rows: new Map(rows.map((r) => [key(r.staffId, r.date), r])),
      timeZone,
      today: now.day,
      nowMinute: now.minute,
    };
  }

  /** A member's hours on a day, or null when it is not one of their days. */
  private hours(l: Ledger, staffId: string, iso: string): Hours | null {
    const weekday = weekdayOf(iso);
    const own = l.own.get(staffId);
    if (own) {
      const day = own.find((d) => d.weekday === weekday);
      return day ? { start: minuteOf(day.start), end: minuteOf(day.end) } : null;
    }
    return l.workingDays.has(weekday) ? { start: minuteOf(l.settings.dayStart), end: minuteOf(l.settings.dayEnd) } : null;
  }

  /** When the day is expected to start: its middle after a morning's leave. */
  private startOf(l: Ledger, staffId: string, iso: string, hours: Hours): number {
    return l.leave.get(key(staffId, iso))?.portion === 'am' ? Math.round((hours.start + hours.end) / 2) : hours.start;
  }

  private lateBy(l: Ledger, staffId: string, iso: string, checkIn: Date): number | null {
    const hours = this.hours(l, staffId, iso);
    if (!hours) return null;
    const late = wallClock(checkIn, l.timeZone).minute - this.startOf(l, staffId, iso, hours);
    return late > l.settings.graceMinutes ? late : null;
  }

  private day(l: Ledger, member: repo.StaffMember, iso: string): StaffDay {
    const hours = this.hours(l, member.id, iso);
    const row = l.rows.get(key(member.id, iso));
    const leave = l.leave.get(key(member.id, iso)) ?? null;
    const holiday = l.holidays.get(iso) ?? null;
    const checkIn = row?.checkIn ? new Date(row.checkIn) : null;
    const checkOut = row?.checkOut ? new Date(row.checkOut) : null;
    let status: StaffDayStatus;
    if (checkIn) status = row?.lateMinutes ? 'late' : 'present';
    else if (leave) status = 'leave';
    else if (holiday) status = 'holiday';
    else if (!hours) status = 'off';
    else if (iso < l.today) status = 'absent';
    else if (iso > l.today) status = 'expected';
    else status = l.nowMinute > this.startOf(l, member.id, iso, hours) + l.settings.graceMinutes ? 'absent' : 'expected';
    const clock = (d: Date | null) => (d ? wireOfMinute(wallClock(d, l.timeZone).minute) : null);
    return {
      staff: { _id: member.id, name: member.name },
      role: member.role,
      date: ddmmyyyyFromIso(iso),
      status,
      start: hours ? wireOfMinute(hours.start) : null,
      end: hours ? wireOfMinute(hours.end) : null,
      check_in: clock(checkIn),
      check_out: clock(checkOut),
      check_in_via: checkIn ? ((row?.inVia as StaffDay['check_in_via']) ?? null) : null,
      check_out_via: checkOut ? ((row?.outVia as StaffDay['check_out_via']) ?? null) : null,
      late_minutes: checkIn ? (row?.lateMinutes ?? null) : null,
      worked_minutes: checkIn && checkOut ? Math.max(0, Math.round((checkOut.getTime() - checkIn.getTime()) / 60_000)) : null,
      leave,
      holiday,
      note: row?.note ?? '',
    };
  }

  private async member(scope: Scope, staffId: string): Promise<repo.StaffMember> {
    const [m] = await repo.staff(scope, this.db, [staffId]);
    if (!m) throw notFound();
    return m;
  }

  private async oneDay(scope: Scope, staffId: string, iso: string): Promise<StaffDay> {
    const [m, l] = await Promise.all([this.member(scope, staffId), this.ledger(scope, iso, iso, [staffId])]);
    return this.day(l, m, iso);
  }

  // ------------------------------------------------------------------ a member's own days

  async mine(scope: Scope): Promise<MyStaffAttendance> {
    staffSchool(scope);
    const timeZone = await this.leave.school.timeZone(scope);
    const today = todayIn(timeZone, this.clock.now());
    const from = addDays(today, -(RECENT_DAYS - 1));
    const [m, l, code] = await Promise.all([
      this.member(scope, scope.userId),
      this.ledger(scope, from, today, [scope.userId]),
      this.codeOf(scope),
    ]);
    const recent: StaffDay[] = [];
    for (let d = today; d >= from; d = addDays(d, -1)) recent.push(this.day(l, m, d));
    return { today: recent[0] ?? this.day(l, m, today), web_check_in: l.settings.webCheckIn, code, recent: recent.slice(1) };
  }

  /** The member's kiosk code, made on first use. */
  private async codeOf(scope: Scope): Promise<string> {
    const [row] = await attendance.codes(scope, this.db, [scope.userId]);
    return row?.code ?? this.renewCode(scope);
  }

  async renewCode(scope: Scope): Promise<string> {
    staffSchool(scope);
    for (let i = 0; i < MAX_CODE_TRIES; i++) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (await attendance.setCode(scope, this.db, scope.userId, code)) return code;
    }
    throw new Error('no free staff code');
  }

  /**
   * Checks a member in or out now (`via` the web or a kiosk); `toggle` (the kiosk) checks in, or out when
   * already in, decided under the day's lock. Answers the day and what was done.
   */
  async check(
    scope: Scope,
    staffId: string,
    kind: 'in' | 'out' | 'toggle',
    via: 'web' | 'kiosk',
  ): Promise<{ day: StaffDay; action: 'in' | 'out' }> {
    const m = await this.member(scope, staffId);
    const now = this.clock.now();
    const today = todayIn(await this.leave.school.timeZone(scope), now);
    const l = await this.ledger(scope, today, today, [staffId]);
    if (via === 'web' && !l.settings.webCheckIn) throw badRequest(STAFF_ATTENDANCE_MESSAGES.webOff, ERROR_CODES.staffWebOff);
    const action = await this.db.transaction(async (tx) => {
      const row = await attendance.lockDay(scope, tx, staffId, today);
      const doing = kind === 'toggle' ? (row.checkIn ? 'out' : 'in') : kind;
      if (doing === 'in') {
        if (row.checkIn) throw badRequest(STAFF_ATTENDANCE_MESSAGES.alreadyIn, ERROR_CODES.staffAlreadyIn);
        await attendance.saveDay(scope, tx, staffId, today, {
          checkIn: now,
          inVia: via,
          lateMinutes: this.lateBy(l, staffId, today, now),
          updatedBy: via === 'web' ? staffId : null,
        });
      } else {
        if (!row.checkIn) throw badRequest(STAFF_ATTENDANCE_MESSAGES.notIn, ERROR_CODES.staffNotIn);
        if (row.checkOut) throw badRequest(STAFF_ATTENDANCE_MESSAGES.alreadyOut, ERROR_CODES.staffAlreadyOut);
        await attendance.saveDay(scope, tx, staffId, today, { checkOut: now, outVia: via });
      }
      return doing;
    });
    return { day: await this.oneDay(scope, m.id, today), action };
  }

  /** A code typed at a kiosk: checks its member in, or out when already in; null when no member holds it. */
  async kioskToggle(scope: Scope, code: string): Promise<{ day: StaffDay; action: 'in' | 'out' } | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const staffId = await attendance.staffByCode(scope, this.db, code);
    if (!staffId) return null;
    // A code left behind by someone no longer on the staff is unknown (member() answers 404 for them).
    return this.check(scope, staffId, 'toggle', 'kiosk').catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
  }

  // ------------------------------------------------------------------ the register

  async register(scope: Scope, date: string): Promise<StaffRegister> {
    staffSchool(scope);
    const iso = isoFromWire(date);
    const [members, l] = await Promise.all([repo.staff(scope, this.db), this.ledger(scope, iso, iso)]);
    const staff = members.map((m) => this.day(l, m, iso));
    const counts = Object.fromEntries(
      STAFF_DAY_STATUSES.map((s) => [s, staff.filter((d) => d.status === s).length]),
    ) as StaffRegister['counts'];
    return { date: ddmmyyyyFromIso(iso), holiday: l.holidays.get(iso) ?? null, counts, staff };
  }

  /** An admin's correction of a member's day: both times (or none), with the reason. */
  async correct(
    scope: Scope,
    body: { staff_id: string; date: string; check_in: string | null; check_out: string | null; note: string },
  ): Promise<StaffDay> {
    const iso = isoFromWire(body.date);
    const m = await this.member(scope, body.staff_id);
    const timeZone = await this.leave.school.timeZone(scope);
    const today = todayIn(timeZone, this.clock.now());
    if (iso > today) throw badRequest(STAFF_ATTENDANCE_MESSAGES.futureDay, ERROR_CODES.futureDay, 'date');
    if (body.check_out && !body.check_in) throw badRequest(STAFF_ATTENDANCE_MESSAGES.notIn, ERROR_CODES.staffNotIn, 'check_in');
    const checkIn = body.check_in ? zonedToInstant(body.date, body.check_in, timeZone) : null;
    const checkOut = body.check_out ? zonedToInstant(body.date, body.check_out, timeZone) : null;
    if (checkIn && checkOut && checkOut < checkIn)
      throw badRequest(STAFF_ATTENDANCE_MESSAGES.outBeforeIn, ERROR_CODES.outBeforeIn, 'check_out');
    const l = await this.ledger(scope, iso, iso, [m.id]);
    await this.db.transaction(async (tx) => {
      const before = await attendance.lockDay(scope, tx, m.id, iso);
      const same = (a: Date | string | null, b: Date | null) => (a ? new Date(a).getTime() : null) === (b?.getTime() ?? null);
      await attendance.saveDay(scope, tx, m.id, iso, {
        checkIn,
        checkOut,
        inVia: checkIn ? (same(before.checkIn, checkIn) ? before.inVia : 'admin') : null,
        outVia: checkOut ? (same(before.checkOut, checkOut) ? before.outVia : 'admin') : null,
        lateMinutes: checkIn ? this.lateBy(l, m.id, iso, checkIn) : null,
        note: body.note,
        updatedBy: scope.userId,
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'staff_attendance',
        entityId: m.id,
        label: `${m.name} ${iso}`,
        before: { check_in: before.checkIn, check_out: before.checkOut, note: before.note },
        after: { check_in: checkIn, check_out: checkOut, note: body.note },
      });
    });
    return this.oneDay(scope, m.id, iso);
  }

  // ------------------------------------------------------------------ the monthly report

  async report(scope: Scope, month: string): Promise<StaffReport> {
    staffSchool(scope);
    const [mm, yyyy] = month.split('-');
    const from = `${yyyy}-${mm}-01`;
    const last = new Date(Date.UTC(Number(yyyy), Number(mm), 0)).toISOString().slice(0, 10);
    const [members, l] = await Promise.all([repo.staff(scope, this.db), this.ledger(scope, from, last)]);
    const rows = members.map((m) => {
      const r = { scheduled: 0, present: 0, late: 0, late_minutes: 0, absent: 0, leave: 0, worked_minutes: 0 };
      for (let d = from; d <= last && d <= l.today; d = addDays(d, 1)) {
        const day = this.day(l, m, d);
        const expected = day.start !== null && !day.holiday;
        if (expected) r.scheduled += 1;
        if (day.status === 'present' || day.status === 'late') r.present += 1;
        if (day.status === 'late') {
          r.late += 1;
          r.late_minutes += day.late_minutes ?? 0;
        }
        if (day.status === 'absent') r.absent += 1;
        if (day.leave && expected) r.leave += day.leave.portion === 'full' ? 1 : 0.5;
        r.worked_minutes += day.worked_minutes ?? 0;
      }
      return { staff: { _id: m.id, name: m.name }, role: m.role, ...r };
    });
    return { month, from: ddmmyyyyFromIso(from), to: ddmmyyyyFromIso(last), rows };
  }

  async reportCsv(scope: Scope, month: string): Promise<string> {
    const r = await this.report(scope, month);
    const hours = (min: number) => (min / 60).toFixed(2);
    return toCsv([
      ['Staff', 'Role', 'Scheduled days', 'Present', 'Late', 'Late minutes', 'Absent', 'Leave days', 'Hours worked'],
      ...r.rows.map((x) => [
        x.staff.name,
        x.role,
        x.scheduled,
        x.present,
        x.late,
        x.late_minutes,
        x.absent,
        x.leave,
        hours(x.worked_minutes),
      ]),
    ]);
  }

  // ------------------------------------------------------------------ schedules and settings

  async schedules(scope: Scope) {
    staffSchool(scope);
    const [settings, rules, members, own, codes] = await Promise.all([
      this.settingsRow(scope),
      this.leave.settingsOf(scope),
      repo.staff(scope, this.db),
      attendance.schedules(scope, this.db),
      attendance.codes(scope, this.db),
    ]);
    const order = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const defaults: StaffScheduleDay[] = order
      .filter((d) => rules.workingDays.has(d))
      .map((d) => ({ weekday: d as WeekdayName, start: settings.dayStart, end: settings.dayEnd }));
    const withCode = new Set(codes.map((c) => c.staffId));
    return {
      settings: this.presentSettings(settings),
      staff: members.map((m) => {
        const mine = own.filter((s) => s.staffId === m.id);
        return {
          staff: { _id: m.id, name: m.name },
          role: m.role,
          custom: mine.length > 0,
          days:
            mine.length > 0
              ? mine
                  .sort((a, b) => order.indexOf(a.weekday) - order.indexOf(b.weekday))
                  .map((s) => ({ weekday: s.weekday as WeekdayName, start: s.start, end: s.end }))
              : defaults,
          has_code: withCode.has(m.id),
        };
      }),
    };
  }

  async saveSchedule(scope: Scope, body: { staff_id: string; days: StaffScheduleDay[] | null }) {
    const m = await this.member(scope, body.staff_id);
    const days = body.days ?? [];
    if (new Set(days.map((d) => d.weekday)).size !== days.length)
      throw badRequest('Each weekday once', ERROR_CODES.validation, 'days');
    for (const d of days)
      if (d.end <= d.start) throw badRequest(STAFF_ATTENDANCE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'days');
    await this.db.transaction(async (tx) => {
      await attendance.replaceSchedule(scope, tx, m.id, days);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'staff_attendance',
        entityId: m.id,
        label: `${m.name} schedule`,
        after: { days: body.days },
      });
    });
    return this.schedules(scope);
  }

  async saveSettings(scope: Scope, body: Partial<StaffAttendanceSettings>): Promise<StaffAttendanceSettings> {
    staffSchool(scope);
    const before = await this.settingsRow(scope);
    const next = {
      dayStart: body.day_start ?? before.dayStart,
      dayEnd: body.day_end ?? before.dayEnd,
      graceMinutes: body.grace_minutes ?? before.graceMinutes,
      webCheckIn: body.web_check_in ?? before.webCheckIn,
    };
    if (next.dayEnd <= next.dayStart)
      throw badRequest(STAFF_ATTENDANCE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'day_end');
    await this.db.transaction(async (tx) => {
      await attendance.saveSettings(scope, tx, next);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'staff_attendance',
        entityId: staffSchool(scope),
        label: 'settings',
        before: this.presentSettings(before),
        after: this.presentSettings(next),
      });
    });
    return this.presentSettings(next);
  }
}
