import {
  type EditorDirection,
  type HeldPermissions,
  type ImportKind,
  ROUTES,
  type RolePermission,
  type SchoolPermission,
  type WEEKDAYS,
} from '@cue/contract';

type Weekday = (typeof WEEKDAYS)[number];

import { type QueryClient, type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResult, apiUpload, type BodyOf, type ResultOf } from '../../lib/api';
import { currentUserKey } from '../auth/useCurrentUser';

/** Every call of the admin screens is made with the staff side's token. */
const staff = { side: 'staff' } as const;

// What the screens show, as the route table's entries answer it.
export type SchoolDashboard = ResultOf<typeof ROUTES.schoolDashboard>;
export type Division = ResultOf<typeof ROUTES.divisionList>[number];
export type ClassListItem = ResultOf<typeof ROUTES.classList>[number];
export type StudentPage = ResultOf<typeof ROUTES.studentList>;
export type Role = ResultOf<typeof ROUTES.roleList>[number];
export type UsageRow = ResultOf<typeof ROUTES.usage>[number];
export type ImportCommitResult = ResultOf<typeof ROUTES.importStudentsCommit>;
export type CreatedAccessToken = ResultOf<typeof ROUTES.createAccessToken>;

export const adminKeys = {
  all: ['admin'] as const,
  permissions: ['admin', 'permissions'] as const,
  school: ['admin', 'school'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  divisions: ['admin', 'divisions'] as const,
  classes: ['admin', 'classes'] as const,
  classDetail: (id: string) => ['admin', 'classes', id] as const,
  staffClasses: ['admin', 'staffClasses'] as const,
  staff: ['admin', 'staff'] as const,
  students: (query: StudentQuery) => ['admin', 'students', query] as const,
  roles: ['admin', 'roles'] as const,
  schoolPermissions: ['admin', 'schoolPermissions'] as const,
  usage: ['admin', 'usage'] as const,
  accessTokens: ['admin', 'accessTokens'] as const,
};

/** What a change to the school's classes or people makes stale outside these screens too. */
function invalidateSchoolData(queryClient: QueryClient, extra: QueryKey[] = []): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    // The dashboard's and the shell's class lists.
    queryClient.invalidateQueries({ queryKey: ['classes'] }),
    queryClient.invalidateQueries({ queryKey: ['shell', 'schoolsClasses'] }),
    ...extra.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** A mutation whose success makes the school's data stale. */
function useSchoolMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, extra: QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateSchoolData(queryClient, extra) });
}

// Permissions
/** The caller's role and school permissions (GET /api/user_permissions/). */
export function useHeldPermissions() {
  return useQuery({
    queryKey: adminKeys.permissions,
    queryFn: async ({ signal }): Promise<HeldPermissions> => {
      const held = await apiResult(ROUTES.userPermissions, { ...staff, signal });
      return { rolePermissions: new Set(held.role_permissions), schoolPermissions: new Set(held.school_permissions) };
    },
    staleTime: 60_000,
  });
}

// School details and dashboard
export function useSchoolInfo(enabled = true) {
  return useQuery({
    queryKey: adminKeys.school,
    queryFn: ({ signal }) => apiResult(ROUTES.schoolInfo, { ...staff, signal }),
    enabled,
  });
}

export interface SchoolUpdate {
  name: string;
  editor_direction: EditorDirection;
  time_zone: string;
}

export function useUpdateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolUpdate) => apiResult(ROUTES.schoolUpdate, { ...staff, body }),
    onSuccess: (info) => {
      queryClient.setQueryData(adminKeys.school, info);
      // The school's name and direction show in the signed-in person's details.
      return queryClient.invalidateQueries({ queryKey: currentUserKey('staff') });
    },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append(ROUTES.schoolLogo.upload, file, file.name);
      return (await apiUpload(ROUTES.schoolLogo, form, { ...staff, onProgress })).result;
    },
    onSuccess: (info) => queryClient.setQueryData(adminKeys.school, info),
  });
}

export function useSchoolDashboard(enabled = true) {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => apiResult(ROUTES.schoolDashboard, { ...staff, signal }),
    enabled,
  });
}

// Divisions
export function useDivisions(enabled = true) {
  return useQuery({
    queryKey: adminKeys.divisions,
    queryFn: ({ signal }) => apiResult(ROUTES.divisionList, { ...staff, signal }),
    enabled,
  });
}

