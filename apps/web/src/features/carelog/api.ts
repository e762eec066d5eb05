import {
  type CareDay,
  type CareEntry,
  type CarelogSettings,
  type ChildCareDay,
  type Incident,
  type Medicine,
  ROUTES,
} from '@cue/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type QueryOf } from '../../lib/api';
import type { Side } from '../../lib/session';

export type { CareDay, CareEntry, CarelogSettings, ChildCareDay, Incident, Medicine };
export type MedicineQuery = QueryOf<typeof ROUTES.medicineList>;
export type IncidentQuery = QueryOf<typeof ROUTES.incidentList>;

export const careKeys = {
  all: ['carelog'] as const,
  days: ['carelog', 'day'] as const,
  day: (classId: string, date: string) => ['carelog', 'day', classId, date] as const,
  children: ['carelog', 'child'] as const,
  child: (side: Side, studentId: string, date: string) => ['carelog', 'child', side, studentId, date] as const,
  medicines: ['carelog', 'medicines'] as const,
  medicineList: (side: Side, query: MedicineQuery) => ['carelog', 'medicines', side, query] as const,
  incidents: ['carelog', 'incidents'] as const,
  incidentList: (side: Side, query: IncidentQuery) => ['carelog', 'incidents', side, query] as const,
  incident: (side: Side, id: string) => ['carelog', 'incident', side, id] as const,
  settings: ['carelog', 'settings'] as const,
};

const staff = { side: 'staff' } as const;

/** A class's day (staff): its children with their alerts, every entry, who is asleep now, today's medicines. */
export function useCareDay(classId: string | null, date: string) {
  return useQuery({
    queryKey: careKeys.day(classId ?? '', date),
    queryFn: ({ signal }) => apiResult(ROUTES.careDay, { ...staff, signal, query: { class_id: classId ?? '', date } }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
    // The nap board's checks fall due on the server's clock too: read again every minute while open.
    refetchInterval: 60_000,
  });
}

/** One child's day as a timeline (a family's current child, or a child of the staff member's class). */
export function useChildCareDay(side: Side, studentId: string | null, date: string) {
  return useQuery({
    queryKey: careKeys.child(side, studentId ?? '', date),
    queryFn: ({ signal }) => apiResult(ROUTES.childCareDay, { side, signal, params: { id: studentId ?? '' }, query: { date } }),
    enabled: !!studentId,
    placeholderData: keepPreviousData,
  });
}

export function useMedicines(side: Side, query: MedicineQuery, enabled = true) {
  return useQuery({
    queryKey: careKeys.medicineList(side, query),
    queryFn: ({ signal }) => apiResult(ROUTES.medicineList, { side, signal, query }),
    enabled,
  });
}

export function useIncidents(side: Side, query: IncidentQuery, enabled = true) {
  return useQuery({
    queryKey: careKeys.incidentList(side, query),
    queryFn: ({ signal }) => apiResult(ROUTES.incidentList, { side, signal, query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useIncident(side: Side, id: string) {
  return useQuery({
    queryKey: careKeys.incident(side, id),
    queryFn: ({ signal }) => apiResult(ROUTES.incidentGet, { side, signal, params: { id } }),
    enabled: !!id,
  });
}

export function useCarelogSettings(enabled = true) {
  return useQuery({
    queryKey: careKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.carelogSettings, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Everything a care change may show in: the class's days and the children's timelines. */
export const refreshDays = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: careKeys.days }), client.invalidateQueries({ queryKey: careKeys.children })]);

const refreshMedicines = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: careKeys.medicines }), refreshDays(client)]);

/** A changed report: its own entry takes the answer; lists and timelines are read again. */
function storedIncident(client: QueryClient, side: Side, incident: Incident) {
  client.setQueryData(careKeys.incident(side, incident._id), incident);
  return Promise.all([client.invalidateQueries({ queryKey: careKeys.incidents }), refreshDays(client)]);
}

/** One entry for each chosen child (refused 409 ALLERGEN_WARNING for a meal with a recorded allergen until confirmed). */
export function useCreateEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.careEntryCreate>) => apiRequest(ROUTES.careEntryCreate, { ...staff, body }),
    onSuccess: () => refreshDays(client),
  });
}

