import { type LeaveApply, type LeaveSettings, type LeaveTypeRequest, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type QueryOf } from '../../lib/api';

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

export const useMyLeave = () =>
  useQuery({ queryKey: leaveKeys.me, queryFn: ({ signal }) => apiResult(ROUTES.myLeave, { ...staff, signal }) });

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

export const useApplyLeave = () => useLeaveMutation((body: LeaveApply) => apiRequest(ROUTES.leaveApply, { ...staff, body }));

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
