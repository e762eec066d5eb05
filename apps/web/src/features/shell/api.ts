import {
  type ClassSummary,
  type EditorDirection,
  type HeldPermissions,
  type MaintenanceStatus,
  type ParentUserDetails,
  ROUTES,
  type StaffUserDetails,
} from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { getSession, tokenFor, updateTokens, useSession } from '../../lib/session';
import { currentUserKey } from '../auth/useCurrentUser';

export interface PermissionsAnswer {
  role_permissions: string[];
  school_permissions: string[];
}

export const permissionsKey = ['shell', 'permissions'] as const;

/** The staff side's role and school permissions (GET /api/user_permissions/); none without a staff token. */
export function usePermissions() {
  const session = useSession();
  const staffToken = tokenFor(session, 'staff');
  return useQuery({
    queryKey: permissionsKey,
    queryFn: async ({ signal }): Promise<HeldPermissions> => {
      const answer = await apiRequest<{ result: PermissionsAnswer }>(ROUTES.userPermissions, { side: 'staff', signal });
      return { rolePermissions: answer.result.role_permissions, schoolPermissions: answer.result.school_permissions };
    },
    enabled: !!staffToken,
    staleTime: 5 * 60_000,
  });
}

export interface SchoolClasses {
  school_details: {
    id: string;
    name: string;
    editor_direction: EditorDirection;
    organization?: { id: string; name: string } | null;
  };
  current: boolean;
  classes: ClassSummary[];
}

/** Every school of the staff member with the classes they may pick (GET /api/user_schools_classes/). */
export function useSchoolsClasses(enabled: boolean) {
  return useQuery({
    queryKey: ['shell', 'schoolsClasses'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ result: SchoolClasses[] }>(ROUTES.userSchoolsClasses, { side: 'staff', signal })).result,
    enabled,
    staleTime: 60_000,
  });
}

export interface Campus {
  id: string;
  name: string;
  editor_direction: EditorDirection;
  organization: { id: string; name: string } | null;
  current: boolean;
}

export function useCampuses() {
  return useQuery({
    queryKey: ['shell', 'campuses'],
    queryFn: async ({ signal }) => (await apiRequest<{ result: Campus[] }>(ROUTES.campuses, { side: 'staff', signal })).result,
  });
}

export interface Organization {
  id: string;
  name: string;
  schools: { id: string; name: string }[];
}

export function useOrganizations() {
  return useQuery({
    queryKey: ['shell', 'organizations'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ result: Organization[] }>(ROUTES.organizations, { side: 'staff', signal })).result,
  });
}

interface SwitchSchoolAnswer {
  result: { access_token: string; refresh_token: string; user_details: StaffUserDetails };
}

/**
 * POST /api/switch_school/: the server ends the old staff session and hands out a new token pair for
 * the chosen school, which replaces the staff tokens; everything cached for the old school is dropped.
 */
export function useSwitchSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (schoolId: string) =>
      (await apiRequest<SwitchSchoolAnswer>(ROUTES.switchSchool, { side: 'staff', body: { school_id: schoolId } })).result,
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
    mutationFn: async (childId: string) =>
      (
        await apiRequest<{ result: ParentUserDetails }>(ROUTES.parentChildSwitch, {
          side: 'parent',
          body: { child_id: childId },
        })
      ).result,
    onSuccess: (details) => {
      queryClient.setQueryData(currentUserKey('parent'), { logined_as: 'parent', user_detials: details });
    },
  });
}

export const maintenanceKey = ['maintenance'] as const;

/** GET /api/fetch_app_maintenance/web (public), checked on start and every minute. */
export function useMaintenance() {
  return useQuery({
    queryKey: maintenanceKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ result: MaintenanceStatus }>(ROUTES.maintenanceStatus, { signal, retryNetwork: false })).result,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

export interface MaintenanceInput {
  enabled: boolean;
  start_time?: string | null;
  end_time?: string | null;
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MaintenanceInput) =>
      (await apiRequest<{ result: MaintenanceStatus }>(ROUTES.maintenanceSet, { side: 'staff', body: input })).result,
    onSuccess: (status) => queryClient.setQueryData(maintenanceKey, status),
  });
}

export interface BugReport {
  id: string;
  url: string;
  summary: string;
  media: { media_link: string }[];
  reporter: { id: string; first_name: string; last_name: string; kind: string };
  school: { id: string; name: string } | null;
  user_agent: string | null;
  created_at: string;
}

export function useBugReports() {
  return useQuery({
    queryKey: ['shell', 'bugReports'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ result: BugReport[] }>(ROUTES.bugReportList, { side: 'staff', signal })).result,
  });
}

export interface UploadedMedia {
  id: string;
  media_link: string;
  kind: 'image' | 'video' | 'document';
  name: string;
  size: number;
}

/** POST /api/bug_report/ with the active side's token. */
export async function sendBugReport(body: { url: string; summary: string; media: { media_link: string }[] }): Promise<void> {
  await apiRequest(ROUTES.bugReport, { body, side: getSession()?.activeSide });
}
