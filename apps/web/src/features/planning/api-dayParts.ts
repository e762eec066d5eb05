import { ROUTES } from '@cue/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';
import { resourceKeys } from '../academic/resources/api-resources';

export { useClassDays } from '../academic/schedule/api-schedule';

/**
 * The resources booked for a class between two days (DD-MM-YYYY). Its key is the resources' own, so a
 * booking made or cancelled anywhere (the "Book" dialog, the resources page) refreshes it.
 */
export function useClassBookings(classId: string | null, from: string, to: string) {
  const query = { from, to, class_id: classId ?? undefined };
  return useQuery({
    queryKey: resourceKeys.bookings(query),
    queryFn: ({ signal }) => apiResult(ROUTES.resourceBookingList, { side: 'staff', signal, query }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}
