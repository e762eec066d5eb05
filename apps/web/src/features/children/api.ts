import { ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResult, apiUpload, type BodyOf, type ResultOf } from '../../lib/api';
import { useActiveSide } from '../../lib/session';

export type ChildRecord = ResultOf<typeof ROUTES.childRecord>;
export type ChangeRequest = ResultOf<typeof ROUTES.changeRequestList>[number];
export type HealthItem = NonNullable<ChildRecord['health']>['allergies'][number];
export type ChildContact = ChildRecord['emergency_contacts'][number];
export type ChildConsent = ChildRecord['consents'][number];

const staff = { side: 'staff' } as const;

export const childKeys = {
  all: ['children'] as const,
  record: (id: string, side: string | null) => ['children', 'record', id, side] as const,
  changes: ['children', 'changes'] as const,
};

/** The child's record as the caller may see it (the page's side answers it: staff or family). */
export function useChildRecord(id: string) {
  const side = useActiveSide();
  return useQuery({
    queryKey: childKeys.record(id, side),
    queryFn: ({ signal }) => apiResult(ROUTES.childRecord, { params: { id }, signal }),
  });
}

/** The child with their parents and carers as the school records them (GET /api/student/:id), beside the record. */
export function useChildFamily(id: string) {
  const side = useActiveSide();
  return useQuery({
    queryKey: ['children', 'family', id, side],
    queryFn: ({ signal }) => apiResult(ROUTES.studentDetail, { params: { id }, signal }),
  });
}

/** Who of the staff read the child's medical details, and when (admins). */
export function useMedicalViews(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['children', 'medicalViews', id],
    queryFn: ({ signal }) => apiResult(ROUTES.childMedicalViews, { ...staff, params: { id }, signal }),
    enabled,
  });
}

/** A change to a child's record makes the record, the review list and the class's badges stale. */
function useRecordMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['classAlerts'] }),
      ]),
  });
}

export const useSaveProfile = (id: string) =>
  useRecordMutation((body: BodyOf<typeof ROUTES.childProfileUpdate>) =>
    apiResult(ROUTES.childProfileUpdate, { ...staff, params: { id }, body }),
  );

export const useSaveHealth = (id: string) =>
  useRecordMutation((body: BodyOf<typeof ROUTES.childHealthUpdate>) =>
    apiResult(ROUTES.childHealthUpdate, { ...staff, params: { id }, body }),
  );

export const useSaveHealthItem = (studentId: string) =>
  useRecordMutation(({ id, body }: { id?: string; body: BodyOf<typeof ROUTES.childHealthItemCreate> }) =>
    id
      ? apiResult(ROUTES.childHealthItemUpdate, { ...staff, params: { id }, body })
      : apiResult(ROUTES.childHealthItemCreate, { ...staff, params: { id: studentId }, body }),
  );

export const useDeleteHealthItem = () =>
  useRecordMutation((id: string) => apiResult(ROUTES.childHealthItemDelete, { ...staff, params: { id } }));

export const useSaveContact = (studentId: string) =>
  useRecordMutation(({ id, body }: { id?: string; body: BodyOf<typeof ROUTES.childContactCreate> }) =>
    id
      ? apiResult(ROUTES.childContactUpdate, { ...staff, params: { id }, body })
      : apiResult(ROUTES.childContactCreate, { ...staff, params: { id: studentId }, body }),
  );

/** A collector's photo (a picture only; the server keeps it private and strips its metadata). */
export const useContactPhoto = () =>
  useRecordMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append(ROUTES.childContactPhoto.upload, file);
    return apiUpload(ROUTES.childContactPhoto, form, { side: 'staff', params: { id } });
  });

export const useDeleteContact = () =>
  useRecordMutation((id: string) => apiResult(ROUTES.childContactDelete, { ...staff, params: { id } }));

/** A family gives or withdraws consent (or an admin records the family's answer): with the page's side. */
export const useSetConsent = (studentId: string) =>
  useRecordMutation((body: BodyOf<typeof ROUTES.childConsentSet>) =>
    apiResult(ROUTES.childConsentSet, { params: { id: studentId }, body }),
  );

