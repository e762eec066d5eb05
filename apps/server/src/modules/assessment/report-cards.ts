import {
  ASSESSMENT_MESSAGES,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type FileExport,
  type familyReportListSchema,
  HPC_LEVELS,
  type HpcLevel,
  type ReportCheck,
  type ReportEntry,
  type ReportSet,
  type ReportTemplate,
  type reportSetListSchema,
} from '@cue/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ReportCommentRow } from '../../platform/db/schema.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId, stableId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { signMedia } from '../../platform/media-urls.js';
import type { MediaStore } from '../../platform/storage.js';
import type { AttendanceService } from '../attendance/service.js';
import type { ClassService } from '../classes/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { PdfLanguage } from '../exports/pdf-kit.js';
import type { ExportService } from '../exports/service.js';
import type { ObservationService, StatementsByArea } from '../observations/service.js';
import type { PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { type ChildEvidence, type EvidenceReader, presentEvidence } from './evidence.js';
import { type PeriodRow, staffNames } from './repo.js';
import * as repo from './report-cards-repo.js';
import { comparable, type DraftGrade, draftComment, joinSentences } from './report-draft.js';
import { classReportPdf, DEFAULT_TITLES, type ReportPdfData, reportPdf } from './report-pdf.js';
import {
  fullName,
  presentComment,
  presentEntryRow,
  presentSetHead,
  presentTemplate,
  type StoredSentence,
} from './report-presenter.js';
import type { AssessmentService } from './service.js';

type TemplateBody = {
  name: string;
  sections: { kind: string; title: string; text: string }[];
  show_logo: boolean;
  head_name: string;
};
type EntryChange = {
  comments?: { area_id: string; text: string; sentences?: StoredSentence[] }[];
  sign_off?: Record<string, boolean>;
  teacher_note?: string;
};
type Language = PdfLanguage;

/** The job that emails families when their child's report card is shared. */
export const REPORT_SHARED_JOB = 'report.shared';

/** The template a school starts with. */
const DEFAULT_TEMPLATE: TemplateBody = {
  name: 'Term report',
  sections: [
    { kind: 'attendance', title: DEFAULT_TITLES.attendance, text: '' },
    { kind: 'comments', title: DEFAULT_TITLES.comments, text: '' },
    { kind: 'grades', title: DEFAULT_TITLES.grades, text: '' },
    { kind: 'hpc', title: DEFAULT_TITLES.hpc, text: '' },
    {
      kind: 'text',
      title: DEFAULT_TITLES.text,
      text: 'Talk together about what your child did at school each day, read a story together, and count the things you see on the way home.',
    },
    { kind: 'signatures', title: DEFAULT_TITLES.signatures, text: '' },
  ],
  show_logo: true,
  head_name: '',
};

const locked = () => new AppError(409, ASSESSMENT_MESSAGES.reportLocked, ERROR_CODES.reportLocked);

/**
 * Report cards (issue 23): templates per school; a set per class and period that an admin
 * (`academic_setup.assessment_management`) creates with an entry per child; each entry's comments per
 * learning area of the class, written by the class's staff or drafted from the child's evidence of the
 * period only, and signed off; the report check; locking prepares every child's PDF (en/ar/he) in the
 * export job 'report_cards'; sharing tells the families, who download their own children's reports.
 */
export class ReportCardService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly assessment: AssessmentService,
    readonly classes: ClassService,
    readonly observations: ObservationService,
    readonly attendance: AttendanceService,
    readonly evidence: EvidenceReader,
    readonly school: SchoolService,
    readonly exports: ExportService,
    readonly storage: MediaStore,
    readonly scopes: ScopeFactory,
    readonly jobs: JobQueue,
    readonly emailTemplates: EmailTemplateService,
    readonly events: EventBus,
    readonly people: PeopleService,
  ) {
    exports.register('report_cards', (scope, params, progress) =>
      this.buildSet(scope, params.setId ?? '', (params.language ?? 'en') as Language, progress),
    );
    jobs.handle(REPORT_SHARED_JOB, (payload) => this.emailFamilies(payload));
  }

  /** Whether the caller works with the class (its staff, or class managers). */
  private async teaches(scope: Scope, classId: string): Promise<boolean> {
    try {
      await requireAccess(scope, 'class', [classId]);
      return true;
    } catch {
      return false;
    }
  }

  // ---------------------------------------------------------------- templates

  /** The school's templates; a school with none gets the default "Term report" on first read. */
  async templates(scope: Scope): Promise<ReportTemplate[]> {
    let rows = await repo.templates(scope, this.db);
    if (rows.length === 0) {
      await this.insertTemplate(scope, DEFAULT_TEMPLATE, stableId(staffSchool(scope), 'report-template'));
      rows = await repo.templates(scope, this.db);
    }
    const admin = await this.assessment.isAdmin(scope);
    return rows.map((r) => presentTemplate(r, admin));
  }

  private async insertTemplate(scope: Scope, body: TemplateBody, id = newId()): Promise<string> {
    await repo.insertTemplate(scope, this.db, {
      id,
      name: body.name,
      sections: body.sections,
      showLogo: body.show_logo,
      headName: body.head_name,
    });
    return id;
  }

  private async templateRow(scope: Scope, id: string): Promise<repo.TemplateRow> {
    const row = await repo.templateById(scope, this.db, id);
    if (!row) throw notFound();
    return row;
  }

  async createTemplate(scope: Scope, body: TemplateBody): Promise<ReportTemplate> {
    const id = await this.insertTemplate(scope, body);
    return presentTemplate(await this.templateRow(scope, id), true);
  }

  async updateTemplate(scope: Scope, id: string, body: TemplateBody): Promise<ReportTemplate> {
    await this.templateRow(scope, id);
    await repo.updateTemplate(scope, this.db, id, {
      name: body.name,
      sections: body.sections,
      showLogo: body.show_logo,
      headName: body.head_name,
    });
    return presentTemplate(await this.templateRow(scope, id), true);
  }

  /** Archived templates are no longer offered for new sets; sets made with them keep printing them. */
  async archiveTemplate(scope: Scope, id: string): Promise<void> {
    await this.templateRow(scope, id);
    await repo.updateTemplate(scope, this.db, id, { archivedAt: this.clock.now() });
  }

  // ---------------------------------------------------------------- sets

  private async setRow(scope: Scope, id: string): Promise<repo.SetRow> {
    const row = await repo.setById(scope, this.db, id);
    if (!row) throw notFound();
    if (!(await this.assessment.isAdmin(scope))) await requireAccess(scope, 'class', [row.classId]);
    return row;
  }

  private async abilities(scope: Scope, row: repo.SetRow, entries: readonly { pdfKey: string | null }[]) {
    const [admin, teaches] = await Promise.all([this.assessment.isAdmin(scope), this.teaches(scope, row.classId)]);
    return {
      can_edit: row.status === 'draft' && teaches,
      can_lock: admin && row.status === 'draft',
      can_unlock: admin && row.status === 'locked',
      can_share: admin && row.status === 'locked' && entries.every((e) => e.pdfKey !== null),
    };
  }

  private async names(scope: Scope, rows: readonly repo.SetRow[]) {
    const [periods, templates] = await Promise.all([this.assessment.periodRows(scope), repo.templates(scope, this.db)]);
    const classNames = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.classId))) classNames.set(id, await this.classes.nameOf(scope, id));
    return (r: repo.SetRow) => ({
      className: classNames.get(r.classId) ?? '',
      periodName: periods.find((p) => p.id === r.periodId)?.name ?? '',
      templateName: templates.find((t) => t.id === r.templateId)?.name ?? '',
    });
  }

  async presentSet(scope: Scope, row: repo.SetRow): Promise<ReportSet> {
    const entries = await repo.entriesOfSets(scope, this.db, [row.id]);
    const [names, abilities] = await Promise.all([this.names(scope, [row]), this.abilities(scope, row, entries)]);
    return { ...presentSetHead(row, names(row), abilities), entries: entries.map(presentEntryRow) };
  }

  /** Sets of the school (admins and class managers) or of the classes the caller teaches. */
  async listSets(scope: Scope, query: { class_id?: string; period_id?: string }): Promise<z.infer<typeof reportSetListSchema>> {
    const wide = (await this.assessment.isAdmin(scope)) || (await scope.rolePermissions()).has('admin_portal.classes');
    const rows = await repo.sets(scope, this.db, {
      classId: query.class_id,
      periodId: query.period_id,
      classIds: wide ? undefined : [...(await scope.taughtClassIds())],
    });
    const entries = await repo.entriesOfSets(
      scope,
      this.db,
      rows.map((r) => r.id),
    );
    const names = await this.names(scope, rows);
    const out = [];
    for (const r of rows) {
      const own = entries.filter((e) => e.setId === r.id);
      out.push({ ...presentSetHead(r, names(r), await this.abilities(scope, r, own)), children: own.length });
    }
    return out;
  }

  async getSet(scope: Scope, id: string): Promise<ReportSet> {
    return this.presentSet(scope, await this.setRow(scope, id));
  }

  /** A set for a class and period: one entry per child, each with an empty comment per learning area of the class. */
  async createSet(
    scope: Scope,
    body: { class_id: string; period_id: string; template_id: string; language: Language },
  ): Promise<ReportSet> {
    const period = await this.assessment.period(scope, body.period_id);
    const template = await this.templateRow(scope, body.template_id);
    if (template.archivedAt) throw notFound();
    const detail = await this.classes.detail(scope, body.class_id);
    this.assessment.assertOpen(period);
    const exists = () => new AppError(409, ASSESSMENT_MESSAGES.reportAlreadyExists, ERROR_CODES.conflict);
    if (await repo.setOfClassPeriod(scope, this.db, body.class_id, period.id)) throw exists();
    const areas = await this.observations.areasOfClass(scope, body.class_id);
    const id = newId();
    const comments = (): ReportCommentRow[] =>
      areas.map((a) => ({ area_id: a.id, text: '', sentences: [], drafted: false, signed_off_by: null, signed_off_at: null }));
    try {
      await this.db.transaction(async (tx) => {
        await repo.insertSet(
          scope,
          tx,
          {
            id,
            classId: body.class_id,
            periodId: period.id,
            templateId: template.id,
            language: body.language,
            createdBy: scope.userId,
          },
          detail.student_list.map((s) => ({ id: newId(), studentId: s.id, comments: comments() })),
        );
      });
    } catch (err) {
      // Two admins creating the same class's set at once: the unique index answers for the second.
      if (await repo.setOfClassPeriod(scope, this.db, body.class_id, period.id)) throw exists();
      throw err;
    }
    return this.getSet(scope, id);
  }

  // ---------------------------------------------------------------- entries

  private async entryContext(scope: Scope, id: string) {
    const entry = await repo.entryById(scope, this.db, id);
    if (!entry) throw notFound();
    const set = await repo.setById(scope, this.db, entry.setId);
    if (!set) throw notFound();
    if (!(await this.assessment.isAdmin(scope))) await requireAccess(scope, 'class', [set.classId]);
    const period = await this.assessment.period(scope, set.periodId);
    return { entry, set, period };
  }

  private async areaNames(scope: Scope, classId: string): Promise<Map<string, string>> {
    const areas = (await this.teaches(scope, classId)) ? await this.observations.areasOfClass(scope, classId) : [];
    return new Map(areas.map((a) => [a.id, a.name]));
  }

  private async childEvidence(scope: Scope, studentId: string, period: PeriodRow): Promise<ChildEvidence[]> {
    return (await this.evidence.ofChildren(scope, [studentId], period.startDate, period.endDate)).get(studentId) ?? [];
  }

  async getEntry(scope: Scope, id: string): Promise<ReportEntry> {
    const { entry, set, period } = await this.entryContext(scope, id);
    const [areaNames, evidence, teaches, statements] = await Promise.all([
      this.areaNames(scope, set.classId),
      this.childEvidence(scope, entry.studentId, period),
      this.teaches(scope, set.classId),
      this.observations.statementsOfChild(scope, entry.studentId, period.startDate, period.endDate),
    ]);
    const signers = await staffNames(
      scope,
      this.db,
      entry.comments.flatMap((c) => (c.signed_off_by ? [c.signed_off_by] : [])),
    );
    const editable = set.status === 'draft' && teaches && period.lockedAt === null;
    return {
      _id: entry.id,
      set_id: set.id,
      status: set.status as ReportEntry['status'],
      student: { _id: entry.studentId, name: fullName(entry), profile_image: signMedia(entry.profilePicture) },
      comments: entry.comments.map((c) => ({
        ...presentComment(c, areaNames.get(c.area_id) ?? ''),
        signed_off_by: c.signed_off_by ? (signers.get(c.signed_off_by) ?? null) : null,
      })),
      evidence: evidence.map((e) => ({ ...presentEvidence(e), area_ids: e.areaIds })),
      teacher_note: entry.teacherNote,
      statements: statements.map((group) => ({
        ...group,
        statements: group.statements.map((st) => ({ ...st, last_date: ddmmyyyyFromIso(st.last_date) })),
      })),
      pdf_link: set.status !== 'draft' && entry.pdfKey ? signMedia(entry.pdfKey) : null,
      abilities: { can_edit: editable, can_sign_off: editable },
    };
  }

  /** Refuses a change unless the set is a draft, the period open and the caller of the class's staff. */
  private async editable(scope: Scope, id: string) {
    const ctx = await this.entryContext(scope, id);
    if (ctx.set.status !== 'draft') throw locked();
    this.assessment.assertOpen(ctx.period);
    await requireAccess(scope, 'class', [ctx.set.classId]);
    return ctx;
  }

  async updateEntry(scope: Scope, id: string, body: EntryChange): Promise<ReportEntry> {
    const { entry } = await this.editable(scope, id);
    const now = this.clock.now().toISOString();
    const comments = entry.comments.map((c) => ({ ...c }));
    const byArea = new Map(comments.map((c) => [c.area_id, c]));
    for (const change of body.comments ?? []) {
      const c = byArea.get(change.area_id);
      if (!c) throw badRequest(ASSESSMENT_MESSAGES.commentAreas, ERROR_CODES.validation, 'comments');
      const sentences = change.sentences;
      if (sentences?.length) {
        await this.evidence.assertOfChild(
          scope,
          entry.studentId,
          sentences.flatMap((s) => s.evidence),
        );
      }
      const sameSentences = sentences !== undefined && sentencesKey(sentences) === sentencesKey(c.sentences);
      if (change.text !== c.text || (sentences !== undefined && !sameSentences)) {
        // New words are the teacher's: no longer Cue's draft (unless its sentences came back as they were), and signed off again.
        c.drafted = c.drafted && sameSentences;
        c.sentences = sentences ?? (change.text === c.text ? c.sentences : []);
        c.text = change.text;
        c.signed_off_by = null;
        c.signed_off_at = null;
      }
    }
    for (const [areaId, on] of Object.entries(body.sign_off ?? {})) {
      const c = byArea.get(areaId);
      if (!c) throw badRequest(ASSESSMENT_MESSAGES.signOffAreas, ERROR_CODES.validation, 'sign_off');
      if (on && c.text.trim() === '') throw badRequest(ASSESSMENT_MESSAGES.signOffEmpty, ERROR_CODES.validation, 'sign_off');
      c.signed_off_by = on ? scope.userId : null;
      c.signed_off_at = on ? now : null;
    }
    await repo.updateEntry(scope, this.db, id, {
      comments,
      ...(body.teacher_note !== undefined ? { teacherNote: body.teacher_note } : {}),
      updatedBy: scope.userId,
      updatedAt: this.clock.now(),
    });
    return this.getEntry(scope, id);
  }

  /** The grades of a child on the class's tasks of the period linked to a learning area, as a draft reads them. */
  private async draftGrades(scope: Scope, set: repo.SetRow, studentIds: readonly string[]) {
    const rows = await repo.gradesOfChildren(scope, this.db, set.classId, set.periodId, studentIds);
    return rows.map((g) => ({ ...g, shown: gradeShown(g) }));
  }

  /**
   * Cue's draft of the asked areas' comments (all when none) from the child's evidence of the period in
   * each area and grades of tasks linked to it; an area with none is left as it was. Refuses (400,
   * NOTHING_TO_DRAFT) when no asked area has any evidence.
   */
  async draftEntry(scope: Scope, id: string, body: { area_ids?: string[] }): Promise<ReportEntry> {
    const { entry, set, period } = await this.editable(scope, id);
    const known = new Set(entry.comments.map((c) => c.area_id));
    const asked = body.area_ids?.length ? [...new Set(body.area_ids)] : [...known];
    if (asked.some((a) => !known.has(a))) throw badRequest(ASSESSMENT_MESSAGES.draftAreas, ERROR_CODES.validation, 'area_ids');
    const [evidence, graded] = await Promise.all([
      this.childEvidence(scope, entry.studentId, period),
      this.draftGrades(scope, set, [entry.studentId]),
    ]);
    const name = fullName(entry);
    let drafted = 0;
    const comments = entry.comments.map((c) => {
      if (!asked.includes(c.area_id)) return c;
      const sentences = draftComment({
        fullName: name,
        evidence: evidence.filter((e) => e.areaIds.includes(c.area_id)),
        grades: graded.filter((g) => g.learningAreaId === c.area_id).map(toDraftGrade),
      });
      if (!sentences) return c;
      drafted += 1;
      return {
        area_id: c.area_id,
        text: joinSentences(sentences),
        sentences,
        drafted: true,
        signed_off_by: null,
        signed_off_at: null,
      } satisfies ReportCommentRow;
    });
    if (drafted === 0) throw badRequest(ASSESSMENT_MESSAGES.nothingToDraft, ERROR_CODES.nothingToDraft);
    await repo.updateEntry(scope, this.db, id, { comments, updatedBy: scope.userId, updatedAt: this.clock.now() });
    return this.getEntry(scope, id);
  }

  // ---------------------------------------------------------------- the check

  /** What to look at before locking: missing, unsupported, copied and unsigned comments, and areas without evidence. */
  async check(scope: Scope, id: string): Promise<ReportCheck> {
    const set = await this.setRow(scope, id);
    const period = await this.assessment.period(scope, set.periodId);
    const entries = await repo.entriesOfSets(scope, this.db, [set.id]);
    const ids = entries.map((e) => e.studentId);
    const [areaNames, evidence, graded] = await Promise.all([
      this.areaNames(scope, set.classId),
      this.evidence.ofChildren(scope, ids, period.startDate, period.endDate),
      this.draftGrades(scope, set, ids),
    ]);
    const findings: ReportCheck['findings'] = [];
    const finding = (
      kind: ReportCheck['findings'][number]['kind'],
      e: repo.EntryWithStudent,
      areaId: string,
      others: string[] = [],
    ) =>
      findings.push({
        kind,
        entry_id: e.id,
        student_id: e.studentId,
        student_name: fullName(e),
        area_id: areaId,
        area_name: areaNames.get(areaId) ?? null,
        others,
      });
    // Same words (names aside) in two or more children's comments.
    const byWords = new Map<string, repo.EntryWithStudent[]>();
    for (const e of entries)
      for (const c of e.comments) {
        if (c.text.trim() === '') continue;
        const key = comparable(c.text, fullName(e));
        if (key === '') continue;
        const list = byWords.get(key) ?? [];
        if (!list.includes(e)) list.push(e);
        byWords.set(key, list);
      }
    for (const e of entries) {
      const mine = evidence.get(e.studentId) ?? [];
      for (const c of e.comments) {
        const written = c.text.trim() !== '';
        if (!written) finding('missing_comment', e, c.area_id);
        const supported = (c.sentences as StoredSentence[]).some((s) => s.evidence.length > 0 || Boolean(s.task_id));
        if (written && !supported) finding('comment_without_evidence', e, c.area_id);
        const hasEvidence =
          mine.some((x) => x.areaIds.includes(c.area_id)) ||
          graded.some((g) => g.studentId === e.studentId && g.learningAreaId === c.area_id);
        if (!hasEvidence) finding('area_without_evidence', e, c.area_id);
        if (written) {
          const same = byWords.get(comparable(c.text, fullName(e))) ?? [];
          if (same.length > 1) finding('copied_comment', e, c.area_id, same.filter((o) => o !== e).map(fullName));
          if (!c.signed_off_at) finding('not_signed_off', e, c.area_id);
        }
      }
    }
    return { ok: findings.length === 0, findings };
  }

  // ---------------------------------------------------------------- lock, unlock, share

  /**
   * Locks the set (no comment changes after) and starts the job that prepares every child's PDF and the
   * class's whole file. A locked set may be locked again to prepare its PDFs anew (after a failure or in
   * another language); a shared one may not.
   */
  async lock(scope: Scope, id: string, body: { language?: Language }): Promise<FileExport> {
    const set = await this.setRow(scope, id);
    if (set.status === 'shared') throw locked();
    const language = body.language ?? (set.language as Language);
    await repo.updateSet(scope, this.db, id, {
      status: 'locked',
      language,
      lockedAt: set.lockedAt ?? this.clock.now(),
      lockedBy: set.lockedBy ?? scope.userId,
    });
    const started = await this.exports.start(scope, 'report_cards', { setId: id, language });
    await repo.updateSet(scope, this.db, id, { exportId: started.id });
    return started;
  }

  /**
   * Back to draft, the prepared PDFs removed. Shared report cards stay shared: families may have
   * downloaded them, so a correction is a new decision, not an unlock (refused, 409).
   */
  async unlock(scope: Scope, id: string): Promise<ReportSet> {
    const set = await this.setRow(scope, id);
    if (set.status === 'shared') throw new AppError(409, ASSESSMENT_MESSAGES.sharedStaysLocked, ERROR_CODES.reportLocked);
    if (set.status === 'locked') {
      await repo.updateSet(scope, this.db, id, { status: 'draft', lockedAt: null, lockedBy: null });
      for (const key of await repo.clearPdfs(scope, this.db, id)) await this.storage.remove(key);
    }
    return this.getSet(scope, id);
  }

  /** Shares a locked set whose PDFs are all prepared, and emails the families (a job). */
  async share(scope: Scope, id: string): Promise<ReportSet> {
    const set = await this.setRow(scope, id);
    if (set.status === 'shared') return this.presentSet(scope, set);
    if (set.status !== 'locked') throw new AppError(409, ASSESSMENT_MESSAGES.reportNotLocked, ERROR_CODES.reportNotReady);
    const entries = await repo.entriesOfSets(scope, this.db, [id]);
    if (entries.some((e) => e.pdfKey === null))
      throw new AppError(409, ASSESSMENT_MESSAGES.reportNotReady, ERROR_CODES.reportNotReady);
    const now = this.clock.now();
    await repo.updateSet(scope, this.db, id, { status: 'shared', sharedAt: now });
    await this.jobs.schedule(`report-shared:${id}`, REPORT_SHARED_JOB, now, {
      school_id: set.schoolId,
      user_id: scope.userId,
      set_id: id,
    });
    return this.getSet(scope, id);
  }

  /** The job: an email to each family member with an address of every child of the shared set. */
  private async emailFamilies(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.school_id ?? '');
    const setId = String(payload.set_id ?? '');
    if (!schoolId || !setId) return;
    const scope = this.scopes.of({
      userId: String(payload.user_id ?? ''),
      kind: 'staff',
      schoolId,
      sessionId: `job:report-shared:${setId}`,
      isTemp: false,
    });
    const set = await repo.setById(scope, this.db, setId);
    if (set?.status !== 'shared') return;
    const [entries, info, period] = await Promise.all([
      repo.entriesOfSets(scope, this.db, [setId]),
      this.school.info(scope),
      this.assessment.period(scope, set.periodId),
    ]);
    const names = new Map(entries.map((e) => [e.studentId, fullName(e)]));
    const families = await this.people.familiesOf(
      scope,
      entries.map((e) => e.studentId),
    );
    // The families' open apps read their list again at once; the emails follow.
    this.events.publish('report.shared', { schoolId, setId, userIds: [...new Set(families.map((f) => f.userId))] });
    for (const f of families) {
      if (!f.email) continue;
      const child = names.get(f.studentId) ?? '';
      await this.emailTemplates.send(scope, {
        key: 'report_card_shared',
        to: f.email,
        userId: f.userId,
        values: { first_name: f.firstName, child_name: child, period_name: period.name, school_name: info.name },
      });
    }
  }

  // ---------------------------------------------------------------- the PDFs

  /** Everything the set's reports print, read as the person who locked it. */
  private async printData(scope: Scope, set: repo.SetRow) {
    const [template, period, detail, areas, entries, info] = await Promise.all([
      this.templateRow(scope, set.templateId),
      this.assessment.period(scope, set.periodId),
      this.classes.detail(scope, set.classId),
      this.observations.areasOfClass(scope, set.classId),
      repo.entriesOfSets(scope, this.db, [set.id]),
      this.school.info(scope),
    ]);
    const ids = entries.map((e) => e.studentId);
    const [graded, cards, marks, logo, statements] = await Promise.all([
      this.draftGrades(scope, set, ids),
      repo.hpcCardsOf(scope, this.db, set.periodId, ids),
      this.attendance.classMarks(scope, set.classId, period.startDate, period.endDate),
      template.showLogo && info.logo ? this.logoPng(info.logo) : Promise.resolve(null),
      this.observations.statementsOfClassChildren(scope, set.classId, period.startDate, period.endDate),
    ]);
    const areaNames = new Map(areas.map((a) => [a.id, a.name]));
    const teacherNames = detail.staff_list.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ');
    const dataOf = (e: repo.EntryWithStudent): ReportPdfData => {
      const card = cards.find((c) => c.studentId === e.studentId);
      const count = (status: string) => marks.filter((m) => m.studentId === e.studentId && m.status === status).length;
      return {
        school: { name: info.name, logo },
        studentName: fullName(e),
        className: detail.class_name,
        periodName: period.name,
        periodDates: `${ddmmyyyyFromIso(period.startDate)} – ${ddmmyyyyFromIso(period.endDate)}`,
        sections: withStatements(
          template.sections.map((s) => ({
            kind: s.kind as ReportPdfData['sections'][number]['kind'],
            title: s.title,
            text: s.text,
          })),
          statements.get(e.studentId) ?? [],
        ),
        attendance: { present: count('present'), absent: count('absent'), late: count('late') },
        comments: e.comments.map((c) => ({ area: areaNames.get(c.area_id) ?? '', text: c.text })),
        grades: graded
          .filter((g) => g.studentId === e.studentId)
          .map((g) => ({ task: g.title, subject: g.subject, grade: g.shown })),
        hpc: card
          ? {
              ratings: Object.fromEntries(Object.entries(card.ratings).map(([k, v]) => [k, isLevel(v.level) ? v.level : null])),
              self: card.self,
              narrative: card.narrative,
            }
          : null,
        teacherNote: e.teacherNote,
        teacherNames,
        headName: template.headName,
      };
    };
    return { entries, dataOf, className: detail.class_name, periodName: period.name };
  }

  /** The school's logo as PNG (pdfkit reads PNG and JPEG; logos are stored as WebP); none when unreadable. */
  private async logoPng(link: string): Promise<Buffer | null> {
    const bytes = await this.storage.read(link);
    if (!bytes) return null;
    return sharp(bytes)
      .png()
      .toBuffer()
      .catch(() => null);
  }

  /**
   * The job 'report_cards': each child's PDF stored on their entry (progress i/N), and the class's
   * reports one after another as the job's own file, for printing.
   */
  private async buildSet(
    scope: Scope,
    setId: string,
    language: Language,
    progress: (share: number) => Promise<void>,
  ): Promise<{ name: string; pdf: Buffer }> {
    const set = await this.setRow(scope, setId);
    if (set.status !== 'locked') throw new Error('The report cards were unlocked before their PDFs were prepared');
    const { entries, dataOf, className, periodName } = await this.printData(scope, set);
    const whole = classReportPdf(`${className} · ${periodName}`);
    for (const [i, e] of entries.entries()) {
      const data = dataOf(e);
      const pdf = await reportPdf(data, language);
      const link = await this.storage.put(`report-cards/${set.id}/${e.id}-${newId()}.pdf`, pdf, 'application/pdf', {
        uploadedBy: scope.userId,
        schoolId: set.schoolId,
        kind: 'document',
        name: `${data.studentName} ${periodName}.pdf`,
      });
      await repo.updateEntry(scope, this.db, e.id, { pdfKey: link });
      if (e.pdfKey) await this.storage.remove(e.pdfKey);
      whole.add(data, language);
      await progress((i + 1) / Math.max(1, entries.length));
    }
    return { name: `report-cards-${className}-${periodName}.pdf`, pdf: await whole.finish() };
  }

  // ---------------------------------------------------------------- families

  /** A family's shared report cards of its own children, where the child's school has report cards on. */
  async familyReports(scope: Scope): Promise<z.infer<typeof familyReportListSchema>> {
    const rows = await repo.familyReports(scope, this.db);
    const on = new Map<string, boolean>();
    const out = [];
    for (const r of rows) {
      if (!on.has(r.schoolId)) on.set(r.schoolId, (await this.scopes.featuresOf(r.schoolId)).has('report.enabled'));
      if (!on.get(r.schoolId) || !r.pdfKey || !r.sharedAt) continue;
      out.push({
        _id: r.id,
        student_id: r.studentId,
        student_name: fullName(r),
        class_name: r.className,
        period_name: r.periodName,
        language: r.language as Language,
        shared_at: r.sharedAt.toISOString(),
        file_link: signMedia(r.pdfKey),
      });
    }
    return out;
  }
}

