import {
  ADMISSION_MESSAGES,
  type Admission,
  type AdmissionCreate,
  type AdmissionForm,
  type AdmissionFormKind,
  type AdmissionFormRequest,
  type AdmissionReport,
  type AdmissionStageRequest,
  type AdmissionSummary,
  type EnrolRequest,
  ROUTES,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf, type QueryOf } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { ADMISSIONS_NS } from '../i18n';

export type {
  Admission,
  AdmissionCreate,
  AdmissionForm,
  AdmissionFormKind,
  AdmissionFormRequest,
  AdmissionReport,
  AdmissionStageRequest,
  AdmissionSummary,
  EnrolRequest,
};
export type AdmissionQuery = QueryOf<typeof ROUTES.admissionList>;
export type AdmissionUpdate = BodyOf<typeof ROUTES.admissionUpdate>;

const staff = { side: 'staff' } as const;

export const admissionKeys = {
  all: ['management', 'admissions'] as const,
  list: (query: AdmissionQuery) => ['management', 'admissions', 'list', query] as const,
  one: (id: string) => ['management', 'admissions', 'one', id] as const,
  form: (kind: AdmissionFormKind) => ['management', 'admissions', 'form', kind] as const,
  report: (from: string, to: string) => ['management', 'admissions', 'report', from, to] as const,
};

const NAMES = new Map(Object.entries(ADMISSION_MESSAGES).map(([name, text]) => [text as string, name]));

/** A message of the admissions routes (its English sentence) in the reader's language; the text itself when unknown. */
export function admissionText(text: string | null | undefined): string {
  if (!text) return '';
  const name = NAMES.get(text);
  return name ? i18n.t(`messages.${name}`, { ns: ADMISSIONS_NS }) : text;
}

export function useAdmissions(query: AdmissionQuery) {
  return useQuery({
    queryKey: admissionKeys.list(query),
    queryFn: ({ signal }) => apiResult(ROUTES.admissionList, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdmission(id: string) {
  return useQuery({
    queryKey: admissionKeys.one(id),
    queryFn: ({ signal }) => apiResult(ROUTES.admissionGet, { ...staff, signal, params: { id } }),
  });
}

/** Every change of an application answers it whole: the page shows it at once and the lists refresh. */
function useApplicationChange<V>(call: (vars: V) => Promise<{ result: Admission; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(admissionKeys.one(answer.result._id), answer.result);
      return queryClient.invalidateQueries({ queryKey: admissionKeys.all });
    },
  });
}

export const useCreateAdmission = () =>
  useApplicationChange((body: AdmissionCreate) => apiRequest(ROUTES.admissionCreate, { ...staff, body }));

export const useUpdateAdmission = () =>
  useApplicationChange(({ id, body }: { id: string; body: AdmissionUpdate }) =>
    apiRequest(ROUTES.admissionUpdate, { ...staff, params: { id }, body }),
  );

export const useMoveAdmission = () =>
  useApplicationChange(({ id, body }: { id: string; body: AdmissionStageRequest }) =>
    apiRequest(ROUTES.admissionStage, { ...staff, params: { id }, body }),
  );

export const useAddNote = () =>
  useApplicationChange(({ id, body }: { id: string; body: string }) =>
    apiRequest(ROUTES.admissionNote, { ...staff, params: { id }, body: { body } }),
  );

export function useEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EnrolRequest }) =>
      apiRequest(ROUTES.admissionEnrol, { ...staff, params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(admissionKeys.one(answer.result.application._id), answer.result.application);
      return queryClient.invalidateQueries({ queryKey: admissionKeys.all });
    },
  });
}

/** A document added by staff to an application (a file picked on the page), with its upload progress. */
export function useAddDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append(ROUTES.admissionDocumentAdd.upload, file, file.name);
      return apiUpload(ROUTES.admissionDocumentAdd, form, { ...staff, params: { id }, onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admissionKeys.one(id) }),
  });
}

export function useAdmissionForm(kind: AdmissionFormKind) {
  return useQuery({
    queryKey: admissionKeys.form(kind),
    queryFn: ({ signal }) => apiResult(ROUTES.admissionForm, { ...staff, signal, params: { kind } }),
  });
}

export function useSaveAdmissionForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AdmissionFormKind; body: AdmissionFormRequest }) =>
      apiRequest(ROUTES.admissionFormUpdate, { ...staff, params: { kind }, body }),
    onSuccess: (answer, { kind }) => queryClient.setQueryData(admissionKeys.form(kind), answer.result),
  });
}

export function useAdmissionReport(from: string, to: string) {
  return useQuery({
    queryKey: admissionKeys.report(from, to),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.admissionReport, { ...staff, signal, query: { from: from || undefined, to: to || undefined } }),
    placeholderData: keepPreviousData,
  });
}
