import { type ClassCurriculum, ROUTES } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { apiResult } from '../../../lib/api';

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
