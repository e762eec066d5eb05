import {
  type LeaveApply,
  type LeaveSettings,
  type LeaveTypeRequest,
  ROUTES,
  type StaffAttendanceSettings,
  type StaffScheduleDay,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type QueryOf } from '../../lib/api';
import { downloadFile } from '../admin/download';

/*
 * The leave portal's calls (issue 27): the policy, a member's own leave, requests and their decisions,
 * and the staff calendar.
 */

const staff = { side: 'staff' } as const;
export type LeaveListQuery = QueryOf<typeof ROUTES.leaveRequests>;
export type CalendarQuery = QueryOf<typeof ROUTES.staffCalendar>;

export const leaveKeys = {
  all: ['leave'] as const,
  me: ['leave', 'me'] as const,
  settings: ['leave', 'settings'] as const,
  types: ['leave', 'types'] as const,
  managers: ['leave', 'managers'] as const,
  list: (q: LeaveListQuery) => ['leave', 'requests', q] as const,
  one: (id: string) => ['leave', 'request', id] as const,
  calendar: (q: CalendarQuery) => ['leave', 'calendar', q] as const,
};

function useLeaveMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all }) });
}

export const useMyLeave = (enabled = true) =>
  useQuery({ queryKey: leaveKeys.me, queryFn: ({ signal }) => apiResult(ROUTES.myLeave, { ...staff, signal }), enabled });

export const useLeaveSettings = () =>
  useQuery({ queryKey: leaveKeys.settings, queryFn: ({ signal }) => apiResult(ROUTES.leaveSettings, { ...staff, signal }) });

export const useSaveLeaveSettings = () =>
  useLeaveMutation((body: Partial<LeaveSettings>) => apiRequest(ROUTES.leaveSettingsUpdate, { ...staff, body }));

export const useLeaveTypes = () =>
  useQuery({ queryKey: leaveKeys.types, queryFn: ({ signal }) => apiResult(ROUTES.leaveTypes, { ...staff, signal }) });

export const useSaveLeaveType = () =>
  useLeaveMutation(({ id, body }: { id?: string; body: LeaveTypeRequest }) =>
    id
      ? apiRequest(ROUTES.leaveTypeUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.leaveTypeCreate, { ...staff, body }),
  );

export const useArchiveLeaveType = () =>
  useLeaveMutation(({ id, archived }: { id: string; archived: boolean }) =>
    apiRequest(archived ? ROUTES.leaveTypeArchive : ROUTES.leaveTypeRestore, { ...staff, params: { id } }),
  );

export const useLineManagers = () =>
  useQuery({ queryKey: leaveKeys.managers, queryFn: ({ signal }) => apiResult(ROUTES.lineManagers, { ...staff, signal }) });

export const useSaveLineManagers = () =>
  useLeaveMutation((managers: { staff_id: string; manager_id: string | null }[]) =>
    apiRequest(ROUTES.lineManagersUpdate, { ...staff, body: { managers } }),
  );

