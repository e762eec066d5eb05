import { ERROR_CODES, UNIT_UPDATED_EVENT, type Unit, type UnitUpdatedEvent } from '@cue/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';
import { useUpdateUnit } from './api';
import { planningErrorText } from './i18n';
import {
  clearRemote,
  conflicted,
  createDraft,
  type DraftKey,
  type DraftValue,
  dirtyKeys,
  edit as editDraft,
  keepMine as keepMineDraft,
  keepTheirs as keepTheirsDraft,
  nextChange,
  rebase,
  saved,
  saveFailed,
  saving,
  type UnitDraft,
} from './unitDraft';

/** How long typing must pause before the planner saves. */
export const SAVE_PAUSE_MS = 800;
/** How long a "Changed by …" mark stays after the last change someone else made. */
const REMOTE_MARK_MS = 30_000;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * The planner's saving and collaboration: the draft over the unit as last synced, saved key by key
 * (after a pause in typing, or at once when a field is left) on the synced version; others' saves
 * (UNIT_UPDATED_EVENT) read again and taken in; a 409 EDIT_CONFLICT turned into conflicts to settle.
 * `reload` reads the unit again (the page's query), answering the newest unit.
 */
export function useUnitSync(initial: Unit, reload: () => Promise<Unit | undefined>) {
  const id = initial._id;
  const { mutateAsync: save } = useUpdateUnit();
  // The page's reader may change identity between renders; the saves use the latest.
  const readAgain = useRef(reload);
  readAgain.current = reload;
  const [draft, setDraft] = useState(() => createDraft(initial));
  // The latest draft for callbacks (a save started from a blur must see the keystroke just before it).
  const latest = useRef(draft);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);

  const apply = useCallback((change: (d: UnitDraft) => UnitDraft) => {
    latest.current = change(latest.current);
    setDraft(latest.current);
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) {
      // One save at a time: what was typed meanwhile goes when this one answers.
      again.current = true;
      return;
    }
    const next = nextChange(latest.current);
    if (!next) {
      if (dirtyKeys(latest.current).length === 0) setState((s) => (s === 'pending' ? 'idle' : s));
      return;
    }
    inFlight.current = true;
    setState('saving');
    apply((d) => saving(d, next.sent));
    let retry = false;
    try {
      const answer = await save({ id, body: next.change });
      apply((d) => saved(d, answer.result));
      setError(null);
      setState('saved');
      retry = true;
    } catch (err) {
      if (err instanceof ApiError && err.code === ERROR_CODES.editConflict) {
        // Nothing of that save was kept: read the unit again, hold back the keys named, send the rest again.
        const fresh = await readAgain.current().catch(() => undefined);
        if (fresh)
          apply((d) =>
            conflicted(
              d,
              (err.errors ?? []).map((e) => e.field),
              fresh,
              fresh.updated_by.name,
            ),
          );
        else apply(saveFailed);
        setError(null);
        setState('saved');
        retry = !!fresh;
      } else {
        apply(saveFailed);
        setError(planningErrorText(err));
        setState('error');
      }
    } finally {
      inFlight.current = false;
    }
    if ((retry || again.current) && nextChange(latest.current)) {
      again.current = false;
      timer.current = setTimeout(() => void flush(), retry ? 0 : SAVE_PAUSE_MS);
    }
    again.current = false;
  }, [apply, id, save]);

  /** The person edits a key: shown at once, saved after a pause in typing. */
  const edit = useCallback(
    (key: DraftKey, value: DraftValue) => {
      apply((d) => editDraft(d, key, value));
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_PAUSE_MS);
    },
    [apply, flush],
  );

  const keepTheirs = useCallback((key: DraftKey) => apply((d) => keepTheirsDraft(d, key)), [apply]);
  const keepMine = useCallback(
    (key: DraftKey) => {
      apply((d) => keepMineDraft(d, key));
      void flush();
    },
    [apply, flush],
  );
  /** A newer unit from elsewhere on this page (a move's answer): taken in like anyone's change. */
  const takeIn = useCallback((unit: Unit, by: string | null) => apply((d) => rebase(d, unit, by)), [apply]);

  // Someone saved this unit: read it again and take in what this person has not changed.
  useSocketEvent<UnitUpdatedEvent>(UNIT_UPDATED_EVENT, (event) => {
    if (event._id !== id || event.version <= latest.current.base.version) return;
    void readAgain.current().then((fresh) => {
      if (fresh) apply((d) => rebase(d, fresh, event.by.name));
    });
  });

  // "Changed by …" marks fade a while after the last one.
  const marks = Object.keys(draft.remote).join();
  useEffect(() => {
    if (!marks) return;
    const fade = setTimeout(() => apply(clearRemote), REMOTE_MARK_MS);
    return () => clearTimeout(fade);
  }, [marks, apply]);

  // Leaving the page saves what is left; closing the tab with unsaved edits asks first.
  const flushLatest = useRef(flush);
  flushLatest.current = flush;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (inFlight.current || dirtyKeys(latest.current).length > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void flushLatest.current();
    };
  }, []);

  return { draft, state, error, edit, flush, keepTheirs, keepMine, takeIn };
}
