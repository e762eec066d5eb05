import { type ClassSummary, ROUTES, type StaffClassesResponse } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** The staff member's classes (GET /api/staff_classes/ with the staff side's token). */
export function useStaffClasses(enabled: boolean) {
  return useQuery({
    queryKey: ['classes', 'staff'],
    queryFn: async ({ signal }): Promise<ClassSummary[]> => {
      const answer = await apiRequest<StaffClassesResponse>(ROUTES.staffClasses, { side: 'staff', signal });
      return answer.result;
    },
    enabled,
  });
}