/** What a request would count and leave, asked as the form changes (only when it is complete). */
export function useLeavePreview(body: LeaveApply | null) {
  return useQuery({
    queryKey: ['leave', 'preview', body] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.leavePreview, { ...staff, signal, body: body as LeaveApply }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Applies, then attaches the document when one was chosen (the request stands even if the upload fails). */
export const useApplyLeave = () =>
  useLeaveMutation(async ({ body, document }: { body: LeaveApply; document: File | null }) => {
    const answer = await apiRequest(ROUTES.leaveApply, { ...staff, body });
    const id = answer.result?._id;
    if (document && id) await attachLeaveDocument(id, document);
    return answer;
  });

function attachLeaveDocument(id: string, file: File) {
  const form = new FormData();
  form.append(ROUTES.leaveDocumentAttach.upload, file, file.name);
  return apiUpload(ROUTES.leaveDocumentAttach, form, { ...staff, params: { id } });
}

export const useAttachLeaveDocument = () =>
  useLeaveMutation(({ id, file }: { id: string; file: File }) => attachLeaveDocument(id, file));

export const downloadLeaveDocument = (id: string, name: string) =>
  downloadFile(ROUTES.leaveDocumentFile, name, { params: { id } });

export const useLeaveRequests = (query: LeaveListQuery) =>
  useQuery({
    queryKey: leaveKeys.list(query),
    queryFn: ({ signal }) => apiResult(ROUTES.leaveRequests, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });

export const useLeaveRequest = (id: string) =>
  useQuery({
    queryKey: leaveKeys.one(id),
    queryFn: ({ signal }) => apiResult(ROUTES.leaveRequestGet, { ...staff, signal, params: { id } }),
  });

export const useDecideLeave = () =>
  useLeaveMutation(({ id, decision, note }: { id: string; decision: 'approve' | 'decline'; note: string }) =>
    apiRequest(decision === 'approve' ? ROUTES.leaveApprove : ROUTES.leaveDecline, { ...staff, params: { id }, body: { note } }),
  );

export const useCancelLeave = () =>
  useLeaveMutation((id: string) => apiRequest(ROUTES.leaveCancel, { ...staff, params: { id } }));

export const useStaffCalendar = (query: CalendarQuery) =>
  useQuery({
    queryKey: leaveKeys.calendar(query),
    queryFn: ({ signal }) => apiResult(ROUTES.staffCalendar, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });

// ------------------------------------------------------------------ cover

export const useCover = (query: { from: string; to: string }) =>
  useQuery({
    queryKey: ['leave', 'cover', query] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.leaveCover, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });

export const useAssignCover = () =>
  useLeaveMutation((body: { class_id: string; date: string; absent_id: string; substitute_id: string | null }) =>
    apiRequest(ROUTES.leaveCoverAssign, { ...staff, body }),
  );

/** A class's teachers away on a day and who covers them (only asked where the school has leave on). */
export const useClassCover = (classId: string | null, date: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['leave', 'cover', 'class', classId, date] as const,
    queryFn: ({ signal }) =>
      apiResult(ROUTES.classCover, { ...staff, signal, params: { id: classId ?? '' }, query: { date: date ?? '' } }),
    enabled: enabled && classId !== null && date !== null,
    retry: false,
  });

// ------------------------------------------------------------------ staff attendance

export const useMyAttendance = (enabled = true) =>
  useQuery({
    queryKey: ['leave', 'attendance', 'me'] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.myStaffAttendance, { ...staff, signal }),
    enabled,
  });

export const useCheck = () =>
  useLeaveMutation((kind: 'in' | 'out') => apiRequest(kind === 'in' ? ROUTES.staffCheckIn : ROUTES.staffCheckOut, { ...staff }));

export const useRenewCode = () => useLeaveMutation(() => apiRequest(ROUTES.staffCodeRenew, { ...staff }));

export const useStaffRegister = (date: string) =>
  useQuery({
    queryKey: ['leave', 'attendance', 'register', date] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.staffRegister, { ...staff, signal, query: { date } }),
    placeholderData: keepPreviousData,
  });

export const useCorrectDay = () =>
  useLeaveMutation((body: { staff_id: string; date: string; check_in: string | null; check_out: string | null; note: string }) =>
    apiRequest(ROUTES.staffRegisterSave, { ...staff, body }),
  );

export const useStaffReport = (month: string) =>
  useQuery({
    queryKey: ['leave', 'attendance', 'report', month] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.staffAttendanceReport, { ...staff, signal, query: { month } }),
    placeholderData: keepPreviousData,
  });

export const downloadStaffReport = (month: string) =>
  downloadFile(ROUTES.staffAttendanceReportCsv, `staff-attendance-${month}.csv`, { query: { month } });

export const useStaffSchedules = () =>
  useQuery({
    queryKey: ['leave', 'attendance', 'schedules'] as const,
    queryFn: ({ signal }) => apiResult(ROUTES.staffSchedules, { ...staff, signal }),
  });

export const useSaveSchedule = () =>
  useLeaveMutation((body: { staff_id: string; days: StaffScheduleDay[] | null }) =>
    apiRequest(ROUTES.staffScheduleSave, { ...staff, body }),
  );

export const useSaveAttendanceSettings = () =>
  useLeaveMutation((body: Partial<StaffAttendanceSettings>) =>
    apiRequest(ROUTES.staffAttendanceSettingsSave, { ...staff, body }),
  );
