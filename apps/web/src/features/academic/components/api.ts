import { type ClassCurriculum, ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type RequestOptions } from '../../../lib/api';
import type { Route } from '../../../lib/http';

export type { ClassCurriculum };

export const classCurriculumKey = (classId: string) => ['academic', 'class-curriculum', classId] as const;

/**
 * GET /api/curriculum/class/{id}: the live trees of the class's frameworks (what its observations, stories and
 * units are tagged against). Kept a few minutes: frameworks change rarely, and the picker opens often.
 */
export function useClassCurriculum(classId: string | null | undefined) {
  return useQuery({
    queryKey: classCurriculumKey(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.classCurriculum, { side: 'staff', signal, params: { id: classId ?? '' } }),
    enabled: !!classId,
    staleTime: 5 * 60_000,
  });
}

/**
 * Archives or restores one item of an academic setup list by its id (the pair of routes the contract
 * declares for it), then refreshes everything under `invalidates`; answers the server's `{ result, message }`.
 */
export function useArchiveToggle<A extends Route, R extends Route>(
  routes: { archive: A; restore: R },
  invalidates: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      // Both routes of a pair take only the item's id (`/:id/archive`, `/:id/restore`).
      apiRequest(archive ? routes.archive : routes.restore, {
        side: 'staff',
        params: { id },
      } as unknown as RequestOptions<A | R>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}