export const useProposeChanges = (studentId: string) =>
  useRecordMutation((body: BodyOf<typeof ROUTES.childChangeRequestCreate>) =>
    apiResult(ROUTES.childChangeRequestCreate, { side: 'parent', params: { id: studentId }, body }),
  );

/** The families' proposals waiting for the school. */
export function useChangeRequests(enabled = true) {
  return useQuery({
    queryKey: childKeys.changes,
    queryFn: ({ signal }) => apiResult(ROUTES.changeRequestList, { ...staff, signal }),
    enabled,
  });
}

export const useDecideChange = () =>
  useRecordMutation(({ id, decision }: { id: string; decision: 'accept' | 'decline' }) =>
    apiResult(ROUTES.changeRequestDecide, { ...staff, params: { id }, body: { decision } }),
  );

/** The yearly check: the school asks the families of the whole school, or of one class, to check their children's details. */
export function useRequestCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string | null) =>
      apiResult(ROUTES.recordCheckRequest, { ...staff, body: classId ? { class_id: classId } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKeys.all }),
  });
}

/** The family says the child's details are all correct. */
export const useConfirmCheck = (studentId: string) =>
  useRecordMutation(() => apiResult(ROUTES.childRecordCheckConfirm, { side: 'parent', params: { id: studentId } }));

/**
 * Whether the school waits for the family to check the child's details (the dashboard's child card):
 * the child's record as the family sees it, read once and kept a few minutes.
 */
export function useCheckPending(studentId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: childKeys.record(studentId, 'parent'),
    queryFn: ({ signal }) => apiResult(ROUTES.childRecord, { side: 'parent', params: { id: studentId }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return query.data?.check.pending === true;
}

export const consentTypeKeys = ['children', 'consentTypes'] as const;

/** The consents the school asks for beside the built-in ones. */
export function useConsentTypes(enabled = true) {
  return useQuery({
    queryKey: consentTypeKeys,
    queryFn: ({ signal }) => apiResult(ROUTES.consentTypeList, { ...staff, signal }),
    enabled,
  });
}

export const useCreateConsentType = () =>
  useRecordMutation((body: BodyOf<typeof ROUTES.consentTypeCreate>) => apiResult(ROUTES.consentTypeCreate, { ...staff, body }));

export type FileExport = ResultOf<typeof ROUTES.exportStatus>;

/** Starts the class's emergency sheet (a job): its progress is then polled with `useExport`. */
export const useStartEmergencySheet = () =>
  useMutation({
    mutationFn: ({ classId, language }: { classId: string; language: 'en' | 'ar' | 'he' }) =>
      apiResult(ROUTES.classEmergencySheet, { ...staff, params: { id: classId }, body: { language } }),
  });

/** A document being prepared, read every second until it is done or failed. */
export function useExport(id: string | null) {
  // A family follows its own documents (an invoice, a receipt) with its own token.
  const side = useActiveSide() ?? 'staff';
  return useQuery({
    queryKey: ['exports', side, id],
    queryFn: ({ signal }) => apiResult(ROUTES.exportStatus, { side, params: { id: id ?? '' }, signal }),
    enabled: !!id,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export type Erasure = ResultOf<typeof ROUTES.childErasurePreview>;

/** Starts a copy of all the child's data (a ZIP, by a job), as the family or an admin. */
export const useStartChildData = () =>
  useMutation({ mutationFn: (id: string) => apiResult(ROUTES.childDataExport, { params: { id } }) });

/** What an erasure of the child would delete and keep (admins who manage students). */
export function useErasure(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['children', 'erasure', id],
    queryFn: ({ signal }) => apiResult(ROUTES.childErasurePreview, { ...staff, params: { id }, signal }),
    enabled,
  });
}

export const useEraseChild = (id: string) =>
  useRecordMutation((body: BodyOf<typeof ROUTES.childErasure>) =>
    apiResult(ROUTES.childErasure, { ...staff, params: { id }, body }),
  );
