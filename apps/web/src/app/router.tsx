import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { useSession } from '../lib/session';
import { GuestOnly, LOGIN_PATH, RequireAuth } from './guards';
import { MicrosoftReturn } from './MicrosoftReturn';
import { NotFound } from './NotFound';
import { PageLoader } from './PageLoader';
import { RouteError } from './RouteError';

// Everything behind the login page loads on demand, so the login page's first load stays small.
const SignedInLayout = lazy(() => import('./SignedInLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const PublicPage = lazy(() => import('../features/public/PublicPage'));

function Root() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}

/** Paths the app has no page for: the Microsoft return route, else login (signed out) or not found. */
function Elsewhere() {
  const { pathname } = useLocation();
  const session = useSession();
  if (pathname.includes('microsoft_login_verify')) return <MicrosoftReturn />;
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  return <NotFound />;
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: 'public', element: <Navigate to="/public/about" replace /> },
      { path: 'public/:page', element: <PublicPage /> },
      {
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: [{ path: 'dashboard', element: <DashboardPage /> }],
      },
      { path: '*', element: <Elsewhere /> },
    ],
  },
]);
