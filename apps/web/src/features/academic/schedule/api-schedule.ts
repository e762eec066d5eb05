import { type ClassDays, type DaySchedule, type DayScheduleRequest, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult } from '../../../lib/api';
import { useArchiveToggle } from '../components/api';
import { academicMessageText } from '../components/messageText';
import { DAY_SCHEDULE_NS } from '../i18n';

export type { ClassDays, DaySchedule, DayScheduleRequest };

const staff = { side: 'staff' } as const;

export const scheduleKeys = {
  all: ['academic', 'daySchedules'] as const,
  list: (archived: boolean) => ['academic', 'daySchedules', 'list', archived] as const,
  classDays: (classId: string, from: string, to: string) => ['academic', 'daySchedules', 'class', classId, from, to] as const,
};

/** A day schedule message of the server (its English sentence) in the reader's language; the text itself when unknown. */
export const scheduleText = (text: string | null | undefined): string => academicMessageText(DAY_SCHEDULE_NS, text);

export function useDaySchedules(includeArchived: boolean) {
  return useQuery({
    queryKey: scheduleKeys.list(includeArchived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.dayScheduleList, { ...staff, signal, query: { include_archived: includeArchived ? 'true' : 'false' } }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or save a day schedule; answers the server's `{ result, message }`. */
export function useSaveDaySchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DayScheduleRequest }) =>
      id
        ? apiRequest(ROUTES.dayScheduleUpdate, { ...staff, params: { id }, body })
        : apiRequest(ROUTES.dayScheduleCreate, { ...staff, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export const useArchiveDaySchedule = () =>
  useArchiveToggle({ archive: ROUTES.dayScheduleArchive, restore: ROUTES.dayScheduleRestore }, scheduleKeys.all);

/** A class's days from `from` to `to` (DD-MM-YYYY): which schedule applies, each day's key and parts. */
export function useClassDays(classId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: scheduleKeys.classDays(classId ?? '', from, to),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.classDays, { ...staff, signal, params: { id: classId as string }, query: { from, to } }),
    enabled: !!classId,
    placeholderData: keepPreviousData,
  });
}
