import {
  ASSESSMENT_MESSAGES,
  type AssessmentTask,
  type assessmentTaskChangeSchema,
  type assessmentTaskRequestSchema,
  ERROR_CODES,
  type Grade,
  type Gradebook,
  type GradeCategory,
  type GradeScale,
  type gradeCategoryRequestSchema,
  type gradeEntrySchema,
  type gradeScaleRequestSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import { toCsv } from '../../platform/csv.js';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId, stableId } from '../../platform/ids.js';
import { signMedia } from '../../platform/media-urls.js';
import { type EvidenceReader, presentEvidence } from './evidence.js';
import { gradePercent, presentCategory, presentGrade, presentScale, presentTask } from './gradebook-presenter.js';
import * as repo from './gradebook-repo.js';
import { type PeriodRow, staffNames } from './repo.js';
import type { AssessmentService } from './service.js';

type ScaleBody = z.infer<typeof gradeScaleRequestSchema>;
type TaskBody = z.infer<typeof assessmentTaskRequestSchema>;
type TaskChange = z.infer<typeof assessmentTaskChangeSchema>;
type GradeEntry = z.infer<typeof gradeEntrySchema>;

/** What a school starts with: points out of ten, letters A–E, and standards-based levels. */
const DEFAULTS = [
  { name: 'Points (out of 10)', kind: 'points', maxPoints: 10, levels: [] },
  {
    name: 'Letters A–E',
    kind: 'letters',
    maxPoints: null,
    levels: [
      { code: 'E', label: 'E', value: 20 },
      { code: 'D', label: 'D', value: 40 },
      { code: 'C', label: 'C', value: 60 },
      { code: 'B', label: 'B', value: 80 },
      { code: 'A', label: 'A', value: 100 },
    ],
  },
  {
    name: 'Standards (emerging / expected / exceeding)',
    kind: 'levels',
    maxPoints: null,
    levels: [
      { code: 'emerging', label: 'Emerging', value: 33 },
      { code: 'expected', label: 'Expected', value: 67 },
      { code: 'exceeding', label: 'Exceeding', value: 100 },
    ],
  },
] as const;

const POINTS = /^\d{1,4}(?:\.\d{1,2})?$/;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Per child: each graded task's value from 0 to 100, averaged per category and the categories weighted
 * by their weights when every graded task has a category and each of those categories a weight;
 * otherwise the plain mean over the graded tasks. Null when nothing is graded.
 */
export function averageOf(
  graded: { categoryId: string | null; percent: number }[],
  weights: ReadonlyMap<string, number | null>,
): number | null {
  if (graded.length === 0) return null;
  const used = [...new Set(graded.map((g) => g.categoryId))];
  const weighted = used.every((c) => c !== null && typeof weights.get(c) === 'number');
  const total = used.reduce((sum, c) => sum + (c ? (weights.get(c) ?? 0) : 0), 0);
  if (!weighted || total <= 0) return round(graded.reduce((sum, g) => sum + g.percent, 0) / graded.length);
  let sum = 0;
  for (const c of used) {
    const mine = graded.filter((g) => g.categoryId === c);
    sum += ((weights.get(c as string) ?? 0) * mine.reduce((s, g) => s + g.percent, 0)) / mine.length;
  }
  return round(sum / total);
}

/**
 * Assessment: the gradebook (issue 23). Grade scales per school (an admin keeps them), a class's
 * categories (weighted or not) and assessment tasks per period and subject, and grades linked to the
 * child's evidence. Nothing of a locked period changes; the grid reads in a fixed number of queries
 * whatever the size of the class.
 */
export class GradebookService {
  constructor(
    readonly db: Db,
    readonly assessment: AssessmentService,
    readonly evidence: EvidenceReader,
  ) {}

  /** A child's evidence of a period (default: the current one) or of from..to, for linking to a grade. */
  async childEvidence(scope: Scope, studentId: string, query: { period_id?: string; from?: string; to?: string }) {
    const period = query.from && query.to ? null : await this.assessment.period(scope, query.period_id);
    const from = optionalIso(query.from, 'from') ?? period?.startDate ?? '';
    const to = optionalIso(query.to, 'to') ?? period?.endDate ?? '';
    const found = (await this.evidence.ofChildren(scope, [studentId], from, to)).get(studentId) ?? [];
    return found.map((e) => ({ ...presentEvidence(e), area_ids: e.areaIds }));
  }

  // ------------------------------------------------------------------ scales

