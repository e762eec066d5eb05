import type { SessionRole } from '@cue/contract';
import { useSyncExternalStore } from 'react';
import { FIRST_PAINT_KEY } from './firstPaint';
import {
  LOGGED_OUT_KEY,
  markSignedIn,
  readStoredSession,
  SESSION_KEY,
  type Session,
  type Side,
  storage,
  type TokenPair,
} from './sessionData';

export {
  markSignedIn,
  readStoredSession,
  refreshTokenFor,
  type Session,
  type Side,
  sidesOf,
  type TokenPair,
  tokenFor,
} from './sessionData';

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

const emit = () => {
  for (const listener of listeners) listener();
};

export function getSession(): Session | null {
  if (cached === undefined) cached = readStoredSession();
  return cached;
}

function write(next: Session | null): void {
  cached = next;
  const store = storage();
  if (next) store?.setItem(SESSION_KEY, JSON.stringify(next));
  else {
    store?.removeItem(SESSION_KEY);
    // The copy of the dashboard kept for a fast start shows the person's name and classes.
    store?.removeItem(FIRST_PAINT_KEY);
  }
  markSignedIn(!!next);
  emit();
}

/** Starts a session from a phone (or other) sign-in result. Clears the logged-out flag. */
export function startSession(role: SessionRole, tokens: { staff?: TokenPair; parent?: TokenPair }): Session {
  const staff = tokens.staff;
  const parent = tokens.parent;
  let session: Session;
  if (role === 'both' && staff && parent) {
    session = {
      role,
      accessToken: staff.access_token,
      refreshToken: staff.refresh_token,
      staffToken: staff.access_token,
      staffRefreshToken: staff.refresh_token,
      parentToken: parent.access_token,
      parentRefreshToken: parent.refresh_token,
      activeSide: 'staff',
    };
  } else {
    const side: Side = role === 'parent' ? 'parent' : 'staff';
    const pair = side === 'staff' ? staff : parent;
    if (!pair) throw new Error(`No ${side} tokens in the sign-in result`);
    session = { role, accessToken: pair.access_token, refreshToken: pair.refresh_token, activeSide: side };
  }
  storage()?.removeItem(LOGGED_OUT_KEY);
  // A new sign-in may be another person's: no copy of the last one's dashboard.
  storage()?.removeItem(FIRST_PAINT_KEY);
  write(session);
  // The server sends emails in the language chosen on this device (English is its default already).
  void import('./i18n').then(
    ({ currentLanguage, sendReaderLanguage }) => {
      if (currentLanguage() !== 'en') sendReaderLanguage();
    },
    () => undefined,
  );
  return session;
}

/**
 * Signs in with a temporary staff access token (an admin's support or kiosk link). It cannot be
 * renewed: there is no refresh token, and the session ends when the token expires.
 */
export function startTempSession(accessToken: string): Session {
  const session: Session = { role: 'staff', accessToken, refreshToken: '', activeSide: 'staff', isTempToken: true };
  storage()?.removeItem(LOGGED_OUT_KEY);
  // A new sign-in may be another person's: no copy of the last one's dashboard.
  storage()?.removeItem(FIRST_PAINT_KEY);
  write(session);
  return session;
}

/** Whether the session may be used as either side (role 'both'). */
export const isDualRole = (session: Session | null): boolean => session?.role === 'both';

/**
 * Uses a dual-role session as one side: the active side's tokens become the session's current ones.
 * Does nothing for a session that does not hold that side (a staff-only or parent-only session).
 * Returns whether the session is now on that side.
 */
export function setActiveSide(side: Side): boolean {
  const current = getSession();
  if (!current) return false;
  if (current.activeSide === side) return true;
  if (current.role !== 'both') return false;
  const accessToken = side === 'staff' ? current.staffToken : current.parentToken;
  const refreshToken = side === 'staff' ? current.staffRefreshToken : current.parentRefreshToken;
  if (!accessToken || refreshToken === undefined) return false;
  write({ ...current, activeSide: side, accessToken, refreshToken });
  return true;
}

/** Dual role: choosing a class or a dashboard link uses the app as staff (spec section 4). */
export const switchToStaff = (): boolean => setActiveSide('staff');
/** Dual role: the parent side (the shell shows the parent layout). */
export const switchToParent = (): boolean => setActiveSide('parent');

/** Stores renewed tokens for one side (and for the active-side mirror when it is that side). */
export function updateTokens(side: Side, tokens: { access?: string; refresh?: string }): void {
  const current = readStoredSession() ?? getSession();
  if (!current) return;
  const next: Session = { ...current };
  if (current.role === 'both') {
    if (side === 'staff') {
      if (tokens.access) next.staffToken = tokens.access;
      if (tokens.refresh) next.staffRefreshToken = tokens.refresh;
    } else {
      if (tokens.access) next.parentToken = tokens.access;
      if (tokens.refresh) next.parentRefreshToken = tokens.refresh;
    }
  }
  if (current.activeSide === side) {
    if (tokens.access) next.accessToken = tokens.access;
    if (tokens.refresh) next.refreshToken = tokens.refresh;
  }
  write(next);
}

/**
 * Re-reads the session from storage (another tab may have renewed its tokens). Without storage (a
 * browser that refuses it) the session lives in this tab's memory only, and is kept.
 */
export function reloadSession(): Session | null {
  if (storage()) cached = readStoredSession();
  return getSession();
}

/** Every distinct access token the session holds (logout notifies the server for each). */
export function allTokens(session: Session | null): string[] {
  if (!session) return [];
  return [...new Set([session.accessToken, session.staffToken, session.parentToken].filter((t): t is string => !!t))];
}

/** Clears tokens and role and sets the logged-out flag. */
export function endSession(): void {
  storage()?.setItem(LOGGED_OUT_KEY, 'true');
  write(null);
}

export function wasLoggedOut(): boolean {
  return storage()?.getItem(LOGGED_OUT_KEY) === 'true';
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== SESSION_KEY) return;
    cached = readStoredSession();
    emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** The side the app is being used as ('staff' or 'parent'), or null when signed out. */
export function useActiveSide(): Side | null {
  return useSession()?.activeSide ?? null;
}

/** Listens to every change of the session (sign-in, renewal, side switch, sign-out). */
export function onSessionChange(listener: () => void): () => void {
  return subscribeSession(listener);
}