/** How a grade reads: a level's or letter's label, or points out of the scale's maximum. */
function gradeShown(g: repo.GradeOfChild): string {
  if (g.scaleKind === 'points') return g.maxPoints ? `${g.value} out of ${g.maxPoints}` : g.value;
  return g.levels.find((l) => l.code === g.value)?.label ?? g.value;
}

function toDraftGrade(g: repo.GradeOfChild & { shown: string }): DraftGrade {
  return { taskId: g.taskId, title: g.title, date: g.dueDate, shown: g.shown, evidence: g.evidence };
}

/** The title of the report card's section listing the curriculum statements the child's observations showed. */
export const STATEMENTS_SECTION_TITLE = 'Statements shown this period';

/**
 * The template's sections with "Statements shown this period" after the learning comments (else before
 * the signatures, else last): each area with the codes and wording of the statements the child's
 * observations of the period were tagged with. Printed as a text section (one paragraph, areas in turn);
 * left out when the period's observations carry no statement.
 */
export function withStatements(
  sections: ReportPdfData['sections'],
  groups: readonly StatementsByArea[],
): ReportPdfData['sections'] {
  if (groups.length === 0) return sections;
  const text = groups
    .map((g) => `${g.area.name}: ${g.statements.map((s) => `${s.code} ${s.text.trim().replace(/[.;]+$/, '')}`).join('; ')}.`)
    .join(' ');
  const section = { kind: 'text' as const, title: STATEMENTS_SECTION_TITLE, text };
  const comments = sections.findIndex((s) => s.kind === 'comments');
  const signatures = sections.findIndex((s) => s.kind === 'signatures');
  const at = comments >= 0 ? comments + 1 : signatures >= 0 ? signatures : sections.length;
  return [...sections.slice(0, at), section, ...sections.slice(at)];
}

const isLevel = (level: string): level is HpcLevel => (HPC_LEVELS as readonly string[]).includes(level);

/** Sentences compared by their words, evidence and task (stored JSON may hold its keys in another order). */
const sentencesKey = (sentences: readonly StoredSentence[]) =>
  JSON.stringify(sentences.map((x) => [x.text, x.evidence.map((e) => `${e.kind}:${e.id}`), x.task_id ?? null]));