export function useEditEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.careEntryEdit> }) =>
      apiRequest(ROUTES.careEntryEdit, { ...staff, params: { id }, body }),
    onSuccess: () => refreshDays(client),
  });
}

export function useDeleteEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.careEntryDelete, { ...staff, params: { id } }),
    onSuccess: () => refreshDays(client),
  });
}

export function useEndNaps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.napEnd>) => apiRequest(ROUTES.napEnd, { ...staff, body }),
    onSuccess: () => refreshDays(client),
  });
}

export function useCheckNaps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.napCheck>) => apiRequest(ROUTES.napCheck, { ...staff, body }),
    onSuccess: () => refreshDays(client),
  });
}

/** A family's "email me a summary each day" switch. */
export function useSummarySubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.careSummarySubscription>) =>
      apiRequest(ROUTES.careSummarySubscription, { side: 'parent', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: careKeys.children }),
  });
}

/** A medicine record: a family's with its consent, or staff's from a signed form. */
export function useCreateMedicine(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.medicineCreate>) => apiRequest(ROUTES.medicineCreate, { side, body }),
    onSuccess: () => refreshMedicines(client),
  });
}

export function useEndMedicine(side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.medicineEnd, { side, params: { id } }),
    onSuccess: () => refreshMedicines(client),
  });
}

/** A dose given at school (refused NO_MEDICINE_CONSENT or DOSE_TOO_SOON). */
export function useGiveDose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.medicineDose> }) =>
      apiRequest(ROUTES.medicineDose, { ...staff, params: { id }, body }),
    onSuccess: () => refreshMedicines(client),
    // A refusal may come from a dose recorded meanwhile (at home): read the records again.
    onError: () => refreshMedicines(client),
  });
}

/** "Given at home": the family tells the school when the medicine was last given. */
export function useHomeDose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.medicineHomeDose> }) =>
      apiRequest(ROUTES.medicineHomeDose, { side: 'parent', params: { id }, body }),
    onSuccess: () => refreshMedicines(client),
  });
}

export function useCreateIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.incidentCreate>) => apiRequest(ROUTES.incidentCreate, { ...staff, body }),
    onSuccess: (answer) => storedIncident(client, 'staff', answer.result),
  });
}

export function useCorrectIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.incidentCorrect> }) =>
      apiRequest(ROUTES.incidentCorrect, { ...staff, params: { id }, body }),
    onSuccess: (answer) => storedIncident(client, 'staff', answer.result),
  });
}

export function useReviewIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.incidentReview> }) =>
      apiRequest(ROUTES.incidentReview, { ...staff, params: { id }, body }),
    onSuccess: (answer) => storedIncident(client, 'staff', answer.result),
  });
}

export function useRegulatorNotified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.incidentRegulator> }) =>
      apiRequest(ROUTES.incidentRegulator, { ...staff, params: { id }, body }),
    onSuccess: (answer) => storedIncident(client, 'staff', answer.result),
  });
}

/** The family's e-signature on a report. */
export function useAcknowledgeIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof ROUTES.incidentAcknowledge> }) =>
      apiRequest(ROUTES.incidentAcknowledge, { side: 'parent', params: { id }, body }),
    onSuccess: (answer) => storedIncident(client, 'parent', answer.result),
  });
}

export function useSaveCarelogSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.carelogSettingsSave>) => apiRequest(ROUTES.carelogSettingsSave, { ...staff, body }),
    onSuccess: (answer) => {
      client.setQueryData(careKeys.settings, answer.result);
      return refreshDays(client);
    },
  });
}
