import {
  ADMISSION_MESSAGES,
  ADMISSION_NEXT,
  ADMISSION_STAGES,
  type Admission,
  type AdmissionCreate,
  type AdmissionDocument,
  type AdmissionForm,
  type AdmissionFormKind,
  type AdmissionFormRequest,
  type AdmissionReport,
  type AdmissionStage,
  type AdmissionStageRequest,
  type AuditEntityType,
  addDays,
  type admissionListQuerySchema,
  type admissionPageSchema,
  type admissionReportQuerySchema,
  type admissionUpdateSchema,
  ddmmyyyyFromIso,
  type EmailTemplateKey,
  type EnrolRequest,
  ERROR_CODES,
  type FormSection,
  type Language,
  type PublicAdmissionForm,
  type PublicDocument,
  type PublicSubmission,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { cleanFileName, DOCUMENT_TYPES_MESSAGE, sniffDocument } from '../../platform/documents.js';
import { AppError, badRequest, notFound, tooMany } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { MediaStore } from '../../platform/storage.js';
import { zonedToInstant } from '../../platform/zoned.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { Enrolled, PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { type AnswerValue, checkAnswers, checkFormSections, type FieldError, reservedColumns } from './answers.js';
import { defaultForm } from './default-form.js';
import { type FormValues, formValuesOf, presentAdmission, presentDocument, presentForm, presentSummary } from './presenter.js';
import * as repo from './repo.js';

export const ADMISSIONS_CLEANUP_JOB = 'admissions.cleanup';
/** Public submissions and uploads per address and school in one window (counted in PostgreSQL, so every instance agrees). */
export const PUBLIC_LIMITS = { submit: 10, upload: 30, windowMs: 10 * 60 * 1000 } as const;
/** A family's upload is theirs to submit for a day; after that it is removed by the daily clean-up. */
export const UNCLAIMED_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/*
 * The audit's list of entity types names the academic setup's (its reads filter by it); the
 * admissions' entries carry their own type, which those reads leave out.
 */
const AUDIT_APPLICATION: AuditEntityType = 'admission_application';
const AUDIT_FORM: AuditEntityType = 'admission_form';

const stageNotAllowed = () => badRequest(ADMISSION_MESSAGES.stageNotAllowed, ERROR_CODES.stageNotAllowed, 'stage');
const alreadyEnrolled = () => new AppError(409, ADMISSION_MESSAGES.alreadyEnrolled, ERROR_CODES.alreadyEnrolled);
const fieldErrors = (errors: FieldError[]) =>
  new AppError(400, errors[0]?.message ?? ADMISSION_MESSAGES.requiredField, ERROR_CODES.validation, errors);

/** The email of each step a family hears about (the others send none). */
const STAGE_EMAIL: Partial<Record<AdmissionStage, EmailTemplateKey>> = {
  visit: 'admission_visit',
  offered: 'admission_offered',
  waiting_list: 'admission_waiting_list',
  rejected: 'admission_rejected',
};

export interface PublicUpload {
  bytes: Buffer;
  filename: string;
}
export interface StaffUpload {
  bytes: Buffer;
  filename: string;
}

/** Admissions (issue 26): the public forms, the pipeline, enrolment and the report. */
export class AdmissionService {
  /** The clean-up run this process last put on the queue (the queue keeps one per day whatever is asked). */
  private cleanupScheduled = '';

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly people: PeopleService,
    readonly emailTemplates: EmailTemplateService,
    readonly storage: MediaStore,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
    readonly site: { appName: string; signInUrl: string },
  ) {
    jobs.handle(ADMISSIONS_CLEANUP_JOB, async () => {
      await this.removeUnclaimed();
      await this.scheduleCleanup();
    });
  }

  // ---------------------------------------------------------------- forms

  private async formValues(scope: Scope, kind: AdmissionFormKind): Promise<FormValues> {
    const row = await repo.formOf(scope, this.db, kind);
    return row ? formValuesOf(row) : { ...defaultForm(kind), updatedAt: null };
  }

  async form(scope: Scope, kind: AdmissionFormKind): Promise<AdmissionForm> {
    return presentForm(staffSchool(scope), kind, await this.formValues(scope, kind));
  }

  async saveForm(scope: Scope, kind: AdmissionFormKind, body: AdmissionFormRequest): Promise<AdmissionForm> {
    const errors = checkFormSections(body.sections);
    if (errors.length) {
      const first = errors[0];
      throw new AppError(400, first?.message ?? ADMISSION_MESSAGES.reservedKey, ERROR_CODES.validation, errors);
    }
    const before = await this.formValues(scope, kind);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.saveForm(scope, tx, kind, {
        title: body.title,
        intro: body.intro,
        open: body.open,
        sections: body.sections,
        updatedAt: now,
        updatedBy: scope.userId,
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: AUDIT_FORM,
        entityId: kind,
        label: `${kind} form`,
        before: { title: before.title, open: before.open, sections: before.sections },
        after: { title: body.title, open: body.open, sections: body.sections },
      });
    });
    return this.form(scope, kind);
  }

  // ---------------------------------------------------------------- public pages

  /**
   * The scope a public page acts in: the school's own, once it is known to exist with admissions
   * switched on (an unknown school and one without the feature look the same: 404).
   */
  private async publicScope(schoolId: string): Promise<Scope> {
    if (!(await this.scopes.featuresOf(schoolId)).has('admission_management')) throw notFound();
    return this.scopes.of({ userId: '', kind: 'staff', schoolId, sessionId: 'public:admissions', isTemp: false });
  }

  /** Counts one public call of this address at this school; 429 past the window's limit. */
  private async admit(scope: Scope, ip: string, what: 'submit' | 'upload'): Promise<void> {
    const now = this.clock.now();
    const ok = await repo.takeFromCounter(
      'public',
      this.db,
      `admissions:${what}:${staffSchool(scope)}:${ip}`,
      PUBLIC_LIMITS[what],
      now,
      new Date(now.getTime() - PUBLIC_LIMITS.windowMs),
    );
    if (!ok) throw tooMany(ADMISSION_MESSAGES.tooManySubmissions, ERROR_CODES.tooManySubmissions);
  }

  async publicForm(schoolId: string, kind: AdmissionFormKind): Promise<PublicAdmissionForm> {
    const scope = await this.publicScope(schoolId);
    const [form, info, classes] = await Promise.all([
      this.formValues(scope, kind),
      this.school.info(scope),
      repo.liveClasses(scope, this.db),
    ]);
    const { updated_at: _, ...shown } = presentForm(schoolId, kind, form);
    return {
      school: { _id: schoolId, name: info.name, logo: info.logo },
      form: shown,
      classes: classes.map((c) => ({ _id: c.id, name: c.name, age_range: c.ageRange })),
    };
  }

  /** Before a family's file is read: the school takes uploads and this address has not sent too many. */
  async admitUpload(schoolId: string, ip: string): Promise<Scope> {
    const scope = await this.publicScope(schoolId);
    await this.admit(scope, ip, 'upload');
    return scope;
  }

  /** Stores a family's document, unclaimed until their submission names it. */
  async publicDocument(scope: Scope, file: PublicUpload): Promise<PublicDocument> {
    const stored = await this.store(scope, file, null, null);
    await this.ensureCleanup();
    return { _id: stored.id, name: stored.name, size: stored.size };
  }

  private async store(scope: Scope, file: PublicUpload, applicationId: string | null, addedBy: string | null) {
    const type = sniffDocument(file.bytes);
    if (!type) throw badRequest(DOCUMENT_TYPES_MESSAGE, ERROR_CODES.validation, 'file');
    const id = newId();
    const name = cleanFileName(file.filename, type.ext);
    const key = `admissions/${staffSchool(scope)}/${id}.${type.ext}`;
    // Kept in the object store without a media row: these files are read only through the
    // admissions' download route, and removed by the admissions' own clean-up.
    await this.storage.objects.put(key, file.bytes, type.mime);
    try {
      await repo.insertDocument(scope, this.db, {
        id,
        applicationId,
        name,
        mime: type.mime,
        size: file.bytes.length,
        storageKey: key,
        addedBy,
        createdAt: this.clock.now(),
      });
    } catch (err) {
      await this.storage.objects.remove(key).catch(() => undefined);
      throw err;
    }
    return { id, name, size: file.bytes.length };
  }

  /** A family's enquiry or application: checked against the form, then stored with its documents, in one transaction. */
  async submit(schoolId: string, kind: AdmissionFormKind, ip: string, body: PublicSubmission): Promise<{ reference: string }> {
    const scope = await this.publicScope(schoolId);
    await this.admit(scope, ip, 'submit');
    const now = this.clock.now();
    const year = now.getUTCFullYear();
    // A robot filled the hidden field: it gets the same answer, and nothing is kept.
    if (body.website?.trim()) return { reference: `A-${year}-${String(Math.floor(Math.random() * 9000) + 1000)}` };
    const form = await this.formValues(scope, kind);
    if (!form.open) throw badRequest(ADMISSION_MESSAGES.formClosed, ERROR_CODES.formClosed);
    const checked = checkAnswers(form.sections, body.answers);
    const errors = [...checked.errors];
    if (body.desired_class_id && (await repo.liveClasses(scope, this.db, [body.desired_class_id])).length === 0)
      errors.push({ field: 'desired_class_id', message: 'Choose one of the classes' });
    const docs = await repo.documentsByIds(
      scope,
      this.db,
      checked.documents.map((d) => d.id),
    );
    const usable = new Set(
      docs
        .filter((d) => d.applicationId === null && d.addedBy === null && now.getTime() - d.createdAt.getTime() < UNCLAIMED_MS)
        .map((d) => d.id),
    );
    for (const d of checked.documents)
      if (!usable.has(d.id) && !errors.some((e) => e.field === d.fieldKey))
        errors.push({ field: d.fieldKey, message: ADMISSION_MESSAGES.documentUnknown });
    if (errors.length) throw fieldErrors(errors);

    const stage: AdmissionStage = kind === 'enquiry' ? 'enquiry' : 'application';
    const columns = reservedColumns(checked.values);
    const id = newId();
    const reference = await this.db.transaction(async (tx) => {
      const ref = await repo.nextReference(scope, tx, year);
      await repo.insertApplication(scope, tx, {
        id,
        reference: ref,
        kind,
        stage,
        source: body.source,
        ...columns,
        desiredClassId: body.desired_class_id ?? null,
        desiredStart: body.desired_start ? isoFromWire(body.desired_start, 'desired_start') : null,
        language: body.language,
        answers: checked.values,
        formSnapshot: form.sections,
        createdAt: now,
        stageChangedAt: now,
        updatedAt: now,
      });
      // Another submission may have taken a document in the meantime: then this one is refused whole.
      if ((await repo.claimDocuments(scope, tx, id, checked.documents)) < checked.documents.length)
        throw fieldErrors([{ field: checked.documents[0]?.fieldKey ?? 'answers', message: ADMISSION_MESSAGES.documentUnknown }]);
      await repo.insertStageChange(scope, tx, {
        id: newId(),
        applicationId: id,
        fromStage: null,
        toStage: stage,
        emailSent: !!columns.parentEmail,
        at: now,
      });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: AUDIT_APPLICATION,
        entityId: id,
        label: ref,
        after: {
          reference: ref,
          kind,
          stage,
          source: body.source,
          child: `${columns.childFirstName} ${columns.childLastName}`.trim(),
        },
      });
      return ref;
    });
    if (columns.parentEmail)
      await this.emailTemplates
        .send(scope, {
          key: 'admission_received',
          to: columns.parentEmail,
          language: body.language,
          values: { first_name: columns.parentFirstName, child_name: columns.childFirstName, reference },
        })
        .catch(() => undefined);
    return { reference };
  }

  // ---------------------------------------------------------------- pipeline

  private async zone(scope: Scope): Promise<string> {
    return this.school.timeZone(scope);
  }

  private async row(scope: Scope, id: string): Promise<repo.ApplicationListed> {
    const row = await repo.applicationById(scope, this.db, id);
    if (!row) throw notFound();
    return row;
  }

  async list(scope: Scope, query: z.infer<typeof admissionListQuerySchema>): Promise<z.infer<typeof admissionPageSchema>> {
    staffSchool(scope);
    const [found, zone] = await Promise.all([
      repo.listApplications(
        scope,
        this.db,
        { stage: query.stage, source: query.source, kind: query.kind, q: query.q || undefined },
        { limit: query.page_size, offset: (query.page - 1) * query.page_size, cursor: query.cursor },
      ),
      this.zone(scope),
    ]);
    return {
      items: found.rows.map((r) => presentSummary(r, zone)),
      total: found.total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: found.nextCursor,
      // Every stage has its column on the board, empty ones with 0.
      stage_counts: Object.fromEntries(ADMISSION_STAGES.map((st) => [st, found.stageCounts[st] ?? 0])) as Record<
        AdmissionStage,
        number
      >,
    };
  }

  async get(scope: Scope, id: string): Promise<Admission> {
    const row = await this.row(scope, id);
    const [documents, notes, history, zone] = await Promise.all([
      repo.documentsOf(scope, this.db, id),
      repo.notesOf(scope, this.db, id),
      repo.stageChangesOf(scope, this.db, id),
      this.zone(scope),
    ]);
    return presentAdmission({ row, documents, notes, history, zone });
  }

  private async checkClass(scope: Scope, classId: string | null | undefined): Promise<void> {
    if (classId && (await repo.liveClasses(scope, this.db, [classId])).length === 0)
      throw badRequest('Choose one of the classes', ERROR_CODES.validation, 'desired_class_id');
  }

  /** Staff adding an enquiry taken by phone or at the door (the form's current sections label its answers). */
  async create(scope: Scope, body: AdmissionCreate): Promise<Admission> {
    staffSchool(scope);
    await this.checkClass(scope, body.desired_class_id);
    const form = await this.formValues(scope, body.kind);
    const now = this.clock.now();
    const stage: AdmissionStage = body.kind === 'application' ? 'application' : 'enquiry';
    const answers: Record<string, AnswerValue> = {
      child_first_name: body.child_first_name,
      child_last_name: body.child_last_name,
      parent_first_name: body.parent_first_name,
      parent_last_name: body.parent_last_name,
      ...(body.child_date_of_birth ? { child_date_of_birth: body.child_date_of_birth } : {}),
      ...(body.parent_email ? { parent_email: body.parent_email.toLowerCase() } : {}),
      ...(body.parent_phone ? { parent_phone: body.parent_phone } : {}),
    };
    const id = newId();
    await this.db.transaction(async (tx) => {
      const reference = await repo.nextReference(scope, tx, now.getUTCFullYear());
      await repo.insertApplication(scope, tx, {
        id,
        reference,
        kind: body.kind,
        stage,
        source: body.source,
        ...reservedColumns(answers),
        desiredClassId: body.desired_class_id ?? null,
        desiredStart: body.desired_start ? isoFromWire(body.desired_start, 'desired_start') : null,
        language: body.language,
        answers,
        formSnapshot: form.sections,
        createdBy: scope.userId,
        createdAt: now,
        stageChangedAt: now,
        updatedAt: now,
      });
      await repo.insertStageChange(scope, tx, {
        id: newId(),
        applicationId: id,
        fromStage: null,
        toStage: stage,
        byUserId: scope.userId,
        at: now,
      });
      if (body.note)
        await repo.insertNote(scope, tx, {
          id: newId(),
          applicationId: id,
          body: body.note,
          authorId: scope.userId,
          createdAt: now,
        });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: AUDIT_APPLICATION,
        entityId: id,
        label: reference,
        after: { reference, kind: body.kind, stage, source: body.source, answers },
      });
    });
    return this.get(scope, id);
  }

  async update(scope: Scope, id: string, body: z.infer<typeof admissionUpdateSchema>): Promise<Admission> {
    const row = await this.row(scope, id);
    if (row.stage === 'enrolled' || row.studentId) throw stageNotAllowed();
    await this.checkClass(scope, body.desired_class_id);
    const answers = { ...(row.answers as Record<string, AnswerValue>) };
    const put = (key: string, value: string | null | undefined) => {
      if (value === undefined) return;
      if (value === null || value === '') delete answers[key];
      else answers[key] = value;
    };
    put('child_first_name', body.child_first_name);
    put('child_last_name', body.child_last_name);
    put('child_date_of_birth', body.child_date_of_birth);
    put('parent_first_name', body.parent_first_name);
    put('parent_last_name', body.parent_last_name);
    put('parent_email', body.parent_email?.toLowerCase() ?? body.parent_email);
    put('parent_phone', body.parent_phone);
    const set = {
      ...reservedColumns(answers),
      answers,
      ...(body.source ? { source: body.source } : {}),
      ...(body.language ? { language: body.language } : {}),
      ...(body.desired_class_id !== undefined ? { desiredClassId: body.desired_class_id } : {}),
      ...(body.desired_start !== undefined
        ? { desiredStart: body.desired_start ? isoFromWire(body.desired_start, 'desired_start') : null }
        : {}),
      updatedAt: this.clock.now(),
    };
    await this.db.transaction(async (tx) => {
      if (!(await repo.updateApplication(scope, tx, id, set, [row.stage]))) throw stageNotAllowed();
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: AUDIT_APPLICATION,
        entityId: id,
        label: row.reference,
        before: { answers: row.answers, source: row.source, desired_class_id: row.desiredClassId },
        after: { answers, source: set.source ?? row.source, desired_class_id: set.desiredClassId ?? row.desiredClassId },
      });
    });
    return this.get(scope, id);
  }

  /** Moves an application along the pipeline (never to enrolled: that is the enrolment's), with the step's email. */
  async move(scope: Scope, id: string, body: AdmissionStageRequest): Promise<Admission> {
    const row = await this.row(scope, id);
    const from = row.stage as AdmissionStage;
    if (row.studentId || !ADMISSION_NEXT[from].includes(body.stage)) throw stageNotAllowed();
    const zone = await this.zone(scope);
    let visitAt: Date | undefined;
    if (body.stage === 'visit') {
      if (!body.visit_date || !body.visit_time)
        throw badRequest(ADMISSION_MESSAGES.visitNeeded, ERROR_CODES.validation, body.visit_date ? 'visit_time' : 'visit_date');
      visitAt = zonedToInstant(body.visit_date, body.visit_time, zone);
    }
    const key = STAGE_EMAIL[body.stage];
    const emailing = body.send_email && !!key && !!row.parentEmail;
    const now = this.clock.now();
    const changeId = newId();
    await this.db.transaction(async (tx) => {
      const moved = await repo.updateApplication(
        scope,
        tx,
        id,
        { stage: body.stage, stageChangedAt: now, updatedAt: now, ...(visitAt ? { visitAt } : {}) },
        [from],
      );
      if (!moved) throw stageNotAllowed();
      await repo.insertStageChange(scope, tx, {
        id: changeId,
        applicationId: id,
        fromStage: from,
        toStage: body.stage,
        note: body.note,
        emailSent: emailing,
        byUserId: scope.userId,
        at: now,
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: AUDIT_APPLICATION,
        entityId: id,
        label: row.reference,
        before: { stage: from },
        after: { stage: body.stage, note: body.note, ...(visitAt ? { visit_at: visitAt.toISOString() } : {}) },
      });
    });
    if (emailing && key && row.parentEmail) {
      const sent = await this.emailTemplates
        .send(scope, {
          key,
          to: row.parentEmail,
          language: row.language as Language,
          values: {
            first_name: row.parentFirstName,
            child_name: row.childFirstName,
            reference: row.reference,
            note: body.note,
            date: body.visit_date ?? '',
            time: body.visit_time ?? '',
            class_name: row.desiredClassName ?? '',
          },
        })
        .then(
          () => true,
          () => false,
        );
      if (!sent) await repo.setEmailSent(scope, this.db, changeId, false);
    }
    return this.get(scope, id);
  }

  async addNote(scope: Scope, id: string, body: string): Promise<Admission> {
    const row = await this.row(scope, id);
    const noteId = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertNote(scope, tx, {
        id: noteId,
        applicationId: id,
        body,
        authorId: scope.userId,
        createdAt: this.clock.now(),
      });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: AUDIT_APPLICATION,
        entityId: id,
        label: `${row.reference} note`,
        after: { note: body },
      });
    });
    return this.get(scope, id);
  }

  async addDocument(scope: Scope, id: string, file: StaffUpload): Promise<AdmissionDocument> {
    const row = await this.row(scope, id);
    const stored = await this.store(scope, file, id, scope.userId);
    const [doc] = await repo.documentsByIds(scope, this.db, [stored.id]);
    if (!doc) throw notFound();
    return presentDocument(doc, null, row.formSnapshot as FormSection[], row.language as Language);
  }

  /** A document of an application of the caller's school, for download. */
  async documentFile(scope: Scope, id: string): Promise<{ name: string; mime: string; bytes: Buffer }> {
    const [doc] = await repo.documentsByIds(scope, this.db, [id]);
    if (!doc?.applicationId) throw notFound();
    const bytes = await this.storage.objects.read(doc.storageKey);
    if (!bytes) throw notFound();
    return { name: doc.name, mime: doc.mime, bytes };
  }

  // ---------------------------------------------------------------- enrolment

  /**
   * Enrols the child of an offered or accepted application: the student, the class, the parents
   * (existing accounts linked) and the application marked enrolled with its stage change and audit,
   * in one transaction (PeopleService.enrol); the family's email and invitations after it.
   */
  async enrol(scope: Scope, id: string, body: EnrolRequest) {
    const row = await this.row(scope, id);
    if (row.studentId || row.stage === 'enrolled') throw alreadyEnrolled();
    if (row.stage !== 'offered' && row.stage !== 'accepted') throw stageNotAllowed();
    const startDate = isoFromWire(body.start_date, 'start_date');
    const dateOfBirth = body.child_date_of_birth
      ? isoFromWire(body.child_date_of_birth, 'child_date_of_birth')
      : row.childDateOfBirth;
    const done = await this.people.enrol(
      scope,
      {
        firstName: body.child_first_name,
        lastName: body.child_last_name,
        dateOfBirth,
        classId: body.class_id,
        startDate,
        parents: body.parents,
      },
      (tx, enrolled) => this.markEnrolled(scope, tx, row, enrolled, body.send_email && !!row.parentEmail),
      { invite: body.send_email },
    );
    const [cls] = await repo.liveClasses(scope, this.db, [body.class_id]);
    const className = cls?.name ?? '';
    if (body.send_email && row.parentEmail)
      await this.emailTemplates
        .send(scope, {
          key: 'admission_enrolled',
          to: row.parentEmail,
          language: row.language as Language,
          values: {
            first_name: row.parentFirstName,
            child_name: body.child_first_name,
            class_name: className,
            start_date: body.start_date,
            app_name: this.site.appName,
            link: this.site.signInUrl,
          },
        })
        .catch(() => undefined);
    return {
      application: await this.get(scope, id),
      student: { _id: done.studentId, name: `${body.child_first_name} ${body.child_last_name}`.trim() },
      class: { _id: body.class_id, name: className },
      linked_existing: done.linkedExisting,
    };
  }

  /** The enrolment's own write, inside its transaction: refused (and everything undone) if the application moved meanwhile. */
  async markEnrolled(scope: Scope, tx: Tx, row: repo.ApplicationRow, enrolled: Enrolled, emailSent: boolean): Promise<void> {
    const now = this.clock.now();
    const marked = await repo.updateApplication(
      scope,
      tx,
      row.id,
      { stage: 'enrolled', studentId: enrolled.studentId, enrolledAt: now, stageChangedAt: now, updatedAt: now },
      ['offered', 'accepted'],
    );
    if (!marked) throw alreadyEnrolled();
    await repo.insertStageChange(scope, tx, {
      id: newId(),
      applicationId: row.id,
      fromStage: row.stage,
      toStage: 'enrolled',
      emailSent,
      byUserId: scope.userId,
      at: now,
    });
    await recordAudit(scope, tx, {
      action: 'update',
      entityType: AUDIT_APPLICATION,
      entityId: row.id,
      label: row.reference,
      before: { stage: row.stage },
      after: { stage: 'enrolled', student_id: enrolled.studentId, parents: enrolled.parentUserIds },
    });
  }

  // ---------------------------------------------------------------- report

  async report(scope: Scope, query: z.infer<typeof admissionReportQuerySchema>): Promise<AdmissionReport> {
    const zone = await this.zone(scope);
    const today = todayIn(zone, this.clock.now());
    const to = query.to ? isoFromWire(query.to, 'to') : today;
    // By default the last twelve months, from the first day of the month eleven months back.
    const back = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
    back.setUTCMonth(back.getUTCMonth() - 11);
    const from = query.from ? isoFromWire(query.from, 'from') : back.toISOString().slice(0, 10);
    if (from > to) throw badRequest('The start is after the end', ERROR_CODES.validation, 'from');
    if (from < addDays(to, -3 * 366)) throw badRequest('Ask for at most three years', ERROR_CODES.validation, 'from');
    const rows = await repo.reportRows(scope, this.db, from, to, zone);
    const conversion = (enrolled: number, enquiries: number) =>
      enquiries ? Math.round((enrolled / enquiries) * 10_000) / 10_000 : null;
    const sum = (k: 'enquiries' | 'applications' | 'visits' | 'offers' | 'enrolled') => rows.reduce((n, r) => n + r[k], 0);
    return {
      from: ddmmyyyyFromIso(from),
      to: ddmmyyyyFromIso(to),
      rows: rows.map((r) => ({
        ...r,
        source: r.source as AdmissionReport['rows'][number]['source'],
        conversion: conversion(r.enrolled, r.enquiries),
      })),
      totals: {
        enquiries: sum('enquiries'),
        applications: sum('applications'),
        visits: sum('visits'),
        offers: sum('offers'),
        enrolled: sum('enrolled'),
        conversion: conversion(sum('enrolled'), sum('enquiries')),
      },
    };
  }

  async reportCsv(scope: Scope, query: z.infer<typeof admissionReportQuerySchema>): Promise<string> {
    const report = await this.report(scope, query);
    const line = (month: string, source: string, r: Omit<AdmissionReport['rows'][number], 'month' | 'source'>) => [
      month,
      source,
      r.enquiries,
      r.applications,
      r.visits,
      r.offers,
      r.enrolled,
      r.conversion === null ? '' : r.conversion.toFixed(4),
    ];
    return toCsv([
      ['month', 'source', 'enquiries', 'applications', 'visits', 'offers', 'enrolled', 'conversion'],
      ...report.rows.map((r) => line(r.month, r.source, r)),
      line('total', '', report.totals),
    ]);
  }

  /** Whether the school has any application yet (the demo's seed fills only an empty pipeline). */
  async hasApplications(scope: Scope): Promise<boolean> {
    return (await repo.applicationCount(scope, this.db)) > 0;
  }

  // ---------------------------------------------------------------- clean-up

  /** Puts the next daily clean-up of unclaimed uploads on the queue (one per day, whichever instance asks). */
  async scheduleCleanup(): Promise<void> {
    const next = new Date(Math.ceil((this.clock.now().getTime() + 1) / DAY_MS) * DAY_MS);
    const key = `${ADMISSIONS_CLEANUP_JOB}:${next.toISOString()}`;
    await this.jobs.schedule(key, ADMISSIONS_CLEANUP_JOB, next, {});
    this.cleanupScheduled = key;
  }

  private async ensureCleanup(): Promise<void> {
    const next = new Date(Math.ceil((this.clock.now().getTime() + 1) / DAY_MS) * DAY_MS);
    if (this.cleanupScheduled !== `${ADMISSIONS_CLEANUP_JOB}:${next.toISOString()}`) await this.scheduleCleanup();
  }

  /** Removes the families' uploads no submission claimed within a day (rows and files); how many. */
  async removeUnclaimed(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNCLAIMED_MS);
    let removed = 0;
    for (;;) {
      const rows = await repo.unclaimedBefore('system', this.db, before, 200);
      const gone = new Set(
        await repo.deleteUnclaimed(
          'system',
          this.db,
          rows.map((r) => r.id),
        ),
      );
      await Promise.all(
        rows.filter((r) => gone.has(r.id)).map((r) => this.storage.objects.remove(r.storageKey).catch(() => undefined)),
      );
      removed += gone.size;
      if (rows.length < 200) return removed;
    }
  }
}
