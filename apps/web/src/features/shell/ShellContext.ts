import type { HeldPermissions } from '@cue/contract';
import { createContext, useContext } from 'react';
import type { CurrentUser } from '../auth/useCurrentUser';

export interface ShellState {
  user: CurrentUser;
  /** The side the person is working on: staff layout or parent layout. */
  side: 'staff' | 'parent';
  /** The staff side's permissions (none on the parent side). */
  held: HeldPermissions;
  /** Whether `held` is final (permissions loaded, or the parent side). */
  ready: boolean;
  /** Whether fetching the permissions failed. */
  failed: boolean;
  retry: () => void;
  openQuickNav: () => void;
  openReportIssue: () => void;
  openSettings: () => void;
  openProfile: () => void;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell outside the shell layout');
  return state;
}
