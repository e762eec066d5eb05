import { type HeldPermissions, ROUTES } from '@cue/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf, type ResultOf } from '../../lib/api';
import { getSession, tokenFor, updateTokens, useSession } from '../../lib/session';
import { currentUserKey } from '../auth/useCurrentUser';

const staff = { side: 'staff' } as const;

export type SchoolClasses = ResultOf<typeof ROUTES.userSchoolsClasses>[number];
export type Campus = ResultOf<typeof ROUTES.campuses>[number];
export type Organization = ResultOf<typeof ROUTES.organizations>[number];
export type BugReport = ResultOf<typeof ROUTES.bugReportList>[number];
export type UploadedMedia = ResultOf<typeof ROUTES.mediaUpload>;
export type MaintenanceInput = BodyOf<typeof ROUTES.maintenanceSet>;

export const permissionsKey = ['shell', 'permissions'] as const;

/** The staff side's role and school permissions (GET /api/user_permissions/). */
export const permissionsQuery = () =>
  queryOptions({
    queryKey: permissionsKey,
    queryFn: async ({ signal }): Promise<HeldPermissions> => {
      const answer = await apiResult(ROUTES.userPermissions, { ...staff, signal });
      return { rolePermissions: answer.role_permissions, schoolPermissions: answer.school_permissions };
    },
    staleTime: 5 * 60_000,
  });

/** The permissions; none without a staff token. */
export function usePermissions() {
  const session = useSession();
  return useQuery({ ...permissionsQuery(), enabled: !!tokenFor(session, 'staff') });
}

/** Every school of the staff member with the classes they may pick (GET /api/user_schools_classes/). */
export const schoolsClassesQuery = () =>
  queryOptions({
    queryKey: ['shell', 'schoolsClasses'],
    queryFn: async ({ signal }) => apiResult(ROUTES.userSchoolsClasses, { ...staff, signal }),
    staleTime: 60_000,
  });

export function useSchoolsClasses(enabled: boolean) {
  return useQuery({ ...schoolsClassesQuery(), enabled });
}

export function useCampuses() {
  return useQuery({
    queryKey: ['shell', 'campuses'],
    queryFn: ({ signal }) => apiResult(ROUTES.campuses, { ...staff, signal }),
  });
}

export function useOrganizations() {
  return useQuery({
    queryKey: ['shell', 'organizations'],
    queryFn: ({ signal }) => apiResult(ROUTES.organizations, { ...staff, signal }),
  });
}

/**
 * POST /api/switch_school/: the server ends the old staff session and hands out a new token pair for
 * the chosen school, which replaces the staff tokens; everything cached for the old school is dropped.
 */
export function useSwitchSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schoolId: string) => apiResult(ROUTES.switchSchool, { ...staff, body: { school_id: schoolId } }),
    onSuccess: async (answer) => {
      updateTokens('staff', { access: answer.access_token, refresh: answer.refresh_token });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'maintenance' });
      queryClient.setQueryData(currentUserKey('staff'), { logined_as: 'staff', user_detials: answer.user_details });
      await queryClient.invalidateQueries();
    },
  });
}

/** POST /api/parent_child_switch/: the parent's current child; answers the updated parent details. */
export function useSwitchChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childId: string) => apiResult(ROUTES.parentChildSwitch, { side: 'parent', body: { child_id: childId } }),
    onSuccess: (details) => {
      queryClient.setQueryData(currentUserKey('parent'), { logined_as: 'parent', user_detials: details });
    },
  });
}

export const maintenanceKey = ['maintenance'] as const;

/** GET /api/fetch_app_maintenance/web (public), checked on start and every minute. */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: maintenanceKey,
    queryFn: ({ signal }) => apiResult(ROUTES.maintenanceStatus, { signal, retryNetwork: false }),
    staleTime: 30_000,
    meta: { silent: true },
  });

export function useMaintenance() {
  return useQuery({ ...maintenanceQuery(), refetchInterval: 60_000, refetchOnWindowFocus: true });
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceInput) => apiResult(ROUTES.maintenanceSet, { ...staff, body: input }),
    onSuccess: (status) => queryClient.setQueryData(maintenanceKey, status),
  });
}

export function useBugReports() {
  return useQuery({
    queryKey: ['shell', 'bugReports'],
    queryFn: ({ signal }) => apiResult(ROUTES.bugReportList, { ...staff, signal }),
  });
}

/** POST /api/bug_report/ with the active side's token. */
export async function sendBugReport(body: BodyOf<typeof ROUTES.bugReport>): Promise<void> {
  await apiRequest(ROUTES.bugReport, { body, side: getSession()?.activeSide });
}
