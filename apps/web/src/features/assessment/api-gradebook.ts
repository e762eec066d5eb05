import {
  type AssessmentTask,
  type Grade,
  type Gradebook,
  type GradeCategory,
  type GradeScale,
  type ReportTemplate,
  ROUTES,
} from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf } from '../../lib/api';
import { downloadFile } from '../admin/download';
import { assessmentKeys, staff } from './api';

export type { AssessmentTask, Grade, Gradebook, GradeCategory, GradeScale, ReportTemplate };
export type TaskRequest = BodyOf<typeof ROUTES.taskCreate>;
export type TaskChange = BodyOf<typeof ROUTES.taskUpdate>;
export type CategoryRequest = BodyOf<typeof ROUTES.gradeCategoryCreate>;
export type ScaleRequest = BodyOf<typeof ROUTES.gradeScaleCreate>;
export type TemplateRequest = BodyOf<typeof ROUTES.reportTemplateCreate>;
export type GradeEntry = BodyOf<typeof ROUTES.gradesSave>['grades'][number];

/** The gradebook's and the setup's calls; every key under assessment's, so a period's lock reaches them too. */
export const gradebookKeys = {
  all: [...assessmentKeys.all, 'gradebook'] as const,
  book: (classId: string, periodId: string | null, subject: string | null) =>
    [...assessmentKeys.all, 'gradebook', 'book', classId, periodId ?? '', subject ?? ''] as const,
  scales: [...assessmentKeys.all, 'gradebook', 'scales'] as const,
  templates: [...assessmentKeys.all, 'gradebook', 'templates'] as const,
  evidence: (studentId: string, from: string, to: string) =>
    [...assessmentKeys.all, 'gradebook', 'evidence', studentId, from, to] as const,
};

/** GET /api/gradebook/:class: the class's tasks, children, grades and averages of a period (and subject). */
export function useGradebook(classId: string | null, periodId: string | null, subject: string | null) {
  return useQuery({
    queryKey: gradebookKeys.book(classId ?? '', periodId, subject),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.gradebook, {
        ...staff,
        signal,
        params: { id: classId ?? '' },
        query: { period_id: periodId ?? undefined, subject: subject ?? undefined },
      }),
    enabled: !!classId,
    staleTime: 15_000,
  });
}

export function useGradeScales(enabled = true) {
  return useQuery({
    queryKey: gradebookKeys.scales,
    queryFn: ({ signal }) => apiResult(ROUTES.gradeScaleList, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useReportTemplates(enabled = true) {
  return useQuery({
    queryKey: gradebookKeys.templates,
    queryFn: ({ signal }) => apiResult(ROUTES.reportTemplateList, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useChildEvidence(studentId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: gradebookKeys.evidence(studentId ?? '', from, to),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.childEvidence, { ...staff, signal, params: { id: studentId ?? '' }, query: { from, to } }),
    enabled: !!studentId,
    staleTime: 60_000,
  });
}

/** A change after which every gradebook and setup list reads again. */
function useGradebookChange<V, A>(send: (vars: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: gradebookKeys.all }) });
}

export const useCreateTask = () => useGradebookChange((body: TaskRequest) => apiRequest(ROUTES.taskCreate, { ...staff, body }));
export const useUpdateTask = () =>
  useGradebookChange(({ id, body }: { id: string; body: TaskChange }) =>
    apiRequest(ROUTES.taskUpdate, { ...staff, params: { id }, body }),
  );
export const useDeleteTask = () =>
  useGradebookChange((id: string) => apiRequest(ROUTES.taskDelete, { ...staff, params: { id } }));

export const useCreateCategory = () =>
  useGradebookChange((body: CategoryRequest) => apiRequest(ROUTES.gradeCategoryCreate, { ...staff, body }));
export const useUpdateCategory = () =>
  useGradebookChange(({ id, body }: { id: string; body: Omit<CategoryRequest, 'class_id'> }) =>
    apiRequest(ROUTES.gradeCategoryUpdate, { ...staff, params: { id }, body }),
  );
export const useDeleteCategory = () =>
  useGradebookChange((id: string) => apiRequest(ROUTES.gradeCategoryDelete, { ...staff, params: { id } }));

export const useSaveScale = () =>
  useGradebookChange(({ id, body }: { id: string | null; body: ScaleRequest }) =>
    id
      ? apiRequest(ROUTES.gradeScaleUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.gradeScaleCreate, { ...staff, body }),
  );
export const useArchiveScale = () =>
  useGradebookChange((id: string) => apiRequest(ROUTES.gradeScaleArchive, { ...staff, params: { id } }));

export const useSaveTemplate = () =>
  useGradebookChange(({ id, body }: { id: string | null; body: TemplateRequest }) =>
    id
      ? apiRequest(ROUTES.reportTemplateUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.reportTemplateCreate, { ...staff, body }),
  );
export const useArchiveTemplate = () =>
  useGradebookChange((id: string) => apiRequest(ROUTES.reportTemplateArchive, { ...staff, params: { id } }));

/** PUT /api/assessment_tasks/:id/grades with the given cells; answers the saved grades and the task. */
export const saveGrades = (taskId: string, grades: GradeEntry[]) =>
  apiResult(ROUTES.gradesSave, { ...staff, params: { id: taskId }, body: { grades } });

/**
 * The saved grades and task written into the gradebook already read, so the grid shows them at once: the
 * cells sent are replaced by what the server answered (a cleared cell has no grade in the answer).
 */
export function withSavedGrades(
  book: Gradebook,
  sent: { taskId: string; studentIds: string[] },
  saved: { grades: Grade[]; task: AssessmentTask },
): Gradebook {
  const replaced = new Set([
    ...sent.studentIds.map((id) => `${id}:${sent.taskId}`),
    ...saved.grades.map((g) => `${g.student_id}:${g.task_id}`),
  ]);
  return {
    ...book,
    tasks: book.tasks.map((task) => (task._id === saved.task._id ? saved.task : task)),
    grades: [...book.grades.filter((g) => !replaced.has(`${g.student_id}:${g.task_id}`)), ...saved.grades],
  };
}

/** GET /api/gradebook/:class/export: the period's grid as a CSV download. */
export const downloadGradebook = (classId: string, periodId: string | null, subject: string | null) =>
  downloadFile(ROUTES.gradebookExport, 'gradebook.csv', {
    params: { id: classId },
    query: { period_id: periodId ?? undefined, subject: subject ?? undefined },
  });
