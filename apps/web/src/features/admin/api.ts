import {
  type AccessTokenInfo,
  type ClassDetail,
  type ClassSummary,
  type EditorDirection,
  type HeldPermissions,
  type ImportKind,
  type ImportPreview,
  ROUTES,
  type SchoolInfo,
  type StaffMember,
  type Student,
} from '@cue/contract';
import { type QueryClient, type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload, type RequestOptions } from '../../lib/api';
import { currentUserKey } from '../auth/useCurrentUser';

/** Every call of the admin screens is made with the staff side's token. */
const call = <T>(route: Parameters<typeof apiRequest>[0], options: RequestOptions = {}) =>
  apiRequest<T>(route, { side: 'staff', ...options });
const result = async <T>(route: Parameters<typeof apiRequest>[0], options: RequestOptions = {}) =>
  (await call<{ result: T }>(route, options)).result;

// Shapes the contract describes with zod only (no exported type).
export interface SchoolDashboard {
  classes: number;
  students: number;
  staff: number;
  parents: number;
  attendance_today: { present: number; marked: number; rate: number | null };
}
export interface Division {
  id: string;
  name: string;
  class_count: number;
}
/** GET /api/classes/ rows: a class summary with its archive state and division name. */
export interface ClassListItem extends ClassSummary {
  archived: boolean;
  division: string | null;
}
export interface StudentPage {
  items: Student[];
  total: number;
  page: number;
  page_size: number;
}
export interface Role {
  id: string;
  name: string;
  permissions: string[];
  is_admin: boolean;
  member_count: number;
}
export interface UsageRow {
  user: { id: string; first_name: string; last_name: string };
  action: string;
  count: number;
  last_at: string;
}
export interface ImportCommitResult {
  imported: number;
  parents_created?: number;
  parents_linked?: number;
}
export type CreatedAccessToken = AccessTokenInfo & { token: string };

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
      const held = await result<{ role_permissions: string[]; school_permissions: string[] }>(ROUTES.userPermissions, { signal });
      return { rolePermissions: new Set(held.role_permissions), schoolPermissions: new Set(held.school_permissions) };
    },
    staleTime: 60_000,
  });
}

// School details and dashboard
export function useSchoolInfo(enabled = true) {
  return useQuery({
    queryKey: adminKeys.school,
    queryFn: ({ signal }) => result<SchoolInfo>(ROUTES.schoolInfo, { signal }),
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
    mutationFn: (body: SchoolUpdate) => result<SchoolInfo>(ROUTES.schoolUpdate, { body }),
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
      form.append('logo', file, file.name);
      return (await apiUpload<{ result: SchoolInfo }>(ROUTES.schoolLogo, form, { side: 'staff', onProgress })).result;
    },
    onSuccess: (info) => queryClient.setQueryData(adminKeys.school, info),
  });
}

export function useSchoolDashboard(enabled = true) {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => result<SchoolDashboard>(ROUTES.schoolDashboard, { signal }),
    enabled,
  });
}

// Divisions
export function useDivisions(enabled = true) {
  return useQuery({
    queryKey: adminKeys.divisions,
    queryFn: ({ signal }) => result<Division[]>(ROUTES.divisionList, { signal }),
    enabled,
  });
}

export function useSaveDivision() {
  return useSchoolMutation(({ id, name }: { id?: string; name: string }) =>
    id
      ? result<Division>(ROUTES.divisionUpdate, { params: { id }, body: { name } })
      : result<Division>(ROUTES.divisionCreate, { body: { name } }),
  );
}

export function useDeleteDivision() {
  return useSchoolMutation((id: string) => result<boolean>(ROUTES.divisionDelete, { params: { id } }));
}

// Classes
export function useClassList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.classes,
    queryFn: ({ signal }) => result<ClassListItem[]>(ROUTES.classList, { signal }),
    enabled,
  });
}

/** The classes the caller works with (GET /api/staff_classes/): every active class for class managers. */
export function useStaffClassList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.staffClasses,
    queryFn: ({ signal }) => result<ClassSummary[]>(ROUTES.staffClasses, { signal }),
    enabled,
  });
}

/** GET /api/classes/{id}: the class with every field, its students and its staff. */
export const classDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.classDetail(id),
    queryFn: async ({ signal }) =>
      (await result<{ my_class: ClassDetail }>(ROUTES.classDetail, { params: { id }, signal })).my_class,
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
  classes_days: string[];
  curriculam: string | null;
  start_time: string | null;
  end_time: string | null;
  color: string;
  division_id: string | null;
}

