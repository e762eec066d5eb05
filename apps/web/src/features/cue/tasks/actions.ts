import { CUE_EVENTS } from '@cue/contract';
import { getSocket } from '../../../lib/socket';
import { dispatchTasks } from './store';

/** Emits when connected; false (nothing sent) otherwise. */
function emit(event: string, payload: Record<string, unknown>): boolean {
  const socket = getSocket();
  if (!socket?.connected) return false;
  socket.emit(event, payload);
  return true;
}

/** Chooses one of a task's options: shown selected at once, sent as `task-select-option`. */
export function selectOption(taskId: string, value: string): boolean {
  const sent = emit(CUE_EVENTS.selectOption, { task_id: taskId, value });
  if (sent) dispatchTasks({ type: 'select', taskId, value });
  return sent;
}

/** Asks a task for something else (`task-request`); blank text is not sent. */
export function requestMore(taskId: string, text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  return emit(CUE_EVENTS.request, { task_id: taskId, text: trimmed });
}

/** Runs a failed task again (`task-retry`). */
export const retryTask = (taskId: string): boolean => emit(CUE_EVENTS.retry, { task_id: taskId });
