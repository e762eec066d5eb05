import { ROUTES } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';

/** Calls every library screen shares; each area keeps its own in `api-<area>.ts`. */
export const staff = { side: 'staff' } as const;

export const libraryKeys = {
  all: ['library'] as const,
  settings: ['library', 'settings'] as const,
};

/** The school's loan rules (every screen that lends shows the due date they give). */
export function useLibrarySettings(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.librarySettingsGet, { ...staff, signal }),
    enabled,
    staleTime: 60_000,
  });
}
