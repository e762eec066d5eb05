import { useSyncExternalStore } from 'react';
import { initialTasksState, type TaskAction, type TasksState, tasksReducer } from './taskState';

/** The tasks of this tab, fed by the socket bridge and read by the panel (one store for the app). */
let state: TasksState = initialTasksState;
const listeners = new Set<() => void>();

export function dispatchTasks(action: TaskAction): void {
  const next = tasksReducer(state, action);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const getTasksState = (): TasksState => state;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useTasksState(): TasksState {
  return useSyncExternalStore(subscribe, getTasksState, getTasksState);
}

/** Asks for the task panel to open (a task was just sent from this tab): a counter the panel follows. */
let openRequests = 0;
const openListeners = new Set<() => void>();

export function requestTaskPanel(): void {
  openRequests += 1;
  for (const listener of openListeners) listener();
}

const subscribeOpen = (listener: () => void) => {
  openListeners.add(listener);
  return () => {
    openListeners.delete(listener);
  };
};

export function useTaskPanelRequests(): number {
  return useSyncExternalStore(
    subscribeOpen,
    () => openRequests,
    () => openRequests,
  );
}
