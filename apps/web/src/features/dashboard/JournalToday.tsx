import { ROUTES } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { apiResult } from '../../lib/api';

// The card's code and the journal's catalogs load only when there is an entry to show: the dashboard's
// first load stays as small as it was.
const TodayJournalCard = lazy(() => import('../journal/components/TodayJournalCard'));

/**
 * "Today's journal" on a family's dashboard: today's published entries of their children's classes
 * (GET /api/journal/today). A school without the journal answers 403, and nothing shows.
 */
export function JournalToday() {
  const today = useQuery({
    queryKey: ['journal', 'today', 'parent'],
    queryFn: ({ signal }) => apiResult(ROUTES.journalToday, { side: 'parent', signal }),
    retry: false,
    staleTime: 60_000,
  });
  if (!today.data || today.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TodayJournalCard entries={today.data} />
    </Suspense>
  );
}
