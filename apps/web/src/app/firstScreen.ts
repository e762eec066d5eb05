import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../features/auth/useCurrentUser';
import { dashboardQuery, staffClassesQuery } from '../features/dashboard/api';
import { maintenanceQuery, permissionsQuery, schoolsClassesQuery } from '../features/shell/api';
import { readStoredSession, sidesOf, tokenFor } from '../lib/sessionData';

/**
 * The answers of the dashboard's first screen, put in the query cache before the app renders: the same
 * calls main.tsx started early (lib/early.ts), taken from there. While the copy of the dashboard
 * painted at start (lib/firstPaint.ts) is on screen, the app waits for these and renders once with all
 * of them, in short slices (a transition), instead of once per answer, each in one long task that keeps
 * a slow phone from responding. Settles when every call has answered or failed; a failed one is asked
 * again by its screen as usual.
 */
export async function prefillFirstScreen(client: QueryClient): Promise<void> {
  const session = readStoredSession();
  if (!session) return;
  const asked: Promise<void>[] = [client.prefetchQuery(maintenanceQuery())];
  for (const side of sidesOf(session)) {
    if (!tokenFor(session, side)) continue;
    asked.push(client.prefetchQuery(currentUserQuery(side)), client.prefetchQuery(dashboardQuery(side)));
  }
  if (tokenFor(session, 'staff')) {
    asked.push(client.prefetchQuery(staffClassesQuery()), client.prefetchQuery(permissionsQuery()));
    if (session.activeSide === 'staff') asked.push(client.prefetchQuery(schoolsClassesQuery()));
  }
  await Promise.all(asked);
}
