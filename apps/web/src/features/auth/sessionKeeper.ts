import { message } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { keepSessionAlive } from '../../lib/renewal';
import { signOut } from './api';

/**
 * Renews the session's tokens ahead of time for as long as the app is open, and logs out when that is
 * no longer possible: 'Session expired. Please log in again.' when the refresh token is refused,
 * 'Generated Access Token Expired' when a temporary token runs out (spec sections 4 and 8).
 */
export function startSessionKeeper(): () => void {
  return keepSessionAlive((reason) => {
    toast.error(message(reason === 'tempExpired' ? 'tempTokenExpired' : 'sessionExpired'));
    void signOut();
  });
}
