import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../lib/notify';
import { useSession } from '../lib/session';
import { DASHBOARD_PATH, LOGIN_PATH } from './guards';

/**
 * The Microsoft sign-in return route (any path containing microsoft_login_verify). The code exchange
 * is not served yet, so the person is told and sent back to the login options.
 */
export function MicrosoftReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const told = useRef(false);
  const code = params.get('code');

  useEffect(() => {
    if (session || told.current) return;
    told.current = true;
    if (!code) toast.error(t('errors.generic'));
    else toast.info(t('login.notConfigured', { method: t('login.outlook') }), t('login.notConfiguredTitle'));
  }, [code, session, t]);

  return <Navigate to={session ? DASHBOARD_PATH : LOGIN_PATH} replace />;
}
