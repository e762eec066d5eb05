import { ROUTES } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { isHidden } from '../../components/RecordCard';
import { apiResult } from '../../lib/api';
import { useActiveSide } from '../../lib/session';

/*
 * A child's library on their record (the family's and the staff's side of one card): what is out and
 * when it is due, what the child waits for, what came back lately. The route answers with the caller's
 * active side.
 */

export const libraryFamilyKeys = {
  all: ['library', 'family'] as const,
  child: (id: string, side: string | null) => ['library', 'family', 'child', id, side] as const,
};

export function useChildLibrary(studentId: string) {
  const side = useActiveSide();
  return useQuery({
    queryKey: libraryFamilyKeys.child(studentId, side),
    queryFn: ({ signal }) => apiResult(ROUTES.childLibrary, { params: { id: studentId }, signal }),
    // The school does not lend books (feature off), or the child is not the caller's: no card, no retry.
    retry: (count, err) => !isHidden(err) && count < 2,
  });
}
