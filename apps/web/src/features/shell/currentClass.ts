import { useSyncExternalStore } from 'react';

const KEY = 'cue.currentClass';
const listeners = new Set<() => void>();

const read = (): string | null => {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

/** The class the staff member is working with (top bar selector); remembered on this device. */
export function setCurrentClassId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(KEY, id);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function useCurrentClassId(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
