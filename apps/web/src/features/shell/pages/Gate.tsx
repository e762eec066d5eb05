import { canSee, type MenuItem } from '@cue/contract';
import type { ReactNode } from 'react';
import { useShell } from '../ShellContext';
import { LoadFailed, NoAccess, PageLoading } from './common';

/**
 * Opens a staff page only when the person may see it: staff side, and the entry's role permission and
 * school feature held (canSee, the rule the server's guard applies).
 */
export function Gate({ need, children }: { need?: Omit<MenuItem, 'key' | 'path'>; children: ReactNode }) {
  const { side, held, ready, failed, retry } = useShell();
  if (side !== 'staff') return <NoAccess parent />;
  if (failed) return <LoadFailed onRetry={retry} />;
  if (!ready) return <PageLoading />;
  if (need && !canSee({ key: '', path: '', ...need }, held)) return <NoAccess />;
  return children;
}
