import { type FeedbackForm, type FeedbackKind, type HpcCard, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf, type ResultOf } from '../../lib/api';
import { assessmentKeys, parent, staff } from './api';

export type { FeedbackForm, FeedbackKind, HpcCard };
export type HpcStudentList = ResultOf<typeof ROUTES.hpcStudents>;
export type HpcStudentRow = HpcStudentList['students'][number];
export type HpcClassSummary = ResultOf<typeof ROUTES.hpcClassSummary>;
export type HpcProgress = ResultOf<typeof ROUTES.hpcProgress>;
export type HpcCardChange = BodyOf<typeof ROUTES.hpcCardSave>;
export type FeedbackDetail = ResultOf<typeof ROUTES.feedbackGet>;
export type FeedbackFormRequest = BodyOf<typeof ROUTES.feedbackCreate>;
export type FeedbackFormChange = BodyOf<typeof ROUTES.feedbackUpdate>;
export type FeedbackResponseRequest = BodyOf<typeof ROUTES.feedbackRespond>;
export type FamilyFeedback = ResultOf<typeof ROUTES.familyFeedback>;
export type FamilyFeedbackItem = FamilyFeedback[number];

/** Progress cards and feedback live under assessment's keys, so a period's lock reads them again too. */
export const hpcKeys = {
  all: [...assessmentKeys.all, 'hpc'] as const,
  students: (classId: string, periodId: string | null) => [...hpcKeys.all, 'students', classId, periodId] as const,
  summary: (classId: string, periodId: string | null) => [...hpcKeys.all, 'summary', classId, periodId] as const,
  card: (studentId: string, periodId: string | null) => [...hpcKeys.all, 'card', studentId, periodId] as const,
  progress: (studentId: string) => [...hpcKeys.all, 'progress', studentId] as const,
  forms: (kind: FeedbackKind, periodId: string | null) => [...hpcKeys.all, 'forms', kind, periodId] as const,
  form: (formId: string) => [...hpcKeys.all, 'form', formId] as const,
  family: ['family-feedback'] as const,
};

const periodQuery = (periodId: string | null) => (periodId ? { period_id: periodId } : {});

/** GET /api/hpc/classes/:id/students: the class's children with their card's completion in the period. */
export function useHpcStudents(classId: string | null, periodId: string | null) {
  return useQuery({
    queryKey: hpcKeys.students(classId ?? '', periodId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.hpcStudents, { ...staff, signal, params: { id: classId ?? '' }, query: periodQuery(periodId) }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/hpc/classes/:id/summary: children × domains and each descriptor's distribution of levels. */
export function useHpcSummary(classId: string | null, periodId: string | null) {
  return useQuery({
    queryKey: hpcKeys.summary(classId ?? '', periodId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.hpcClassSummary, { ...staff, signal, params: { id: classId ?? '' }, query: periodQuery(periodId) }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/hpc/students/:id: a child's card of the period (with suggestions from the period's evidence). */
export function useHpcCard(studentId: string | null, periodId: string | null) {
  return useQuery({
    queryKey: hpcKeys.card(studentId ?? '', periodId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.hpcCard, { ...staff, signal, params: { id: studentId ?? '' }, query: periodQuery(periodId) }),
    enabled: !!studentId,
  });
}

/** GET /api/hpc/students/:id/progress: the child's cards over the periods, oldest first. */
export function useHpcProgress(studentId: string | null) {
  return useQuery({
    queryKey: hpcKeys.progress(studentId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.hpcProgress, { ...staff, signal, params: { id: studentId ?? '' } }),
    enabled: !!studentId,
  });
}

/**
 * PUT /api/hpc/students/:id with only what changed. The saved card the server answers replaces the
 * cached one (its status and suggestions follow the change); the lists and summaries read again.
 */
export function useSaveHpcCard(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HpcCardChange) => apiRequest(ROUTES.hpcCardSave, { ...staff, params: { id: studentId }, body }),
    onSuccess: (answer, body) => {
      client.setQueryData(hpcKeys.card(studentId, body.period_id), answer.result);
      // The page may have asked for the current period without naming it.
      client.setQueryData(hpcKeys.card(studentId, null), (old: HpcCard | undefined) =>
        old && old.period._id === body.period_id ? answer.result : old,
      );
      void client.invalidateQueries({
        queryKey: hpcKeys.all,
        predicate: (q) => !(q.queryKey[2] === 'card' && q.queryKey[3] === studentId),
      });
    },
  });
}

/** GET /api/feedback_forms/: the period's forms of a kind. */
export function useFeedbackForms(kind: FeedbackKind, periodId: string | null, enabled = true) {
  return useQuery({
    queryKey: hpcKeys.forms(kind, periodId),
    queryFn: ({ signal }) => apiResult(ROUTES.feedbackList, { ...staff, signal, query: { kind, ...periodQuery(periodId) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/feedback_forms/:id: a form and its children with their answers. */
export function useFeedbackForm(formId: string | null) {
  return useQuery({
    queryKey: hpcKeys.form(formId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.feedbackGet, { ...staff, signal, params: { id: formId ?? '' } }),
    enabled: !!formId,
  });
}

function useHpcChange<V, T>(send: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: hpcKeys.all }) });
}

export const useCreateFeedbackForm = () =>
  useHpcChange((body: FeedbackFormRequest) => apiRequest(ROUTES.feedbackCreate, { ...staff, body }));
export const useUpdateFeedbackForm = () =>
  useHpcChange(({ id, body }: { id: string; body: FeedbackFormChange }) =>
    apiRequest(ROUTES.feedbackUpdate, { ...staff, params: { id }, body }),
  );
export const useDeleteFeedbackForm = () =>
  useHpcChange((id: string) => apiRequest(ROUTES.feedbackDelete, { ...staff, params: { id } }));

/** POST /api/feedback_forms/:id/responses as staff: a child's own or a peer's answers, collected in class. */
export const useCollectResponse = () =>
  useHpcChange(({ formId, body }: { formId: string; body: FeedbackResponseRequest }) =>
    apiRequest(ROUTES.feedbackRespond, { ...staff, params: { id: formId }, body }),
  );

/** GET /api/family/feedback_forms: a family's open parent forms, one per form and child. */
export function useFamilyFeedback(enabled = true) {
  return useQuery({
    queryKey: hpcKeys.family,
    queryFn: ({ signal }) => apiResult(ROUTES.familyFeedback, { ...parent, signal }),
    enabled,
  });
}

/** POST /api/feedback_forms/:id/responses as a family: its answers about its own child. */
export function useFamilyRespond() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, body }: { formId: string; body: FeedbackResponseRequest }) =>
      apiRequest(ROUTES.feedbackRespond, { ...parent, params: { id: formId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: hpcKeys.family }),
  });
}

/**
 * A recorded answer stored through POST /api/media/ (the route observations' photos use), for an
 * answer's `media_link`. The recorder's audio is a WebM stream, which the upload pipeline takes as
 * `video/webm` or `video/mp4` (it cleans its metadata as it does a video's). Staff only: families may upload pictures
 * alone, so their forms offer no recorded answers.
 */
export async function uploadVoice(blob: Blob): Promise<string> {
  // Safari records MP4 (AAC); the others WebM (Opus).
  const mp4 = blob.type.includes('mp4');
  const form = new FormData();
  form.append(
    ROUTES.mediaUpload.upload,
    new File([blob], mp4 ? 'answer.mp4' : 'answer.webm', { type: mp4 ? 'video/mp4' : 'video/webm' }),
  );
  return (await apiUpload(ROUTES.mediaUpload, form, staff)).result.media_link;
}