  /** The school's scales; a school with none gets the three defaults first. */
  async scaleRows(scope: Scope): Promise<repo.ScaleRow[]> {
    staffSchool(scope);
    const rows = await repo.scales(scope, this.db);
    if (rows.length > 0) return rows;
    const now = Date.now();
    await repo.insertScales(
      scope,
      this.db,
      // Created a millisecond apart, so they keep this order.
      DEFAULTS.map((d, i) => ({
        id: stableId(staffSchool(scope), 'grade-scale', String(i)),
        name: d.name,
        kind: d.kind,
        maxPoints: d.maxPoints,
        levels: [...d.levels],
        createdAt: new Date(now + i),
      })),
    );
    return repo.scales(scope, this.db);
  }

  async scales(scope: Scope): Promise<GradeScale[]> {
    const [rows, admin] = await Promise.all([this.scaleRows(scope), this.assessment.isAdmin(scope)]);
    return rows.map((r) => presentScale(r, admin));
  }

  private checkScale(body: ScaleBody) {
    if (body.kind === 'points') {
      if (!body.max_points) throw badRequest(ASSESSMENT_MESSAGES.maxPointsRequired, ERROR_CODES.validation, 'max_points');
      return { kind: body.kind, maxPoints: body.max_points, levels: [] };
    }
    if (body.levels.length === 0) throw badRequest(ASSESSMENT_MESSAGES.levelsRequired, ERROR_CODES.validation, 'levels');
    const codes = body.levels.map((l) => l.code.toLowerCase());
    if (new Set(codes).size !== codes.length)
      throw badRequest(ASSESSMENT_MESSAGES.levelCodesUnique, ERROR_CODES.validation, 'levels');
    return { kind: body.kind, maxPoints: null, levels: body.levels };
  }

  async createScale(scope: Scope, body: ScaleBody): Promise<GradeScale> {
    await this.scaleRows(scope);
    const id = newId();
    await repo.insertScales(scope, this.db, [{ id, name: body.name, ...this.checkScale(body) }]);
    return this.presentScaleById(scope, id);
  }

  /**
   * Changes a scale. A scale tasks grade on keeps its kind (their grades were checked against it);
   * its name, maximum and levels may change.
   */
  async updateScale(scope: Scope, id: string, body: ScaleBody): Promise<GradeScale> {
    const row = await repo.scale(scope, this.db, id);
    if (!row) throw notFound();
    const next = this.checkScale(body);
    if (next.kind !== row.kind && (await repo.tasksOnScale(scope, this.db, id)) > 0)
      throw badRequest(ASSESSMENT_MESSAGES.scaleInUse, ERROR_CODES.validation, 'kind');
    await repo.updateScale(scope, this.db, id, { name: body.name, ...next });
    return this.presentScaleById(scope, id);
  }

  /** Archives a scale: tasks already on it keep it; new tasks cannot choose it. */
  async archiveScale(scope: Scope, id: string): Promise<void> {
    const row = await repo.scale(scope, this.db, id);
    if (!row) throw notFound();
    if (!row.archivedAt) await repo.updateScale(scope, this.db, id, { archivedAt: new Date() });
  }

  private async presentScaleById(scope: Scope, id: string): Promise<GradeScale> {
    const row = await repo.scale(scope, this.db, id);
    if (!row) throw notFound();
    return presentScale(row, await this.assessment.isAdmin(scope));
  }

  // ------------------------------------------------------------------ categories

  private async checkWeights(scope: Scope, classId: string, weight: number | null | undefined, exceptId?: string) {
    if (weight === null || weight === undefined) return;
    const others = (await repo.categories(scope, this.db, classId)).filter((c) => c.id !== exceptId);
    const sum = others.reduce((s, c) => s + (c.weight ?? 0), 0) + weight;
    if (sum > 100 + 1e-9) throw badRequest(ASSESSMENT_MESSAGES.weightsOverHundred, ERROR_CODES.validation, 'weight');
  }