export function useSaveDivision() {
  return useSchoolMutation(({ id, name }: { id?: string; name: string }) =>
    id
      ? apiResult(ROUTES.divisionUpdate, { ...staff, params: { id }, body: { name } })
      : apiResult(ROUTES.divisionCreate, { ...staff, body: { name } }),
  );
}

export function useDeleteDivision() {
  return useSchoolMutation((id: string) => apiResult(ROUTES.divisionDelete, { ...staff, params: { id } }));
}

// Classes
export function useClassList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.classes,
    queryFn: ({ signal }) => apiResult(ROUTES.classList, { ...staff, signal }),
    enabled,
  });
}

/** The classes the caller works with (GET /api/staff_classes/): every active class for class managers. */
export function useStaffClassList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.staffClasses,
    queryFn: ({ signal }) => apiResult(ROUTES.staffClasses, { ...staff, signal }),
    enabled,
  });
}

/** GET /api/classes/{id}: the class with every field, its students and its staff. */
export const classDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.classDetail(id),
    queryFn: async ({ signal }) => (await apiResult(ROUTES.classDetail, { ...staff, params: { id }, signal })).my_class,
    staleTime: 5_000,
  });

export function useClassDetail(id: string | null) {
  return useQuery({ ...classDetailQuery(id ?? ''), enabled: !!id });
}

export interface ClassInput {
  class_name: string;
  academic_year_start: string | null;
  academic_year_end: string | null;
  age_range: string;
  classes_days: Weekday[];
  curriculam: string | null;
  start_time: string | null;
  end_time: string | null;
  color: string;
  division_id: string | null;
}

export function useSaveClass() {
  return useSchoolMutation(({ id, input }: { id?: string; input: ClassInput }) => {
    if (id) return apiResult(ROUTES.classUpdate, { ...staff, params: { id }, body: input });
    // A new class leaves out what is empty (the create call takes no nulls).
    const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''));
    return apiResult(ROUTES.classCreate, { ...staff, body: body as BodyOf<typeof ROUTES.classCreate> });
  });
}

export function useArchiveClass() {
  return useSchoolMutation(({ id, archived }: { id: string; archived: boolean }) =>
    apiResult(ROUTES.classUpdate, { ...staff, params: { id }, body: { archived } }),
  );
}

export function useAssignStaff() {
  return useSchoolMutation(({ classId, staffIds }: { classId: string; staffIds: string[] }) =>
    apiResult(ROUTES.addStaffToClasses, { ...staff, params: { id: classId }, body: { staff_ids: staffIds } }),
  );
}

// Staff
export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: ({ signal }) => apiResult(ROUTES.staffList, { ...staff, signal }),
    enabled,
  });
}

export interface StaffInput {
  first_name: string;
  last_name: string;
  phone?: string;
  email?: string;
  role_id: string;
  class_ids: string[];
}

export function useSaveStaff() {
  return useSchoolMutation(({ id, input }: { id?: string; input: StaffInput }) =>
    id
      ? apiResult(ROUTES.staffUpdate, {
          ...staff,
          params: { id },
          body: { first_name: input.first_name, last_name: input.last_name, role_id: input.role_id, class_ids: input.class_ids },
        })
      : apiResult(ROUTES.staffCreate, { ...staff, body: input }),
  );
}

/** Sends a pending invitation again (SMS and email, as when the person was added). */
export function useResendInvitation() {
  return useSchoolMutation((id: string) => apiResult(ROUTES.staffInvitationResend, { ...staff, params: { id } }));
}

export function useRemoveStaff() {
  return useSchoolMutation((id: string) => apiResult(ROUTES.staffRemove, { ...staff, params: { id } }));
}

// Students
export interface StudentQuery {
  search: string;
  class_id: string | null;
  page: number;
  page_size: number;
}

