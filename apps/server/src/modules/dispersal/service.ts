import { randomBytes, randomInt } from 'node:crypto';
import {
  type AdultRequest,
  addDays,
  type ChildDay,
  type ChildPickups,
  type ClassDay,
  DISPERSAL_ADMIN,
  DISPERSAL_MESSAGES,
  type Dismissal,
  type DispersalAlert,
  type DispersalAlertEvent,
  type DispersalEvent,
  type DispersalSettings,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type ExpectedCollector,
  type FamilyCode,
  type KioskFamily,
  type OneTimePickup,
  todayIn,
  weekdayOf,
} from '@cue/contract';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { instantToZoned, wallClock } from '../../platform/zoned.js';
import type { AttendanceService } from '../attendance/service.js';
import type { ChildRecordService, PickupContacts } from '../children/service.js';
import type { ClassService } from '../classes/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { PeopleService } from '../people/service.js';
import type { RoleService } from '../roles/service.js';
import type { SchoolService } from '../school/service.js';
import {
  DEFAULT_SETTINGS,
  type FamilyRow,
  parentCollector,
  pickupStatus,
  presentAlert,
  presentEvent,
  presentPickup,
  presentSettings,
  presentStudent,
} from './presenter.js';
import * as repo from './repo.js';

const EMAIL_JOB = 'dispersal-email';
const MAX_ACTIVE_PICKUPS = 5;

type KioskChild = KioskFamily['children'][number];

/** A child's class as drop-off reads it: its times and the days it meets. */
export interface ChildClass {
  id: string;
  name: string;
  days: string[];
  startTime: string | null;
  endTime: string | null;
}

/** Who brings or collects a child, once checked against the child's record. */
interface ResolvedAdult {
  kind: 'parent' | 'collector' | 'one_time' | 'other';
  name: string;
  relationship: string | null;
  contactId: string | null;
  parentId: string | null;
  pickupId: string | null;
}

/** How a check-in or out is made: at the desk by a staff member, or at a kiosk. */
export interface Via {
  via: 'staff' | 'kiosk';
  recordedBy: string | null;
  kioskId: string | null;
  kioskName: string | null;
}

/** One child's check-in or out in a batch (a kiosk checks in a family's children at once). */
export interface CheckItem {
  studentId: string;
  adult: AdultRequest;
  healthOk?: boolean;
  healthNote?: string | null;
}

/** The school's day at this instant. */
interface SchoolNow {
  zone: string;
  today: string;
  minute: number;
  now: Date;
}