  async createCategory(scope: Scope, body: z.infer<typeof gradeCategoryRequestSchema>): Promise<GradeCategory> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [body.class_id]);
    await this.checkWeights(scope, body.class_id, body.weight);
    const id = newId();
    await repo.insertCategory(scope, this.db, { id, classId: body.class_id, name: body.name, weight: body.weight ?? null });
    return this.presentCategoryById(scope, id);
  }

  private async categoryRow(scope: Scope, id: string): Promise<repo.CategoryRow> {
    staffSchool(scope);
    const row = await repo.category(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'class', [row.classId]);
    return row;
  }

  async updateCategory(scope: Scope, id: string, body: { name: string; weight?: number | null }): Promise<GradeCategory> {
    const row = await this.categoryRow(scope, id);
    await this.checkWeights(scope, row.classId, body.weight, id);
    await repo.updateCategory(scope, this.db, id, { name: body.name, weight: body.weight ?? null });
    return this.presentCategoryById(scope, id);
  }

  /** Deletes a category; its tasks stay, in no category. */
  async deleteCategory(scope: Scope, id: string): Promise<void> {
    await this.categoryRow(scope, id);
    await this.db.transaction(async (tx) => repo.deleteCategory(scope, tx, id));
  }

  private async presentCategoryById(scope: Scope, id: string): Promise<GradeCategory> {
    const row = await repo.category(scope, this.db, id);
    if (!row) throw notFound();
    return presentCategory(row);
  }

  // ------------------------------------------------------------------ tasks

  /** A task of the school that the caller's class access reaches, with its period. */
  private async taskRow(scope: Scope, id: string): Promise<{ row: repo.TaskWithCount; period: PeriodRow }> {
    staffSchool(scope);
    const row = await repo.task(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'class', [row.classId]);
    return { row, period: await this.assessment.period(scope, row.periodId) };
  }

  /** The open period holding a due day (400 when none holds it, 409 when it is locked). */
  private async periodOfDue(scope: Scope, dueIso: string): Promise<PeriodRow> {
    const period = await this.assessment.periodOfDay(scope, dueIso);
    if (!period) throw badRequest(ASSESSMENT_MESSAGES.notInPeriod, ERROR_CODES.validation, 'due_date');
    this.assessment.assertOpen(period);
    return period;
  }

  /** The category, scale and learning area a task names must be the class's, the school's and the curriculum's. */
  private async checkTaskLinks(
    scope: Scope,
    classId: string,
    links: { category_id?: string | null; scale_id?: string; learning_area_id?: string | null },
    currentScaleId?: string,
  ) {
    if (links.category_id) {
      const cat = await repo.category(scope, this.db, links.category_id);
      if (!cat || cat.classId !== classId)
        throw badRequest(ASSESSMENT_MESSAGES.categoryOfClass, ERROR_CODES.validation, 'category_id');
    }
    if (links.scale_id && links.scale_id !== currentScaleId) {
      const scale = (await this.scaleRows(scope)).find((s) => s.id === links.scale_id);
      if (!scale || scale.archivedAt) throw badRequest(ASSESSMENT_MESSAGES.scaleOfSchool, ERROR_CODES.validation, 'scale_id');
    }
    if (links.learning_area_id) {
      const cls = await repo.classRow(scope, this.db, classId);
      const ok = cls?.curriculumId && (await repo.areaOfCurriculum(scope, this.db, cls.curriculumId, links.learning_area_id));
      if (!ok) throw badRequest(ASSESSMENT_MESSAGES.areaOfClass, ERROR_CODES.validation, 'learning_area_id');
    }
  }

  async createTask(scope: Scope, body: TaskBody): Promise<AssessmentTask> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [body.class_id]);
    const due = isoFromWire(body.due_date, 'due_date');
    const period = await this.periodOfDue(scope, due);
    await this.checkTaskLinks(scope, body.class_id, body);
    const id = newId();
    await repo.insertTask(scope, this.db, {
      id,
      classId: body.class_id,
      periodId: period.id,
      title: body.title,
      subject: body.subject,
      kind: body.kind,
      categoryId: body.category_id ?? null,
      scaleId: body.scale_id,
      learningAreaId: body.learning_area_id ?? null,
      dueDate: due,
      description: body.description,
      status: body.status,
      createdBy: scope.userId,
    });
    return this.presentTaskById(scope, id);
  }

  async updateTask(scope: Scope, id: string, body: TaskChange): Promise<AssessmentTask> {
    const { row, period } = await this.taskRow(scope, id);
    this.assessment.assertOpen(period);
    const patch: Partial<repo.TaskRow> = { updatedAt: new Date() };
    if (body.due_date !== undefined) {
      patch.dueDate = isoFromWire(body.due_date, 'due_date');
      patch.periodId = (await this.periodOfDue(scope, patch.dueDate)).id;
    }
    await this.checkTaskLinks(scope, row.classId, body, row.scaleId);
    if (body.scale_id !== undefined && body.scale_id !== row.scaleId && row.gradedCount > 0)
      throw badRequest(ASSESSMENT_MESSAGES.scaleHasGrades, ERROR_CODES.validation, 'scale_id');
    if (body.title !== undefined) patch.title = body.title;
    if (body.subject !== undefined) patch.subject = body.subject;
    if (body.kind !== undefined) patch.kind = body.kind;
    if (body.category_id !== undefined) patch.categoryId = body.category_id;
    if (body.scale_id !== undefined) patch.scaleId = body.scale_id;
    if (body.learning_area_id !== undefined) patch.learningAreaId = body.learning_area_id;
    if (body.description !== undefined) patch.description = body.description;
    if (body.status !== undefined) patch.status = body.status;
    await repo.updateTask(scope, this.db, id, patch);
    return this.presentTaskById(scope, id);
  }

  async deleteTask(scope: Scope, id: string): Promise<void> {
    const { period } = await this.taskRow(scope, id);
    this.assessment.assertOpen(period);
    await repo.deleteTask(scope, this.db, id);
  }

  private async presentTaskById(scope: Scope, id: string): Promise<AssessmentTask> {
    const row = await repo.task(scope, this.db, id);
    if (!row) throw notFound();
    const period = await this.assessment.period(scope, row.periodId);
    return presentTask(row, !period.lockedAt);
  }

  // ------------------------------------------------------------------ grades

  /** A cell's value as stored, or a refusal naming the cell. */
  private gradeValue(scale: repo.ScaleRow, raw: string, field: string): string {
    if (scale.kind === 'points') {
      const n = Number(raw);
      if (!POINTS.test(raw) || !Number.isFinite(n) || n < 0 || n > (scale.maxPoints ?? 0))
        throw badRequest(ASSESSMENT_MESSAGES.gradeOutOfRange, ERROR_CODES.gradeNotOnScale, field);
      return String(n);
    }
    const level = scale.levels.find((l) => l.code.toLowerCase() === raw.toLowerCase());
    if (!level) throw badRequest(ASSESSMENT_MESSAGES.gradeNotOnScale, ERROR_CODES.gradeNotOnScale, field);
    return level.code;
  }

  /**
   * Saves 1..N cells of one task in one transaction, or none: every value must be on the task's scale,
   * every child in the task's class, every evidence the child's. An empty value clears the cell.
   */
  async saveGrades(scope: Scope, taskId: string, entries: GradeEntry[]): Promise<{ grades: Grade[]; task: AssessmentTask }> {
    const { row, period } = await this.taskRow(scope, taskId);
    this.assessment.assertOpen(period);
    const [scales, children] = await Promise.all([this.scaleRows(scope), repo.classChildren(scope, this.db, row.classId)]);
    const scale = scales.find((s) => s.id === row.scaleId);
    if (!scale) throw notFound();
    const inClass = new Set(children.map((c) => c.id));
    // Per child, the last cell named (a row to write, or null to clear).
    const cells = new Map<string, Parameters<typeof repo.writeGrades>[3][number] | null>();
    const now = new Date();
    entries.forEach((e, i) => {
      if (!inClass.has(e.student_id))
        throw badRequest(`${e.student_id} is not a student of this class`, ERROR_CODES.notInClass, `grades.${i}.student_id`);
      if (e.value === null || e.value === '') {
        cells.set(e.student_id, null);
        return;
      }
      const value = this.gradeValue(scale, e.value, `grades.${i}.value`);
      cells.set(e.student_id, {
        studentId: e.student_id,
        value,
        comment: e.comment ?? '',
        evidence: e.evidence ?? [],
        updatedBy: scope.userId,
        updatedAt: now,
      });
    });
    await Promise.all(
      entries.map(async (e, i) => {
        if (!e.evidence?.length || e.value === null || e.value === '') return;
        try {
          await this.evidence.assertOfChild(scope, e.student_id, e.evidence);
        } catch (err) {
          if (err instanceof AppError && err.status === 400)
            throw badRequest(ASSESSMENT_MESSAGES.evidenceOfChild, ERROR_CODES.validation, `grades.${i}.evidence`);
          throw err;
        }
      }),
    );
    const set = [...cells.values()].filter((c) => c !== null);
    const cleared = [...cells].filter(([, c]) => c === null).map(([id]) => id);
    await this.db.transaction(async (tx) => {
      await repo.writeGrades(scope, tx, taskId, set, cleared);
      await repo.updateTask(scope, tx, taskId, { updatedAt: now });
    });
    const [rows, task] = await Promise.all([repo.gradesOf(scope, this.db, [taskId]), this.presentTaskById(scope, taskId)]);
    const names = await staffNames(scope, this.db, [...new Set(rows.map((r) => r.updatedBy).filter((x): x is string => !!x))]);
    return { grades: rows.map((r) => presentGrade(r, names)), task };
  }

  // ------------------------------------------------------------------ the grid

  /** The grid of a class and period: its children, tasks, categories, scales, grades and each child's average. */
  async gradebook(scope: Scope, classId: string, query: { period_id?: string; subject?: string }): Promise<Gradebook> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [classId]);
    const period = await this.assessment.period(scope, query.period_id);
    const [cls, children, tasks, categories, scales, subjects, periods] = await Promise.all([
      repo.classRow(scope, this.db, classId),
      repo.classChildren(scope, this.db, classId),
      repo.tasks(scope, this.db, classId, period.id, query.subject),
      repo.categories(scope, this.db, classId),
      this.scaleRows(scope),
      repo.subjects(scope, this.db, classId),
      this.assessment.presentWithAll(scope, period),
    ]);
    if (!cls) throw notFound();
    const grades = await repo.gradesOf(
      scope,
      this.db,
      tasks.map((t) => t.id),
    );
    const names = await staffNames(scope, this.db, [...new Set(grades.map((g) => g.updatedBy).filter((x): x is string => !!x))]);
    const open = !period.lockedAt;
    const admin = await this.assessment.isAdmin(scope);
    const usedScales = new Set(tasks.map((t) => t.scaleId));
    return {
      class: { _id: cls.id, name: cls.name },
      period: periods.period,
      periods: periods.periods,
      subjects,
      students: children.map((c) => ({
        _id: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        profile_image: signMedia(c.picture),
      })),
      tasks: tasks.map((t) => presentTask(t, open)),
      categories: categories.map(presentCategory),
      scales: scales.filter((s) => !s.archivedAt || usedScales.has(s.id)).map((s) => presentScale(s, admin)),
      grades: grades.map((g) => presentGrade(g, names)),
      averages: this.averages(children, tasks, categories, scales, grades),
      abilities: { can_add_task: open, can_manage_categories: true },
    };
  }

  private averages(
    children: { id: string }[],
    tasks: repo.TaskRow[],
    categories: repo.CategoryRow[],
    scales: repo.ScaleRow[],
    grades: repo.GradeRow[],
  ) {
    const weights = new Map(categories.map((c) => [c.id, c.weight]));
    const scaleOf = new Map(scales.map((s) => [s.id, s]));
    const taskOf = new Map(tasks.map((t) => [t.id, t]));
    const byChild = new Map<string, { categoryId: string | null; percent: number }[]>();
    for (const g of grades) {
      const task = taskOf.get(g.taskId);
      const scale = task && scaleOf.get(task.scaleId);
      const percent = scale ? gradePercent(scale, g.value) : null;
      if (!task || percent === null) continue;
      byChild.set(g.studentId, [...(byChild.get(g.studentId) ?? []), { categoryId: task.categoryId, percent }]);
    }
    return children.map((c) => ({ student_id: c.id, average: averageOf(byChild.get(c.id) ?? [], weights) }));
  }

  /** The grid as CSV: a row per child, a column per task, and the average. */
  async exportCsv(scope: Scope, classId: string, query: { period_id?: string; subject?: string }) {
    const grid = await this.gradebook(scope, classId, query);
    const value = new Map(grid.grades.map((g) => [`${g.task_id}:${g.student_id}`, g.value]));
    const average = new Map(grid.averages.map((a) => [a.student_id, a.average]));
    const rows: (string | number | null)[][] = [
      ['Child', ...grid.tasks.map((t) => `${t.title} (${t.subject}, due ${t.due_date})`), 'Average'],
      ...grid.students.map((s) => [
        s.name,
        ...grid.tasks.map((t) => value.get(`${t._id}:${s._id}`) ?? ''),
        average.get(s._id) ?? '',
      ]),
    ];
    const slug = `${grid.class.name} ${grid.period.name}`
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    return { filename: `gradebook-${slug || 'class'}.csv`, csv: toCsv(rows) };
  }

  /** A child's grades dated fromIso..toIso (the child's record), with what the record shows of each. */
  async gradesOfChild(scope: Scope, studentId: string, fromIso: string, toIso: string) {
    await requireAccess(scope, 'child', [studentId]);
    return repo.gradesOfChild(scope, this.db, studentId, fromIso, toIso);
  }
}
