import { type BookingRequest, type Resource, type ResourceBooking, type ResourceRequest, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type QueryOf } from '../../../lib/api';
import { useArchiveToggle } from '../components/api';
import { academicMessageText } from '../components/messageText';
import { RESOURCES_NS } from '../i18n';

export type { BookingRequest, Resource, ResourceBooking, ResourceRequest };
export type ResourceQuery = QueryOf<typeof ROUTES.schoolResourceList>;
export type BookingQuery = QueryOf<typeof ROUTES.resourceBookingList>;

const staff = { side: 'staff' } as const;

export const resourceKeys = {
  all: ['academic', 'resources'] as const,
  list: (query: ResourceQuery) => ['academic', 'resources', 'list', query] as const,
  bookings: (query: BookingQuery) => ['academic', 'resources', 'bookings', query] as const,
  availability: (id: string, date: string, start: string, end: string) =>
    ['academic', 'resources', 'availability', id, date, start, end] as const,
};

/** A resources message of the server (its English sentence) in the reader's language; the text itself when unknown. */
export const resourceText = (text: string | null | undefined): string => academicMessageText(RESOURCES_NS, text);

export function useResources(query: ResourceQuery, enabled = true) {
  return useQuery({
    queryKey: resourceKeys.list(query),
    queryFn: ({ signal }) => apiResult(ROUTES.schoolResourceList, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ResourceRequest }) =>
      id
        ? apiRequest(ROUTES.schoolResourceUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.schoolResourceCreate, { ...staff, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export const useArchiveResource = () =>
  useArchiveToggle({ archive: ROUTES.schoolResourceArchive, restore: ROUTES.schoolResourceRestore }, resourceKeys.all);

export function useBookings(query: BookingQuery) {
  return useQuery({
    queryKey: resourceKeys.bookings(query),
    queryFn: ({ signal }) => apiResult(ROUTES.resourceBookingList, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** How many of a resource are free for the whole of a time (only asked when the three are given). */
export function useAvailability(id: string | null, date: string, start: string, end: string) {
  return useQuery({
    queryKey: resourceKeys.availability(id ?? '', date, start, end),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.schoolResourceAvailability, {
        ...staff,
        signal,
        params: { id: id as string },
        query: { date, start, end },
      }),
    enabled: !!id && !!date && !!start && !!end,
    retry: false,
  });
}

export function useBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRequest) => apiRequest(ROUTES.resourceBookingCreate, { ...staff, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.resourceBookingCancel, { ...staff, params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
