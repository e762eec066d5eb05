import {
  addDays,
  CARELOG_MESSAGES,
  type CareAlert,
  type CareDay,
  type CareDetails,
  type CareEntry,
  type CareEntryEdit,
  type CareEntryRequest,
  type CarelogSettings,
  type ChildCareDay,
  type DoseRequest,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type Incident,
  type IncidentCorrection,
  type IncidentRequest,
  type Language,
  type Medicine,
  type MedicineRequest,
  type NapNow,
  type RolePermission,
} from '@cue/contract';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { html, type SafeHtml, trustedHtml } from '../../platform/email.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { signMedia } from '../../platform/media-urls.js';
import type { ChildRecordService } from '../children/service.js';
import { INCIDENT_WORDS } from '../email-templates/defaults.js';
import type { EmailValues } from '../email-templates/render.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { hhmmOf, incidentPeople, minuteOf, presentDose, presentEntry, presentIncident, presentMedicine } from './presenter.js';
import * as repo from './repo.js';
import { fromStamp, instantOf, stampOf, wallClock } from './time.js';

/** The job that emails a family about a dose or an incident, the day it happens. */
export const CARE_EMAIL_JOB = 'carelog.email';
/** The job that sends each subscribed family the summary of their child's day (one per school and day). */
export const CARE_SUMMARY_JOB = 'carelog.summary';
export const summaryJobKey = (schoolId: string, day: string) => `care-summary:${schoolId}:${day}`;

const REVIEWER: RolePermission = 'daily_communication.incident_review';
const CLASS_MANAGER: RolePermission = 'admin_portal.classes';
const DEFAULTS = { napCheckMinutes: 10, babyMonths: 24, incidentRetentionYears: 21, summaryMinute: 1080 };
const FOOD_KINDS = new Set(['meal', 'bottle']);
const NO_ENTRY_ABILITIES = { can_edit: false, can_delete: false };

type Facts = Map<string, { alerts: CareAlert[]; dateOfBirth: string | null }>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words a recorded allergy or dietary need is found by in a meal: the allergen's name, and for a
 * name of several words its last word ("Cow's milk": milk), each also without a plural ending; a dietary
 * need only where it names a food ("No pork", "Dairy-free"), not a practice ("Halal").
 */
