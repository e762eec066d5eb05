import { ROUTES } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHidden } from '../../components/RecordCard';
import { apiRequest, apiResult, type BodyOf } from '../../lib/api';
import { useActiveSide } from '../../lib/session';

/*
 * A child's drop-off and pick-up on their record (the family's and the staff's side of one card): today's
 * state, who may collect, one-time pick-up people, the family's code and the last days. The record's
 * routes answer with the caller's active side; the family code is the family's own (parent side).
 */

const parent = { side: 'parent' } as const;

export const pickupFamilyKeys = {
  all: ['dispersal', 'family'] as const,
  child: (id: string, side: string | null) => ['dispersal', 'family', 'child', id, side] as const,
  codes: ['dispersal', 'family', 'codes'] as const,
};

export function useChildPickups(studentId: string) {
  const side = useActiveSide();
  return useQuery({
    queryKey: pickupFamilyKeys.child(studentId, side),
    queryFn: ({ signal }) => apiResult(ROUTES.childPickups, { params: { id: studentId }, signal }),
    // A refusal is the school's answer (feature off, not this caller's child): asked once.
    retry: (count, err) => !isHidden(err) && count < 2,
  });
}

/** The family's codes, one per school of its children (made on first read). */
export function useFamilyCodes(enabled: boolean) {
  return useQuery({
    queryKey: pickupFamilyKeys.codes,
    queryFn: ({ signal }) => apiResult(ROUTES.familyCodes, { ...parent, signal }),
    enabled,
    retry: (count, err) => !isHidden(err) && count < 2,
  });
}

export function useRenewFamilyCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schoolId: string) => apiRequest(ROUTES.familyCodeRenew, { ...parent, body: { school_id: schoolId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: pickupFamilyKeys.codes }),
  });
}

export function useAddOneTimePickup(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.oneTimePickupCreate>) =>
      apiRequest(ROUTES.oneTimePickupCreate, { params: { id: studentId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: pickupFamilyKeys.all }),
  });
}

export function useCancelOneTimePickup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.oneTimePickupCancel, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: pickupFamilyKeys.all }),
  });
}

export type { isHidden };
