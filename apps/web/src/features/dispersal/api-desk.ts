import { ATTENDANCE_UPDATED_EVENT, DISPERSAL_UPDATED_EVENT, ROUTES } from '@cue/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type BodyOf } from '../../lib/api';
import { useClassEvent, useSocketEvent } from '../../lib/socket';
import { dispersalKeys, staff } from './api';

/*
 * The staff's calls of drop-off and pick-up: the class's day, the dismissal list, alerts, settings and
 * kiosks. Lists read again on the server's socket events, and once a minute besides: a late pick-up
 * starts with the clock, not with an event, and a tablet at the door may have lost its socket.
 */

/** How often the live lists read again without any event. */
export const LIVE_POLL_MS = 60_000;

export const deskKeys = {
  classDays: [...dispersalKeys.all, 'classDay'] as const,
  classDay: (classId: string) => [...dispersalKeys.all, 'classDay', classId] as const,
  dismissals: [...dispersalKeys.all, 'dismissal'] as const,
  dismissal: (classId: string | null) => [...dispersalKeys.all, 'dismissal', classId ?? 'all'] as const,
  alerts: [...dispersalKeys.all, 'alerts'] as const,
  alertList: (status: 'open' | 'all') => [...dispersalKeys.all, 'alerts', status] as const,
  settings: [...dispersalKeys.all, 'settings'] as const,
  kiosks: [...dispersalKeys.all, 'kiosks'] as const,
};

/** Everything a check-in or out changes: the class's day, the dismissal list and (a refusal) the alerts. */
export function refreshLive(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: deskKeys.classDays });
  void client.invalidateQueries({ queryKey: deskKeys.dismissals });
  void client.invalidateQueries({ queryKey: deskKeys.alerts });
}

/** The class's day: counts and one row per child with today's check-in and out. */
export function useClassDay(classId: string | null) {
  return useQuery({
    queryKey: deskKeys.classDay(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.dispersalClassDay, { ...staff, params: { id: classId ?? '' }, signal }),
    enabled: !!classId,
    refetchInterval: LIVE_POLL_MS,
  });
}

/** Children still in school (checked in, not out) of one class or of every class the caller reaches. */
export function useDismissal(classId: string | null) {
  return useQuery({
    queryKey: deskKeys.dismissal(classId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.dispersalDismissal, { ...staff, query: classId ? { class_id: classId } : {}, signal }),
    refetchInterval: LIVE_POLL_MS,
  });
}

/** The lists read again when a class's children are checked in or out (here or elsewhere) or marked. */
export function useLiveRefresh(classId: string | null): void {
  const client = useQueryClient();
  const refresh = () => refreshLive(client);
  // A check-in or out (here, at a kiosk, by another teacher) reaches the staff's own rooms; an
  // attendance mark reaches the class's room.
  useSocketEvent(DISPERSAL_UPDATED_EVENT, refresh);
  useClassEvent(classId, ATTENDANCE_UPDATED_EVENT, refresh);
}

export function useAlerts(status: 'open' | 'all') {
  return useQuery({
    queryKey: deskKeys.alertList(status),
    queryFn: ({ signal }) => apiResult(ROUTES.dispersalAlerts, { ...staff, query: { status }, signal }),
    refetchInterval: LIVE_POLL_MS,
  });
}

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.dispersalCheckIn>) => apiRequest(ROUTES.dispersalCheckIn, { ...staff, body }),
    // A refusal makes an alert: the alerts read again either way.
    onSettled: () => refreshLive(client),
  });
}

export function useCheckOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.dispersalCheckOut>) => apiRequest(ROUTES.dispersalCheckOut, { ...staff, body }),
    onSettled: () => refreshLive(client),
  });
}

export function useVoidEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.dispersalEventVoid, { ...staff, params: { id } }),
    onSuccess: () => refreshLive(client),
  });
}

export function useCloseAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.dispersalAlertClose, { ...staff, params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deskKeys.alerts }),
  });
}

export function useDispersalSettings(enabled = true) {
  return useQuery({
    queryKey: deskKeys.settings,
    queryFn: ({ signal }) => apiResult(ROUTES.dispersalSettingsGet, { ...staff, signal }),
    enabled,
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof ROUTES.dispersalSettingsSave>) =>
      apiRequest(ROUTES.dispersalSettingsSave, { ...staff, body }),
    onSuccess: (answer) => {
      client.setQueryData(deskKeys.settings, answer.result);
      // The health question and closing time show on the class's day and the dismissal list.
      refreshLive(client);
    },
  });
}

export function useKiosks(enabled = true) {
  return useQuery({
    queryKey: deskKeys.kiosks,
    queryFn: ({ signal }) => apiResult(ROUTES.kioskList, { ...staff, signal }),
    enabled,
  });
}

export function useCreateKiosk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(ROUTES.kioskCreate, { ...staff, body: { name } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deskKeys.kiosks }),
  });
}

export function useRevokeKiosk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(ROUTES.kioskRevoke, { ...staff, params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deskKeys.kiosks }),
  });
}
