import { WEB_COOKIES } from '@cue/contract';
import { setCookie } from '../lib/cookies';
import { markSignedIn, readStoredSession } from '../lib/sessionData';

/** '<old name> is now <new name>' (names and address from the build's configuration). */
export const REBRAND = {
  from: import.meta.env.VITE_REBRAND_OLD_NAME ?? 'Cue Classroom',
  to: import.meta.env.VITE_REBRAND_NEW_NAME ?? 'Cue',
  url: import.meta.env.VITE_REBRAND_URL ?? (typeof window === 'undefined' ? '' : window.location.origin),
};
export const REBRAND_KEY = 'cue.rebrandDismissed';

export const dismissedRebrand = (): boolean => {
  try {
    return window.localStorage.getItem(REBRAND_KEY) === REBRAND.to;
  } catch {
    return false;
  }
};

/** Keeps the cookies the server reads for the prerendered login page in step with this device's storage. */
export function syncPrerenderCookies(): void {
  if (dismissedRebrand()) setCookie(WEB_COOKIES.rebrandDismissed, REBRAND.to);
  markSignedIn(readStoredSession() !== null);
}
