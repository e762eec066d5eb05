import { ERROR_CODES } from '@cue/contract';
import { useEffect } from 'react';
import { ApiError, isSessionExpired } from '../../lib/api';
import { message } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { useLogout } from './useLogout';

/** The session whose expiry was already told, so several failing calls give one toast and one logout. */
let handledToken: string | null = null;

/** On 401, 421 or 422: 'Session expired. Please log in again.' and logout (spec section 8). */
export function useSessionExpiry(errors: readonly unknown[]): void {
  const logout = useLogout();
  const expired = errors.some(isSessionExpired);
  const temporary = errors.some((e) => e instanceof ApiError && e.code === ERROR_CODES.tempTokenExpired);
  useEffect(() => {
    if (!expired) return;
    const token = getSession()?.accessToken ?? null;
    if (!token || token === handledToken) return;
    handledToken = token;
    // A temporary (generated) access token that ran out says so (spec section 4).
    toast.error(message(temporary ? 'tempTokenExpired' : 'sessionExpired'));
    void logout();
  }, [expired, temporary, logout]);
}