export function useStudents(query: StudentQuery, enabled = true) {
  return useQuery({
    queryKey: adminKeys.students(query),
    queryFn: ({ signal }) => {
      const filters = { search: query.search.trim() || undefined, class_id: query.class_id ?? undefined };
      return apiResult(ROUTES.studentList, {
        ...staff,
        signal,
        query: { page: query.page, page_size: query.page_size, ...filters },
      });
    },
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useSaveStudent() {
  return useSchoolMutation(
    ({ id, input }: { id?: string; input: { first_name: string; last_name: string; class_id: string } }) =>
      id
        ? apiResult(ROUTES.studentUpdate, { ...staff, params: { id }, body: input })
        : apiResult(ROUTES.studentCreate, { ...staff, body: input }),
  );
}

export interface ParentInput {
  first_name: string;
  last_name: string;
  phone?: string;
  email?: string;
  relation: string;
}

export function useLinkParent() {
  return useSchoolMutation(({ studentId, input }: { studentId: string; input: ParentInput }) =>
    apiResult(ROUTES.studentLinkParent, { ...staff, params: { id: studentId }, body: input }),
  );
}

// Roles and school permissions
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: ({ signal }) => apiResult(ROUTES.roleList, { ...staff, signal }),
    enabled,
  });
}

export interface RoleInput {
  name: string;
  is_admin: boolean;
  permissions: RolePermission[];
}

export function useSaveRole() {
  return useSchoolMutation(
    ({ id, input }: { id?: string; input: RoleInput }) =>
      id
        ? apiResult(ROUTES.roleUpdate, { ...staff, params: { id }, body: input })
        : apiResult(ROUTES.roleCreate, { ...staff, body: input }),
    // A changed role changes what its holders (perhaps the caller) may do.
    [['shell', 'permissions']],
  );
}

export function useDeleteRole() {
  return useSchoolMutation((id: string) => apiResult(ROUTES.roleDelete, { ...staff, params: { id } }));
}

export function useSchoolPermissions(enabled = true) {
  return useQuery({
    queryKey: adminKeys.schoolPermissions,
    queryFn: ({ signal }) => apiResult(ROUTES.schoolPermissions, { ...staff, signal }),
    enabled,
  });
}

export function useSaveSchoolPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: Partial<Record<SchoolPermission, boolean>>) =>
      apiResult(ROUTES.schoolPermissionsUpdate, { ...staff, body: { permissions } }),
    onSuccess: (map) => {
      queryClient.setQueryData(adminKeys.schoolPermissions, map);
      // The menus follow the caller's permissions.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.permissions }),
        queryClient.invalidateQueries({ queryKey: ['shell', 'permissions'] }),
      ]);
    },
  });
}

// Usage
export function useUsage(enabled = true) {
  return useQuery({ queryKey: adminKeys.usage, queryFn: ({ signal }) => apiResult(ROUTES.usage, { ...staff, signal }), enabled });
}

// Temporary access tokens
export function useAccessTokens(enabled = true) {
  return useQuery({
    queryKey: adminKeys.accessTokens,
    queryFn: ({ signal }) => apiResult(ROUTES.listAccessTokens, { ...staff, signal }),
    enabled,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { label: string; user_id?: string; expires_in_minutes: number }) =>
      apiResult(ROUTES.createAccessToken, { ...staff, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accessTokens }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiResult(ROUTES.revokeAccessToken, { ...staff, params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accessTokens }),
  });
}

// Bulk import
export const IMPORT_ROUTES = {
  students: {
    template: ROUTES.importStudentsTemplate,
    preview: ROUTES.importStudentsPreview,
    commit: ROUTES.importStudentsCommit,
  },
  staff: { template: ROUTES.importStaffTemplate, preview: ROUTES.importStaffPreview, commit: ROUTES.importStaffCommit },
} as const;

const fileForm = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
};

export async function previewImport(kind: ImportKind, file: File) {
  const route = IMPORT_ROUTES[kind].preview;
  return (await apiUpload(route, fileForm(route.upload, file), staff)).result;
}

export function useCommitImport(kind: ImportKind) {
  const route = IMPORT_ROUTES[kind].commit;
  return useSchoolMutation(async (file: File) => (await apiUpload(route, fileForm(route.upload, file), staff)).result);
}

// Data protection: the school's retention of media and logs (issue 30).
export function useRetention(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'retention'],
    queryFn: ({ signal }) => apiResult(ROUTES.retentionSettings, { ...staff, signal }),
    enabled,
  });
}

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.retentionUpdate>) => apiResult(ROUTES.retentionUpdate, { ...staff, body }),
    onSuccess: (saved) => queryClient.setQueryData(['admin', 'retention'], saved),
  });
}