/** A name as people type it: no case, no accents, single spaces. */
export const normaliseName = (name: string): string =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** 'HH:MM' (or 'hh:mm A') → minutes after midnight; null when unreadable. */
export function minutesOf(time: string | null | undefined): number | null {
  if (!time) return null;
  const m = /^(\d{1,2}):(\d{2})(?:\s*([AaPp])[Mm])?$/.exec(time.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  if (m[3]) hour = (hour % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0);
  return hour * 60 + minute;
}

/**
 * Drop-off and pick-up (issue 24): check-in and check-out of each child with the time and the adult,
 * authorised and blocked collectors from the child's record, one-time pick-up people, the live
 * dismissal list, late pick-ups, alerts to staff, and notifications to families. Check-in marks
 * attendance through the attendance service.
 */
export class DispersalService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly classes: ClassService,
    readonly attendance: AttendanceService,
    readonly children: ChildRecordService,
    readonly scopes: ScopeFactory,
    readonly jobs: JobQueue,
    readonly emailTemplates: EmailTemplateService,
    readonly events: EventBus,
    readonly roles: RoleService,
    readonly people: PeopleService,
  ) {
    jobs.handle(EMAIL_JOB, (payload) => this.sendEmail(payload));
  }

  /** The school's own system (a kiosk, a job, a family's read once its access was checked). */
  systemScope(schoolId: string, sessionId = 'system:dispersal'): Scope {
    return this.scopes.of({ userId: '', kind: 'staff', schoolId, sessionId, isTemp: false });
  }

  private async schoolNow(scope: Scope): Promise<SchoolNow> {
    const zone = await this.school.timeZone(scope);
    const now = this.clock.now();
    const wall = wallClock(now, zone);
    return { zone, today: todayIn(zone, now), minute: wall.minute, now };
  }

  // ------------------------------------------------------------------ settings

  /** Settings read by every check-in of the morning rush: kept 10 s (a save here clears them at once). */
  private readonly settingsCache = new TtlCache<DispersalSettings>(10_000, 10_000);

  async settings(scope: Scope): Promise<DispersalSettings> {
    const schoolId = staffSchool(scope);
    const known = this.settingsCache.get(schoolId);
    if (known) return { ...known };
    const row = await repo.settings(scope, this.db);
    if (!row) await repo.ensureSettings(scope, this.db);
    const settings = row ? presentSettings(row) : { ...DEFAULT_SETTINGS };
    this.settingsCache.set(schoolId, settings);
    return { ...settings };
  }

  async saveSettings(scope: Scope, body: DispersalSettings): Promise<DispersalSettings> {
    this.settingsCache.delete(staffSchool(scope));
    await repo.saveSettings(scope, this.db, {
      healthQuestion: body.health_question?.trim() ? body.health_question.trim() : null,
      lateAfterMinutes: body.late_after_minutes,
      closingTime: body.closing_time,
      latePickupGraceMinutes: body.late_pickup_grace_minutes,
      notifyFamilies: body.notify_families,
      markAttendance: body.mark_attendance,
      updatedAt: this.clock.now(),
    });
    return this.settings(scope);
  }

  // ------------------------------------------------------------------ reading days

  /** The class each child is in today: the one that meets today, else the first (by name). */
  private async classesOf(scope: Scope, studentIds: readonly string[], today: string): Promise<Map<string, ChildClass>> {
    const rows = await repo.classesOfStudents(scope, this.db, studentIds);
    const day = weekdayOf(today);
    const out = new Map<string, ChildClass>();
    for (const r of rows) {
      const current = out.get(r.studentId);
      const c = { id: r.classId, name: r.name, days: r.days, startTime: r.startTime, endTime: r.endTime };
      if (!current || (!current.days.includes(day) && c.days.includes(day))) out.set(r.studentId, c);
    }
    return out;
  }

  /** Closing time in minutes for a class: the school's, else the class's end. */
  private closingOf(settings: DispersalSettings, cls: ChildClass | undefined): number | null {
    return minutesOf(settings.closing_time) ?? minutesOf(cls?.endTime);
  }

  /**
   * Today's state of these children, each in the given class: status from the last events of the day,
   * attendance, badges, expected collectors and blocked names. Reads for all children at once (a
   * handful of queries for a class, none per child). The caller has checked access.
   */
  async daysOf(
    scope: Scope,
    students: readonly repo.StudentRow[],
    classFor: Map<string, ChildClass>,
    at: SchoolNow,
    settings: DispersalSettings,
  ): Promise<Map<string, ChildDay>> {
    const ids = students.map((s) => s.id);
    const classIds = [...new Set([...classFor.values()].map((c) => c.id))];
    const [events, marks, badges, families, contacts, pickups] = await Promise.all([
      repo.eventsOfDay(scope, this.db, ids, at.today),
      this.attendance.marksOn(scope, classIds, at.today),
      this.children.alertsOf(scope, ids),
      this.familiesOf(scope, ids),
      this.children.pickupContactsOf(scope, ids),
      repo.pickupsOf(scope, this.db, ids, at.today),
    ]);
    const byId = new Map(students.map((s) => [s.id, s]));
    const out = new Map<string, ChildDay>();
    for (const s of students) {
      const cls = classFor.get(s.id);
      if (!cls) continue;
      const own = events.filter((e) => e.event.studentId === s.id);
      const lastIn = own.filter((e) => e.event.kind === 'in').at(-1);
      const lastOut = own.filter((e) => e.event.kind === 'out').at(-1);
      const last = own.at(-1);
      const status: ChildDay['status'] = !last ? 'not_arrived' : last.event.kind === 'in' ? 'in' : 'out';
      const closing = this.closingOf(settings, cls);
      const expected = this.expectedOf(
        s.id,
        families,
        contacts.get(s.id),
        pickups.filter((p) => String(p.pickup.date) === at.today && pickupStatus(p.pickup, at.today) === 'active'),
      );
      out.set(s.id, {
        student: presentStudent(s),
        class_id: cls.id,
        class_name: cls.name,
        status,
        checked_in: lastIn ? presentEvent(lastIn, byId.get(s.id)) : null,
        checked_out: lastOut && status === 'out' ? presentEvent(lastOut, byId.get(s.id)) : null,
        attendance: marks.get(s.id) ?? 'NA',
        alerts: badges.get(s.id) ?? [],
        expected,
        blocked: contacts.get(s.id)?.blocked ?? [],
        late_pickup: status === 'in' && closing !== null && at.minute > closing + settings.late_pickup_grace_minutes,
      });
    }
    return out;
  }

  private expectedOf(
    studentId: string,
    families: FamilyRow[],
    contacts: PickupContacts | undefined,
    pickups: repo.PickupWithCreator[],
  ): ExpectedCollector[] {
    return [
      ...families.filter((f) => f.studentId === studentId).map(parentCollector),
      ...(contacts?.collectors ?? []).map(
        (c): ExpectedCollector => ({
          kind: 'collector',
          name: c.name,
          relationship: c.relationship,
          phone: c.phone,
          photo: c.photo,
          contact_id: c.id,
          parent_id: null,
          pickup_id: null,
        }),
      ),
      ...pickups
        .filter((p) => p.pickup.studentId === studentId)
        .map(
          (p): ExpectedCollector => ({
            kind: 'one_time',
            name: p.pickup.name,
            relationship: p.pickup.relationship,
            phone: p.pickup.phone,
            photo: null,
            contact_id: null,
            parent_id: null,
            pickup_id: p.pickup.id,
          }),
        ),
    ];
  }

  /** A kiosk's view of a code's children: each with its class, today's status and who may collect it. */
  async kioskChildren(scope: Scope, students: readonly repo.StudentRow[]): Promise<KioskChild[]> {
    const [settings, at] = await Promise.all([this.settings(scope), this.schoolNow(scope)]);
    const classFor = await this.classesOf(
      scope,
      students.map((s) => s.id),
      at.today,
    );
    const days = await this.daysOf(scope, students, classFor, at, settings);
    return [...days.values()].sort(byName).map((d) => ({
      student: d.student,
      class_name: d.class_name,
      status: d.status,
      // A shared tablet shows who may collect by name and photo; their phone numbers stay with the staff.
      collectors: d.expected.map((c) => ({ ...c, phone: null })),
    }));
  }

  /** A class's day at the desk: its children with today's state, for the class's staff. */
  async classDay(scope: Scope, classId: string): Promise<ClassDay> {
    const detail = await this.classes.detail(scope, classId);
    const ids = detail.student_list.map((s) => s.id);
    const [settings, at, students] = await Promise.all([
      this.settings(scope),
      this.schoolNow(scope),
      repo.studentsOf(scope, this.db, ids),
    ]);
    const cls: ChildClass = {
      id: detail.id,
      name: detail.class_name,
      days: detail.classes_days,
      startTime: detail.start_time,
      endTime: detail.end_time,
    };
    const days = await this.daysOf(scope, students, new Map(ids.map((id) => [id, cls])), at, settings);
    const children = [...days.values()].sort(byName);
    return {
      class: { id: detail.id, class_name: detail.class_name, start_time: detail.start_time, end_time: detail.end_time },
      date: ddmmyyyyFromIso(at.today),
      closing_time: settings.closing_time ?? detail.end_time,
      health_question: settings.health_question,
      children,
      counts: {
        children: children.length,
        in: children.filter((c) => c.status === 'in').length,
        out: children.filter((c) => c.status === 'out').length,
        not_arrived: children.filter((c) => c.status === 'not_arrived').length,
      },
      abilities: { can_check: true },
    };
  }

  /** Children checked in and not out today, across the caller's classes (or one), by class then name. */
  async dismissal(scope: Scope, classId?: string): Promise<Dismissal> {
    staffSchool(scope);
    if (classId) await requireAccess(scope, 'class', [classId]);
    const all = await this.classes.classesUsers(scope);
    const chosen = classId ? all.filter((c) => c.id === classId) : all;
    const [settings, at] = await Promise.all([this.settings(scope), this.schoolNow(scope)]);
    const classFor = new Map<string, ChildClass>();
    for (const c of [...chosen].sort((a, b) => a.class_name.localeCompare(b.class_name)))
      for (const s of c.student_list)
        if (!classFor.has(s.id))
          classFor.set(s.id, {
            id: c.id,
            name: c.class_name,
            days: c.classes_days,
            startTime: c.start_time,
            endTime: c.end_time,
          });
    // Only those with an event today can be in: read the day first, then the rest for them alone.
    const todays = await repo.eventsOfDay(scope, this.db, [...classFor.keys()], at.today);
    const lastKind = new Map<string, string>();
    for (const e of todays) lastKind.set(e.event.studentId, e.event.kind);
    const inIds = [...lastKind].filter(([, k]) => k === 'in').map(([id]) => id);
    const students = await repo.studentsOf(scope, this.db, inIds);
    const days = await this.daysOf(scope, students, classFor, at, settings);
    const children = [...days.values()]
      .filter((d) => d.status === 'in')
      .sort((a, b) => a.class_name.localeCompare(b.class_name) || a.class_id.localeCompare(b.class_id) || byName(a, b));
    return { date: ddmmyyyyFromIso(at.today), closing_time: settings.closing_time, children };
  }

  // ------------------------------------------------------------------ checking in and out

  /** A staff member checks in a child of a class they reach. */
  async checkIn(
    scope: Scope,
    body: { student_id: string; adult: AdultRequest; health_ok?: boolean; health_note?: string | null },
  ): Promise<DispersalEvent> {
    await requireAccess(scope, 'child', [body.student_id]);
    const [event] = await this.record(
      scope,
      'in',
      [{ studentId: body.student_id, adult: body.adult, healthOk: body.health_ok, healthNote: body.health_note ?? null }],
      { via: 'staff', recordedBy: scope.userId, kioskId: null, kioskName: null },
    );
    if (!event) throw notFound();
    return event;
  }

  /** A staff member checks out a child of a class they reach. */
  async checkOut(scope: Scope, body: { student_id: string; adult: AdultRequest }): Promise<DispersalEvent> {
    await requireAccess(scope, 'child', [body.student_id]);
    const [event] = await this.record(scope, 'out', [{ studentId: body.student_id, adult: body.adult }], {
      via: 'staff',
      recordedBy: scope.userId,
      kioskId: null,
      kioskName: null,
    });
    if (!event) throw notFound();
    return event;
  }

  /**
   * Checks children in or out, all or none (one transaction): each must be of the scope's school (the
   * caller checked access), in (for out) or not in (for in) today, and brought or collected by an adult
   * the child's record allows. Then attendance, alerts and families' notifications follow.
   */
  async record(scope: Scope, kind: 'in' | 'out', items: CheckItem[], via: Via): Promise<DispersalEvent[]> {
    const schoolId = staffSchool(scope);
    const ids = [...new Set(items.map((i) => i.studentId))];
    const [settings, at, students] = await Promise.all([
      this.settings(scope),
      this.schoolNow(scope),
      repo.studentsOf(scope, this.db, ids),
    ]);
    if (students.length !== ids.length) throw notFound();
    const [classFor, todays, families, contacts] = await Promise.all([
      this.classesOf(scope, ids, at.today),
      repo.eventsOfDay(scope, this.db, ids, at.today),
      this.familiesOf(scope, ids),
      this.children.pickupContactsOf(scope, ids),
    ]);
    const byId = new Map(students.map((s) => [s.id, s]));
    const rows: repo.EventInsert[] = [];
    const toUse: string[] = [];
    for (const item of items) {
      const student = byId.get(item.studentId);
      const cls = classFor.get(item.studentId);
      if (!student || !cls) throw notFound();
      const last = todays.filter((e) => e.event.studentId === item.studentId).at(-1)?.event.kind;
      if (kind === 'in' && last === 'in') throw conflict(DISPERSAL_MESSAGES.alreadyIn, ERROR_CODES.alreadyCheckedIn);
      if (kind === 'out' && last !== 'in') throw conflict(DISPERSAL_MESSAGES.notIn, ERROR_CODES.notCheckedIn);
      if (kind === 'in' && settings.health_question && item.healthOk === undefined)
        throw badRequest(DISPERSAL_MESSAGES.healthRequired, ERROR_CODES.healthAnswerRequired, 'health_ok');
      const adult = await this.resolveAdult(scope, {
        student,
        classId: cls.id,
        adult: item.adult,
        today: at.today,
        families: families.filter((f) => f.studentId === student.id),
        contacts: contacts.get(student.id) ?? { collectors: [], blocked: [] },
        via,
      });
      if (kind === 'out' && adult.pickupId) toUse.push(adult.pickupId);
      let late = false;
      let lateMinutes: number | null = null;
      if (kind === 'in') {
        const start = minutesOf(cls.startTime);
        if (start !== null && at.minute > start + settings.late_after_minutes) {
          late = true;
          lateMinutes = at.minute - start;
        }
      } else {
        const closing = this.closingOf(settings, cls);
        if (closing !== null && at.minute > closing + settings.late_pickup_grace_minutes) {
          late = true;
          lateMinutes = at.minute - closing;
        }
      }
      rows.push({
        id: newId(),
        schoolId,
        studentId: student.id,
        classId: cls.id,
        kind,
        at: at.now,
        date: at.today,
        adultKind: adult.kind,
        adultName: adult.name,
        adultRelationship: adult.relationship,
        contactId: adult.contactId,
        parentId: adult.parentId,
        pickupId: adult.pickupId,
        via: via.via,
        recordedBy: via.recordedBy,
        kioskId: via.kioskId,
        healthOk: kind === 'in' ? (item.healthOk ?? null) : null,
        healthNote: kind === 'in' ? (item.healthNote ?? null) : null,
        late,
        lateMinutes,
      });
    }
    await this.db.transaction(async (tx) => {
      for (const id of toUse)
        if (!(await repo.usePickup(scope, tx, id, at.now)))
          throw new AppError(403, DISPERSAL_MESSAGES.pickupCodeInvalid, ERROR_CODES.pickupCodeInvalid);
      await repo.insertEvents(scope, tx, rows);
    });
    await this.afterRecord(scope, rows, classFor, settings, at, families);
    const written = await repo.eventsOfDay(scope, this.db, ids, at.today);
    const made = new Set(rows.map((r) => r.id));
    return written.filter((e) => made.has(e.event.id)).map((e) => presentEvent(e, byId.get(e.event.studentId)));
  }

  /** What follows a check-in or out: the attendance mark, a health alert, the families told. */
  private async afterRecord(
    scope: Scope,
    rows: repo.EventInsert[],
    classFor: Map<string, ChildClass>,
    settings: DispersalSettings,
    at: SchoolNow,
    families: FamilyRow[],
  ): Promise<void> {
    const schoolId = staffSchool(scope);
    const weekday = weekdayOf(at.today);
    for (const r of rows) {
      const cls = classFor.get(r.studentId);
      if (r.kind === 'in' && settings.mark_attendance && cls?.days.includes(weekday))
        await this.attendance.recordArrival(
          scope,
          r.classId,
          r.studentId,
          at.today,
          r.late ? 'late' : 'present',
          r.recordedBy ?? null,
        );
      if (r.kind === 'in' && r.healthOk === false)
        await this.alert(scope, {
          kind: 'health',
          studentId: r.studentId,
          classId: r.classId,
          adultName: r.adultName,
          detail: `${settings.health_question ?? ''}: No${r.healthNote ? ` (${r.healthNote})` : ''}`,
          via: { via: r.via as Via['via'], recordedBy: r.recordedBy ?? null, kioskId: r.kioskId ?? null, kioskName: null },
        });
    }
    await this.announce(
      scope,
      rows.map((r) => ({
        id: r.id ?? '',
        studentId: r.studentId,
        classId: r.classId,
        kind: r.kind as 'in' | 'out',
        adultName: r.adultName,
      })),
      at.now,
      families,
    );
    if (settings.notify_families)
      for (const r of rows)
        await this.jobs.schedule(`dispersal-email:${r.id}`, EMAIL_JOB, at.now, { school_id: schoolId, event_id: r.id });
  }

  /** Tells the children's families and their classes' staff (a family's app and dismissal lists read again). */
  private async announce(
    scope: Scope,
    events: { id: string; studentId: string; classId: string; kind: 'in' | 'out'; adultName: string }[],
    at: Date,
    known?: FamilyRow[],
  ): Promise<void> {
    if (events.length === 0) return;
    const schoolId = staffSchool(scope);
    const [families, staff] = await Promise.all([
      known ??
        this.familiesOf(
          scope,
          events.map((e) => e.studentId),
        ),
      repo.classStaffUsers(scope, this.db, [...new Set(events.map((e) => e.classId))]),
    ]);
    for (const e of events)
      this.events.publish('dispersal.updated', {
        schoolId,
        studentId: e.studentId,
        classId: e.classId,
        kind: e.kind,
        at: at.toISOString(),
        adultName: e.adultName,
        userIds: [...new Set([...families.filter((f) => f.studentId === e.studentId).map((f) => f.userId), ...staff])],
      });
  }

  /**
   * Who brings or collects the child, checked against its record — the one rule of the desk and the
   * kiosk, for drop-off and pick-up alike: one of its parents, one of its `collector` contacts, the
   * holder of a one-time code valid today for this child, or someone named who is one of those. A name
   * matching a `not_allowed` contact is blocked; anyone else is refused. Refusals alert the staff.
   */
  private async resolveAdult(
    scope: Scope,
    c: {
      student: repo.StudentRow;
      classId: string;
      adult: AdultRequest;
      today: string;
      families: FamilyRow[];
      contacts: PickupContacts;
      via: Via;
    },
  ): Promise<ResolvedAdult> {
    const { adult, families, contacts } = c;
    const blockedNames = new Set(contacts.blocked.map(normaliseName));
    const refuse = async (
      alertKind: 'not_authorised' | 'blocked' | 'invalid_pickup_code',
      name: string | null,
    ): Promise<never> => {
      const detail =
        alertKind === 'blocked'
          ? DISPERSAL_MESSAGES.blocked
          : alertKind === 'invalid_pickup_code'
            ? DISPERSAL_MESSAGES.pickupCodeInvalid
            : DISPERSAL_MESSAGES.notAuthorised;
      await this.alert(scope, {
        kind: alertKind,
        studentId: c.student.id,
        classId: c.classId,
        adultName: name,
        detail: c.via.kioskName ? `${detail} (${c.via.kioskName})` : detail,
        via: c.via,
      });
      if (alertKind === 'blocked') throw new AppError(403, DISPERSAL_MESSAGES.blocked, ERROR_CODES.collectorBlocked);
      if (alertKind === 'invalid_pickup_code')
        throw new AppError(403, DISPERSAL_MESSAGES.pickupCodeInvalid, ERROR_CODES.pickupCodeInvalid);
      throw new AppError(403, DISPERSAL_MESSAGES.notAuthorised, ERROR_CODES.notAuthorisedCollector);
    };
    const checked = async (found: ResolvedAdult): Promise<ResolvedAdult> =>
      blockedNames.has(normaliseName(found.name)) ? refuse('blocked', found.name) : found;
    const asParent = (f: FamilyRow): ResolvedAdult => ({
      kind: 'parent',
      name: `${f.firstName} ${f.lastName}`.trim(),
      relationship: f.relation || null,
      contactId: null,
      parentId: f.parentId,
      pickupId: null,
    });
    const asCollector = (k: PickupContacts['collectors'][number]): ResolvedAdult => ({
      kind: 'collector',
      name: k.name,
      relationship: k.relationship,
      contactId: k.id,
      parentId: null,
      pickupId: null,
    });
    switch (adult.kind) {
      case 'parent': {
        const f = families.find((x) => x.parentId === adult.parent_id);
        return f ? checked(asParent(f)) : refuse('not_authorised', null);
      }
      case 'collector': {
        const k = contacts.collectors.find((x) => x.id === adult.contact_id);
        return k ? checked(asCollector(k)) : refuse('not_authorised', null);
      }
      case 'one_time': {
        const p = await repo.pickupByCode(scope, this.db, adult.code, c.today);
        if (!p || p.studentId !== c.student.id || p.usedAt || p.cancelledAt)
          return refuse('invalid_pickup_code', p?.name ?? null);
        return checked({
          kind: 'one_time',
          name: p.name,
          relationship: p.relationship,
          contactId: null,
          parentId: null,
          pickupId: p.id,
        });
      }
      case 'other': {
        const name = normaliseName(adult.name);
        if (blockedNames.has(name)) return refuse('blocked', adult.name.trim());
        const f = families.find((x) => normaliseName(`${x.firstName} ${x.lastName}`) === name);
        if (f) return asParent(f);
        const k = contacts.collectors.find((x) => normaliseName(x.name) === name);
        if (k) return asCollector(k);
        return refuse('not_authorised', adult.name.trim());
      }
    }
  }

  /** Removes today's entry made by mistake (its attendance mark stays: a teacher corrects it there). */
  async voidEvent(scope: Scope, id: string): Promise<void> {
    staffSchool(scope);
    const row = await repo.eventById(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'class', [row.event.classId]);
    const at = await this.schoolNow(scope);
    if (String(row.event.date) !== at.today) throw conflict(DISPERSAL_MESSAGES.notToday);
    if (!(await repo.voidEvent(scope, this.db, id, scope.userId, at.now))) throw notFound();
    await this.announce(
      scope,
      [
        {
          id,
          studentId: row.event.studentId,
          classId: row.event.classId,
          kind: row.event.kind as 'in' | 'out',
          adultName: row.event.adultName,
        },
      ],
      at.now,
    );
  }

  // ------------------------------------------------------------------ alerts

  /** Records an alert and tells the class's staff and the school's drop-off admins. */
  async alert(
    scope: Scope,
    a: {
      kind: DispersalAlert['kind'];
      studentId: string | null;
      classId: string | null;
      adultName: string | null;
      detail: string;
      via: Via;
    },
  ): Promise<void> {
    const schoolId = staffSchool(scope);
    const id = newId();
    await repo.insertAlert(scope, this.db, {
      id,
      schoolId,
      kind: a.kind,
      studentId: a.studentId,
      classId: a.classId,
      adultName: a.adultName,
      detail: a.detail,
      via: a.via.via,
      kioskId: a.via.kioskId,
      at: this.clock.now(),
    });
    const [staff, admins] = await Promise.all([
      a.classId ? repo.classStaffUsers(scope, this.db, [a.classId]) : Promise.resolve([]),
      this.roles.holdersOf(scope, DISPERSAL_ADMIN),
    ]);
    const alert: DispersalAlertEvent = {
      id,
      kind: a.kind,
      student_id: a.studentId,
      class_id: a.classId,
      adult_name: a.adultName,
      detail: a.detail,
    };
    this.events.publish('dispersal.alert', { schoolId, alert, userIds: [...new Set([...staff, ...admins])] });
  }

  private async isAdmin(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(DISPERSAL_ADMIN);
  }

  /** Open (or all) alerts: every one for drop-off's admins; those of their classes (and of no class) for teachers. */
  async alerts(scope: Scope, status: 'open' | 'all'): Promise<DispersalAlert[]> {
    staffSchool(scope);
    const classIds = (await this.isAdmin(scope)) ? undefined : (await this.classes.staffClasses(scope)).map((c) => c.id);
    const rows = await repo.alerts(scope, this.db, { open: status === 'open', classIds });
    return rows.map(presentAlert);
  }

  async closeAlert(scope: Scope, id: string): Promise<DispersalAlert> {
    staffSchool(scope);
    const [row] = await repo.alerts(scope, this.db, { open: false, id });
    if (!row) throw notFound();
    if (row.alert.classId && !(await this.isAdmin(scope))) await requireAccess(scope, 'class', [row.alert.classId]);
    await repo.closeAlert(scope, this.db, id, scope.userId, this.clock.now());
    const [closed] = await repo.alerts(scope, this.db, { open: false, id });
    if (!closed) throw notFound();
    return presentAlert(closed);
  }

  // ------------------------------------------------------------------ the family's side

  /**
   * A child the caller reaches (a family its own, staff those of the classes they reach), at a school
   * with drop-off and pick-up on: the child and its school's system scope for the reads that follow.
   */
  /** The children's parents, each with the email the school recorded on that child's link, else their account's. */
  private async familiesOf(scope: Scope, studentIds: readonly string[]): Promise<FamilyRow[]> {
    const rows = await this.people.familiesOf(scope, studentIds);
    return rows.map(({ childEmail, ...f }) => ({ ...f, email: childEmail ?? f.email }));
  }

  private async reachChild(
    scope: Scope,
    studentId: string,
  ): Promise<{ student: repo.StudentRow; system: Scope; staff: boolean }> {
    await requireAccess(scope, 'child', [studentId]);
    const [student] = await repo.studentsOf(scope, this.db, [studentId]);
    if (!student) throw notFound();
    if (!(await this.scopes.featuresOf(student.schoolId)).has('entry_dispersal')) throw forbidden();
    return { student, system: this.systemScope(student.schoolId), staff: scope.kind === 'staff' };
  }

  async childPickups(scope: Scope, studentId: string): Promise<ChildPickups> {
    const { student, system } = await this.reachChild(scope, studentId);
    const [settings, at] = await Promise.all([this.settings(system), this.schoolNow(system)]);
    const classFor = await this.classesOf(system, [studentId], at.today);
    const cls = classFor.get(studentId);
    const meets = !!cls && cls.days.includes(weekdayOf(at.today));
    const [days, families, contacts, pickups, recent] = await Promise.all([
      meets ? this.daysOf(system, [student], classFor, at, settings) : Promise.resolve(new Map<string, ChildDay>()),
      this.familiesOf(system, [studentId]),
      this.children.pickupContactsOf(system, [studentId]),
      repo.pickupsOf(system, this.db, [studentId], addDays(at.today, -7)),
      repo.eventsOfChild(system, this.db, studentId, { limit: 10, offset: 0 }),
    ]);
    return {
      today: days.get(studentId) ?? null,
      collectors: this.expectedOf(studentId, families, contacts.get(studentId), []),
      one_time: pickups.map((p) => presentPickup(p, student, at.today)),
      recent: recent.rows.map((e) => presentEvent(e, student)),
      abilities: { can_add_one_time: true, can_check: scope.kind === 'staff' },
    };
  }

  async childPickupEvents(
    scope: Scope,
    studentId: string,
    q: { from?: string; to?: string; page: number; page_size: number; cursor?: string },
  ): Promise<{ items: DispersalEvent[]; total: number; page: number; page_size: number; next_cursor: string | null }> {
    const { student, system } = await this.reachChild(scope, studentId);
    const { rows, total, nextCursor } = await repo.eventsOfChild(system, this.db, studentId, {
      from: q.from,
      to: q.to,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
      cursor: q.cursor,
    });
    return {
      items: rows.map((e) => presentEvent(e, student)),
      total,
      page: q.page,
      page_size: q.page_size,
      next_cursor: nextCursor,
    };
  }

  /** A family (or staff) sends someone to collect the child once, on a day, with a 6-digit code. */
  async createPickup(
    scope: Scope,
    studentId: string,
    body: { name: string; relationship?: string | null; phone?: string | null; date: string },
  ): Promise<OneTimePickup> {
    const { student, system } = await this.reachChild(scope, studentId);
    const at = await this.schoolNow(system);
    if (body.date < at.today) throw badRequest(DISPERSAL_MESSAGES.pickupInPast, ERROR_CODES.validation, 'date');
    if ((await repo.activePickupCount(system, this.db, studentId, body.date)) >= MAX_ACTIVE_PICKUPS)
      throw conflict(`At most ${MAX_ACTIVE_PICKUPS} pick-up people a day for a child`);
    const id = newId();
    for (let attempt = 0; ; attempt++) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const made = await repo.insertPickup(system, this.db, {
        id,
        schoolId: student.schoolId,
        studentId,
        name: body.name.trim(),
        relationship: body.relationship?.trim() || null,
        phone: body.phone?.trim() || null,
        date: body.date,
        code,
        createdBy: scope.userId,
        createdAt: at.now,
      });
      if (made) break;
      if (attempt > 20) throw conflict('No pick-up code is free that day: try again');
    }
    const row = await repo.pickupById(system, this.db, id);
    if (!row) throw notFound();
    return presentPickup(row, student, at.today);
  }

  /** Cancels a one-time pick-up: the child's family (who made it or any parent), or staff who reach the child. */
  async cancelPickup(scope: Scope, id: string): Promise<void> {
    const row = await repo.pickupById(scope, this.db, id);
    if (!row) throw notFound();
    const { system } = await this.reachChild(scope, row.pickup.studentId);
    if (row.pickup.usedAt || row.pickup.cancelledAt) return;
    await repo.cancelPickup(system, this.db, id, this.clock.now());
  }

  // ------------------------------------------------------------------ family codes

  /** The parent's children by school, at schools with drop-off and pick-up on. */
  private async familySchools(scope: Scope) {
    const parentId = await scope.parentId();
    if (scope.kind !== 'parent' || !parentId) throw forbidden();
    const kids = await repo.parentChildrenOf(scope, this.db, parentId);
    const bySchool = new Map<string, { id: string; name: string; children: typeof kids }>();
    for (const k of kids) {
      const entry = bySchool.get(k.schoolId) ?? { id: k.schoolId, name: k.schoolName, children: [] };
      entry.children.push(k);
      bySchool.set(k.schoolId, entry);
    }
    const on = await Promise.all(
      [...bySchool.values()].map(async (s) => ((await this.scopes.featuresOf(s.id)).has('entry_dispersal') ? s : null)),
    );
    return { parentId, schools: on.filter((s) => s !== null) };
  }

  private static newCode(): { code: string; qrSecret: string } {
    return { code: String(randomInt(0, 10_000)).padStart(4, '0'), qrSecret: randomBytes(24).toString('base64url') };
  }

  /** The parent's family code at each school of their children (made on first read). */
  async familyCodes(scope: Scope): Promise<FamilyCode[]> {
    const { parentId, schools } = await this.familySchools(scope);
    let codes = await repo.familyCodesOf(scope, this.db, parentId);
    const missing = schools.filter((s) => !codes.some((c) => c.schoolId === s.id));
    for (const s of missing) {
      for (let attempt = 0; ; attempt++) {
        const made = await repo.insertFamilyCode(scope, this.db, {
          id: newId(),
          schoolId: s.id,
          parentId,
          ...DispersalService.newCode(),
          createdAt: this.clock.now(),
        });
        if (made) break;
        // Another request made this parent's code meanwhile: it stands.
        if ((await repo.familyCodesOf(scope, this.db, parentId)).some((c) => c.schoolId === s.id)) break;
        if (attempt > 50) throw conflict('No family code is free: try again');
      }
    }
    if (missing.length) codes = await repo.familyCodesOf(scope, this.db, parentId);
    return schools.flatMap((s) => {
      const c = codes.find((x) => x.schoolId === s.id);
      return c
        ? [
            {
              school: { id: s.id, name: s.name },
              code: c.code,
              qr: `cue-family:${c.qrSecret}`,
              children: s.children.map(presentStudent),
            },
          ]
        : [];
    });
  }

  /** A new code and QR secret for one school (the old ones stop working). */
  async renewFamilyCode(scope: Scope, schoolId: string): Promise<FamilyCode> {
    const current = await this.familyCodes(scope);
    const mine = current.find((c) => c.school.id === schoolId);
    if (!mine) throw notFound();
    const { parentId } = await this.familySchools(scope);
    const row = (await repo.familyCodesOf(scope, this.db, parentId)).find((c) => c.schoolId === schoolId);
    if (!row) throw notFound();
    for (let attempt = 0; ; attempt++) {
      if (await repo.renewFamilyCode(scope, this.db, row.id, { ...DispersalService.newCode(), createdAt: this.clock.now() }))
        break;
      if (attempt > 50) throw conflict('No family code is free: try again');
    }
    const renewed = (await this.familyCodes(scope)).find((c) => c.school.id === schoolId);
    if (!renewed) throw notFound();
    return renewed;
  }

  // ------------------------------------------------------------------ emails

  /** The job: each family member with an address is told of a check-in or out, in their language. */
  /** How many times each child was collected late between two days (ISO, inclusive): fees bill them (`q`: the caller's transaction). */
  latePickupCounts(
    scope: Scope,
    studentIds: readonly string[],
    fromIso: string,
    toIso: string,
    q: Queryable = this.db,
  ): Promise<Map<string, number>> {
    return repo.latePickupCounts(scope, q, studentIds, fromIso, toIso);
  }

  async sendEmail(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.school_id ?? '');
    const eventId = String(payload.event_id ?? '');
    if (!schoolId || !eventId) return;
    const system = this.systemScope(schoolId, 'job:dispersal');
    const row = await repo.eventById(system, this.db, eventId);
    if (!row || row.event.voidedAt) return;
    const [[student], families, school, zone] = await Promise.all([
      repo.studentsOf(system, this.db, [row.event.studentId]),
      this.familiesOf(system, [row.event.studentId]),
      repo.schoolOf(system, this.db),
      this.school.timeZone(system),
    ]);
    if (!student) return;
    const time = instantToZoned(new Date(row.event.at), zone).time;
    for (const f of families) {
      if (!f.email) continue;
      await this.emailTemplates.send(system, {
        key: row.event.kind === 'in' ? 'dispersal_checked_in' : 'dispersal_checked_out',
        to: f.email,
        userId: f.userId,
        values: {
          first_name: f.firstName,
          child_name: student.firstName,
          time,
          adult_name: row.event.adultName,
          school_name: school?.name ?? '',
        },
      });
    }
  }
}

const byName = (a: ChildDay, b: ChildDay) =>
  a.student.first_name.localeCompare(b.student.first_name) || a.student.last_name.localeCompare(b.student.last_name);

export { pickupStatus };
