import {
  addDays,
  type CoverDay,
  type DayPortion,
  ddmmyyyyFromIso,
  ERROR_CODES,
  LEAVE_MANAGER,
  LEAVE_MESSAGES,
  type LeaveApply,
  type LeaveBalance,
  type LeavePreview,
  type LeaveRequest,
  type LeaveRequestDetail,
  type LeaveSettings,
  type LeaveStatus,
  type LeaveType,
  type LeaveTypeRequest,
  type leaveListQuerySchema,
  type MyLeave,
  type RatioWarning,
  type StaffCalendar,
  type staffCalendarQuerySchema,
  todayIn,
  WEEKDAYS,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/db/keyset.js';
import { cleanFileName, DOCUMENT_TYPES_MESSAGE, sniffDocument } from '../../platform/documents.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MediaStore } from '../../platform/storage.js';
import type { CalendarService } from '../calendar/service.js';
import type { SchoolService } from '../school/service.js';
import { balanceOf, type LeavePolicy, type LeaveYear, leaveYear, leaveYearOf } from './balance.js';
import { countDays, weekdayOf } from './days.js';
import type { LeaveEmails } from './leave-emails.js';
import { days, presentLeaveType, typeChip } from './presenter.js';
import * as repo from './repo.js';

/*
 * The leave portal (issue 27, decision 38): the school's leave policy, balances, a member's requests,
 * their approval by the line manager (or, without one, a leave manager) and, for types that ask for it,
 * a leave manager after them; the warning when a request would leave a class below the school's
 * staff-to-child ratio; and the staff calendar. Days are half-days inside.
 */

const DEFAULT_WORKING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const OPEN: LeaveStatus[] = ['pending', 'pending_admin'];
const MAX_CALENDAR_DAYS = 62;
const halvesOf = (d: number) => Math.round(d * 2);

export interface LeaveRules {
  workingDays: ReadonlySet<string>;
  yearStartMonth: number;
  childrenPerAdult: number;
}

const policyOf = (t: repo.TypeRow): LeavePolicy => ({
  quota: t.yearlyQuota,
  accrual: t.accrual === 'monthly' ? 'monthly' : 'upfront',
  carryLimit: t.carryOverLimit,
});

/** Who decides a request's current step: its line manager (or a leave manager), then a leave manager; never its applicant. */
function decides(userId: string, row: repo.RequestRow, manages: boolean, managerId: string | null): boolean {
  if (row.staffId === userId) return false;
  if (row.status === 'pending') return manages || managerId === userId;
  if (row.status === 'pending_admin') return manages;
  return false;
}

/** Approved half-days by leave year, and the half-days still waiting in `year`, of some leave days. */
function tally(days: readonly repo.LeaveDay[], startMonth: number, year: LeaveYear) {
  const taken = new Map<number, number>();
  let pending = 0;
  for (const d of days) {
    const halves = d.portion === 'full' ? 2 : 1;
    if (d.status === 'approved') {
      const y = leaveYearOf(d.date, startMonth).year;
      taken.set(y, (taken.get(y) ?? 0) + halves);
    } else if (d.date >= year.start && d.date <= year.end) pending += halves;
  }
  return { taken, pending };
}

export class LeaveService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly calendar: CalendarService,
    /** The request and decision emails, where the app sends email. */
    readonly emails?: LeaveEmails,
    /** Where attached documents are kept. */
    readonly storage?: MediaStore,
  ) {}

  private async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  private async isManager(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(LEAVE_MANAGER);
  }

  // ------------------------------------------------------------------ policy

  async settingsOf(scope: Scope): Promise<LeaveRules> {
    const row = await repo.settings(scope, this.db);
    return {
      workingDays: new Set(row?.workingDays ?? DEFAULT_WORKING_DAYS),
      yearStartMonth: row?.yearStartMonth ?? 1,
      childrenPerAdult: row?.childrenPerAdult ?? 8,
    };
  }

  async settings(scope: Scope): Promise<LeaveSettings> {
    const rules = await this.settingsOf(scope);
    return {
      working_days: WEEKDAYS.filter((d) => rules.workingDays.has(d)),
      year_start_month: rules.yearStartMonth,
      children_per_adult: rules.childrenPerAdult,
    };
  }

  async updateSettings(scope: Scope, body: Partial<LeaveSettings>): Promise<LeaveSettings> {
    const before = await this.settings(scope);
    await this.db.transaction(async (tx) => {
      await repo.saveSettings(scope, tx, {
        ...(body.working_days ? { workingDays: [...new Set(body.working_days)] } : {}),
        ...(body.year_start_month !== undefined ? { yearStartMonth: body.year_start_month } : {}),
        ...(body.children_per_adult !== undefined ? { childrenPerAdult: body.children_per_adult } : {}),
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'leave_settings',
        entityId: staffSchool(scope),
        label: 'Leave policy',
        before,
        after: body,
      });
    });
    return this.settings(scope);
  }

  async types(scope: Scope): Promise<LeaveType[]> {
    staffSchool(scope);
    const manages = await this.isManager(scope);
    const rows = await repo.types(scope, this.db, { includeArchived: manages });
    return rows.map((t) => presentLeaveType(t, manages));
  }

  private async type(scope: Scope, id: string): Promise<LeaveType> {
    const [row] = await repo.types(scope, this.db, { ids: [id], includeArchived: true });
    if (!row) throw notFound();
    return presentLeaveType(row, await this.isManager(scope));
  }

  private typeValues(body: LeaveTypeRequest) {
    return {
      name: body.name,
      code: body.code.toUpperCase(),
      color: body.color,
      yearlyQuota: halvesOf(body.yearly_quota),
      accrual: body.accrual,
      carryOverLimit: halvesOf(body.carry_over_limit),
      requiresApproval: body.requires_approval,
      adminApproval: body.requires_approval && body.admin_approval,
      halfDays: body.half_days,
      allowNegative: body.allow_negative,
      position: body.position,
    };
  }

  async createType(scope: Scope, body: LeaveTypeRequest): Promise<LeaveType> {
    staffSchool(scope);
    const id = newId();
    await this.db.transaction(async (tx) => {
      if (await repo.typeNamed(scope, tx, body.name))
        throw badRequest(LEAVE_MESSAGES.typeTaken, ERROR_CODES.leaveTypeTaken, 'name');
      await repo.insertType(scope, tx, { id, ...this.typeValues(body) });
      await recordAudit(scope, tx, { action: 'create', entityType: 'leave_type', entityId: id, label: body.name, after: body });
    });
    return this.type(scope, id);
  }

  async updateType(scope: Scope, id: string, body: LeaveTypeRequest): Promise<LeaveType> {
    const before = await this.type(scope, id);
    await this.db.transaction(async (tx) => {
      if (await repo.typeNamed(scope, tx, body.name, id))
        throw badRequest(LEAVE_MESSAGES.typeTaken, ERROR_CODES.leaveTypeTaken, 'name');
      if (!(await repo.updateType(scope, tx, id, this.typeValues(body)))) throw notFound();
      const { abilities: _a, ...was } = before;
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'leave_type',
        entityId: id,
        label: body.name,
        before: was,
        after: body,
      });
    });
    return this.type(scope, id);
  }

  async archiveType(scope: Scope, id: string, archived: boolean): Promise<LeaveType> {
    const before = await this.type(scope, id);
    await this.db.transaction(async (tx) => {
      if (!archived && (await repo.typeNamed(scope, tx, before.name, id)))
        throw badRequest(LEAVE_MESSAGES.typeTaken, ERROR_CODES.leaveTypeTaken, 'name');
      await repo.updateType(scope, tx, id, { archivedAt: archived ? this.clock.now() : null });
      await recordAudit(scope, tx, {
        action: archived ? 'archive' : 'restore',
        entityType: 'leave_type',
        entityId: id,
        label: before.name,
      });
    });
    return this.type(scope, id);
  }

  // ------------------------------------------------------------------ line managers

  async lineManagers(scope: Scope) {
    const [members, links, classes] = await Promise.all([
      repo.staff(scope, this.db),
      repo.managers(scope, this.db),
      repo.classesOfStaff(scope, this.db),
    ]);
    const name = new Map(members.map((m) => [m.id, m.name]));
    const managerOf = new Map(links.map((l) => [l.staffId, l.managerId]));
    return members.map((m) => {
      const manager = managerOf.get(m.id);
      return {
        staff: { _id: m.id, name: m.name },
        manager: manager && name.has(manager) ? { _id: manager, name: name.get(manager) ?? '' } : null,
        classes: classes.filter((c) => c.staffId === m.id).map((c) => ({ _id: c.classId, name: c.name })),
      };
    });
  }

  async saveLineManagers(scope: Scope, body: { managers: { staff_id: string; manager_id: string | null }[] }) {
    const members = new Set((await repo.staff(scope, this.db)).map((m) => m.id));
    for (const m of body.managers) {
      if (!members.has(m.staff_id)) throw notFound();
      if (m.manager_id && !members.has(m.manager_id))
        throw badRequest('Choose a member of staff', ERROR_CODES.validation, 'manager_id');
    }
    const current = new Map((await repo.managers(scope, this.db)).map((l) => [l.staffId, l.managerId]));
    const next = new Map(current);
    for (const m of body.managers) {
      if (m.manager_id) next.set(m.staff_id, m.manager_id);
      else next.delete(m.staff_id);
    }
    // No one may end up above themselves.
    for (const start of next.keys()) {
      const seen = new Set<string>([start]);
      let at = next.get(start);
      while (at) {
        if (seen.has(at)) throw badRequest(LEAVE_MESSAGES.managerLoop, ERROR_CODES.managerLoop, 'managers');
        seen.add(at);
        at = next.get(at);
      }
    }
    await this.db.transaction(async (tx) => {
      for (const m of body.managers) await repo.setManager(scope, tx, m.staff_id, m.manager_id);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'line_managers',
        entityId: staffSchool(scope),
        label: 'Line managers',
        before: body.managers.map((m) => ({ staff_id: m.staff_id, manager_id: current.get(m.staff_id) ?? null })),
        after: body.managers,
      });
    });
    return this.lineManagers(scope);
  }

  private async managerOf(scope: Scope, staffId: string): Promise<string | null> {
    return (await repo.managers(scope, this.db, staffId))[0]?.managerId ?? null;
  }

  // ------------------------------------------------------------------ balances

  private async balancesOf(scope: Scope, staffId: string, on: string, only?: repo.TypeRow[]): Promise<LeaveBalance[]> {
    const rules = await this.settingsOf(scope);
    const types = only ?? (await repo.types(scope, this.db));
    const year = leaveYearOf(on, rules.yearStartMonth);
    const earliest = leaveYear(year.year - 10, rules.yearStartMonth).start;
    const rows = await repo.leaveDays(scope, this.db, {
      from: earliest,
      to: year.end,
      statuses: ['approved', ...OPEN],
      staffIds: [staffId],
    });
    return types.map((t) => {
      const { taken, pending } = tally(
        rows.filter((d) => d.typeId === t.id),
        rules.yearStartMonth,
        year,
      );
      const b = balanceOf(policyOf(t), year, on, taken, pending);
      return {
        leave_type: typeChip(t),
        year_start: ddmmyyyyFromIso(year.start),
        year_end: ddmmyyyyFromIso(year.end),
        entitled: days(b.entitled),
        carried_over: days(b.carried),
        taken: days(b.taken),
        pending: days(b.pending),
        available: days(b.available),
        allow_negative: t.allowNegative,
      };
    });
  }

  async balances(scope: Scope, query: { staff_id?: string; on?: string }): Promise<LeaveBalance[]> {
    staffSchool(scope);
    const staffId = query.staff_id ?? scope.userId;
    if (staffId !== scope.userId && !(await this.isManager(scope)) && (await this.managerOf(scope, staffId)) !== scope.userId)
      throw notFound();
    if (!(await repo.staff(scope, this.db, [staffId])).length) throw notFound();
    return this.balancesOf(scope, staffId, query.on ? isoFromWire(query.on, 'on') : await this.today(scope));
  }

  // ------------------------------------------------------------------ applying

  private async counted(scope: Scope, body: LeaveApply) {
    const start = isoFromWire(body.start_date, 'start_date');
    const end = isoFromWire(body.end_date, 'end_date');
    if (end < start) throw badRequest(LEAVE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'end_date');
    if (addDays(start, 365) < end) throw badRequest(LEAVE_MESSAGES.tooLong, ERROR_CODES.validation, 'end_date');
    if (start === end && body.start_portion !== 'full' && body.end_portion !== 'full')
      throw badRequest('Choose the morning or the afternoon', ERROR_CODES.validation, 'end_portion');
    const [type] = await repo.types(scope, this.db, { ids: [body.leave_type_id], includeArchived: true });
    if (!type) throw badRequest('Choose a leave type', ERROR_CODES.validation, 'leave_type_id');
    if (type.archivedAt) throw badRequest(LEAVE_MESSAGES.typeArchived, ERROR_CODES.validation, 'leave_type_id');
    if (!type.halfDays && (body.start_portion !== 'full' || body.end_portion !== 'full'))
      throw badRequest(LEAVE_MESSAGES.halfDaysNotAllowed, ERROR_CODES.leaveHalfDays, 'start_portion');
    const rules = await this.settingsOf(scope);
    const holidays = await this.calendar.holidayNames(scope, null, start, end);
    const counted = countDays(start, end, body.start_portion, body.end_portion, rules.workingDays, holidays);
    if (counted.halves === 0) throw badRequest(LEAVE_MESSAGES.noWorkingDays, ERROR_CODES.leaveNoWorkingDays, 'start_date');
    return { start, end, type, counted, rules };
  }

  async preview(scope: Scope, body: LeaveApply): Promise<LeavePreview> {
    staffSchool(scope);
    const { start, type, counted } = await this.counted(scope, body);
    const [balance] = await this.balancesOf(scope, scope.userId, start, [type]);
    return {
      days: days(counted.halves),
      dates: counted.days.map((d) => ({ date: ddmmyyyyFromIso(d.date), portion: d.portion })),
      skipped: counted.skipped.map((d) => ({ date: ddmmyyyyFromIso(d.date), reason: d.reason, name: d.name })),
      balance: balance ?? null,
      balance_after: balance ? balance.available - days(counted.halves) : null,
      ratio_warnings: await this.ratioWarnings(scope, scope.userId, counted.days),
    };
  }

  async apply(scope: Scope, body: LeaveApply): Promise<LeaveRequestDetail> {
    staffSchool(scope);
    const { start, end, type, counted } = await this.counted(scope, body);
    const id = newId();
    const status: LeaveStatus = type.requiresApproval ? 'pending' : 'approved';
    const rules = await this.settingsOf(scope);
    const year = leaveYearOf(start, rules.yearStartMonth);
    await this.db.transaction(async (tx) => {
      await repo.lockMember(scope, tx, scope.userId);
      const mine = await repo.leaveDays(scope, tx, {
        from: start,
        to: end,
        statuses: ['approved', ...OPEN],
        staffIds: [scope.userId],
      });
      const taken = new Set(mine.map((d) => d.date));
      if (counted.days.some((d) => taken.has(d.date)))
        throw badRequest(LEAVE_MESSAGES.overlaps, ERROR_CODES.leaveOverlap, 'start_date');
      if (!type.allowNegative) {
        // The balance under the member's lock: days of the type already asked for this leave year.
        const inYear = await repo.leaveDays(scope, tx, {
          from: leaveYear(year.year - 10, rules.yearStartMonth).start,
          to: year.end,
          statuses: ['approved', ...OPEN],
          staffIds: [scope.userId],
          typeId: type.id,
        });
        const { taken, pending } = tally(inYear, rules.yearStartMonth, year);
        const b = balanceOf(policyOf(type), year, start, taken, pending);
        if (counted.halves > b.available) throw badRequest(LEAVE_MESSAGES.notEnoughBalance, ERROR_CODES.leaveBalance, 'end_date');
      }
      await repo.insertRequest(
        scope,
        tx,
        {
          id,
          staffId: scope.userId,
          leaveTypeId: type.id,
          startDate: start,
          endDate: end,
          startPortion: body.start_portion,
          endPortion: body.end_portion,
          days: counted.halves,
          reason: body.reason,
          status,
        },
        counted.days,
      );
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'leave_request',
        entityId: id,
        label: `${type.name} ${start}–${end}`,
        after: { leave_type_id: type.id, start_date: start, end_date: end, days: days(counted.halves), status },
      });
    });
    if (status !== 'approved') await this.emails?.queue(staffSchool(scope), id, status);
    return this.detail(scope, id);
  }

  // ------------------------------------------------------------------ reading and deciding

  private async present(scope: Scope, rows: repo.RequestRow[]): Promise<LeaveRequest[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [types, decisions, links, manages, today] = await Promise.all([
      repo.types(scope, this.db, { ids: [...new Set(rows.map((r) => r.leaveTypeId))], includeArchived: true }),
      repo.decisionsOf(scope, this.db, ids),
      repo.managers(scope, this.db),
      this.isManager(scope),
      this.today(scope),
    ]);
    const people = new Map(
      (await repo.staff(scope, this.db, [...new Set([...rows.map((r) => r.staffId), ...decisions.map((d) => d.byId)])])).map(
        (m) => [m.id, m.name],
      ),
    );
    const managerOf = new Map(links.map((l) => [l.staffId, l.managerId]));
    const out: LeaveRequest[] = [];
    for (const r of rows) {
      const type = types.find((t) => t.id === r.leaveTypeId);
      const decide = decides(scope.userId, r, manages, managerOf.get(r.staffId) ?? null);
      out.push({
        _id: r.id,
        staff: { _id: r.staffId, name: people.get(r.staffId) ?? '' },
        leave_type: type ? typeChip(type) : { _id: r.leaveTypeId, name: '', code: '', color: '#868e96' },
        start_date: ddmmyyyyFromIso(r.startDate),
        end_date: ddmmyyyyFromIso(r.endDate),
        start_portion: r.startPortion as DayPortion,
        end_portion: r.endPortion as DayPortion,
        days: days(r.days),
        reason: r.reason,
        status: r.status as LeaveStatus,
        waiting_for: r.status === 'pending' ? 'manager' : r.status === 'pending_admin' ? 'admin' : null,
        decisions: decisions
          .filter((d) => d.requestId === r.id)
          .map((d) => ({
            step: d.step === 'admin' ? 'admin' : 'manager',
            decision: d.decision === 'declined' ? 'declined' : 'approved',
            by: { _id: d.byId, name: people.get(d.byId) ?? '' },
            note: d.note,
            at: d.createdAt.toISOString(),
          })),
        document: r.documentKey ? { name: r.documentName ?? '', size: r.documentSize ?? 0 } : null,
        created_at: r.createdAt.toISOString(),
        abilities: {
          approve: decide,
          decline: decide,
          cancel:
            (r.staffId === scope.userId || manages) &&
            (OPEN.includes(r.status as LeaveStatus) || (r.status === 'approved' && r.startDate > today)),
          attach: r.staffId === scope.userId && r.status !== 'declined' && r.status !== 'cancelled',
        },
      });
    }
    return out;
  }

  /** A request the caller may read: its applicant, their line manager, a leave manager. */
  private async readable(
    scope: Scope,
    id: string,
  ): Promise<{ row: repo.RequestRow; manages: boolean; managerId: string | null }> {
    staffSchool(scope);
    const [row] = await repo.requests(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    const [manages, managerId] = await Promise.all([this.isManager(scope), this.managerOf(scope, row.staffId)]);
    if (row.staffId === scope.userId || manages || managerId === scope.userId) return { row, manages, managerId };
    throw notFound();
  }

  async detail(scope: Scope, id: string): Promise<LeaveRequestDetail> {
    const { row } = await this.readable(scope, id);
    const [request] = await this.present(scope, [row]);
    if (!request) throw notFound();
    const [type] = await repo.types(scope, this.db, { ids: [row.leaveTypeId], includeArchived: true });
    const balance = type ? ((await this.balancesOf(scope, row.staffId, row.startDate, [type]))[0] ?? null) : null;
    const countedDays = (
      await repo.leaveDays(scope, this.db, {
        from: row.startDate,
        to: row.endDate,
        statuses: [row.status],
        staffIds: [row.staffId],
      })
    ).filter((d) => d.requestId === row.id);
    return {
      ...request,
      balance,
      overlaps: await this.overlaps(scope, row),
      ratio_warnings: OPEN.includes(row.status as LeaveStatus)
        ? await this.ratioWarnings(
            scope,
            row.staffId,
            countedDays.map((d) => ({ date: d.date, portion: d.portion as DayPortion })),
          )
        : [],
    };
  }

  /** Others of the applicant's classes or team with leave (waiting or approved) on some of the same days. */
  private async overlaps(scope: Scope, row: repo.RequestRow): Promise<LeaveRequestDetail['overlaps']> {
    const [classes, links] = await Promise.all([repo.classesOfStaff(scope, this.db), repo.managers(scope, this.db)]);
    const mine = classes.filter((c) => c.staffId === row.staffId);
    const managerOf = new Map(links.map((l) => [l.staffId, l.managerId]));
    const manager = managerOf.get(row.staffId);
    const shares = new Map<string, string[]>();
    for (const c of classes)
      if (c.staffId !== row.staffId && mine.some((m) => m.classId === c.classId))
        shares.set(c.staffId, [...(shares.get(c.staffId) ?? []), c.name]);
    if (manager)
      for (const [staffId, m] of managerOf)
        if (m === manager && staffId !== row.staffId) shares.set(staffId, [...(shares.get(staffId) ?? []), 'team']);
    if (shares.size === 0) return [];
    const away = await repo.leaveDays(scope, this.db, {
      from: row.startDate,
      to: row.endDate,
      statuses: ['approved', ...OPEN],
      staffIds: [...shares.keys()],
    });
    const ids = [...new Set(away.map((d) => d.requestId))];
    if (ids.length === 0) return [];
    const [others, types] = await Promise.all([
      repo.requests(scope, this.db, { ids }),
      repo.types(scope, this.db, { includeArchived: true }),
    ]);
    const names = new Map(
      (
        await repo.staff(
          scope,
          this.db,
          others.map((o) => o.staffId),
        )
      ).map((m) => [m.id, m.name]),
    );
    return others.map((o) => ({
      staff: { _id: o.staffId, name: names.get(o.staffId) ?? '' },
      leave_type: types.find((t) => t.id === o.leaveTypeId)?.name ?? '',
      start_date: ddmmyyyyFromIso(o.startDate),
      end_date: ddmmyyyyFromIso(o.endDate),
      status: o.status as LeaveStatus,
      shares: [...new Set(shares.get(o.staffId) ?? [])],
    }));
  }

  /**
   * The days on which a member's absence would leave one of their classes with fewer adults than the
   * ratio asks for: the class meets that weekday and is not on holiday; adults are the class's staff less
   * those on approved leave that day (a half day counts as away) and less the member.
   */
  async ratioWarnings(
    scope: Scope,
    staffId: string,
    dates: readonly { date: string; portion: DayPortion }[],
  ): Promise<RatioWarning[]> {
    if (dates.length === 0) return [];
    const rules = await this.settingsOf(scope);
    const all = await repo.classesOfStaff(scope, this.db);
    const mine = all.filter((c) => c.staffId === staffId);
    if (mine.length === 0) return [];
    const first = dates[0]?.date ?? '';
    const last = dates.at(-1)?.date ?? first;
    const classIds = mine.map((c) => c.classId);
    const [children, away] = await Promise.all([
      repo.childCounts(scope, this.db, classIds),
      repo.leaveDays(scope, this.db, { from: first, to: last, statuses: ['approved'] }),
    ]);
    const holidays = new Map<string, Set<string>>();
    for (const c of mine) holidays.set(c.classId, await this.calendar.holidayDays(scope, c.classId, first, last));
    const out: RatioWarning[] = [];
    for (const { date } of dates) {
      const weekday = weekdayOf(date);
      for (const c of mine) {
        if (!c.days.includes(weekday) || holidays.get(c.classId)?.has(date)) continue;
        const n = children.get(c.classId) ?? 0;
        if (n === 0) continue;
        const staffOfClass = new Set(all.filter((x) => x.classId === c.classId).map((x) => x.staffId));
        const awayThen = new Set(away.filter((d) => d.date === date).map((d) => d.staffId));
        const left = [...staffOfClass].filter((s) => s !== staffId && !awayThen.has(s)).length;
        const needed = Math.ceil(n / rules.childrenPerAdult);
        if (left < needed)
          out.push({
            date: ddmmyyyyFromIso(date),
            class: { _id: c.classId, name: c.name },
            children: n,
            adults_left: left,
            adults_needed: needed,
            ratio: `1:${rules.childrenPerAdult}`,
          });
      }
    }
    return out;
  }

  async list(scope: Scope, query: z.infer<typeof leaveListQuerySchema>) {
    staffSchool(scope);
    const manages = await this.isManager(scope);
    const links = await repo.managers(scope, this.db);
    let staffIds: string[] | undefined;
    if (query.scope === 'mine') staffIds = [scope.userId];
    else if (query.scope === 'team') {
      staffIds = links.filter((l) => l.managerId === scope.userId).map((l) => l.staffId);
      // Members without a line manager: their first step is the leave managers'.
      if (manages) {
        const managed = new Set(links.map((l) => l.staffId));
        staffIds.push(
          ...(await repo.staff(scope, this.db)).map((m) => m.id).filter((id) => !managed.has(id) && id !== scope.userId),
        );
      }
    } else if (!manages) throw forbidden();
    if (query.staff_id) staffIds = staffIds ? staffIds.filter((id) => id === query.staff_id) : [query.staff_id];
    const filter: repo.RequestFilter = {
      staffIds,
      statuses: query.status ? [query.status] : undefined,
      from: query.from ? isoFromWire(query.from, 'from') : undefined,
      to: query.to ? isoFromWire(query.to, 'to') : undefined,
    };
    if (query.waiting === 'true') {
      // Waiting for my decision: filtered after reading (a school's open requests are few); by the
      // cursor, those after its row in the list's order.
      const open = { ...filter, statuses: OPEN };
      const [all, after] = await Promise.all([
        repo.requests(scope, this.db, open),
        query.cursor ? repo.requests(scope, this.db, open, query.cursor) : null,
      ]);
      const managerOf = new Map(links.map((l) => [l.staffId, l.managerId]));
      const mine = (r: repo.RequestRow) => decides(scope.userId, r, manages, managerOf.get(r.staffId) ?? null);
      const mineToDecide = all.filter(mine);
      const rest = after ? after.filter(mine) : mineToDecide.slice((query.page - 1) * query.page_size);
      const shown = keysetPage(repo.REQUEST_ORDER, rest.slice(0, query.page_size + 1), query.page_size);
      return {
        items: await this.present(scope, shown.rows),
        total: mineToDecide.length,
        page: query.page,
        page_size: query.page_size,
        next_cursor: shown.nextCursor,
      };
    }
    const [{ rows, nextCursor }, total] = await Promise.all([
      repo.requestPage(scope, this.db, filter, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        cursor: query.cursor,
      }),
      repo.requestCount(scope, this.db, filter),
    ]);
    return {
      items: await this.present(scope, rows),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  async myLeave(scope: Scope): Promise<MyLeave> {
    staffSchool(scope);
    const [balances, rows, types, managerId] = await Promise.all([
      this.balancesOf(scope, scope.userId, await this.today(scope)),
      repo.requestPage(scope, this.db, { staffIds: [scope.userId] }, { offset: 0, limit: 100 }),
      repo.types(scope, this.db),
      this.managerOf(scope, scope.userId),
    ]);
    const manager = managerId ? (await repo.staff(scope, this.db, [managerId]))[0] : undefined;
    return {
      balances,
      requests: await this.present(scope, rows.rows),
      leave_types: types.map((t) => presentLeaveType(t, false)),
      manager: manager ? { _id: manager.id, name: manager.name } : null,
    };
  }

  async decide(scope: Scope, id: string, decision: 'approved' | 'declined', note: string): Promise<LeaveRequestDetail> {
    const { row, manages, managerId } = await this.readable(scope, id);
    if (row.staffId === scope.userId) throw badRequest(LEAVE_MESSAGES.ownRequest, ERROR_CODES.leaveOwnRequest);
    const [type] = await repo.types(scope, this.db, { ids: [row.leaveTypeId], includeArchived: true });
    const next = await this.db.transaction(async (tx) => {
      const locked = await repo.lockRequest(scope, tx, id);
      if (!locked || !OPEN.includes(locked.status as LeaveStatus))
        throw badRequest(LEAVE_MESSAGES.notPending, ERROR_CODES.leaveNotPending);
      if (!decides(scope.userId, locked, manages, managerId)) throw forbidden(LEAVE_MESSAGES.notYourTeam);
      const step = locked.status === 'pending' ? 'manager' : 'admin';
      const next: LeaveStatus =
        decision === 'declined' ? 'declined' : step === 'manager' && type?.adminApproval ? 'pending_admin' : 'approved';
      await repo.insertDecision(scope, tx, { id: newId(), requestId: id, step, decision, byId: scope.userId, note });
      await repo.setStatus(scope, tx, id, next);
      await recordAudit(scope, tx, {
        action: decision === 'approved' ? 'update' : 'cancel',
        entityType: 'leave_request',
        entityId: id,
        label: `${type?.name ?? ''} ${locked.startDate}–${locked.endDate}`,
        before: { status: locked.status },
        after: { status: next, step, decision, note },
      });
      return next;
    });
    await this.emails?.queue(staffSchool(scope), id, next);
    return this.detail(scope, id);
  }

  async cancel(scope: Scope, id: string): Promise<LeaveRequestDetail> {
    const { row, manages } = await this.readable(scope, id);
    if (row.staffId !== scope.userId && !manages) throw forbidden();
    const today = await this.today(scope);
    await this.db.transaction(async (tx) => {
      const locked = await repo.lockRequest(scope, tx, id);
      if (!locked) throw notFound();
      if (locked.status === 'declined' || locked.status === 'cancelled')
        throw badRequest(LEAVE_MESSAGES.notPending, ERROR_CODES.leaveNotPending);
      if (locked.startDate <= today) throw badRequest(LEAVE_MESSAGES.cannotCancel, ERROR_CODES.leaveStarted);
      await repo.setStatus(scope, tx, id, 'cancelled');
      await repo.clearCover(scope, tx, locked.staffId, locked.startDate, locked.endDate);
      await recordAudit(scope, tx, {
        action: 'cancel',
        entityType: 'leave_request',
        entityId: id,
        label: `${locked.startDate}–${locked.endDate}`,
        before: { status: locked.status },
        after: { status: 'cancelled' },
      });
    });
    return this.detail(scope, id);
  }

  /** Approved leave between two days (of these members; everyone's when none named), with its type. */
  async approvedDays(scope: Scope, from: string, to: string, staffIds?: readonly string[]) {
    const [rows, types] = await Promise.all([
      repo.leaveDays(scope, this.db, { from, to, statuses: ['approved'], staffIds }),
      repo.types(scope, this.db, { includeArchived: true }),
    ]);
    return rows.map((r) => {
      const t = types.find((x) => x.id === r.typeId);
      return {
        staffId: r.staffId,
        date: r.date,
        requestId: r.requestId,
        portion: r.portion as DayPortion,
        name: t?.name ?? '',
        code: t?.code ?? '',
        color: t?.color ?? '#868e96',
      };
    });
  }

  // ------------------------------------------------------------------ documents

  /** The applicant attaches a document to their request (replacing the one before). */
  async attach(scope: Scope, id: string, file: { filename: string; bytes: Buffer }): Promise<LeaveRequestDetail> {
    const { row } = await this.readable(scope, id);
    if (row.staffId !== scope.userId || row.status === 'declined' || row.status === 'cancelled') throw forbidden();
    if (!this.storage) throw notFound();
    const type = sniffDocument(file.bytes);
    if (!type) throw badRequest(DOCUMENT_TYPES_MESSAGE, ERROR_CODES.validation, 'file');
    const key = `leave/${staffSchool(scope)}/${id}-${newId()}.${type.ext}`;
    const name = cleanFileName(file.filename, type.ext);
    await this.storage.objects.put(key, file.bytes, type.mime);
    try {
      await this.db.transaction(async (tx) => {
        await repo.setDocument(scope, tx, id, { key, name, mime: type.mime, size: file.bytes.length });
        await recordAudit(scope, tx, {
          action: 'update',
          entityType: 'leave_request',
          entityId: id,
          label: name,
          before: { document: row.documentName },
          after: { document: name },
        });
      });
    } catch (err) {
      await this.storage.objects.remove(key).catch(() => undefined);
      throw err;
    }
    if (row.documentKey) await this.storage.objects.remove(row.documentKey).catch(() => undefined);
    return this.detail(scope, id);
  }

  /** The request's document, for whoever may read the request. */
  async document(scope: Scope, id: string): Promise<{ name: string; mime: string; bytes: Buffer }> {
    const { row } = await this.readable(scope, id);
    const bytes = row.documentKey && this.storage ? await this.storage.objects.read(row.documentKey) : null;
    if (!bytes) throw notFound();
    return { name: row.documentName ?? 'document', mime: row.documentMime ?? 'application/octet-stream', bytes };
  }

  // ------------------------------------------------------------------ cover

  /**
   * Each class day between two days whose teacher is on approved leave (the class meets that weekday and
   * is not on holiday), with the substitute named or null, and who could cover: members not away that day,
   * not covering another class and with no class of their own meeting that weekday.
   */
  private async coverDays(scope: Scope, from: string, to: string, f: { classId?: string; candidates: boolean }) {
    const [classes, away, covers, members] = await Promise.all([
      repo.classesOfStaff(scope, this.db),
      this.approvedDays(scope, from, to),
      repo.covers(scope, this.db, { from, to }),
      repo.staff(scope, this.db),
    ]);
    const names = new Map(members.map((m) => [m.id, m.name]));
    const person = (id: string) => ({ _id: id, name: names.get(id) ?? '' });
    const awayStaff = new Set(away.map((d) => d.staffId));
    // Only the classes of someone away: the holidays are read per class.
    const wanted = classes.filter((c) => awayStaff.has(c.staffId) && (!f.classId || c.classId === f.classId));
    const holidays = new Map<string, Set<string>>();
    for (const id of new Set(wanted.map((c) => c.classId)))
      holidays.set(id, await this.calendar.holidayDays(scope, id, from, to));
    const busy = (iso: string) => {
      const weekday = weekdayOf(iso);
      return new Set([
        ...away.filter((d) => d.date === iso).map((d) => d.staffId),
        ...covers.filter((c) => c.date === iso).map((c) => c.substituteId),
        ...classes.filter((c) => c.days.includes(weekday)).map((c) => c.staffId),
      ]);
    };
    const out: CoverDay[] = [];
    for (const d of away)
      for (const c of wanted) {
        if (c.staffId !== d.staffId || !c.days.includes(weekdayOf(d.date)) || holidays.get(c.classId)?.has(d.date)) continue;
        const cover = covers.find((x) => x.classId === c.classId && x.date === d.date && x.absentId === d.staffId);
        const taken = f.candidates ? busy(d.date) : new Set<string>();
        out.push({
          date: ddmmyyyyFromIso(d.date),
          class: { _id: c.classId, name: c.name },
          absent: person(d.staffId),
          portion: d.portion,
          leave_type: { name: d.name, code: d.code, color: d.color },
          request_id: d.requestId,
          substitute: cover ? person(cover.substituteId) : null,
          candidates: f.candidates
            ? members.filter((m) => !taken.has(m.id) || m.id === cover?.substituteId).map((m) => person(m.id))
            : [],
        });
      }
    return out;
  }

  async cover(scope: Scope, query: { from: string; to: string }) {
    staffSchool(scope);
    const from = isoFromWire(query.from, 'from');
    const to = isoFromWire(query.to, 'to');
    if (to < from) throw badRequest(LEAVE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'to');
    if (addDays(from, MAX_CALENDAR_DAYS - 1) < to)
      throw badRequest(`At most ${MAX_CALENDAR_DAYS} days at a time`, ERROR_CODES.validation, 'to');
    return { from: query.from, to: query.to, days: await this.coverDays(scope, from, to, { candidates: true }) };
  }

  /** The class's teachers away on a day and who covers them (who could, for leave managers). */
  async classCover(scope: Scope, classId: string, date: string): Promise<CoverDay[]> {
    await requireAccess(scope, 'class', [classId]);
    const iso = isoFromWire(date);
    return this.coverDays(scope, iso, iso, { classId, candidates: await this.isManager(scope) });
  }

  async assignCover(
    scope: Scope,
    body: { class_id: string; date: string; absent_id: string; substitute_id: string | null },
  ): Promise<CoverDay> {
    const iso = isoFromWire(body.date);
    const days = await this.coverDays(scope, iso, iso, { classId: body.class_id, candidates: true });
    const day = days.find((d) => d.absent._id === body.absent_id);
    if (!day) throw badRequest(LEAVE_MESSAGES.noCoverNeeded, ERROR_CODES.validation, 'date');
    if (body.substitute_id) {
      if ((await repo.staff(scope, this.db, [body.substitute_id])).length === 0) throw notFound();
      if (!day.candidates.some((c) => c._id === body.substitute_id))
        throw conflict(LEAVE_MESSAGES.coverBusy, ERROR_CODES.coverBusy);
    }
    await this.db.transaction(async (tx) => {
      await repo.setCover(scope, tx, {
        classId: body.class_id,
        date: iso,
        absentId: body.absent_id,
        substituteId: body.substitute_id,
        assignedBy: scope.userId,
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'leave_cover',
        entityId: day.request_id,
        label: `${day.class.name} ${iso}`,
        before: { substitute: day.substitute?._id ?? null },
        after: { substitute: body.substitute_id },
      });
    });
    const [after] = (await this.coverDays(scope, iso, iso, { classId: body.class_id, candidates: true })).filter(
      (d) => d.absent._id === body.absent_id,
    );
    if (!after) throw notFound();
    return after;
  }

  // ------------------------------------------------------------------ staff calendar

  async staffCalendar(scope: Scope, query: z.infer<typeof staffCalendarQuerySchema>): Promise<StaffCalendar> {
    staffSchool(scope);
    const from = isoFromWire(query.from, 'from');
    const to = isoFromWire(query.to, 'to');
    if (to < from) throw badRequest(LEAVE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'to');
    if (addDays(from, MAX_CALENDAR_DAYS - 1) < to)
      throw badRequest(`At most ${MAX_CALENDAR_DAYS} days at a time`, ERROR_CODES.validation, 'to');
    const classes = await repo.classesOfStaff(scope, this.db);
    let staffIds: string[] | undefined;
    if (query.class_id || query.division_id) {
      const wanted = await repo.classesInScope(scope, this.db, { classId: query.class_id, divisionId: query.division_id });
      if (wanted.length === 0) throw notFound();
      staffIds = [...new Set(classes.filter((c) => wanted.includes(c.classId)).map((c) => c.staffId))];
    }
    const statuses: LeaveStatus[] = query.include_pending === 'true' ? ['approved', ...OPEN] : ['approved'];
    const [rows, rules, holidays] = await Promise.all([
      repo.leaveDays(scope, this.db, { from, to, statuses, staffIds }),
      this.settingsOf(scope),
      this.calendar.holidayNames(scope, null, from, to),
    ]);
    const [types, people] = await Promise.all([
      repo.types(scope, this.db, { includeArchived: true }),
      repo.staff(scope, this.db, [...new Set(rows.map((r) => r.staffId))]),
    ]);
    const names = new Map(people.map((p) => [p.id, p.name]));
    const out: StaffCalendar['days'] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      out.push({
        date: ddmmyyyyFromIso(d),
        working: rules.workingDays.has(weekdayOf(d)) && !holidays.has(d),
        holiday: holidays.get(d) ?? null,
        absences: rows
          .filter((r) => r.date === d)
          .map((r) => {
            const t = types.find((x) => x.id === r.typeId);
            return {
              request_id: r.requestId,
              staff: { _id: r.staffId, name: names.get(r.staffId) ?? '' },
              leave_type: t ? typeChip(t) : { _id: r.typeId, name: '', code: '', color: '#868e96' },
              portion: r.portion as DayPortion,
              status: r.status as LeaveStatus,
              classes: classes.filter((c) => c.staffId === r.staffId).map((c) => ({ _id: c.classId, name: c.name })),
            };
          }),
      });
    }
    return { from: ddmmyyyyFromIso(from), to: ddmmyyyyFromIso(to), days: out };
  }
}