export function useSaveClass() {
  return useSchoolMutation(({ id, input }: { id?: string; input: ClassInput }) => {
    if (id) return result<ClassDetail>(ROUTES.classUpdate, { params: { id }, body: input });
    // A new class leaves out what is empty (the create call takes no nulls).
    const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''));
    return result<ClassDetail>(ROUTES.classCreate, { body });
  });
}

export function useArchiveClass() {
  return useSchoolMutation(({ id, archived }: { id: string; archived: boolean }) =>
    result<ClassDetail>(ROUTES.classUpdate, { params: { id }, body: { archived } }),
  );
}

export function useAssignStaff() {
  return useSchoolMutation(({ classId, staffIds }: { classId: string; staffIds: string[] }) =>
    result<unknown>(ROUTES.addStaffToClasses, { params: { id: classId }, body: { staff_ids: staffIds } }),
  );
}

// Staff
export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: ({ signal }) => result<StaffMember[]>(ROUTES.staffList, { signal }),
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
      ? result<StaffMember>(ROUTES.staffUpdate, {
          params: { id },
          body: { first_name: input.first_name, last_name: input.last_name, role_id: input.role_id, class_ids: input.class_ids },
        })
      : result<StaffMember>(ROUTES.staffCreate, { body: input }),
  );
}

export function useRemoveStaff() {
  return useSchoolMutation((id: string) => result<boolean>(ROUTES.staffRemove, { params: { id } }));
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
      const params = new URLSearchParams({ page: String(query.page), page_size: String(query.page_size) });
      if (query.search.trim()) params.set('search', query.search.trim());
      if (query.class_id) params.set('class_id', query.class_id);
      return result<StudentPage>({ ...ROUTES.studentList, path: `${ROUTES.studentList.path}?${params}` }, { signal });
    },
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useSaveStudent() {
  return useSchoolMutation(
    ({ id, input }: { id?: string; input: { first_name: string; last_name: string; class_id: string } }) =>
      id
        ? result<Student>(ROUTES.studentUpdate, { params: { id }, body: input })
        : result<Student>(ROUTES.studentCreate, { body: input }),
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
    result<Student>(ROUTES.studentLinkParent, { params: { id: studentId }, body: input }),
  );
}

// Roles and school permissions
export function useRoles(enabled = true) {
  return useQuery({ queryKey: adminKeys.roles, queryFn: ({ signal }) => result<Role[]>(ROUTES.roleList, { signal }), enabled });
}

export interface RoleInput {
  name: string;
  is_admin: boolean;
  permissions: string[];
}

export function useSaveRole() {
  return useSchoolMutation(
    ({ id, input }: { id?: string; input: RoleInput }) =>
      id ? result<Role>(ROUTES.roleUpdate, { params: { id }, body: input }) : result<Role>(ROUTES.roleCreate, { body: input }),
    // A changed role changes what its holders (perhaps the caller) may do.
    [['shell', 'permissions']],
  );
}

export function useDeleteRole() {
  return useSchoolMutation((id: string) => result<boolean>(ROUTES.roleDelete, { params: { id } }));
}

export function useSchoolPermissions(enabled = true) {
  return useQuery({
    queryKey: adminKeys.schoolPermissions,
    queryFn: ({ signal }) => result<Record<string, boolean>>(ROUTES.schoolPermissions, { signal }),
    enabled,
  });
}

export function useSaveSchoolPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: Record<string, boolean>) =>
      result<Record<string, boolean>>(ROUTES.schoolPermissionsUpdate, { body: { permissions } }),
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
  return useQuery({ queryKey: adminKeys.usage, queryFn: ({ signal }) => result<UsageRow[]>(ROUTES.usage, { signal }), enabled });
}

// Temporary access tokens
export function useAccessTokens(enabled = true) {
  return useQuery({
    queryKey: adminKeys.accessTokens,
    queryFn: ({ signal }) => result<AccessTokenInfo[]>(ROUTES.listAccessTokens, { signal }),
    enabled,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { label: string; user_id?: string; expires_in_minutes: number }) =>
      result<CreatedAccessToken>(ROUTES.createAccessToken, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accessTokens }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => result<boolean>(ROUTES.revokeAccessToken, { params: { id } }),
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

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

export async function previewImport(kind: ImportKind, file: File): Promise<ImportPreview> {
  return (await apiUpload<{ result: ImportPreview }>(IMPORT_ROUTES[kind].preview, fileForm(file), { side: 'staff' })).result;
}

export function useCommitImport(kind: ImportKind) {
  return useSchoolMutation(
    async (file: File) =>
      (
        await apiUpload<{ result: ImportCommitResult; message: string }>(IMPORT_ROUTES[kind].commit, fileForm(file), {
          side: 'staff',
        })
      ).result,
  );
}
