import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  assessmentTasks,
  classes,
  classStudents,
  curricula,
  gradeCategories,
  gradeScales,
  grades,
  learningAreas,
  students,
} from '../../platform/db/schema.js';
import { staffSchoolId } from './repo.js';

/*
 * The gradebook's tables (grade scales, categories, tasks, grades). Every statement carries the staff
 * caller's school in its WHERE; class access is the service's (`requireAccess`).
 */

export type ScaleRow = typeof gradeScales.$inferSelect;
export type CategoryRow = typeof gradeCategories.$inferSelect;
export type TaskRow = typeof assessmentTasks.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;

// ------------------------------------------------------------------ classes

/** A class of the school: its name and curriculum. */
export async function classRow(scope: Scope, q: Queryable, classId: string) {
  const [row] = await q
    .select({ id: classes.id, name: classes.name, curriculumId: classes.classCurriculumId })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchoolId(scope)), eq(classes.id, classId)));
  return row;
}

/** The children of a class, by name. */
export async function classChildren(scope: Scope, q: Queryable, classId: string) {
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, picture: students.profilePicture })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(students.schoolId, staffSchoolId(scope))))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** Whether a learning area belongs to a curriculum the school may use. */
export async function areaOfCurriculum(scope: Scope, q: Queryable, curriculumId: string, areaId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: learningAreas.id })
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(
      and(
        eq(learningAreas.id, areaId),
        eq(learningAreas.curriculumId, curriculumId),
        or(isNull(curricula.schoolId), eq(curricula.schoolId, staffSchoolId(scope))),
      ),
    );
  return !!row;
}

// ------------------------------------------------------------------ scales

export async function scales(scope: Scope, q: Queryable): Promise<ScaleRow[]> {
  return q
    .select()
    .from(gradeScales)
    .where(eq(gradeScales.schoolId, staffSchoolId(scope)))
    .orderBy(asc(gradeScales.createdAt), asc(gradeScales.id));
}

export async function scale(scope: Scope, q: Queryable, id: string): Promise<ScaleRow | undefined> {
  const [row] = await q
    .select()
    .from(gradeScales)
    .where(and(eq(gradeScales.schoolId, staffSchoolId(scope)), eq(gradeScales.id, id)));
  return row;
}

export async function insertScales(scope: Scope, q: Queryable, rows: Omit<typeof gradeScales.$inferInsert, 'schoolId'>[]) {
  if (rows.length === 0) return;
  // Defaults have ids made from the school: a second request making them at once adds nothing.
  await q
    .insert(gradeScales)
    .values(rows.map((r) => ({ ...r, schoolId: staffSchoolId(scope) })))
    .onConflictDoNothing();
}

export async function updateScale(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<ScaleRow, 'name' | 'kind' | 'maxPoints' | 'levels' | 'archivedAt'>>,
) {
  await q
    .update(gradeScales)
    .set(patch)
    .where(and(eq(gradeScales.schoolId, staffSchoolId(scope)), eq(gradeScales.id, id)));
}

/** How many tasks grade on a scale. */
export async function tasksOnScale(scope: Scope, q: Queryable, scaleId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(assessmentTasks)
    .where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.scaleId, scaleId)));
  return Number(row?.n ?? 0);
}

// ------------------------------------------------------------------ categories

export async function categories(scope: Scope, q: Queryable, classId: string): Promise<CategoryRow[]> {
  return q
    .select()
    .from(gradeCategories)
    .where(and(eq(gradeCategories.schoolId, staffSchoolId(scope)), eq(gradeCategories.classId, classId)))
    .orderBy(asc(gradeCategories.createdAt), asc(gradeCategories.id));
}

export async function category(scope: Scope, q: Queryable, id: string): Promise<CategoryRow | undefined> {
  const [row] = await q
    .select()
    .from(gradeCategories)
    .where(and(eq(gradeCategories.schoolId, staffSchoolId(scope)), eq(gradeCategories.id, id)));
  return row;
}

export async function insertCategory(scope: Scope, q: Queryable, row: Omit<typeof gradeCategories.$inferInsert, 'schoolId'>) {
  await q.insert(gradeCategories).values({ ...row, schoolId: staffSchoolId(scope) });
}

export async function updateCategory(scope: Scope, q: Queryable, id: string, patch: Pick<CategoryRow, 'name' | 'weight'>) {
  await q
    .update(gradeCategories)
    .set(patch)
    .where(and(eq(gradeCategories.schoolId, staffSchoolId(scope)), eq(gradeCategories.id, id)));
}

/** Deletes a category; its tasks stay, without a category. */
export async function deleteCategory(scope: Scope, q: Queryable, id: string) {
  await q
    .update(assessmentTasks)
    .set({ categoryId: null })
    .where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.categoryId, id)));
  await q.delete(gradeCategories).where(and(eq(gradeCategories.schoolId, staffSchoolId(scope)), eq(gradeCategories.id, id)));
}

// ------------------------------------------------------------------ tasks

export type TaskWithCount = TaskRow & { gradedCount: number };

// The task's column spelled out: a lone table's columns render unqualified, which a subquery would misread.
const gradedCount = sql<number>`(select count(*) from ${grades} g where g.task_id = "assessment_tasks"."id")`.mapWith(Number);

