import { ROUTES } from '@cue/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';
import type { Side } from '../../lib/session';

/** The staff member's classes (GET /api/staff_classes/ with the staff side's token). */
export const staffClassesQuery = () =>
  queryOptions({
    queryKey: ['classes', 'staff'],
    queryFn: ({ signal }) => apiResult(ROUTES.staffClasses, { side: 'staff', signal }),
  });

export function useStaffClasses(enabled: boolean) {
  return useQuery({ ...staffClassesQuery(), enabled });
}

/** The dashboard's day (GET /api/dashboard/) as one side sees it: a dual-role person asks once per side. */
export const dashboardQuery = (side: Side) =>
  queryOptions({
    queryKey: ['dashboard', side],
    queryFn: ({ signal }) => apiResult(ROUTES.dashboard, { side, signal }),
  });

export function useDashboard(side: Side, enabled: boolean) {
  return useQuery({
    ...dashboardQuery(side),
    enabled,
    // The day moves while the page stays open (a colleague marks attendance, Cue finishes a task).
    refetchInterval: 60_000,
  });
}