export function allergenWords(alert: CareAlert): string[] {
  let name = alert.name.toLowerCase().replace(/[’']/g, "'").trim();
  if (alert.kind === 'diet') {
    const m = /^no\s+(.+)$/.exec(name) ?? /^(.+?)[\s-]+free$/.exec(name);
    if (!m?.[1]) return [];
    name = m[1].trim();
  }
  if (alert.kind === 'condition' || !name) return [];
  const words = [name];
  const last = name.split(/[\s-]+/).at(-1) ?? '';
  if (last !== name && last.length >= 4) words.push(last);
  return words;
}

/** Whether a meal's text names an allergen (case-insensitive, whole words, singular or plural). */
export function mentions(text: string, word: string): boolean {
  const stem = word.replace(/(es|s)$/, '');
  const pattern = new RegExp(`(^|[^\\p{L}])${escapeRegExp(stem.length >= 3 ? stem : word)}(s|es)?($|[^\\p{L}])`, 'iu');
  return pattern.test(text.replace(/[’]/g, "'"));
}

/** An entry's details as stored: a nap's end lives in its own column. */
function withoutEnd(details: CareDetails): CareDetails {
  const { end: _end, ...rest } = details;
  return rest;
}

/** Whole months between a date of birth and a day (both ISO). */
function monthsBetween(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

/** The carelog (issue 21): care entries, naps, medicines and doses, incident reports, a child's day. */
export class CarelogService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly scopes: ScopeFactory,
    readonly school: SchoolService,
    readonly children: ChildRecordService,
    readonly jobs: JobQueue,
    readonly emailTemplates: EmailTemplateService,
    readonly events: EventBus,
    readonly people: PeopleService,
  ) {
    jobs.handle(CARE_EMAIL_JOB, (payload) => this.sendCareEmail(payload));
    jobs.handle(CARE_SUMMARY_JOB, (payload) => this.sendSummaries(payload));
  }

  // ------------------------------------------------------------------ rules

  /** The school's wall clock now (a family: the school of the child). */
  private async now(scope: Scope, schoolId?: string): Promise<{ day: string; minute: number; zone: string }> {
    const zone = await this.school.timeZone(scope, scope.kind === 'staff' ? undefined : schoolId);
    return { ...wallClock(zone, this.clock.now()), zone };
  }

  /** A time not yet come on the school's clock is refused (a day to come, or later today). */
  private async notFuture(scope: Scope, day: string, minute: number, field = 'time', schoolId?: string): Promise<void> {
    const now = await this.now(scope, schoolId);
    if (day > now.day) throw badRequest(CARELOG_MESSAGES.futureTime, ERROR_CODES.futureDate, 'date');
    if (day === now.day && minute > now.minute) throw badRequest(CARELOG_MESSAGES.futureTime, ERROR_CODES.futureDate, field);
  }

  /** A family reads the carelog only where the child's school has the feature on (staff: the guard checked). */
  private async requireFeature(scope: Scope, schoolId: string): Promise<void> {
    if (scope.kind === 'staff') return;
    if (!(await this.scopes.featuresOf(schoolId)).has('daycare')) throw forbidden();
  }

  /** Whether a staff member may write about a child in any of these classes. */
  private async manages(scope: Scope, classIds: readonly string[]): Promise<boolean> {
    if (scope.kind !== 'staff') return false;
    if ((await scope.rolePermissions()).has(CLASS_MANAGER)) return true;
    const taught = await scope.taughtClassIds();
    return classIds.some((c) => taught.has(c));
  }

  private async settingsRow(scope: Scope, schoolId?: string) {
    return (await repo.settings(scope, this.db, schoolId ?? scope.schoolId ?? '')) ?? DEFAULTS;
  }

  /** The classes a staff member sees the care of: undefined for class managers (every class). */
  private async visibleClasses(scope: Scope): Promise<string[] | undefined> {
    if ((await scope.rolePermissions()).has(CLASS_MANAGER)) return undefined;
    return [...(await scope.taughtClassIds())];
  }

  /** Tells the class's staff and the children's families (their own rooms) that care was recorded. */
  private async announce(scope: Scope, schoolId: string, classId: string, studentIds: string[], day: string, kind: string) {
    const [staff, families] = await Promise.all([
      repo.classStaffUsers(scope, this.db, [classId]),
      this.people.familiesOf(scope, studentIds),
    ]);
    this.events.publish('care.updated', {
      schoolId,
      classId,
      studentIds,
      date: day,
      kind,
      userIds: [...new Set([...staff, ...families.map((f) => f.userId)])],
    });
  }

  /** Refuses a meal naming a child's recorded allergen unless the staff member confirmed it. */
  private checkAllergens(facts: Facts, studentIds: readonly string[], kind: string, details: CareDetails, note: string) {
    if (!FOOD_KINDS.has(kind)) return;
    const text = [details.food ?? '', note].join(' ');
    if (!text.trim()) return;
    const errors: { field: string; message: string }[] = [];
    for (const id of studentIds)
      for (const alert of facts.get(id)?.alerts ?? []) {
        if (allergenWords(alert).some((w) => mentions(text, w))) errors.push({ field: id, message: alert.name });
      }
    if (errors.length) throw new AppError(409, CARELOG_MESSAGES.allergenWarning, ERROR_CODES.allergenWarning, errors);
  }

  // ------------------------------------------------------------------ entries

  private async presentEntries(scope: Scope, rows: repo.EntryRow[]): Promise<CareEntry[]> {
    const names = await repo.peopleNames(
      scope,
      this.db,
      rows.flatMap((r) => r.checks.map((c) => c.by)),
    );
    const managed = new Map<string, boolean>();
    for (const classId of new Set(rows.map((r) => r.classId))) managed.set(classId, await this.manages(scope, [classId]));
    return rows.map((r) =>
      presentEntry(r, names, managed.get(r.classId) ? { can_edit: true, can_delete: true } : NO_ENTRY_ABILITIES),
    );
  }

  /** The nap's end from its details (null: still asleep), checked against its start. */
  private napEnd(details: CareDetails, start: number): number | null {
    if (!details.end) return null;
    const end = minuteOf(details.end, 'details.end');
    if (end < start) throw badRequest(CARELOG_MESSAGES.napEndBeforeStart, ERROR_CODES.validation, 'details.end');
    return end;
  }

  /**
   * One entry for each chosen child, in one transaction (a whole-room entry). Every child must be in
   * the class; a time to come is refused; a meal naming a child's recorded allergen needs confirming.
   */
  async createEntries(scope: Scope, body: CareEntryRequest): Promise<{ entries: CareEntry[]; message: string }> {
    const schoolId = staffSchool(scope);
    await requireAccess(scope, 'class', [body.class_id]);
    const day = isoFromWire(body.date);
    const minute = minuteOf(body.time);
    await this.notFuture(scope, day, minute);
    const ids = [...new Set(body.student_ids)];
    const roster = new Set((await repo.classChildren(scope, this.db, body.class_id)).map((c) => c.id));
    if (ids.some((id) => !roster.has(id)))
      throw badRequest(CARELOG_MESSAGES.childrenOfClass, ERROR_CODES.notInClass, 'student_ids');
    const details = withoutEnd(body.details);
    const endMinute = body.kind === 'nap' ? this.napEnd(body.details, minute) : null;
    if (endMinute !== null) await this.notFuture(scope, day, endMinute, 'details.end');
    if (!body.confirm_allergen && FOOD_KINDS.has(body.kind))
      this.checkAllergens(await this.children.careFacts(scope, ids), ids, body.kind, details, body.note);
    const now = this.clock.now();
    const rows: repo.EntryInsert[] = ids.map((studentId) => ({
      id: newId(),
      schoolId,
      classId: body.class_id,
      studentId,
      kind: body.kind,
      day,
      minute,
      endMinute,
      details,
      note: body.note,
      checks: [],
      staffId: scope.userId,
      createdAt: now,
      updatedAt: now,
    }));
    // Everything is read above: the transaction only writes (one statement for the whole room).
    await this.db.transaction(async (tx) => {
      await repo.insertEntries(scope, tx, rows);
    });
    await this.announce(scope, schoolId, body.class_id, ids, day, body.kind);
    const saved = await repo.entries(scope, this.db, { ids: rows.map((r) => r.id as string) });
    return { entries: await this.presentEntries(scope, saved), message: CARELOG_MESSAGES.savedMany(ids.length) };
  }

  private async ownEntries(scope: Scope, ids: readonly string[]): Promise<repo.EntryRow[]> {
    staffSchool(scope);
    const unique = [...new Set(ids)];
    const rows = await repo.entries(scope, this.db, { ids: unique });
    if (rows.length !== unique.length) throw notFound();
    await requireAccess(scope, 'class', [...new Set(rows.map((r) => r.classId))]);
    return rows;
  }

  async editEntry(scope: Scope, id: string, body: CareEntryEdit): Promise<CareEntry> {
    const [row] = await this.ownEntries(scope, [id]);
    if (!row) throw notFound();
    const minute = body.time ? minuteOf(body.time) : row.minute;
    const stored = row.details as CareDetails;
    const merged: CareDetails = body.details ? { ...body.details } : { ...stored };
    let endMinute = row.endMinute;
    if (row.kind === 'nap') {
      if (body.details && 'end' in body.details) endMinute = this.napEnd(body.details, minute);
      else if (endMinute !== null && endMinute < minute)
        throw badRequest(CARELOG_MESSAGES.napEndBeforeStart, ERROR_CODES.validation, 'time');
    }
    const details = withoutEnd(merged);
    const note = body.note ?? row.note;
    await this.notFuture(scope, row.day, minute);
    if (endMinute !== null) await this.notFuture(scope, row.day, endMinute, 'details.end');
    if (!body.confirm_allergen && FOOD_KINDS.has(row.kind))
      this.checkAllergens(await this.children.careFacts(scope, [row.studentId]), [row.studentId], row.kind, details, note);
    await repo.updateEntry(scope, this.db, id, { minute, endMinute, details, note, updatedAt: this.clock.now() });
    await this.announce(scope, row.schoolId, row.classId, [row.studentId], row.day, row.kind);
    const [saved] = await this.presentEntries(scope, await repo.entries(scope, this.db, { ids: [id] }));
    if (!saved) throw notFound();
    return saved;
  }

  async deleteEntry(scope: Scope, id: string): Promise<void> {
    const [row] = await this.ownEntries(scope, [id]);
    if (!row) throw notFound();
    await repo.deleteEntry(scope, this.db, id);
    await this.announce(scope, row.schoolId, row.classId, [row.studentId], row.day, row.kind);
  }

  /** Open naps chosen (a whole-room wake-up, or a sleep check): naps of the caller's classes, still open. */
  private async openNaps(scope: Scope, ids: readonly string[]): Promise<repo.EntryRow[]> {
    const rows = await this.ownEntries(scope, ids);
    if (rows.some((r) => r.kind !== 'nap')) throw badRequest(CARELOG_MESSAGES.notANap, ERROR_CODES.validation, 'entry_ids');
    if (rows.some((r) => r.endMinute !== null)) throw new AppError(409, CARELOG_MESSAGES.napNotOpen, ERROR_CODES.conflict);
    return rows;
  }

  async endNaps(scope: Scope, body: { entry_ids: string[]; time: string }): Promise<CareEntry[]> {
    const rows = await this.openNaps(scope, body.entry_ids);
    const end = minuteOf(body.time);
    for (const r of rows) {
      if (end < r.minute) throw badRequest(CARELOG_MESSAGES.napEndBeforeStart, ERROR_CODES.validation, 'time');
      await this.notFuture(scope, r.day, end);
    }
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      for (const r of rows) await repo.updateEntry(scope, tx, r.id, { endMinute: end, updatedAt: now });
    });
    await this.announceRows(scope, rows, 'nap');
    return this.presentEntries(scope, await repo.entries(scope, this.db, { ids: rows.map((r) => r.id) }));
  }

  async checkNaps(
    scope: Scope,
    body: { entry_ids: string[]; time: string; position: string; note: string },
  ): Promise<CareEntry[]> {
    const rows = await this.openNaps(scope, body.entry_ids);
    const minute = minuteOf(body.time);
    for (const r of rows) {
      if (minute < r.minute) throw badRequest(CARELOG_MESSAGES.napEndBeforeStart, ERROR_CODES.validation, 'time');
      await this.notFuture(scope, r.day, minute);
    }
    const now = this.clock.now();
    const check = { minute, position: body.position, note: body.note, by: scope.userId };
    await this.db.transaction(async (tx) => {
      for (const r of rows)
        await repo.updateEntry(scope, tx, r.id, {
          checks: [...r.checks, check].sort((a, b) => a.minute - b.minute),
          updatedAt: now,
        });
    });
    await this.announceRows(scope, rows, 'nap');
    return this.presentEntries(scope, await repo.entries(scope, this.db, { ids: rows.map((r) => r.id) }));
  }

  private async announceRows(scope: Scope, rows: repo.EntryRow[], kind: string) {
    const byClass = new Map<string, repo.EntryRow[]>();
    for (const r of rows) byClass.set(`${r.classId}|${r.day}`, [...(byClass.get(`${r.classId}|${r.day}`) ?? []), r]);
    for (const list of byClass.values()) {
      const first = list[0] as repo.EntryRow;
      await this.announce(scope, first.schoolId, first.classId, [...new Set(list.map((r) => r.studentId))], first.day, kind);
    }
  }

  /** A class's day: its children with their alerts, every entry, who is asleep now, today's medicines. */
  async careDay(scope: Scope, query: { class_id: string; date?: string }): Promise<CareDay> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [query.class_id]);
    const now = await this.now(scope);
    const day = optionalIso(query.date) ?? now.day;
    const [roster, rows, settings] = await Promise.all([
      repo.classChildren(scope, this.db, query.class_id),
      repo.entries(scope, this.db, { classId: query.class_id, day }),
      this.settingsRow(scope),
    ]);
    const ids = roster.map((c) => c.id);
    const facts = await this.children.careFacts(scope, ids);
    const baby = (id: string) => {
      const birth = facts.get(id)?.dateOfBirth;
      return !!birth && monthsBetween(birth, day) < settings.babyMonths;
    };
    const napsNow: NapNow[] =
      day === now.day
        ? rows
            .filter((r) => r.kind === 'nap' && r.endMinute === null && r.minute <= now.minute)
            .map((r) => {
              const lastCheck = r.checks.at(-1)?.minute ?? null;
              const isBaby = baby(r.studentId);
              return {
                entry_id: r.id,
                student: { _id: r.studentId, name: r.studentName },
                start: hhmmOf(r.minute),
                minutes: now.minute - r.minute,
                baby: isBaby,
                last_check: lastCheck === null ? null : hhmmOf(lastCheck),
                check_due: isBaby && now.minute - (lastCheck ?? r.minute) >= settings.napCheckMinutes,
              };
            })
        : [];
    const [medicineRows, staff] = await Promise.all([
      repo.medicineRows(scope, this.db, { studentIds: ids, status: 'active', onDay: day }),
      repo.schoolStaff(scope, this.db),
    ]);
    return {
      class_id: query.class_id,
      date: ddmmyyyyFromIso(day),
      children: roster.map((c) => ({
        _id: c.id,
        name: c.name,
        photo: signMedia(c.photo),
        baby: baby(c.id),
        alerts: facts.get(c.id)?.alerts ?? [],
      })),
      entries: await this.presentEntries(scope, rows),
      naps_now: napsNow,
      medicines: await this.presentMedicines(scope, medicineRows),
      nap_check_minutes: settings.napCheckMinutes,
      witnesses: staff.filter((p) => p.id !== scope.userId).map((p) => ({ _id: p.id, name: p.name })),
    };
  }

  // ------------------------------------------------------------------ the child's day

  /** A child's student row the caller reaches (staff: teaching or managing; a family: its own), with the feature on. */
  private async child(scope: Scope, studentId: string) {
    await requireAccess(scope, 'child', [studentId]);
    const [student] = await repo.studentsOf(scope, this.db, [studentId]);
    if (!student) throw notFound();
    await this.requireFeature(scope, student.schoolId);
    return student;
  }

  async childDay(scope: Scope, studentId: string, date?: string): Promise<ChildCareDay> {
    const student = await this.child(scope, studentId);
    const day = optionalIso(date) ?? (await this.now(scope, student.schoolId)).day;
    const [entries, doses, incidents, facts, summary] = await Promise.all([
      repo.entries(scope, this.db, { studentIds: [studentId], day }),
      repo.doseRows(scope, this.db, { studentIds: [studentId], day }),
      repo.incidentRows(scope, this.db, { studentIds: [studentId], day }),
      this.children.careFacts(scope, [studentId]),
      scope.kind === 'parent' ? repo.subscribed(scope, this.db, studentId) : Promise.resolve(false),
    ]);
    return {
      student: { _id: student.id, name: student.name },
      date: ddmmyyyyFromIso(day),
      alerts: facts.get(studentId)?.alerts ?? [],
      entries: await this.presentEntries(scope, entries),
      doses: doses.map((d) => ({ ...presentDose(d), medicine: d.medicineName })),
      incidents: await this.presentIncidents(scope, [...incidents].reverse()),
      summary_email: summary,
    };
  }

  /** A family member asks for (or stops) the daily summary email of their own child. */
  async setSummary(scope: Scope, studentId: string, enabled: boolean): Promise<void> {
    if (scope.kind !== 'parent') throw forbidden();
    const student = await this.child(scope, studentId);
    await repo.setSubscription(scope, this.db, studentId, enabled, this.clock.now());
    if (enabled) await this.scheduleSummary(scope, student.schoolId);
  }

  /** Puts the school's next summary job on the queue (idempotent: one job per school and day). */
  private async scheduleSummary(scope: Scope, schoolId: string, after?: string): Promise<void> {
    const now = await this.now(scope, schoolId);
    const { summaryMinute } = await this.settingsRow(scope, schoolId);
    const upcoming = now.minute < summaryMinute ? now.day : addDays(now.day, 1);
    // The day after the one just sent, unless the server was down past it: then the next one to come.
    const day = after && addDays(after, 1) > upcoming ? addDays(after, 1) : upcoming;
    await this.jobs.schedule(summaryJobKey(schoolId, day), CARE_SUMMARY_JOB, instantOf(day, summaryMinute, now.zone), {
      school_id: schoolId,
      day,
    });
  }

  private systemScope(schoolId: string, userId = ''): Scope {
    return this.scopes.of({ userId, kind: 'staff', schoolId, sessionId: 'job:carelog', isTemp: false });
  }

  /** The job: each subscribed family member gets their child's day; then tomorrow's job is queued. */
  async sendSummaries(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.school_id ?? '');
    const day = String(payload.day ?? '');
    if (!schoolId || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    const system = this.systemScope(schoolId);
    const subscribers = await repo.subscribersOfSchool(system, this.db);
    const info = await this.school.info(system).catch(() => ({ name: '' }));
    for (const s of subscribers) {
      if (!s.email) continue;
      const parent = this.scopes.of({
        userId: s.userId,
        kind: 'parent',
        schoolId: null,
        sessionId: 'job:carelog',
        isTemp: false,
      });
      // A child who left the family or the school, or a school that switched the carelog off: no summary.
      const found = await this.childDay(parent, s.studentId, ddmmyyyyFromIso(day)).catch(() => null);
      if (!found) continue;
      await this.emailTemplates.send(system, {
        key: 'care_daily_summary',
        to: s.email,
        userId: s.userId,
        values: {
          first_name: s.firstName,
          child_name: found.student.name,
          date: found.date,
          day_summary: summaryList(found),
          school_name: info.name,
        },
      });
    }
    if (subscribers.length) await this.scheduleSummary(system, schoolId, day);
  }

  // ------------------------------------------------------------------ medicines

  private async presentMedicines(scope: Scope, rows: repo.MedicineRow[]): Promise<Medicine[]> {
    if (rows.length === 0) return [];
    const [doses, students] = await Promise.all([
      repo.doseRows(scope, this.db, { medicineIds: rows.map((r) => r.id) }),
      repo.studentsOf(scope, this.db, [...new Set(rows.map((r) => r.studentId))]),
    ]);
    const classesOf = new Map(students.map((s) => [s.id, s.classIds]));
    const out: Medicine[] = [];
    for (const m of rows) {
      const mine = doses.filter((d) => d.medicineId === m.id);
      const last = mine.reduce<repo.DoseRow | null>(
        (a, d) => (!a || stampOf(d.day, d.minute) > stampOf(a.day, a.minute) ? d : a),
        null,
      );
      let next: Date | null = null;
      if (last) {
        const zone = await this.school.timeZone(scope, scope.kind === 'staff' ? undefined : m.schoolId);
        next = new Date(instantOf(last.day, last.minute, zone).getTime() + m.minIntervalHours * 3_600_000);
      }
      const active = m.status === 'active';
      const teaches = await this.manages(scope, classesOf.get(m.studentId) ?? []);
      out.push(
        presentMedicine(m, mine, next, {
          can_give: teaches && active && m.consentKind !== null,
          can_end: active && (teaches || scope.kind === 'parent'),
          can_record_home_dose: active && scope.kind === 'parent',
        }),
      );
    }
    return out;
  }

  private async medicineOut(scope: Scope, id: string): Promise<Medicine> {
    const [row] = await repo.medicineRows(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    const [out] = await this.presentMedicines(scope, [row]);
    return out as Medicine;
  }

  /** A medicine record the caller may read: staff of the school who may read the child, the child's family. */
  private async readableMedicine(scope: Scope, id: string): Promise<repo.MedicineRow> {
    const [row] = await repo.medicineRows(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    await this.requireFeature(scope, row.schoolId);
    await requireAccess(scope, 'child', [row.studentId]);
    return row;
  }

  async medicines(
    scope: Scope,
    query: { student_id?: string; class_id?: string; status: 'active' | 'ended' | 'all' },
  ): Promise<Medicine[]> {
    let studentIds: string[] | undefined;
    if (query.student_id) {
      await this.child(scope, query.student_id);
      studentIds = [query.student_id];
    }
    if (scope.kind === 'staff') {
      if (query.class_id) {
        await requireAccess(scope, 'class', [query.class_id]);
        const roster = (await repo.classChildren(scope, this.db, query.class_id)).map((c) => c.id);
        studentIds = studentIds ? studentIds.filter((id) => roster.includes(id)) : roster;
      } else if (!studentIds) {
        const visible = await this.visibleClasses(scope);
        if (visible) {
          const rosters = await Promise.all(visible.map((c) => repo.classChildren(scope, this.db, c)));
          studentIds = [...new Set(rosters.flat().map((c) => c.id))];
        }
      }
    } else if (query.class_id) studentIds = await this.familyChildrenIn(scope, query.class_id, studentIds);
    let rows = await repo.medicineRows(scope, this.db, {
      studentIds,
      status: query.status === 'all' ? undefined : query.status,
    });
    if (scope.kind === 'parent') {
      const on = new Map<string, boolean>();
      for (const schoolId of new Set(rows.map((r) => r.schoolId)))
        on.set(schoolId, (await this.scopes.featuresOf(schoolId)).has('daycare'));
      rows = rows.filter((r) => on.get(r.schoolId));
    }
    return this.presentMedicines(scope, rows);
  }

  /** A family's own children in one of their classes (a class none of them is in does not exist for it). */
  private async familyChildrenIn(scope: Scope, classId: string, among?: string[]): Promise<string[]> {
    const mine = await repo.studentsOf(scope, this.db, [...(await scope.childIds())]);
    const inClass = mine.filter((s) => s.classIds.includes(classId)).map((s) => s.id);
    if (inClass.length === 0) throw notFound();
    return among ? among.filter((id) => inClass.includes(id)) : inClass;
  }

  /**
   * A medicine record: a family's for its own child with its written permission (given in the app);
   * staff's from the family's signed paper form, or without one (no dose can then be given).
   */
  async createMedicine(scope: Scope, body: MedicineRequest): Promise<Medicine> {
    const from = isoFromWire(body.from, 'from');
    const to = isoFromWire(body.to, 'to');
    if (from > to) throw badRequest('to: must not come before from', ERROR_CODES.validation, 'to');
    const id = newId();
    const now = this.clock.now();
    let schoolId: string;
    let consent: Pick<repo.MedicineInsert, 'consentKind' | 'consentBy' | 'consentAt'> = {};
    if (scope.kind === 'parent') {
      const student = await this.child(scope, body.student_id);
      if (!body.consent) throw badRequest(CARELOG_MESSAGES.consentRequired, ERROR_CODES.validation, 'consent');
      schoolId = student.schoolId;
      consent = { consentKind: 'app', consentBy: scope.userId, consentAt: now };
    } else {
      schoolId = staffSchool(scope);
      await requireAccess(scope, 'teach', [body.student_id]);
      if (body.signed_form) consent = { consentKind: 'signed_form', consentBy: scope.userId, consentAt: now };
    }
    await repo.insertMedicine(scope, this.db, {
      id,
      schoolId,
      studentId: body.student_id,
      name: body.name,
      dose: body.dose,
      times: body.times,
      reason: body.reason,
      // Hundredths of an hour: the column is a 4-byte float, which a value such as 1e-300 would underflow.
      minIntervalHours: Math.round(body.min_interval_hours * 100) / 100,
      fromDate: from,
      toDate: to,
      ...consent,
      status: 'active',
      createdBy: scope.userId,
      createdKind: scope.kind === 'parent' ? 'parent' : 'staff',
      createdAt: now,
    });
    return this.medicineOut(scope, id);
  }

  async endMedicine(scope: Scope, id: string): Promise<Medicine> {
    const row = await this.readableMedicine(scope, id);
    if (scope.kind === 'staff') await requireAccess(scope, 'teach', [row.studentId]);
    if (row.status === 'active') await repo.updateMedicine(scope, this.db, id, { status: 'ended' });
    return this.medicineOut(scope, id);
  }

  /** Refuses a dose sooner than the record's interval after another one (at home or at school, any day). */
  private async checkInterval(
    scope: Scope,
    row: repo.MedicineRow,
    day: string,
    minute: number,
    q: Queryable = this.db,
  ): Promise<void> {
    const doses = await repo.doseRows(scope, q, { medicineIds: [row.id] });
    const at = stampOf(day, minute);
    const gap = row.minIntervalHours * 60;
    const clash = doses
      .filter((d) => Math.abs(at - stampOf(d.day, d.minute)) < gap)
      .sort((a, b) => stampOf(b.day, b.minute) - stampOf(a.day, a.minute))[0];
    if (!clash) return;
    const next = fromStamp(stampOf(clash.day, clash.minute) + Math.ceil(gap));
    const when = (d: string, m: number) => (d === day ? hhmmOf(m) : `${hhmmOf(m)} ${ddmmyyyyFromIso(d)}`);
    throw new AppError(
      409,
      CARELOG_MESSAGES.doseTooSoon
        .replace('{{last}}', when(clash.day, clash.minute))
        .replace('{{next}}', when(next.day, next.minute)),
      ERROR_CODES.doseTooSoon,
    );
  }

  /** A dose given at school by the child's class staff: consented, current, not too soon, told to the family. */
  async giveDose(scope: Scope, id: string, body: DoseRequest): Promise<Medicine> {
    const row = await this.readableMedicine(scope, id);
    await requireAccess(scope, 'teach', [row.studentId]);
    if (!row.consentKind) throw new AppError(409, CARELOG_MESSAGES.noConsent, ERROR_CODES.noMedicineConsent);
    const day = isoFromWire(body.date);
    const minute = minuteOf(body.time);
    if (row.status !== 'active' || day < row.fromDate || day > row.toDate)
      throw new AppError(409, CARELOG_MESSAGES.medicineNotCurrent, ERROR_CODES.medicineNotCurrent);
    await this.notFuture(scope, day, minute);
    if (body.witness_id) {
      if (body.witness_id === scope.userId)
        throw badRequest(CARELOG_MESSAGES.witnessNotSelf, ERROR_CODES.validation, 'witness_id');
      if (!(await repo.isSchoolStaff(scope, this.db, body.witness_id)))
        throw badRequest(CARELOG_MESSAGES.witnessNotSelf, ERROR_CODES.validation, 'witness_id');
    }
    const doseId = newId();
    const now = this.clock.now();
    // Two staff giving the same medicine at the same moment: the medicine's row lock makes the second
    // wait for the first dose, then see it and be refused as too soon.
    await this.db.transaction(async (tx) => {
      await repo.lockMedicine(scope, tx, id);
      await this.checkInterval(scope, row, day, minute, tx);
      await repo.insertDose(scope, tx, {
        id: doseId,
        medicineId: id,
        studentId: row.studentId,
        day,
        minute,
        dose: body.dose || row.dose,
        atHome: false,
        givenBy: scope.userId,
        witnessId: body.witness_id ?? null,
        note: body.note,
        createdAt: now,
      });
    });
    await this.tellFamily(scope, row.schoolId, row.studentId, day, 'medicine', { kind: 'dose', id: doseId });
    return this.medicineOut(scope, id);
  }

  /** A family records when it last gave the medicine at home, so the school's next dose is not too soon. */
  async homeDose(scope: Scope, id: string, body: { date: string; time: string; note: string }): Promise<Medicine> {
    if (scope.kind !== 'parent') throw forbidden();
    const row = await this.readableMedicine(scope, id);
    if (row.status !== 'active') throw new AppError(409, CARELOG_MESSAGES.medicineNotCurrent, ERROR_CODES.medicineNotCurrent);
    const day = isoFromWire(body.date);
    const minute = minuteOf(body.time);
    await this.notFuture(scope, day, minute, 'time', row.schoolId);
    await repo.insertDose(scope, this.db, {
      id: newId(),
      medicineId: id,
      studentId: row.studentId,
      day,
      minute,
      dose: row.dose,
      atHome: true,
      givenBy: scope.userId,
      witnessId: null,
      note: body.note,
      createdAt: this.clock.now(),
    });
    const [student] = await repo.studentsOf(scope, this.db, [row.studentId]);
    if (student?.classIds[0]) await this.announce(scope, row.schoolId, student.classIds[0], [row.studentId], day, 'medicine');
    return this.medicineOut(scope, id);
  }

  /** The family is told the same day: in the app at once, and by email through the queue. */
  private async tellFamily(
    scope: Scope,
    schoolId: string,
    studentId: string,
    day: string,
    kind: 'medicine' | 'incident',
    what: { kind: 'dose' | 'incident'; id: string },
    classId?: string,
  ): Promise<void> {
    const [student] = await repo.studentsOf(scope, this.db, [studentId]);
    const cls = classId ?? student?.classIds[0];
    if (cls) await this.announce(scope, schoolId, cls, [studentId], day, kind);
    await this.jobs.schedule(`care-email:${what.kind}:${what.id}`, CARE_EMAIL_JOB, this.clock.now(), {
      school_id: schoolId,
      user_id: scope.userId,
      kind: what.kind,
      id: what.id,
    });
  }

  /** The job: the email to the family members of the child who have an address. */
  async sendCareEmail(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.school_id ?? '');
    if (!schoolId) return;
    const scope = this.systemScope(schoolId, String(payload.user_id ?? ''));
    const info = await this.school.info(scope);
    let studentId: string;
    let key: 'care_dose' | 'care_incident';
    // The values of the family's email; an incident's kind is worded in the recipient's language.
    let values: (language: Language) => EmailValues;
    if (payload.kind === 'dose') {
      const [dose] = await repo.doseRows(scope, this.db, { ids: [String(payload.id)] });
      if (!dose) return;
      const [student] = await repo.studentsOf(scope, this.db, [dose.studentId]);
      studentId = dose.studentId;
      key = 'care_dose';
      const fixed: EmailValues = {
        child_name: student?.name ?? '',
        medicine: dose.medicineName,
        dose: dose.dose,
        time: hhmmOf(dose.minute),
        date: ddmmyyyyFromIso(dose.day),
        given_by: dose.givenName,
        witness: dose.witnessName ?? '',
        note: dose.note ?? '',
        school_name: info.name,
      };
      values = () => fixed;
    } else if (payload.kind === 'incident') {
      const [row] = await repo.incidentRows(scope, this.db, { ids: [String(payload.id)] });
      if (!row) return;
      studentId = row.studentId;
      key = 'care_incident';
      values = (language) => ({
        child_name: row.studentName,
        what: INCIDENT_WORDS[language][row.kind === 'accident' ? 'accident' : 'incident'],
        time: hhmmOf(row.minute),
        date: ddmmyyyyFromIso(row.day),
        location: row.location,
        description: row.description,
        injury: row.injury ?? '',
        first_aid: row.firstAid ?? '',
        school_name: info.name,
      });
    } else return;
    const families = await this.people.familiesOf(scope, [studentId]);
    for (const f of families) {
      if (!f.email) continue;
      await this.emailTemplates.send(scope, {
        key,
        to: f.email,
        userId: f.userId,
        values: (language) => ({ ...values(language), first_name: f.firstName }),
      });
    }
  }

  // ------------------------------------------------------------------ incidents

  private async presentIncidents(scope: Scope, rows: repo.IncidentRow[]): Promise<Incident[]> {
    const names = await repo.peopleNames(scope, this.db, rows.flatMap(incidentPeople));
    const reviewer = scope.kind === 'staff' && (await scope.rolePermissions()).has(REVIEWER);
    const out: Incident[] = [];
    for (const r of rows) {
      const correct = await this.manages(scope, [r.classId]);
      out.push(
        presentIncident(r, names, {
          can_correct: correct,
          can_review: reviewer && !r.reviewedAt,
          can_acknowledge: scope.kind === 'parent' && !r.acknowledgedAt,
          can_notify_regulator: reviewer && r.serious && !r.regulatorOn,
        }),
      );
    }
    return out;
  }

  private async incidentOut(scope: Scope, id: string): Promise<Incident> {
    const [row] = await repo.incidentRows(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    return (await this.presentIncidents(scope, [row]))[0] as Incident;
  }

  /** A report the caller may read: the class's staff, reviewers of the school, the child's family. */
  private async readableIncident(scope: Scope, id: string): Promise<repo.IncidentRow> {
    const [row] = await repo.incidentRows(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    await this.requireFeature(scope, row.schoolId);
    if (scope.kind === 'parent') await requireAccess(scope, 'child', [row.studentId]);
    else if (!(await scope.rolePermissions()).has(REVIEWER)) await requireAccess(scope, 'class', [row.classId]);
    return row;
  }

  async incidents(
    scope: Scope,
    query: {
      class_id?: string;
      student_id?: string;
      state: 'all' | 'unacknowledged' | 'unreviewed' | 'regulator';
      from_date?: string;
      to_date?: string;
    },
  ): Promise<Incident[]> {
    let classIds: string[] | undefined;
    let studentIds = query.student_id ? [query.student_id] : undefined;
    if (query.student_id) await this.child(scope, query.student_id);
    if (scope.kind === 'staff') {
      if (query.class_id) await requireAccess(scope, 'class', [query.class_id]);
      else if (!(await scope.rolePermissions()).has(REVIEWER)) classIds = await this.visibleClasses(scope);
    } else if (query.class_id) studentIds = await this.familyChildrenIn(scope, query.class_id, studentIds);
    let rows = await repo.incidentRows(scope, this.db, {
      classIds,
      classId: query.class_id,
      studentIds,
      state: query.state,
      from: optionalIso(query.from_date, 'from_date'),
      to: optionalIso(query.to_date, 'to_date'),
    });
    if (scope.kind === 'parent') {
      const on = new Map<string, boolean>();
      for (const schoolId of new Set(rows.map((r) => r.schoolId)))
        on.set(schoolId, (await this.scopes.featuresOf(schoolId)).has('daycare'));
      rows = rows.filter((r) => on.get(r.schoolId));
    }
    return this.presentIncidents(scope, rows);
  }

  async incident(scope: Scope, id: string): Promise<Incident> {
    await this.readableIncident(scope, id);
    return this.incidentOut(scope, id);
  }

  /** A report signed by the staff member who writes it; serious ones start the regulator's 14 days. */
  async createIncident(scope: Scope, body: IncidentRequest): Promise<Incident> {
    const schoolId = staffSchool(scope);
    await requireAccess(scope, 'class', [body.class_id]);
    const roster = new Set((await repo.classChildren(scope, this.db, body.class_id)).map((c) => c.id));
    if (!roster.has(body.student_id)) throw badRequest(CARELOG_MESSAGES.childrenOfClass, ERROR_CODES.notInClass, 'student_id');
    const day = isoFromWire(body.date);
    const minute = minuteOf(body.time);
    await this.notFuture(scope, day, minute);
    const id = newId();
    const now = this.clock.now();
    await repo.insertIncident(scope, this.db, {
      id,
      schoolId,
      classId: body.class_id,
      studentId: body.student_id,
      kind: body.kind,
      day,
      minute,
      location: body.location,
      description: body.description,
      injury: body.injury,
      firstAid: body.first_aid,
      bodyMap: body.body_map,
      witness: body.witness,
      serious: body.serious,
      staffId: scope.userId,
      signature: body.signature,
      signedAt: now,
      regulatorDue: body.serious ? addDays(day, 14) : null,
      corrections: [],
      createdAt: now,
    });
    await this.tellFamily(scope, schoolId, body.student_id, day, 'incident', { kind: 'incident', id }, body.class_id);
    return this.incidentOut(scope, id);
  }

  /** A correction: the changed fields are recorded (from, to) with the reason; nothing is ever removed. */
  async correctIncident(scope: Scope, id: string, body: IncidentCorrection): Promise<Incident> {
    staffSchool(scope);
    const row = await this.readableIncident(scope, id);
    await requireAccess(scope, 'class', [row.classId]);
    const [before] = await this.presentIncidents(scope, [row]);
    if (!before) throw notFound();
    const { reason, ...fields } = body;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(fields)) {
      if (to === undefined) continue;
      const from = before[key as keyof Incident];
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
    }
    if (Object.keys(changes).length === 0) throw badRequest(CARELOG_MESSAGES.nothingChanged, ERROR_CODES.validation);
    const day = fields.date ? isoFromWire(fields.date) : row.day;
    const minute = fields.time ? minuteOf(fields.time) : row.minute;
    if (changes.date || changes.time) await this.notFuture(scope, day, minute);
    const serious = fields.serious ?? row.serious;
    const set: Partial<repo.IncidentInsert> = {
      kind: fields.kind ?? row.kind,
      day,
      minute,
      location: fields.location ?? row.location,
      description: fields.description ?? row.description,
      injury: fields.injury ?? row.injury,
      firstAid: fields.first_aid ?? row.firstAid,
      bodyMap: fields.body_map ?? row.bodyMap,
      witness: fields.witness ?? row.witness,
      serious,
      corrections: [...row.corrections, { by: scope.userId, at: this.clock.now().toISOString(), reason, changes }],
    };
    // The regulator's clock follows the report until the regulator is told.
    if (!row.regulatorOn) set.regulatorDue = serious ? addDays(day, 14) : null;
    await repo.updateIncident(scope, this.db, id, set);
    return this.incidentOut(scope, id);
  }

  /** Reports are kept: after the usual access checks, a deletion is always refused. */
  async deleteIncident(scope: Scope, id: string): Promise<never> {
    staffSchool(scope);
    const row = await this.readableIncident(scope, id);
    await requireAccess(scope, 'class', [row.classId]);
    throw new AppError(403, CARELOG_MESSAGES.incidentNotDeletable, ERROR_CODES.notDeletable);
  }

  async reviewIncident(scope: Scope, id: string, note: string): Promise<Incident> {
    staffSchool(scope);
    if (!(await scope.rolePermissions()).has(REVIEWER)) throw forbidden();
    await this.readableIncident(scope, id);
    const done = await repo.updateIncident(
      scope,
      this.db,
      id,
      { reviewedBy: scope.userId, reviewedAt: this.clock.now(), reviewNote: note },
      'reviewedAt',
    );
    if (!done) throw new AppError(409, CARELOG_MESSAGES.alreadyReviewed, ERROR_CODES.conflict);
    return this.incidentOut(scope, id);
  }

  /** A parent of the child signs (their full name typed) that they have read the report, once. */
  async acknowledgeIncident(scope: Scope, id: string, signature: string): Promise<Incident> {
    if (scope.kind !== 'parent') throw forbidden();
    await this.readableIncident(scope, id);
    const done = await repo.updateIncident(
      scope,
      this.db,
      id,
      { acknowledgedBy: scope.userId, acknowledgedAt: this.clock.now(), acknowledgedSignature: signature },
      'acknowledgedAt',
    );
    if (!done) throw new AppError(409, CARELOG_MESSAGES.alreadyAcknowledged, ERROR_CODES.conflict);
    return this.incidentOut(scope, id);
  }

  async recordRegulator(scope: Scope, id: string, body: { on: string; reference: string }): Promise<Incident> {
    staffSchool(scope);
    if (!(await scope.rolePermissions()).has(REVIEWER)) throw forbidden();
    const row = await this.readableIncident(scope, id);
    if (!row.serious) throw badRequest(CARELOG_MESSAGES.notSerious, ERROR_CODES.validation);
    const on = isoFromWire(body.on, 'on');
    await this.notFuture(scope, on, 0, 'on');
    const done = await repo.updateIncident(
      scope,
      this.db,
      id,
      { regulatorOn: on, regulatorReference: body.reference, regulatorBy: scope.userId },
      'regulatorOn',
    );
    if (!done) throw new AppError(409, 'The notification to the regulator is already recorded', ERROR_CODES.conflict);
    return this.incidentOut(scope, id);
  }

  // ------------------------------------------------------------------ settings

  async settings(scope: Scope): Promise<CarelogSettings> {
    staffSchool(scope);
    const s = await this.settingsRow(scope);
    return {
      nap_check_minutes: s.napCheckMinutes,
      baby_months: s.babyMonths,
      incident_retention_years: s.incidentRetentionYears,
      summary_time: hhmmOf(s.summaryMinute),
    };
  }

  /**
   * One child's carelog counts from `fromIso` to `toIso` for staff who reach the child (the child's
   * record in assessment); null where the school has the carelog (`daycare`) off.
   */
  async childCounts(scope: Scope, studentId: string, fromIso: string, toIso: string) {
    const schoolId = staffSchool(scope);
    await requireAccess(scope, 'child', [studentId]);
    if (!(await this.scopes.featuresOf(schoolId)).has('daycare')) return null;
    return repo.childCounts(scope, this.db, studentId, fromIso, toIso);
  }

  async saveSettings(scope: Scope, body: CarelogSettings): Promise<CarelogSettings> {
    staffSchool(scope);
    await repo.saveSettings(scope, this.db, {
      napCheckMinutes: body.nap_check_minutes,
      babyMonths: body.baby_months,
      incidentRetentionYears: body.incident_retention_years,
      summaryMinute: minuteOf(body.summary_time, 'summary_time'),
      updatedAt: this.clock.now(),
    });
    return this.settings(scope);
  }
}

/** A family's daily summary's list: every entry, dose and incident of the child's day, each value escaped. */
function summaryList(day: ChildCareDay): SafeHtml {
  const lines: SafeHtml[] = [];
  for (const e of day.entries) {
    const d = e.details;
    const what = [
      d.meal,
      d.food,
      d.amount,
      d.ml !== undefined ? `${d.ml} ml` : '',
      d.end ? `until ${d.end}` : '',
      d.state,
      d.mood,
      d.activity,
      d.area,
      e.note,
    ]
      .filter((x): x is string => !!x)
      .join(', ');
    lines.push(html`<li>${e.time} ${e.kind}${what ? `: ${what}` : ''}</li>`);
  }
  for (const d of day.doses) lines.push(html`<li>${d.time} ${d.medicine} (${d.dose})${d.at_home ? ' at home' : ''}</li>`);
  for (const i of day.incidents) lines.push(html`<li>${i.time} ${i.kind}: ${i.description}</li>`);
  return lines.length ? trustedHtml(`<ul>${lines.map((l) => l.value).join('')}</ul>`) : html`<p>Nothing was recorded.</p>`;
}
