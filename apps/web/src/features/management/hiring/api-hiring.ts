import {
  HIRING_MESSAGES,
  type HireRequest,
  type InterviewRequest,
  type JobApplication,
  type JobApplicationSummary,
  type JobInterview,
  type JobOpening,
  type JobOpeningRequest,
  type PublicJobApplication,
  ROUTES,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type QueryOf } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { type UploadProgress, uploadFile } from '../../../lib/upload';
import { downloadFile } from '../../admin/download';
import { HIRING_NS } from '../i18n';

export type {
  HireRequest,
  InterviewRequest,
  JobApplication,
  JobApplicationSummary,
  JobInterview,
  JobOpening,
  JobOpeningRequest,
  PublicJobApplication,
};
export type JobApplicationQuery = QueryOf<typeof ROUTES.jobApplications>;
export type InterviewQuery = QueryOf<typeof ROUTES.jobInterviews>;
export type StageRequest = BodyOf<typeof ROUTES.jobApplicationStage>;

const staff = { side: 'staff' } as const;

export const hiringKeys = {
  all: ['management', 'hiring'] as const,
  openings: ['management', 'hiring', 'openings'] as const,
  applications: (query: JobApplicationQuery) => ['management', 'hiring', 'applications', query] as const,
  one: (id: string) => ['management', 'hiring', 'application', id] as const,
  interviews: (query: InterviewQuery) => ['management', 'hiring', 'interviews', query] as const,
  publicJobs: (schoolId: string) => ['public', 'jobs', schoolId] as const,
  publicJob: (schoolId: string, id: string) => ['public', 'jobs', schoolId, id] as const,
};

const NAMES = new Map(Object.entries(HIRING_MESSAGES).map(([name, text]) => [text as string, name]));

/** A message of the hiring routes (its English sentence) in the reader's language; the text itself when unknown. */
export function hiringText(text: string | null | undefined): string {
  if (!text) return '';
  const name = NAMES.get(text);
  return name ? i18n.t(`messages.${name}`, { ns: HIRING_NS }) : text;
}

// ------------------------------------------------------------------ openings

export function useOpenings() {
  return useQuery({
    queryKey: hiringKeys.openings,
    queryFn: ({ signal }) => apiResult(ROUTES.jobOpenings, { ...staff, signal, query: {} }),
  });
}

export function useSaveOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: JobOpeningRequest }) =>
      id
        ? apiRequest(ROUTES.jobOpeningUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.jobOpeningCreate, { ...staff, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringKeys.all }),
  });
}

/** One opening (the hire form starts from its role and classes). */
export function useOpening(id: string | null | undefined) {
  return useQuery({
    queryKey: [...hiringKeys.openings, id ?? ''] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.jobOpeningGet, { ...staff, signal, params: { id: id as string } }),
    enabled: !!id,
  });
}

// ------------------------------------------------------------------ applications

export function useApplications(query: JobApplicationQuery) {
  return useQuery({
    queryKey: hiringKeys.applications(query),
    queryFn: ({ signal }) => apiResult(ROUTES.jobApplications, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: string) {
  return useQuery({
    queryKey: hiringKeys.one(id),
    queryFn: ({ signal }) => apiResult(ROUTES.jobApplicationGet, { ...staff, signal, params: { id } }),
  });
}

/** After a change of one application: its page takes the answer, every list refreshes. */
function useApplicationChange<A>(call: (args: A) => Promise<{ result: JobApplication; message?: string | null }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(hiringKeys.one(answer.result._id), answer.result);
      void queryClient.invalidateQueries({ queryKey: hiringKeys.all });
    },
  });
}

export const useMoveStage = () =>
  useApplicationChange(({ id, body }: { id: string; body: StageRequest }) =>
    apiRequest(ROUTES.jobApplicationStage, { ...staff, params: { id }, body }),
  );

export const useAddNote = () =>
  useApplicationChange(({ id, body }: { id: string; body: string }) =>
    apiRequest(ROUTES.jobApplicationNote, { ...staff, params: { id }, body: { body } }),
  );

export function useScheduleInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InterviewRequest }) =>
      apiRequest(ROUTES.jobInterviewCreate, { ...staff, params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringKeys.all }),
  });
}

export function useUpdateInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InterviewRequest }) =>
      apiRequest(ROUTES.jobInterviewUpdate, { ...staff, params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringKeys.all }),
  });
}

export function useCancelInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.jobInterviewCancel, { ...staff, params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringKeys.all }),
  });
}

export function useInterviews(query: InterviewQuery) {
  return useQuery({
    queryKey: hiringKeys.interviews(query),
    queryFn: ({ signal }) => apiResult(ROUTES.jobInterviews, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useHire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: HireRequest }) =>
      apiRequest(ROUTES.jobHire, { ...staff, params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(hiringKeys.one(answer.result.application._id), answer.result.application);
      void queryClient.invalidateQueries({ queryKey: hiringKeys.all });
      // The new member of staff shows on the staff page.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** The applicant's CV, downloaded with the staff token under the server's file name. */
export const downloadCv = (application: Pick<JobApplication, '_id' | 'cv'>) =>
  downloadFile(ROUTES.jobApplicationCv, application.cv?.name ?? 'cv', { params: { id: application._id } });

// ------------------------------------------------------------------ public (no sign-in)

export function usePublicJobs(schoolId: string) {
  return useQuery({
    queryKey: hiringKeys.publicJobs(schoolId),
    queryFn: ({ signal }) => apiResult(ROUTES.publicJobs, { signal, params: { school_id: schoolId } }),
    retry: false,
  });
}

export function usePublicJob(schoolId: string, id: string) {
  return useQuery({
    queryKey: hiringKeys.publicJob(schoolId, id),
    queryFn: ({ signal }) => apiResult(ROUTES.publicJob, { signal, params: { school_id: schoolId, id } }),
    retry: false,
  });
}

/** Uploads the CV for one job (no sign-in), reporting progress. */
export const uploadPublicCv = (
  schoolId: string,
  id: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) => {
  const path = ROUTES.publicJobCv.path.replace(':school_id', encodeURIComponent(schoolId)).replace(':id', encodeURIComponent(id));
  return uploadFile({ ...ROUTES.publicJobCv, path }, file, onProgress, { signal });
};

export function useApply(schoolId: string, id: string) {
  return useMutation({
    mutationFn: (body: PublicJobApplication) => apiRequest(ROUTES.publicJobApply, { params: { school_id: schoolId, id }, body }),
  });
}
