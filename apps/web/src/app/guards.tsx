import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

import { DASHBOARD_PATH, isPublicPath, LOGIN_PATH } from './paths';

export { DASHBOARD_PATH, isPublicPath, LOGIN_PATH } from './paths';

/** Signed-out visitors go to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session && !isPublicPath(location.pathname)) return <Navigate to={LOGIN_PATH} replace />;
  return children;
}

/** A signed-in person opening the login page goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}
