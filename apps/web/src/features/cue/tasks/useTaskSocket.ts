import { CUE_EVENTS, PRESET_PATHS, TASK_LOG_THROTTLE_MS, type TaskLog } from '@cue/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { socketErrorText } from '../../../lib/errors';
import { toast } from '../../../lib/notify';
import { getSocket } from '../../../lib/socket';
import { CUE_NS } from '../i18n';
import { dispatchTasks } from './store';
import { createLogThrottle, isCueTask, readTaskLog, transitionOf } from './taskState';
import { type CueContext, staffToken } from './useCueContext';

/** The query keys of the pages a preset refreshes (spec section 9; the features' own key roots). */
export const PRESET_QUERY_KEYS: Record<number, readonly (readonly string[])[]> = {
  1: [['attendance']],
  2: [['communication']],
  5: [['observations']],
};

/** On a final log with a preset: the page it names refreshes its data when it is the one on screen. */
export function refreshForPreset(client: QueryClient, preset: number | null, pathname: string): boolean {
  if (preset === null || PRESET_PATHS[preset] !== pathname) return false;
  for (const queryKey of PRESET_QUERY_KEYS[preset] ?? []) void client.invalidateQueries({ queryKey: [...queryKey] });
  return true;
}

/** Who the server replays and answers for. */
export const userDetailsOf = (who: CueContext) => ({
  token: staffToken() ?? undefined,
  user_id: who.userId ?? undefined,
  user_name: who.userName,
  user_role: 'staff',
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one listener of Cue's task events (mounted once in the shell): task logs into the panel's
 * store (throttled at 100 ms), verbose lines, the finish toast and the preset's page refresh, and a
 * progress replay on every (re)connect so that a reload or a second tab shows the same tasks.
 */
export function useTaskSocket(who: CueContext): void {
  const { t } = useTranslation(CUE_NS);
  const client = useQueryClient();
  const { pathname } = useLocation();
  const latest = useRef({ who, pathname, t });
  latest.current = { who, pathname, t };

  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    dispatchTasks({ type: 'reset' });
    const seen = new Map<string, TaskLog>();
    const throttle = createLogThrottle((logs) => dispatchTasks({ type: 'logs', logs }), TASK_LOG_THROTTLE_MS);

    const replay = () => {
      const { who: current } = latest.current;
      socket.emit(CUE_EVENTS.replay, {
        user_query: JSON.stringify({ class_id: current.classId ?? undefined }),
        user_details: userDetailsOf(current),
      });
    };
    const onLog = (payload: unknown) => {
      const log = readTaskLog(payload);
      if (!log) return;
      const { t: tr, pathname: path } = latest.current;
      const change = transitionOf(seen.get(log.task_id), log, Date.now());
      seen.set(log.task_id, log);
      if (change.failed && log.error) toast.error(socketErrorText(isRecord(payload) ? payload : { error: log.error }));
      if (change.finished) {
        if (isCueTask(log)) {
          toast.success(tr('voice.finished'));
          refreshForPreset(client, log.preset, path);
        } else {
          // A timetable run has no preset: the timetable's pages read the new week.
          toast.success(tr('tasks.timetable.finished'));
          void client.invalidateQueries({ queryKey: ['timetable'] });
        }
      }
      throttle.push(log);
      if (log.finished || log.error) throttle.flushNow();
    };
    const onVerbose = (payload: unknown) => {
      if (!isRecord(payload) || typeof payload.task_id !== 'string' || !Array.isArray(payload.lines)) return;
      dispatchTasks({
        type: 'verbose',
        taskId: payload.task_id,
        lines: payload.lines.filter((l): l is string => typeof l === 'string'),
      });
    };
    const onMessage = (payload: unknown) => {
      if (isRecord(payload) && typeof payload.error === 'string' && payload.error) toast.error(socketErrorText(payload));
    };

    socket.on('connect', replay);
    socket.on(CUE_EVENTS.taskLog, onLog);
    socket.on(CUE_EVENTS.verboseLog, onVerbose);
    socket.on(CUE_EVENTS.message, onMessage);
    if (socket.connected) replay();
    return () => {
      throttle.cancel();
      socket.off('connect', replay);
      socket.off(CUE_EVENTS.taskLog, onLog);
      socket.off(CUE_EVENTS.verboseLog, onVerbose);
      socket.off(CUE_EVENTS.message, onMessage);
    };
  }, [client]);
}
