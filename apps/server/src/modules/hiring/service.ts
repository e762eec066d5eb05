import {
  type AuditEntityType,
  ERROR_CODES,
  HIRING_MANAGER,
  HIRING_MESSAGES,
  HIRING_NEXT,
  type HireRequest,
  type HiringStage,
  type hiringStageRequestSchema,
  type InterviewRequest,
  type interviewListQuerySchema,
  type JobApplication,
  type JobInterview,
  type JobOpening,
  type JobOpeningRequest,
  type jobApplicationListQuerySchema,
  type jobApplicationPageSchema,
  type PublicJobApplication,
  type publicCvSchema,
  type publicJobPageSchema,
  type publicJobsSchema,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import { staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { signMedia } from '../../platform/media-urls.js';
import type { MediaStore } from '../../platform/storage.js';
import { zonedToInstant } from '../../platform/zoned.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { type CvUpload, sniffCv } from './cv-file.js';
import { presentApplication, presentInterview, presentOpening, presentPublicJob, presentSummary } from './presenter.js';
import * as repo from './repo.js';

/** Applications and CV uploads from one address to one school: at most this many per window (PostgreSQL-counted). */
export const PUBLIC_LIMITS = {
  windowMs: 10 * 60 * 1000,
  applications: 10,
  uploads: 30,
} as const;
/** A CV must be sent with its application within a day of its upload. */
const CV_CLAIM_MS = 24 * 60 * 60 * 1000;
/** Unclaimed CVs older than this are removed (with their bytes) when the school's next CV arrives. */
const CV_KEEP_MS = 2 * CV_CLAIM_MS;
/** The longest range of interviews one call lists. */
const MAX_RANGE_DAYS = 62;

/* The audit trail's entity types are the academic setup's list; hiring's entries are written under their own names. */
const entity = (type: 'job_opening' | 'job_application' | 'job_interview'): AuditEntityType => type;

const stageNotAllowed = () => badRequest(HIRING_MESSAGES.stageNotAllowed, ERROR_CODES.stageNotAllowed, 'stage');
const alreadyHired = () => conflict(HIRING_MESSAGES.alreadyHired, ERROR_CODES.alreadyHired);
const formClosed = () => badRequest(HIRING_MESSAGES.openingClosed, ERROR_CODES.formClosed);
const tooMany = () => new AppError(429, HIRING_MESSAGES.tooManyApplications, ERROR_CODES.tooManySubmissions);

/** The email each stage sends the applicant (the interview's own email goes when one is scheduled). */
const STAGE_EMAIL: Partial<Record<HiringStage, 'job_offer' | 'job_rejected'>> = {
  offer: 'job_offer',
  rejected: 'job_rejected',
};

export interface StaffInterview {
  id: string;
  /** The staff members interviewing (those asked for among them). */
  userIds: string[];
  /** Instants (ISO). */
  startsAt: string;
  endsAt: string;
  applicant: string;
  opening: string;
  location: string;
}

/** Hiring (issue 26): openings and their public page, applications, interviews and the hire. */
export class HiringService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly scopes: ScopeFactory,
    readonly school: SchoolService,
    readonly people: PeopleService,
    readonly emailTemplates: EmailTemplateService,
    readonly storage: MediaStore,
  ) {}

  // ------------------------------------------------------------------ public

  /**
   * The school's own scope for a visitor of its job page, once the school is known to exist and to have
   * switched hiring on: a school without the feature is not revealed (404).
   */
  private async publicSchool(schoolId: string) {
    if (!(await this.scopes.featuresOf(schoolId)).has('hiring')) throw notFound();
    const scope = this.scopes.of({ userId: '', kind: 'staff', schoolId, sessionId: 'public:hiring', isTemp: false });
    const school = await repo.schoolOf(scope, this.db);
    if (!school) throw notFound();
    return { scope, school, today: todayIn(school.timeZone, this.clock.now()) };
  }

  private face(school: { id: string; name: string; logo: string | null }) {
    return { _id: school.id, name: school.name, logo: signMedia(school.logo) };
  }

  /** Open openings whose closing day has not passed, newest first. */
  async publicJobs(schoolId: string): Promise<z.infer<typeof publicJobsSchema>> {
    const { scope, school, today } = await this.publicSchool(schoolId);
    const rows = await repo.listOpenings(scope, this.db, { publicOn: today });
    return { school: this.face(school), jobs: rows.map(presentPublicJob) };
  }

  /** One opening of the public page; a draft, closed or past one is not found. */
  async publicJob(schoolId: string, id: string): Promise<z.infer<typeof publicJobPageSchema>> {
    const { scope, school, today } = await this.publicSchool(schoolId);
    const [row] = await repo.listOpenings(scope, this.db, { ids: [id], publicOn: today });
    if (!row) throw notFound();
    return { school: this.face(school), job: presentPublicJob(row) };
  }

  /** The opening a visitor applies to: unknown → 404; not taking applications → 400 FORM_CLOSED. */
  private async takingApplications(scope: Scope, id: string, today: string) {
    const [row] = await repo.listOpenings(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    if (row.status !== 'open' || (row.closesOn !== null && row.closesOn < today)) throw formClosed();
    return row;
  }

  /**
   * A CV for one opening, before the application is sent: counted against the address's uploads to the
   * school first (429), then read (`read`, the request's one file, ≤ 10 MB), typed by its bytes (PDF, DOC,
   * DOCX) and kept, unclaimed, in job_application_files. The bytes go to the object store without a
   * `media` row: the file is the application's record, not a link the media clean-up would take away.
   */
  async publicCv(
    schoolId: string,
    id: string,
    ip: string,
    read: () => Promise<CvUpload>,
  ): Promise<z.infer<typeof publicCvSchema>> {
    const { scope, today } = await this.publicSchool(schoolId);
    const opening = await this.takingApplications(scope, id, today);
    const now = this.clock.now();
    if (!(await repo.takeFromCounter(scope, this.db, `hiring.cv:${ip}`, PUBLIC_LIMITS.uploads, now, PUBLIC_LIMITS.windowMs)))
      throw tooMany();
    const upload = await read();
    const type = sniffCv(upload.bytes);
    const fileId = newId();
    const key = `hiring/${staffSchool(scope)}/${fileId}.${type.ext}`;
    const name = (upload.filename || `cv.${type.ext}`).replace(/[\\/\r\n]/g, '_').slice(0, 200);
    await this.storage.objects.put(key, upload.bytes, type.mime);
    try {
      await repo.insertFile(scope, this.db, {
        id: fileId,
        openingId: opening.id,
        name,
        mime: type.mime,
        size: upload.bytes.length,
        storageKey: key,
        createdAt: now,
      });
    } catch (err) {
      await this.storage.objects.remove(key).catch(() => undefined);
      throw err;
    }
    // CVs never sent with an application go after two days, their bytes too.
    const stale = await repo.removeStaleFiles(scope, this.db, new Date(now.getTime() - CV_KEEP_MS));
    await Promise.all(stale.map((k) => this.storage.objects.remove(k).catch(() => undefined)));
    return { _id: fileId, name, size: upload.bytes.length };
  }

  /**
   * An application from the public page: counted per address (429), a filled honeypot answered like a
   * success with a made-up reference and nothing stored, the CV an unclaimed upload of THIS opening from
   * the last day (400 cvUnknown); then the application, its first stage change and the audit in one
   * transaction, and the applicant's email in the language they chose.
   */
  async apply(schoolId: string, id: string, body: PublicJobApplication, ip: string): Promise<{ reference: string }> {
    const { scope, today } = await this.publicSchool(schoolId);
    const opening = await this.takingApplications(scope, id, today);
    const now = this.clock.now();
    if (
      !(await repo.takeFromCounter(scope, this.db, `hiring.apply:${ip}`, PUBLIC_LIMITS.applications, now, PUBLIC_LIMITS.windowMs))
    )
      throw tooMany();
    const year = today.slice(0, 4);
    if (body.website?.trim()) return { reference: `J-${year}-${String(1000 + Math.floor(Math.random() * 9000))}` };
    const appId = newId();
    const reference = await this.db.transaction(async (tx) => {
      const cv = await repo.lockUnclaimedFile(scope, tx, body.cv_id, opening.id, new Date(now.getTime() - CV_CLAIM_MS));
      if (!cv) throw badRequest(HIRING_MESSAGES.cvUnknown, ERROR_CODES.validation, 'cv_id');
      const reference = await repo.nextReference(scope, tx, year);
      await repo.insertApplication(scope, tx, {
        id: appId,
        openingId: opening.id,
        reference,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone ?? null,
        coverLetter: body.cover_letter,
        language: body.language,
        stage: 'screening',
        createdAt: now,
        stageChangedAt: now,
      });
      await repo.claimFile(scope, tx, cv.id, appId);
      await repo.insertStageChange(scope, tx, {
        id: newId(),
        applicationId: appId,
        fromStage: null,
        toStage: 'screening',
        emailSent: true,
        byUserId: null,
        at: now,
      });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: entity('job_application'),
        entityId: appId,
        label: `${reference} ${body.first_name} ${body.last_name}`.trim(),
        after: { reference, opening: opening.title, stage: 'screening' },
      });
      return reference;
    });
    await this.emailTemplates.send(scope, {
      key: 'job_application_received',
      to: body.email,
      language: body.language,
      values: { first_name: body.first_name, job_title: opening.title, reference },
    });
    return { reference };
  }

  // ------------------------------------------------------------------ openings

  private async canEdit(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(HIRING_MANAGER);
  }

  /** Roles' and classes' names of these openings, read once. */
  private async namesOf(scope: Scope, q: Queryable, rows: repo.OpeningRow[]) {
    const [roles, classes] = await Promise.all([
      repo.rolesOf(scope, q, [...new Set(rows.flatMap((r) => (r.roleId ? [r.roleId] : [])))]),
      repo.classesOf(scope, q, [...new Set(rows.flatMap((r) => r.classIds))]),
    ]);
    return { roles: new Map(roles.map((r) => [r.id, r.name])), classes: new Map(classes.map((c) => [c.id, c.name])) };
  }

  async openings(scope: Scope, query: { status?: JobOpening['status'] }): Promise<JobOpening[]> {
    staffSchool(scope);
    const [rows, canEdit] = await Promise.all([repo.listOpenings(scope, this.db, { status: query.status }), this.canEdit(scope)]);
    const names = await this.namesOf(scope, this.db, rows);
    return rows.map((r) => presentOpening(r, names, canEdit));
  }

  /**
   * One opening, read with `q`. Inside a transaction the caller passes `canEdit`, read before it
   * opened: the scope's permissions are read on the pool, which the embedded database's one
   * connection, held by the transaction, would never answer.
   */
  async opening(scope: Scope, id: string, q: Queryable = this.db, canEdit?: boolean): Promise<JobOpening> {
    staffSchool(scope);
    const [row] = await repo.listOpenings(scope, q, { ids: [id] });
    if (!row) throw notFound();
    return presentOpening(row, await this.namesOf(scope, q, [row]), canEdit ?? (await this.canEdit(scope)));
  }

  /** The request's columns, once its role and classes are known to be the school's (400 otherwise). */
  private async openingValues(scope: Scope, q: Queryable, body: JobOpeningRequest) {
    const roleId = body.role_id ?? null;
    const classIds = [...new Set(body.class_ids)];
    const [roles, classes] = await Promise.all([
      repo.rolesOf(scope, q, roleId ? [roleId] : []),
      repo.classesOf(scope, q, classIds),
    ]);
    if (roleId && roles.length !== 1) throw badRequest('role_id: no such role in this school', undefined, 'role_id');
    if (classes.length !== classIds.length) throw badRequest('class_ids: not classes of this school', undefined, 'class_ids');
    return {
      title: body.title,
      description: body.description,
      employmentType: body.employment_type,
      location: body.location,
      roleId,
      classIds,
      closesOn: body.closes_on ? isoFromWire(body.closes_on, 'closes_on') : null,
      status: body.status,
    };
  }

  async createOpening(scope: Scope, body: JobOpeningRequest): Promise<JobOpening> {
    staffSchool(scope);
    const id = newId();
    const canEdit = await this.canEdit(scope);
    await this.db.transaction(async (tx) => {
      const values = await this.openingValues(scope, tx, body);
      await repo.insertOpening(scope, tx, { id, ...values, createdBy: scope.userId || null, updatedAt: this.clock.now() });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: entity('job_opening'),
        entityId: id,
        label: values.title,
        after: await this.opening(scope, id, tx, canEdit),
      });
    });
    return this.opening(scope, id);
  }

  async updateOpening(scope: Scope, id: string, body: JobOpeningRequest): Promise<JobOpening> {
    staffSchool(scope);
    const canEdit = await this.canEdit(scope);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockOpening(scope, tx, id))) throw notFound();
      const before = await this.opening(scope, id, tx, canEdit);
      const values = await this.openingValues(scope, tx, body);
      await repo.updateOpening(scope, tx, id, { ...values, updatedAt: this.clock.now() });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: entity('job_opening'),
        entityId: id,
        label: values.title,
        before,
        after: await this.opening(scope, id, tx, canEdit),
      });
    });
    return this.opening(scope, id);
  }

  // ------------------------------------------------------------------ applications

  async applications(
    scope: Scope,
    query: z.infer<typeof jobApplicationListQuerySchema>,
  ): Promise<z.infer<typeof jobApplicationPageSchema>> {
    staffSchool(scope);
    const [zone, page] = await Promise.all([
      this.school.timeZone(scope),
      repo.listApplications(scope, this.db, {
        openingId: query.opening_id,
        stage: query.stage,
        q: query.q || undefined,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
        cursor: query.cursor,
        now: this.clock.now(),
      }),
    ]);
    return {
      items: page.rows.map((r) => presentSummary(r, zone)),
      total: page.total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: page.nextCursor,
    };
  }

  /** One application with everything the staff page shows, read with `q` (a transaction's reads see its writes). */
  async application(scope: Scope, id: string, q: Queryable = this.db): Promise<JobApplication> {
    staffSchool(scope);
    const now = this.clock.now();
    const [{ rows }, zone] = await Promise.all([
      repo.listApplications(scope, q, { ids: [id], now }),
      this.school.timeZone(scope),
    ]);
    const row = rows[0];
    if (!row) throw notFound();
    const [files, notes, history, interviews] = await Promise.all([
      repo.filesOf(scope, q, [id]),
      repo.notesOf(scope, q, id),
      repo.stageChangesOf(scope, q, id),
      repo.listInterviews(scope, q, { applicationId: id }),
    ]);
    const people = await repo.peopleOf(scope, q, [
      ...notes.map((n) => n.authorId),
      ...history.flatMap((h) => (h.byUserId ? [h.byUserId] : [])),
      ...interviews.flatMap((i) => i.interviewerIds),
      ...(row.staffUserId ? [row.staffUserId] : []),
    ]);
    return presentApplication({
      row,
      cv: files[0] ?? null,
      notes,
      history,
      interviews,
      people: new Map(people.map((p) => [p.id, p.name])),
      zone,
    });
  }

  /**
   * Moves an application along HIRING_NEXT (else 400 STAGE_NOT_ALLOWED; 'hired' only by the hire): the
   * stage, its change row (with whether the applicant was emailed) and the audit together; then the
   * stage's email (offer, rejected) when asked for.
   */
  async moveStage(scope: Scope, id: string, body: z.infer<typeof hiringStageRequestSchema>): Promise<JobApplication> {
    staffSchool(scope);
    const now = this.clock.now();
    const template = body.send_email ? STAGE_EMAIL[body.stage] : undefined;
    const moved = await this.db.transaction(async (tx) => {
      const row = await repo.lockApplication(scope, tx, id);
      if (!row) throw notFound();
      const from = row.stage as HiringStage;
      if (!HIRING_NEXT[from].includes(body.stage)) throw stageNotAllowed();
      await repo.updateApplication(scope, tx, id, { stage: body.stage, stageChangedAt: now });
      await repo.insertStageChange(scope, tx, {
        id: newId(),
        applicationId: id,
        fromStage: from,
        toStage: body.stage,
        note: body.note,
        emailSent: !!template,
        byUserId: scope.userId || null,
        at: now,
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: entity('job_application'),
        entityId: id,
        label: `${row.reference} ${row.firstName} ${row.lastName}`.trim(),
        before: { stage: from },
        after: { stage: body.stage, note: body.note },
      });
      return row;
    });
    if (template) {
      const [opening] = await repo.listOpenings(scope, this.db, { ids: [moved.openingId] });
      await this.emailTemplates.send(scope, {
        key: template,
        to: moved.email,
        language: moved.language as JobApplication['language'],
        values: { first_name: moved.firstName, job_title: opening?.title ?? '', note: body.note },
      });
    }
    return this.application(scope, id);
  }

  async addNote(scope: Scope, id: string, body: string): Promise<JobApplication> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockApplication(scope, tx, id))) throw notFound();
      await repo.insertNote(scope, tx, {
        id: newId(),
        applicationId: id,
        body,
        authorId: scope.userId,
        createdAt: this.clock.now(),
      });
    });
    return this.application(scope, id);
  }

  /** The application's CV, to download. */
  async cv(scope: Scope, id: string): Promise<{ bytes: Buffer; name: string; mime: string }> {
    staffSchool(scope);
    const { rows } = await repo.listApplications(scope, this.db, { ids: [id], now: this.clock.now() });
    if (!rows[0]) throw notFound();
    const [file] = await repo.filesOf(scope, this.db, [id]);
    const bytes = file ? await this.storage.objects.read(file.storageKey) : null;
    if (!file || !bytes) throw notFound();
    return { bytes, name: file.name, mime: file.mime };
  }

  // ------------------------------------------------------------------ interviews

  /**
   * The interview's instants on the school's clock, checked: the end after the start, the start not in
   * the past, every interviewer a member of the school's staff (400 otherwise).
   */
  private async interviewTimes(scope: Scope, body: InterviewRequest, check: { past: boolean }) {
    const zone = await this.school.timeZone(scope);
    isoFromWire(body.date, 'date');
    const startsAt = zonedToInstant(body.date, body.start, zone);
    const endsAt = zonedToInstant(body.date, body.end, zone);
    if (endsAt <= startsAt) throw badRequest('The interview must end after it starts', ERROR_CODES.validation, 'end');
    if (check.past && startsAt < this.clock.now())
      throw badRequest(HIRING_MESSAGES.interviewInPast, ERROR_CODES.validation, 'date');
    const interviewerIds = [...new Set(body.interviewer_ids)];
    const staff = await repo.staffOf(scope, this.db, interviewerIds);
    if (staff.length !== interviewerIds.length)
      throw badRequest('interviewer_ids: not staff of this school', ERROR_CODES.validation, 'interviewer_ids');
    return { startsAt, endsAt, interviewerIds, zone };
  }

  /** Refuses (409 INTERVIEWER_BUSY) when an interviewer has another live interview in the time; the calendars are held until commit. */
  private async assertFree(scope: Scope, q: Queryable, ids: string[], startsAt: Date, endsAt: Date, exceptId?: string) {
    await repo.lockInterviewers(scope, q, ids);
    const busy = await repo.busyInterviewers(scope, q, ids, startsAt, endsAt, exceptId);
    if (busy.length > 0) throw conflict(HIRING_MESSAGES.interviewerBusy, ERROR_CODES.interviewerBusy);
  }

  /** One interview, read with `q`; inside a transaction with `canEdit` read before it (see `opening`). */
  private async interviewOf(
    scope: Scope,
    id: string,
    zone: string,
    q: Queryable = this.db,
    canEdit?: boolean,
  ): Promise<JobInterview> {
    const [row] = await repo.listInterviews(scope, q, { ids: [id] });
    if (!row) throw notFound();
    const people = await repo.peopleOf(scope, q, row.interviewerIds);
    return presentInterview(row, zone, new Map(people.map((p) => [p.id, p.name])), canEdit ?? (await this.canEdit(scope)));
  }

  private async sendInterviewEmail(scope: Scope, interviewId: string, zone: string) {
    const [row] = await repo.listInterviews(scope, this.db, { ids: [interviewId] });
    if (!row) return;
    const { rows } = await repo.listApplications(scope, this.db, { ids: [row.applicationId], now: this.clock.now() });
    const app = rows[0];
    if (!app) return;
    const shown = presentInterview(row, zone, new Map(), false);
    await this.emailTemplates.send(scope, {
      key: 'job_interview',
      to: app.email,
      language: app.language as JobApplication['language'],
      values: {
        first_name: app.firstName,
        job_title: app.openingTitle,
        date: shown.date,
        time: `${shown.start} – ${shown.end}`,
        location: row.location,
        note: row.note,
      },
    });
  }

  /**
   * Schedules an interview: refused for a hired or rejected application, in the past, or when an
   * interviewer is busy then; an application still at screening moves to 'interview' in the same
   * transaction. The applicant is emailed when asked for.
   */
  async createInterview(scope: Scope, applicationId: string, body: InterviewRequest): Promise<JobInterview> {
    staffSchool(scope);
    const { startsAt, endsAt, interviewerIds, zone } = await this.interviewTimes(scope, body, { past: true });
    const id = newId();
    const now = this.clock.now();
    const canEdit = await this.canEdit(scope);
    await this.db.transaction(async (tx) => {
      const app = await repo.lockApplication(scope, tx, applicationId);
      if (!app) throw notFound();
      if (app.stage === 'hired' || app.stage === 'rejected') throw stageNotAllowed();
      await this.assertFree(scope, tx, interviewerIds, startsAt, endsAt);
      await repo.insertInterview(
        scope,
        tx,
        {
          id,
          applicationId,
          startsAt,
          endsAt,
          location: body.location,
          note: body.note,
          createdBy: scope.userId || null,
          createdAt: now,
        },
        interviewerIds,
      );
      if (app.stage === 'screening') {
        await repo.updateApplication(scope, tx, applicationId, { stage: 'interview', stageChangedAt: now });
        await repo.insertStageChange(scope, tx, {
          id: newId(),
          applicationId,
          fromStage: 'screening',
          toStage: 'interview',
          note: '',
          emailSent: body.send_email,
          byUserId: scope.userId || null,
          at: now,
        });
      }
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: entity('job_interview'),
        entityId: id,
        label: `${app.reference} ${app.firstName} ${app.lastName}`.trim(),
        after: await this.interviewOf(scope, id, zone, tx, canEdit),
      });
    });
    if (body.send_email) await this.sendInterviewEmail(scope, id, zone);
    return this.interviewOf(scope, id, zone);
  }

  async updateInterview(scope: Scope, id: string, body: InterviewRequest): Promise<JobInterview> {
    staffSchool(scope);
    const zone = await this.school.timeZone(scope);
    const [current] = await repo.listInterviews(scope, this.db, { ids: [id] });
    if (!current) throw notFound();
    // An interview kept at its time may be edited after it began (its note, its location); a new time may not be past.
    const moved =
      zonedToInstant(body.date, body.start, zone).getTime() !== new Date(current.startsAt).getTime() ||
      zonedToInstant(body.date, body.end, zone).getTime() !== new Date(current.endsAt).getTime();
    const { startsAt, endsAt, interviewerIds } = await this.interviewTimes(scope, body, { past: moved });
    const canEdit = await this.canEdit(scope);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockInterview(scope, tx, id);
      if (!row) throw notFound();
      if (row.cancelledAt) throw badRequest(HIRING_MESSAGES.interviewCancelled, ERROR_CODES.validation);
      const app = await repo.lockApplication(scope, tx, row.applicationId);
      if (!app || app.stage === 'hired' || app.stage === 'rejected') throw stageNotAllowed();
      await this.assertFree(scope, tx, interviewerIds, startsAt, endsAt, id);
      const before = await this.interviewOf(scope, id, zone, tx, canEdit);
      await repo.updateInterview(scope, tx, id, { startsAt, endsAt, location: body.location, note: body.note }, interviewerIds);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: entity('job_interview'),
        entityId: id,
        label: `${app.reference} ${app.firstName} ${app.lastName}`.trim(),
        before,
        after: await this.interviewOf(scope, id, zone, tx, canEdit),
      });
    });
    if (body.send_email) await this.sendInterviewEmail(scope, id, zone);
    return this.interviewOf(scope, id, zone);
  }

  async cancelInterview(scope: Scope, id: string): Promise<JobInterview> {
    staffSchool(scope);
    const zone = await this.school.timeZone(scope);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockInterview(scope, tx, id);
      if (!row) throw notFound();
      if (row.cancelledAt) return;
      await repo.updateInterview(scope, tx, id, { cancelledAt: this.clock.now() });
      await recordAudit(scope, tx, {
        action: 'cancel',
        entityType: entity('job_interview'),
        entityId: id,
        label: id,
        before: { cancelled: false },
        after: { cancelled: true },
      });
    });
    return this.interviewOf(scope, id, zone);
  }

  /** Interviews of the school overlapping the days (school's clock), of one interviewer when asked; at most 62 days. */
  async interviews(scope: Scope, query: z.infer<typeof interviewListQuerySchema>): Promise<JobInterview[]> {
    staffSchool(scope);
    const from = isoFromWire(query.from, 'from');
    const to = isoFromWire(query.to, 'to');
    if (to < from) throw badRequest('to: before from', ERROR_CODES.validation, 'to');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days > MAX_RANGE_DAYS) throw badRequest(`At most ${MAX_RANGE_DAYS} days at once`, ERROR_CODES.validation, 'to');
    const zone = await this.school.timeZone(scope);
    const rows = await this.rangeOf(scope, zone, from, to, query.interviewer_id ? [query.interviewer_id] : undefined, false);
    const people = await repo.peopleOf(
      scope,
      this.db,
      rows.flatMap((r) => r.interviewerIds),
    );
    const names = new Map(people.map((p) => [p.id, p.name]));
    const canEdit = await this.canEdit(scope);
    return rows.map((r) => presentInterview(r, zone, names, canEdit));
  }

  private rangeOf(scope: Scope, zone: string, fromIso: string, toIso: string, userIds: string[] | undefined, live: boolean) {
    const dd = (iso: string) => iso.split('-').reverse().join('-');
    const from = zonedToInstant(dd(fromIso), '12:00 AM', zone);
    const next = new Date(Date.parse(`${toIso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const to = zonedToInstant(dd(next), '12:00 AM', zone);
    return repo.listInterviews(scope, this.db, { from, to, interviewerIds: userIds, live });
  }

  /**
   * The staff calendar's read (the leave portal): the live (not cancelled) interviews of these staff
   * members overlapping the ISO days `fromIso`..`toIso` (inclusive, on the school's clock), each with
   * those of the asked-for people who interview at it.
   */
  async interviewsOf(scope: Scope, userIds: string[], fromIso: string, toIso: string): Promise<StaffInterview[]> {
    staffSchool(scope);
    if (userIds.length === 0) return [];
    const zone = await this.school.timeZone(scope);
    const asked = new Set(userIds);
    const rows = await this.rangeOf(scope, zone, fromIso, toIso, [...asked], true);
    return rows.map((r) => ({
      id: r.id,
      userIds: r.interviewerIds.filter((u) => asked.has(u)),
      startsAt: new Date(r.startsAt).toISOString(),
      endsAt: new Date(r.endsAt).toISOString(),
      applicant: `${r.applicantFirstName} ${r.applicantLastName}`.trim(),
      opening: r.openingTitle,
      location: r.location,
    }));
  }

  // ------------------------------------------------------------------ hire

  /**
   * Hires an applicant at 'offer' (else 400 STAGE_NOT_ALLOWED; twice → 409 ALREADY_HIRED): the member
   * of staff is added by PeopleService.createStaff — which refuses a role the caller may not grant and
   * classes of another school before anything is written — and, in its transaction, the application
   * is marked hired with the new member, its stage change and the audit. All or nothing.
   */
  async hire(
    scope: Scope,
    id: string,
    body: HireRequest,
  ): Promise<{ application: JobApplication; staff: { _id: string; name: string } }> {
    staffSchool(scope);
    const check = (stage: string, staffUserId: string | null) => {
      if (stage === 'hired' || staffUserId) throw alreadyHired();
      if (stage !== 'offer') throw stageNotAllowed();
    };
    const { rows } = await repo.listApplications(scope, this.db, { ids: [id], now: this.clock.now() });
    const found = rows[0];
    if (!found) throw notFound();
    check(found.stage, found.staffUserId);
    let hiredId = '';
    await this.people.createStaff(
      scope,
      {
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
        email: body.email,
        role_id: body.role_id,
        class_ids: body.class_ids,
      },
      async (tx, added) => {
        const now = this.clock.now();
        const row = await repo.lockApplication(scope, tx, id);
        if (!row) throw notFound();
        check(row.stage, row.staffUserId);
        await repo.updateApplication(scope, tx, id, { stage: 'hired', staffUserId: added.userId, stageChangedAt: now });
        await repo.insertStageChange(scope, tx, {
          id: newId(),
          applicationId: id,
          fromStage: row.stage,
          toStage: 'hired',
          note: body.start_date ? `Starts on ${body.start_date}` : '',
          emailSent: false,
          byUserId: scope.userId || null,
          at: now,
        });
        await recordAudit(scope, tx, {
          action: 'update',
          entityType: entity('job_application'),
          entityId: id,
          label: `${row.reference} ${row.firstName} ${row.lastName}`.trim(),
          before: { stage: row.stage },
          after: { stage: 'hired', staff_user_id: added.userId, role_id: body.role_id, class_ids: body.class_ids },
        });
        hiredId = added.userId;
      },
    );
    return {
      application: await this.application(scope, id),
      staff: { _id: hiredId, name: `${body.first_name} ${body.last_name}`.trim() },
    };
  }
}
