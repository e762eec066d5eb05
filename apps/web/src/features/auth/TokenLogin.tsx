import { ERROR_CODES } from '@cue/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../app/guards';
import { ApiError, isSessionExpired } from '../../lib/api';
import { message } from '../../lib/i18n';
import { errorText, toast } from '../../lib/notify';
import { tokenExpiry } from '../../lib/renewal';
import { signInWithTempToken } from './api';
import { SigningIn } from './SigningIn';

/** The query parameter holding the temporary access token: /public/token-login?token=<jwt>. */
export const TOKEN_LOGIN_PATH = '/public/token-login';

class ExpiredTokenError extends Error {}

const attempts = new Map<string, Promise<void>>();

/** Checks the token (expiry read locally first, then the server) and signs in with it, once per token. */
function signInOnce(token: string): Promise<void> {
  let pending = attempts.get(token);
  if (!pending) {
    const exp = tokenExpiry(token);
    pending = exp !== null && exp <= Date.now() ? Promise.reject(new ExpiredTokenError()) : signInWithTempToken(token);
    attempts.set(token, pending);
  }
  return pending;
}

function failureText(err: unknown): string {
  if (err instanceof ExpiredTokenError) return message('tempTokenExpired');
  if (err instanceof ApiError && err.code === ERROR_CODES.tempTokenExpired) return message('tempTokenExpired');
  if (isSessionExpired(err)) return message('invalidToken');
  return errorText(err);
}

/**
 * Sign-in with a temporary access token that an admin generated for a support or kiosk session
 * (school setup → access tokens): /public/token-login?token=<jwt>. The token leaves the address bar at
 * once; the session has no refresh token and logs out with 'Generated Access Token Expired' when the
 * token runs out.
 */
export default function TokenLogin() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token] = useState(() => params.get('token') ?? '');

  useEffect(() => {
    // A bearer token does not stay in the address bar or the history.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
    let current = true;
    const done = token ? signInOnce(token) : Promise.reject(new ApiError(400, message('invalidToken'), ERROR_CODES.invalidToken));
    done.then(
      () => {
        if (!current) return;
        queryClient.clear();
        navigate(DASHBOARD_PATH, { replace: true });
      },
      (err: unknown) => {
        if (!current) return;
        toast.error(failureText(err));
        navigate(LOGIN_PATH, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [token, navigate, queryClient]);

  return <SigningIn text={t('tempToken.signingIn')} />;
}
