import { type CurriculumFramework, type CurriculumImportResult, type CurriculumTree, ROUTES } from '@cue/contract';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, apiUpload, type BodyOf } from '../../../lib/api';
import { routeUrl } from '../../../lib/http';
import { downloadFile } from '../../admin/download';
import { auditKeys } from '../components/AuditHistory';
import { withoutArchived } from './format';

/** The curriculum pages' calls: frameworks, their trees, imports and the classes' frameworks. */

const staff = { side: 'staff' } as const;

export type FrameworkBody = BodyOf<typeof ROUTES.curriculumCreate>;
export type CopyBody = BodyOf<typeof ROUTES.curriculumCopy>;
export type NodeCreateBody = BodyOf<typeof ROUTES.curriculumNodeCreate>;
export type NodeUpdateBody = BodyOf<typeof ROUTES.curriculumNodeUpdate>;
export type OrderBody = BodyOf<typeof ROUTES.curriculumOrder>;
export type NodeKind = NodeCreateBody['kind'];

export const curriculumKeys = {
  all: ['curriculum'] as const,
  frameworks: (archived: boolean) => ['curriculum', 'frameworks', archived] as const,
  tree: (id: string, archived: boolean) => ['curriculum', 'tree', id, archived] as const,
  treeOf: (id: string) => ['curriculum', 'tree', id] as const,
  classes: ['curriculum', 'school-classes'] as const,
  classFrameworks: (classId: string) => ['curriculum', 'class', classId] as const,
};

/** After any change: the lists, trees and history drawers show it (the history of each kind is small). */
function invalidate(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: curriculumKeys.all });
  void qc.invalidateQueries({ queryKey: auditKeys().slice(0, 2) });
}

/** GET /api/curriculum/frameworks/: the frameworks the school sees (archived ones too when asked). */
export function useFrameworks(includeArchived: boolean) {
  return useQuery({
    queryKey: curriculumKeys.frameworks(includeArchived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.curriculumList, { ...staff, signal, query: { include_archived: includeArchived ? 'true' : 'false' } }),
  });
}

/** GET /api/curriculum/frameworks/:id: one framework's tree. */
export function useFrameworkTree(id: string, includeArchived: boolean) {
  return useQuery({
    queryKey: curriculumKeys.tree(id, includeArchived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.curriculumGet, {
        ...staff,
        signal,
        params: { id },
        query: { include_archived: includeArchived ? 'true' : 'false' },
      }),
    enabled: !!id,
  });
}

export function useCreateFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FrameworkBody) => apiRequest(ROUTES.curriculumCreate, { ...staff, body }),
    onSuccess: () => invalidate(qc),
  });
}

export function useUpdateFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FrameworkBody }) =>
      apiRequest(ROUTES.curriculumUpdate, { ...staff, params: { id }, body }),
    onSuccess: () => invalidate(qc),
  });
}

export function useCopyFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CopyBody }) =>
      apiRequest(ROUTES.curriculumCopy, { ...staff, params: { id }, body }),
    onSuccess: () => invalidate(qc),
  });
}

/** Archives (hides, for a shipped one) or restores a framework. */
export function useArchiveFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ framework, restore }: { framework: CurriculumFramework; restore: boolean }) =>
      apiRequest(restore ? ROUTES.curriculumRestore : ROUTES.curriculumArchive, { ...staff, params: { id: framework._id } }),
    onSuccess: () => invalidate(qc),
  });
}

/**
 * Every node route answers the framework's whole tree, archived nodes included: it goes straight into the
 * cache of both views of the framework (the live one without its archived nodes); the lists and the
 * history are refetched for their counts.
 */
function useTreeMutation<V>(send: (vars: V) => Promise<{ result: CurriculumTree; message?: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      const tree = answer.result;
      const id = tree.framework._id;
      qc.setQueryData(curriculumKeys.tree(id, true), tree);
      qc.setQueryData(curriculumKeys.tree(id, false), { ...tree, areas: withoutArchived(tree.areas) });
      void qc.invalidateQueries({
        queryKey: curriculumKeys.all,
        predicate: (q) => q.queryKey[1] !== 'tree' || q.queryKey[2] !== id,
      });
      void qc.invalidateQueries({ queryKey: auditKeys().slice(0, 2) });
    },
  });
}

export function useCreateNode(frameworkId: string) {
  return useTreeMutation((body: NodeCreateBody) =>
    apiRequest(ROUTES.curriculumNodeCreate, { ...staff, params: { id: frameworkId }, body }),
  );
}

export function useUpdateNode() {
  return useTreeMutation(({ id, body }: { id: string; body: NodeUpdateBody }) =>
    apiRequest(ROUTES.curriculumNodeUpdate, { ...staff, params: { id }, body }),
  );
}

export function useArchiveNode() {
  return useTreeMutation(({ id, kind, restore }: { id: string; kind: NodeKind; restore: boolean }) =>
    apiRequest(restore ? ROUTES.curriculumNodeRestore : ROUTES.curriculumNodeArchive, {
      ...staff,
      params: { id },
      body: { kind },
    }),
  );
}

export function useOrderNodes(frameworkId: string) {
  return useTreeMutation((body: OrderBody) =>
    apiRequest(ROUTES.curriculumOrder, { ...staff, params: { id: frameworkId }, body }),
  );
}

/**
 * POST /api/curriculum/import/ (multipart `file`; name, code and dry_run in the query): a dry run checks
 * the file and answers the counts and the refused rows; the real one makes the framework.
 */
export function useImportFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      name,
      code,
      dryRun,
      onProgress,
    }: {
      file: File;
      name: string;
      code: string;
      dryRun: boolean;
      onProgress?: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.append('file', file);
      // The upload client sends no query of its own: the route's address carries it.
      const route = {
        ...ROUTES.curriculumImport,
        path: routeUrl(ROUTES.curriculumImport.path, {}, { name, code, dry_run: dryRun ? 'true' : 'false' }),
      };
      return apiUpload(route, form, { ...staff, onProgress }) as Promise<{ result: CurriculumImportResult; message?: string }>;
    },
    onSuccess: (answer) => {
      if (answer.result.framework) invalidate(qc);
    },
  });
}

/** GET /api/curriculum/import/template: the CSV template, saved by the browser. */
export const downloadTemplate = () => downloadFile(ROUTES.curriculumImportTemplate, 'curriculum-template.csv');

/** GET /api/classes/: the school's classes (the school setup's list), for the Classes tab. */
export function useSchoolClasses() {
  return useQuery({
    queryKey: curriculumKeys.classes,
    queryFn: ({ signal }) => apiResult(ROUTES.classList, { ...staff, signal }),
    retry: false,
  });
}

/** GET /api/curriculum/class/:id for each class: its frameworks in order, the first its main one. */
export function useClassesFrameworks(classIds: string[]) {
  return useQueries({
    queries: classIds.map((id) => ({
      queryKey: curriculumKeys.classFrameworks(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiResult(ROUTES.classCurriculum, { ...staff, signal, params: { id } }),
      staleTime: 60_000,
      // A refusal shows in its row at once rather than after the default three retries.
      retry: 1,
    })),
  });
}

/** PUT /api/curriculum/class/:id: the class's frameworks in order. */
export function useSaveClassFrameworks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, frameworkIds }: { classId: string; frameworkIds: string[] }) =>
      apiRequest(ROUTES.classCurriculumUpdate, { ...staff, params: { id: classId }, body: { framework_ids: frameworkIds } }),
    onSuccess: (answer, { classId }) => {
      qc.setQueryData(curriculumKeys.classFrameworks(classId), answer.result);
      invalidate(qc);
    },
  });
}
