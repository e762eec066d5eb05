import { ERROR_CODES, type OauthProvider } from '@cue/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../app/guards';
import { ApiError } from '../../lib/api';
import i18n, { message } from '../../lib/i18n';
import { errorText, toast } from '../../lib/notify';
import { type ProviderReturn as Returned, signInWithProvider } from './api';
import { preloadSignedInScreens } from './preload';
import { providerFailureText } from './providers';
import { SigningIn } from './SigningIn';

class NoCodeError extends Error {}

/**
 * Each return is exchanged once, even when React runs the effect twice (StrictMode) or the page
 * re-renders: the provider's state is single-use on the server.
 */
const exchanges = new Map<string, Promise<unknown>>();

function exchangeOnce(provider: OauthProvider, params: URLSearchParams): Promise<unknown> {
  const code = params.get('code');
  const state = params.get('state');
  const key = `${provider} ${state ?? ''} ${code ?? ''}`;
  let pending = exchanges.get(key);
  if (!pending) {
    if (!code || !state || params.has('error')) pending = Promise.reject(new NoCodeError('The provider sent no code'));
    else {
      const back: Returned = { code, state };
      const iss = params.get('iss');
      if (iss) back.iss = iss;
      pending = signInWithProvider(provider, back);
    }
    exchanges.set(key, pending);
  }
  return pending;
}

/** What to tell a person whose provider sign-in failed (spec section 8). */
function failureText(provider: OauthProvider, err: unknown): string {
  if (err instanceof NoCodeError) return i18n.t('errors.generic');
  if (err instanceof ApiError && err.status === 404) return message('userDoesNotExist');
  if (err instanceof ApiError && err.code === ERROR_CODES.validation) return i18n.t('errors.generic');
  return providerFailureText(provider, err) ?? errorText(err);
}

/**
 * The return routes of Google (/google_login_verify) and Microsoft (any path containing
 * microsoft_login_verify), reachable without a token: reads code, state and iss from the query,
 * exchanges them, stores the session like a phone sign-in and goes to the dashboard. A failure is told
 * in a toast and the person is back at the login options.
 */
export default function ProviderReturn({ provider }: { provider: OauthProvider }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let current = true;
    preloadSignedInScreens();
    exchangeOnce(provider, params).then(
      () => {
        if (!current) return;
        // Nothing cached from an earlier session may show in this one.
        queryClient.clear();
        navigate(DASHBOARD_PATH, { replace: true });
      },
      (err: unknown) => {
        if (!current) return;
        toast.error(failureText(provider, err));
        navigate(LOGIN_PATH, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [provider, params, navigate, queryClient]);

  return <SigningIn text={t('oauth.signingIn')} />;
}
