import { type SessionRole, WEB_COOKIES } from '@cue/contract';
import { clearCookie, setCookie } from './cookies';

/*
 * The session as stored on this device, without React: read by main.tsx before the app's code has
 * loaded, and by the session store (session.ts), which re-exports all of it.
 */

/** Which token set a call is made with. A dual-role session holds both. */
export type Side = 'staff' | 'parent';

export interface Session {
  role: SessionRole;
  /** Tokens of the active side (for 'staff' and 'parent' sessions, the only side). */
  accessToken: string;
  refreshToken: string;
  /** Dual-role sessions also keep each side's tokens (spec section 3, Tokens). */
  staffToken?: string;
  staffRefreshToken?: string;
  parentToken?: string;
  parentRefreshToken?: string;
  /**
   * The side the app is being used as. Always the only side for 'staff' and 'parent' sessions; for
   * 'both' it starts as 'staff' and changes with switchToStaff() / switchToParent(). API calls use the
   * active side's token unless they name a side.
   */
  activeSide: Side;
  /** A temporary (generated) staff access token: no refresh token, ends when it expires (spec section 3). */
  isTempToken?: boolean;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export const SESSION_KEY = 'cue.session';
export const LOGGED_OUT_KEY = 'cue.loggedOut';

export const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const isSession = (value: unknown): value is Session => {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    (s.role === 'staff' || s.role === 'parent' || s.role === 'both') &&
    typeof s.accessToken === 'string' &&
    s.accessToken.length > 0 &&
    typeof s.refreshToken === 'string' &&
    (s.activeSide === 'staff' || s.activeSide === 'parent') &&
    (s.role === 'both' || s.activeSide === (s.role === 'parent' ? 'parent' : 'staff'))
  );
};

/** The session stored on this device, or null. */
export const readStoredSession = (): Session | null => {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** Tells the server whether this browser holds a session (it then sends no prerendered login page). */
export function markSignedIn(signedIn: boolean): void {
  if (signedIn) setCookie(WEB_COOKIES.signedIn, '1');
  else clearCookie(WEB_COOKIES.signedIn);
}

/** The sides a session holds: both for a dual-role session, else its only side. */
export const sidesOf = (session: Session | null): Side[] =>
  !session ? [] : session.role === 'both' ? ['staff', 'parent'] : [session.activeSide];

/** The access token for one side of the session, or null when the session has no such side. */
export function tokenFor(session: Session | null, side: Side): string | null {
  if (!session) return null;
  if (session.role === 'both') return (side === 'staff' ? session.staffToken : session.parentToken) ?? null;
  return session.activeSide === side ? session.accessToken : null;
}

/** The refresh token for one side of the session. */
export function refreshTokenFor(session: Session | null, side: Side): string | null {
  if (!session) return null;
  if (session.role === 'both') return (side === 'staff' ? session.staffRefreshToken : session.parentRefreshToken) ?? null;
  return session.activeSide === side ? session.refreshToken : null;
}
