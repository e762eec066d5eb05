import type { AssessmentTask, Grade, GradeCategory, GradeScale, ScaleKind, TaskStatus } from '@cue/contract';
import { ddmmyyyyFromIso } from '@cue/contract';
import type { CategoryRow, GradeRow, ScaleRow, TaskWithCount } from './gradebook-repo.js';

export function presentScale(row: ScaleRow, canEdit: boolean): GradeScale {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind as ScaleKind,
    max_points: row.kind === 'points' ? row.maxPoints : null,
    levels: row.kind === 'points' ? [] : row.levels,
    archived: row.archivedAt !== null,
    abilities: { can_edit: canEdit },
  };
}

export function presentCategory(row: CategoryRow): GradeCategory {
  return { _id: row.id, class_id: row.classId, name: row.name, weight: row.weight };
}

/** A task; `open`: its period is not locked (nothing of a locked period changes). */
export function presentTask(row: TaskWithCount, open: boolean): AssessmentTask {
  return {
    _id: row.id,
    class_id: row.classId,
    period_id: row.periodId,
    title: row.title,
    subject: row.subject,
    kind: row.kind === 'summative' ? 'summative' : 'formative',
    category_id: row.categoryId,
    scale_id: row.scaleId,
    learning_area_id: row.learningAreaId,
    due_date: ddmmyyyyFromIso(row.dueDate),
    description: row.description,
    status: row.status as TaskStatus,
    graded_count: row.gradedCount,
    abilities: { can_edit: open, can_delete: open, can_grade: open },
  };
}

export function presentGrade(row: GradeRow, names: Map<string, string>): Grade {
  return {
    task_id: row.taskId,
    student_id: row.studentId,
    value: row.value,
    comment: row.comment,
    evidence: row.evidence,
    updated_by: row.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A grade as a value from 0 to 100 on its scale (points out of the maximum; a letter or level by its value). */
export function gradePercent(scale: Pick<ScaleRow, 'kind' | 'maxPoints' | 'levels'>, value: string): number | null {
  if (scale.kind === 'points') {
    const n = Number(value);
    return scale.maxPoints && Number.isFinite(n) ? (n / scale.maxPoints) * 100 : null;
  }
  const level = scale.levels.find((l) => l.code.toLowerCase() === value.toLowerCase());
  return level ? level.value : null;
}
