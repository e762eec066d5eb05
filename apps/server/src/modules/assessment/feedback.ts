import {
  ASSESSMENT_MESSAGES,
  ERROR_CODES,
  type FeedbackForm,
  type familyFeedbackSchema,
  type feedbackFormChangeSchema,
  type feedbackFormDetailSchema,
  type feedbackFormRequestSchema,
  type feedbackListQuerySchema,
  type feedbackResponseRequestSchema,
  type feedbackResponseSchema,
  type feedbackSummarySchema,
  SELF_ANSWERS,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { unsignedMedia } from '../../platform/media-urls.js';
import { presentForm, presentResponse, presentSummary } from './feedback-presenter.js';
import * as repo from './feedback-repo.js';
import type { AssessmentService } from './service.js';

type FormRequest = z.infer<typeof feedbackFormRequestSchema>;
type FormChange = z.infer<typeof feedbackFormChangeSchema>;
type Question = repo.FormRow['questions'][number];
type Answers = repo.ResponseRow['answers'];

const SCALE = ['1', '2', '3', '4', '5'];
const CLASS_MANAGER = 'admin_portal.classes' as const;

/**
 * Assessment: parent, peer and self feedback forms of a period and their answers (issue 23).
 *
 * Who does what: staff create forms for classes they reach; the creator and class managers edit and
 * delete them. Families answer parent forms about their own children in the app; the child's own (self)
 * and a classmate's (peer) answers are collected by a teacher of the child's class on their device, so
 * the respondent recorded is that teacher. Nothing of a locked period changes. A form that has answers
 * keeps its answered questions (their key and kind; the wording may change) and its period, so no
 * answer is left pointing at a question that no longer exists.
 */
export class FeedbackService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly assessment: AssessmentService,
    readonly scopes: ScopeFactory,
  ) {}

  // ------------------------------------------------------------------ staff: forms

  private async isManager(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(CLASS_MANAGER);
  }

  /** Staff see the forms they made, those of classes they teach, and (class managers) every form. */
  private async canSee(scope: Scope, form: repo.FormRow): Promise<boolean> {
    if (form.createdBy === scope.userId || (await this.isManager(scope))) return true;
    const taught = await scope.taughtClassIds();
    return form.classIds.some((c) => taught.has(c));
  }

  private async abilities(scope: Scope, form: repo.FormRow): Promise<FeedbackForm['abilities']> {
    const manager = await this.isManager(scope);
    const taught = await scope.taughtClassIds();
    const editable = (form.createdBy === scope.userId || manager) && form.periodLockedAt === null;
    return {
      can_edit: editable,
      can_delete: editable,
      can_collect:
        form.kind !== 'parent' &&
        form.status === 'open' &&
        form.periodLockedAt === null &&
        (manager || form.classIds.some((c) => taught.has(c))),
    };
  }

  private async presentMany(scope: Scope, rows: repo.FormRow[]): Promise<FeedbackForm[]> {
    const [children, responses] = await Promise.all([
      repo.childrenOfClasses(scope, this.db, [...new Set(rows.flatMap((r) => r.classIds))]),
      repo.responsesOfForms(
        scope,
        this.db,
        rows.map((r) => r.id),
      ),
    ]);
    return Promise.all(
      rows.map(async (r) => {
        const classes = new Set(r.classIds);
        return presentForm(
          r,
          {
            responses: new Set(responses.filter((x) => x.formId === r.id).map((x) => x.studentId)).size,
            expected: children.filter((c) => classes.has(c.classId)).length,
          },
          await this.abilities(scope, r),
        );
      }),
    );
  }

  /** The forms of a period (the current one when none is named) the caller sees, of one kind when asked. */
  async list(scope: Scope, query: z.infer<typeof feedbackListQuerySchema>): Promise<FeedbackForm[]> {
    staffSchool(scope);
    const period = await this.assessment.period(scope, query.period_id);
    const rows = await repo.forms(scope, this.db, { periodId: period.id, kind: query.kind });
    const seen: repo.FormRow[] = [];
    for (const r of rows) if (await this.canSee(scope, r)) seen.push(r);
    return this.presentMany(scope, seen);
  }

  /** A form of the caller's school they see: another school's is not found, one they don't see refused. */
  private async visibleForm(scope: Scope, id: string): Promise<repo.FormRow> {
    staffSchool(scope);
    const form = await repo.formById(scope, this.db, id);
    if (!form) throw notFound();
    if (!(await this.canSee(scope, form))) throw forbidden();
    return form;
  }

  private assertOpenPeriod(lockedAt: Date | null): void {
    if (lockedAt) throw new AppError(409, ASSESSMENT_MESSAGES.periodLockedRefusal, ERROR_CODES.periodLocked);
  }

  private checkQuestions(questions: Question[]): void {
    if (questions.length === 0) throw badRequest(ASSESSMENT_MESSAGES.questionsRequired, ERROR_CODES.validation, 'questions');
    const keys = new Set<string>();
    for (const q of questions) {
      if (keys.has(q.key)) throw badRequest(`questions: the key "${q.key}" is used twice`, ERROR_CODES.validation, 'questions');
      keys.add(q.key);
    }
  }

  async create(scope: Scope, body: FormRequest): Promise<FeedbackForm> {
    staffSchool(scope);
    const classIds = [...new Set(body.class_ids)];
    await requireAccess(scope, 'class', classIds);
    const period = await this.assessment.period(scope, body.period_id);
    this.assessment.assertOpen(period);
    this.checkQuestions(body.questions);
    const id = newId();
    await repo.insertForm(scope, this.db, {
      id,
      periodId: period.id,
      kind: body.kind,
      title: body.title,
      questions: body.questions,
      classIds,
      status: body.status,
      createdAt: this.clock.now(),
    });
    return this.presentOne(scope, id);
  }

  async presentOne(scope: Scope, id: string): Promise<FeedbackForm> {
    const row = await repo.formById(scope, this.db, id);
    if (!row) throw notFound();
    const [form] = await this.presentMany(scope, [row]);
    if (!form) throw notFound();
    return form;
  }

  private async editableForm(scope: Scope, id: string): Promise<repo.FormRow> {
    const form = await this.visibleForm(scope, id);
    await requireAccess(scope, 'creator', [form.createdBy], { orPermission: CLASS_MANAGER });
    this.assertOpenPeriod(form.periodLockedAt);
    return form;
  }

  async update(scope: Scope, id: string, body: FormChange): Promise<FeedbackForm> {
    const form = await this.editableForm(scope, id);
    const answered = await repo.responsesOfForms(scope, this.db, [id]);
    const patch: Parameters<typeof repo.updateForm>[3] = {};
    if (body.period_id !== undefined && body.period_id !== form.periodId) {
      if (answered.length > 0) throw badRequest(ASSESSMENT_MESSAGES.formStaysInPeriod, ERROR_CODES.validation, 'period_id');
      const period = await this.assessment.period(scope, body.period_id);
      this.assessment.assertOpen(period);
      patch.periodId = period.id;
    }
    if (body.class_ids !== undefined) {
      const classIds = [...new Set(body.class_ids)];
      await requireAccess(
        scope,
        'class',
        classIds.filter((c) => !form.classIds.includes(c)),
      );
      patch.classIds = classIds;
    }
    if (body.questions !== undefined) {
      this.checkQuestions(body.questions);
      // Answers are kept by question key: an answered question keeps its key and its kind of answer.
      const used = new Set(answered.flatMap((r) => Object.keys(r.answers)));
      for (const old of form.questions) {
        if (!used.has(old.key)) continue;
        const now = body.questions.find((q) => q.key === old.key);
        if (!now || now.answer !== old.answer)
          throw badRequest(
            `questions: "${old.text}" has answers; it can be reworded but not removed or changed to another kind`,
            ERROR_CODES.validation,
            'questions',
          );
      }
      patch.questions = body.questions;
    }
    if (body.title !== undefined) patch.title = body.title;
    if (body.status !== undefined) patch.status = body.status;
    await repo.updateForm(scope, this.db, id, patch);
    return this.presentOne(scope, id);
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.editableForm(scope, id);
    await repo.deleteForm(scope, this.db, id);
  }

  /** A form with each of its children (those of its classes the caller reaches) and their latest answer. */
  async detail(scope: Scope, id: string): Promise<z.infer<typeof feedbackFormDetailSchema>> {
    const form = await this.visibleForm(scope, id);
    const [children, responses, [present]] = await Promise.all([
      repo.childrenOfClasses(scope, this.db, form.classIds),
      repo.responsesOfForms(scope, this.db, [id]),
      this.presentMany(scope, [form]),
    ]);
    if (!present) throw notFound();
    const manager = await this.isManager(scope);
    const taught = await scope.taughtClassIds();
    // The creator of a form for classes they no longer teach still sees its answers; others see their classes'.
    const reach = manager || form.createdBy === scope.userId ? children : children.filter((c) => taught.has(c.classId));
    return {
      form: present,
      students: reach.map((c) => {
        // Newest first: for a parent form, the latest family answer.
        const latest = responses.find((r) => r.studentId === c.id);
        return { _id: c.id, name: c.name, class_id: c.classId, response: latest ? presentResponse(latest, c.name) : null };
      }),
    };
  }

  // ------------------------------------------------------------------ answers

  /** Checks answers against the form's questions; answers left empty are dropped. */
  private async checkAnswers(scope: Scope, form: repo.FormRow, answers: Answers): Promise<Answers> {
    const out: Answers = {};
    const voices: string[] = [];
    for (const [key, given] of Object.entries(answers)) {
      const q = form.questions.find((x) => x.key === key);
      if (!q) throw badRequest(`answers: "${key}" is not a question of this form`, ERROR_CODES.validation, 'answers');
      const text = given.text?.trim() ?? '';
      const choice = given.choice?.trim() ?? '';
      const link = given.media_link ? unsignedMedia(given.media_link) : '';
      if (q.answer === 'text') {
        if (text) out[key] = { text };
      } else if (q.answer === 'picture') {
        if (!choice) continue;
        if (!(SELF_ANSWERS as readonly string[]).includes(choice))
          throw badRequest(`answers: "${q.text}" takes ${SELF_ANSWERS.join(', ')}`, ERROR_CODES.validation, 'answers');
        out[key] = { choice };
      } else if (q.answer === 'scale') {
        if (!choice) continue;
        if (!SCALE.includes(choice)) throw badRequest(`answers: "${q.text}" takes 1 to 5`, ERROR_CODES.validation, 'answers');
        out[key] = { choice };
      } else if (q.answer === 'voice') {
        if (!link) continue;
        voices.push(link);
        out[key] = text ? { media_link: link, text } : { media_link: link };
      }
    }
    // A recorded answer is a file the respondent uploaded themselves (the app's upload route), never
    // someone else's file of the school.
    if (voices.length) {
      const own = new Set(await repo.ownUploads(scope, this.db, voices));
      if (voices.some((v) => !own.has(v))) throw badRequest(ASSESSMENT_MESSAGES.ownRecording, ERROR_CODES.validation, 'answers');
    }
    const missing = form.questions.find((q) => q.required && !out[q.key]);
    if (missing) throw badRequest(ASSESSMENT_MESSAGES.answerRequired, ERROR_CODES.validation, `answers.${missing.key}`);
    return out;
  }

  /**
   * A family answers a parent form about its own child (in one of the form's classes); staff who teach
   * the child's class collect a child's self or peer answers. Answering again replaces the respondent's
   * previous answers.
   */
  async respond(
    scope: Scope,
    id: string,
    body: z.infer<typeof feedbackResponseRequestSchema>,
  ): Promise<z.infer<typeof feedbackResponseSchema>> {
    const form = await repo.formById(scope, this.db, id);
    if (!form) throw notFound();
    if (scope.kind === 'parent') {
      if (form.kind !== 'parent') throw forbidden();
      // Another family's child does not exist for this family.
      await requireAccess(scope, 'child', [body.student_id]);
      if (!(await this.scopes.featuresOf(form.schoolId)).has('feedback')) throw forbidden();
    } else {
      staffSchool(scope);
      if (form.kind === 'parent') throw forbidden();
      await requireAccess(scope, 'teach', [body.student_id]);
    }
    const child = (await repo.childrenOfClasses(scope, this.db, form.classIds)).find((c) => c.id === body.student_id);
    if (!child) {
      if (scope.kind === 'parent') throw notFound();
      throw badRequest(`${body.student_id} is not a student of the form's classes`, ERROR_CODES.notInClass, 'student_id');
    }
    this.assertOpenPeriod(form.periodLockedAt);
    if (form.status !== 'open') throw new AppError(409, ASSESSMENT_MESSAGES.formClosed, ERROR_CODES.formClosed);
    const answers = await this.checkAnswers(scope, form, body.answers);
    await repo.upsertResponse(scope, this.db, {
      id: newId(),
      formId: form.id,
      schoolId: form.schoolId,
      studentId: child.id,
      respondentKind: scope.kind === 'parent' ? 'parent' : 'staff',
      answers,
      submittedAt: this.clock.now(),
    });
    const saved = await repo.responseOf(scope, this.db, form.id, child.id);
    if (!saved) throw notFound();
    return presentResponse(saved, child.name);
  }

  /** A family's open parent forms, one per form and child of the form's classes, with the family's own answer. */
  async family(scope: Scope): Promise<z.infer<typeof familyFeedbackSchema>> {
    if (scope.kind !== 'parent') throw forbidden();
    const mine = await scope.childIds();
    if (mine.size === 0) return [];
    const forms = await repo.openParentForms(scope, this.db);
    const features = new Map<string, boolean>();
    for (const schoolId of new Set(forms.map((f) => f.schoolId)))
      features.set(schoolId, (await this.scopes.featuresOf(schoolId)).has('feedback'));
    const shown = forms.filter((f) => features.get(f.schoolId));
    const [children, responses] = await Promise.all([
      repo.childrenOfClasses(scope, this.db, [...new Set(shown.flatMap((f) => f.classIds))]),
      repo.responsesOfForms(
        scope,
        this.db,
        shown.map((f) => f.id),
      ),
    ]);
    const own = children.filter((c) => mine.has(c.id));
    return shown.flatMap((f) => {
      const form = presentForm(f, { responses: 0, expected: 0 }, { can_edit: false, can_delete: false, can_collect: false });
      const { responses: _r, expected: _e, abilities: _a, ...bare } = form;
      return own
        .filter((c) => f.classIds.includes(c.classId) && c.schoolId === f.schoolId)
        .map((c) => {
          const answer = responses.find((r) => r.formId === f.id && r.studentId === c.id && r.respondentId === scope.userId);
          return {
            form: bare,
            student: { _id: c.id, name: c.name },
            response: answer ? presentResponse(answer, c.name) : null,
          };
        });
    });
  }

  // ------------------------------------------------------------------ for the progress and report cards

  /**
   * The answers about a child in a period's forms (parent, peer and self), newest first, for the
   * progress card and the report card. Staff with access to the child.
   */
  async forChild(scope: Scope, studentId: string, periodId: string): Promise<z.infer<typeof feedbackSummarySchema>[]> {
    await requireAccess(scope, 'child', [studentId]);
    const rows = await repo.responsesOfChildren(scope, this.db, [studentId], periodId);
    return rows.map(presentSummary);
  }

  /** How many responses each of these children has in the period's forms (the progress card's list). */
  async countsFor(scope: Scope, studentIds: readonly string[], periodId: string): Promise<Map<string, number>> {
    const rows = await repo.responsesOfChildren(scope, this.db, studentIds, periodId);
    const out = new Map<string, number>();
    for (const r of rows) out.set(r.studentId, (out.get(r.studentId) ?? 0) + 1);
    return out;
  }
}
