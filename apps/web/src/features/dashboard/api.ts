import { type ClassSummary, type Dashboard, type DashboardResponse, ROUTES, type StaffClassesResponse } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { Side } from '../../lib/session';

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

/** The dashboard's day (GET /api/dashboard/) as one side sees it: a dual-role person asks once per side. */
export function useDashboard(side: Side, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', side],
    queryFn: async ({ signal }): Promise<Dashboard> => {
      const answer = await apiRequest<DashboardResponse>(ROUTES.dashboard, { side, signal });
      return answer.result;
    },
    enabled,
    // The day moves while the page stays open (a colleague marks attendance, Cue finishes a task).
    refetchInterval: 60_000,
  });
}
