import { type AssessmentPeriod, type Evidence, ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf } from '../../lib/api';

export type { AssessmentPeriod, Evidence };
export type PeriodRequest = BodyOf<typeof ROUTES.periodCreate>;

/** Calls every assessment page shares (periods); each area keeps its own in its `api-<area>.ts`. */
export const staff = { side: 'staff' } as const;
export const parent = { side: 'parent' } as const;

export const assessmentKeys = {
  all: ['assessment'] as const,
  periods: ['assessment', 'periods'] as const,
};

export function usePeriods(enabled = true) {
  return useQuery({
    queryKey: assessmentKeys.periods,
    queryFn: ({ signal }) => apiResult(ROUTES.periodList, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A period saved, locked or unlocked: every assessment page reads again (a lock changes what may be edited). */
function useAssessmentChange<V>(send: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: assessmentKeys.all }) });
}

export const useCreatePeriod = () =>
  useAssessmentChange((body: PeriodRequest) => apiRequest(ROUTES.periodCreate, { ...staff, body }));
export const useUpdatePeriod = () =>
  useAssessmentChange(({ id, body }: { id: string; body: PeriodRequest }) =>
    apiRequest(ROUTES.periodUpdate, { ...staff, params: { id }, body }),
  );
export const useLockPeriod = () =>
  useAssessmentChange(({ id, locked }: { id: string; locked: boolean }) =>
    apiRequest(locked ? ROUTES.periodLock : ROUTES.periodUnlock, { ...staff, params: { id } }),
  );