/** A class's tasks of a period (optionally of one subject), by due date. */
export async function tasks(
  scope: Scope,
  q: Queryable,
  classId: string,
  periodId: string,
  subject?: string,
): Promise<TaskWithCount[]> {
  return q
    .select({ ...TASK_COLUMNS, gradedCount })
    .from(assessmentTasks)
    .where(
      and(
        eq(assessmentTasks.schoolId, staffSchoolId(scope)),
        eq(assessmentTasks.classId, classId),
        eq(assessmentTasks.periodId, periodId),
        subject ? eq(assessmentTasks.subject, subject) : undefined,
      ),
    )
    .orderBy(asc(assessmentTasks.dueDate), asc(assessmentTasks.createdAt), asc(assessmentTasks.id));
}

const TASK_COLUMNS = {
  id: assessmentTasks.id,
  schoolId: assessmentTasks.schoolId,
  classId: assessmentTasks.classId,
  periodId: assessmentTasks.periodId,
  title: assessmentTasks.title,
  subject: assessmentTasks.subject,
  kind: assessmentTasks.kind,
  categoryId: assessmentTasks.categoryId,
  scaleId: assessmentTasks.scaleId,
  learningAreaId: assessmentTasks.learningAreaId,
  dueDate: assessmentTasks.dueDate,
  description: assessmentTasks.description,
  status: assessmentTasks.status,
  createdBy: assessmentTasks.createdBy,
  createdAt: assessmentTasks.createdAt,
  updatedAt: assessmentTasks.updatedAt,
};

export async function task(scope: Scope, q: Queryable, id: string): Promise<TaskWithCount | undefined> {
  const [row] = await q
    .select({ ...TASK_COLUMNS, gradedCount })
    .from(assessmentTasks)
    .where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.id, id)));
  return row;
}

/** The distinct subjects of a class's tasks, in any period. */
export async function subjects(scope: Scope, q: Queryable, classId: string): Promise<string[]> {
  const rows = await q
    .selectDistinct({ subject: assessmentTasks.subject })
    .from(assessmentTasks)
    .where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.classId, classId)))
    .orderBy(asc(assessmentTasks.subject));
  return rows.map((r) => r.subject);
}

export async function insertTask(scope: Scope, q: Queryable, row: Omit<typeof assessmentTasks.$inferInsert, 'schoolId'>) {
  await q.insert(assessmentTasks).values({ ...row, schoolId: staffSchoolId(scope) });
}

export async function updateTask(scope: Scope, q: Queryable, id: string, patch: Partial<typeof assessmentTasks.$inferInsert>) {
  await q
    .update(assessmentTasks)
    .set(patch)
    .where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.id, id)));
}

export async function deleteTask(scope: Scope, q: Queryable, id: string) {
  await q.delete(assessmentTasks).where(and(eq(assessmentTasks.schoolId, staffSchoolId(scope)), eq(assessmentTasks.id, id)));
}

// ------------------------------------------------------------------ grades

/** The grades of these tasks (every child). */
export async function gradesOf(scope: Scope, q: Queryable, taskIds: readonly string[]): Promise<GradeRow[]> {
  if (taskIds.length === 0) return [];
  return q
    .select()
    .from(grades)
    .where(and(eq(grades.schoolId, staffSchoolId(scope)), inArray(grades.taskId, [...taskIds])));
}

/** Saves and clears cells of one task: `set` rows are written (replacing the cell), `clear` children's cells deleted. */
export async function writeGrades(
  scope: Scope,
  q: Queryable,
  taskId: string,
  set: Omit<typeof grades.$inferInsert, 'schoolId' | 'taskId'>[],
  clear: readonly string[],
) {
  const schoolId = staffSchoolId(scope);
  if (clear.length)
    await q
      .delete(grades)
      .where(and(eq(grades.schoolId, schoolId), eq(grades.taskId, taskId), inArray(grades.studentId, [...clear])));
  if (set.length)
    await q
      .insert(grades)
      .values(set.map((r) => ({ ...r, taskId, schoolId })))
      .onConflictDoUpdate({
        target: [grades.taskId, grades.studentId],
        set: {
          value: sql`excluded.value`,
          comment: sql`excluded.comment`,
          evidence: sql`excluded.evidence`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: eq(grades.schoolId, schoolId),
      });
}

/** A child's grades with their tasks (the child's record), dated fromIso..toIso by due date, newest first. */
export async function gradesOfChild(scope: Scope, q: Queryable, studentId: string, fromIso: string, toIso: string) {
  return q
    .select({
      taskId: grades.taskId,
      value: grades.value,
      comment: grades.comment,
      updatedAt: grades.updatedAt,
      title: assessmentTasks.title,
      subject: assessmentTasks.subject,
      dueDate: assessmentTasks.dueDate,
      classId: assessmentTasks.classId,
      periodId: assessmentTasks.periodId,
      scaleName: gradeScales.name,
      scaleKind: gradeScales.kind,
      maxPoints: gradeScales.maxPoints,
      levels: gradeScales.levels,
    })
    .from(grades)
    .innerJoin(assessmentTasks, eq(assessmentTasks.id, grades.taskId))
    .innerJoin(gradeScales, eq(gradeScales.id, assessmentTasks.scaleId))
    .where(
      and(
        eq(grades.schoolId, staffSchoolId(scope)),
        eq(grades.studentId, studentId),
        sql`${assessmentTasks.dueDate} between ${fromIso} and ${toIso}`,
      ),
    )
    .orderBy(desc(assessmentTasks.dueDate), desc(grades.updatedAt));
}
