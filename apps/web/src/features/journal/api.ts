import { ROUTES, STORY_PUBLISHED_EVENT, type Story, type StoryPublishedEvent, type StoryRequest } from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiRequest, apiResult } from '../../lib/api';
import type { Side } from '../../lib/session';
import { getSocket } from '../../lib/socket';

export type { Story };

export const journalKeys = {
  all: ['journal'] as const,
  day: (side: Side, classId: string, date: string) => ['journal', 'day', side, classId, date] as const,
  /** Today's entries (the family dashboard's card asks with this key: `dashboard/JournalToday.tsx`). */
  today: (side: Side) => ['journal', 'today', side] as const,
};

/** GET /api/journal/: the class's entry of a day (null when none was written). */
export function useJournalDay(side: Side, classId: string | null, date: string) {
  return useQuery({
    queryKey: journalKeys.day(side, classId ?? '', date),
    queryFn: ({ signal }) => apiResult(ROUTES.journalDay, { side, signal, query: { class_id: classId ?? '', date } }),
    enabled: !!classId,
  });
}

/** What a journal entry saves: the story request of kind `journal` (its children: the whole class). */
export type JournalBody = Omit<StoryRequest, 'kind' | 'student_ids'>;

/**
 * Saves the day's entry: the first save creates it (storyCreate, kind journal), later ones update it.
 * The answer's entry becomes the day's at once, so the page shows what the server kept.
 */
export function useSaveJournal(classId: string, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: JournalBody }) => {
      const request = { ...body, kind: 'journal' as const, student_ids: [] };
      return id
        ? apiRequest(ROUTES.storyUpdate, { side: 'staff', params: { id }, body: request })
        : apiRequest(ROUTES.storyCreate, { side: 'staff', body: request });
    },
    onSuccess: (answer) => {
      client.setQueryData(journalKeys.day('staff', classId, date), { entry: answer.result });
      void client.invalidateQueries({ queryKey: journalKeys.all });
    },
  });
}

/** POST /api/journal/draft: Cue writes (or refreshes) the day's draft from its observations and photos. */
export function useJournalDraft(classId: string, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(ROUTES.journalDraft, { side: 'staff', body: { class_id: classId, date } }),
    onSuccess: (answer) => client.setQueryData(journalKeys.day('staff', classId, date), { entry: answer.result }),
  });
}

/**
 * After a reaction or a comment on the day's entry (the stories' Reactions and Comments, whose own
 * queries the entry is not kept under): a reaction's answer is the entry with its counts and becomes the
 * day's at once; a comment has the days read again.
 */
export function useEntryChanged(side: Side, classId: string, date: string) {
  const client = useQueryClient();
  return useCallback(
    (entry?: Story) => {
      if (entry) client.setQueryData(journalKeys.day(side, classId, date), { entry });
      else void client.invalidateQueries({ queryKey: journalKeys.all, predicate: (q) => q.queryKey[1] === 'day' });
    },
    [client, side, classId, date],
  );
}

/**
 * While mounted, a journal entry published for the family's classes (the server's `story-published` on
 * the family's own room) refreshes the journal: the day's entry appears without a reload.
 */
export function useJournalPublished(enabled: boolean, onPublished?: (event: StoryPublishedEvent) => void): void {
  const client = useQueryClient();
  const latest = useRef(onPublished);
  latest.current = onPublished;
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    if (!socket) return;
    const listener = (event: StoryPublishedEvent) => {
      if (event.kind !== 'journal') return;
      void client.invalidateQueries({ queryKey: journalKeys.all });
      latest.current?.(event);
    };
    socket.on(STORY_PUBLISHED_EVENT, listener);
    return () => {
      socket.off(STORY_PUBLISHED_EVENT, listener);
    };
  }, [enabled, client]);
}

/** A reviewer publishes the day's entry sent for approval, or returns it to its author with a note. */
export function useReview(classId: string, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) =>
      note === undefined
        ? apiRequest(ROUTES.storyApprove, { side: 'staff', params: { id } })
        : apiRequest(ROUTES.storyReturn, { side: 'staff', params: { id }, body: { note } }),
    onSuccess: (answer) => client.setQueryData(journalKeys.day('staff', classId, date), { entry: answer.result }),
  });
}
