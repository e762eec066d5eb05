import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { academicRoutes } from '../features/academic/routes';
import { adminRoutes } from '../features/admin/routes';
import { assessmentRoutes } from '../features/assessment/routes';
import { attendanceRoutes } from '../features/attendance/routes';
import { carelogRoutes } from '../features/carelog/routes';
import { chatRoutes } from '../features/chat/routes';
import { childrenRoutes } from '../features/children/routes';
import { communicationRoutes } from '../features/communication/routes';
import { cueRoutes } from '../features/cue/routes';
import { dispersalRoutes, kioskRoute } from '../features/dispersal/routes';
import { journalRoutes } from '../features/journal/routes';
import { leaveRoutes } from '../features/leave/routes';
import { libraryRoutes } from '../features/library/routes';
import { managementRoutes, publicManagementRoutes } from '../features/management/routes';
import { mediaRoutes } from '../features/media/routes';
import { observationsRoutes } from '../features/observations/routes';
import { planningRoutes } from '../features/planning/routes';
import { ShellNotFound, shellRoutes } from '../features/shell/routes';
import { storiesRoutes } from '../features/stories/routes';
import { storyInsightsRoutes } from '../features/story-insights/routes';
import { timetableRoutes } from '../features/timetable/routes';
import { useSession } from '../lib/session';
import { AppFrame } from './AppFrame';
import { GuestOnly, LOGIN_PATH, RequireAuth } from './guards';
import { lazyWithPreload } from './lazyWithPreload';
import { PageLoader } from './PageLoader';
import { RouteError } from './RouteError';
import { useAppStyles } from './useAppStyles';

// Every screen loads on demand, so each route's first load carries only what it shows.
/** Preloaded by main.tsx when the server sent the login page prerendered. */
export const LoginPage = lazyWithPreload(() => import('../features/auth/LoginPage'));
const SignedInLayout = lazy(() => import('../features/shell/ShellLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const PublicPage = lazy(() => import('../features/public/PublicPage'));
const MobileAppPage = lazy(() => import('../features/shell/MobileAppPage'));
const ProviderReturn = lazy(() => import('../features/auth/ProviderReturn'));
const TokenLogin = lazy(() => import('../features/auth/TokenLogin'));
const AccountRoute = lazy(() => import('../features/account/AccountRoute'));

function Root() {
  // Away from the prerendered login page, the app's stylesheets must be in before anything renders.
  useAppStyles(useLocation().pathname !== LOGIN_PATH);
  return (
    <Suspense fallback={<PageLoader />}>
      <AppFrame>
        <ScrollRestoration />
        <Outlet />
      </AppFrame>
    </Suspense>
  );
}

/** Paths the app has no page for: the Microsoft return route, else login (signed out) or not found. */
function Elsewhere() {
  const { pathname } = useLocation();
  const session = useSession();
  if (pathname.includes('microsoft_login_verify')) return <ProviderReturn provider="microsoft" />;
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <SignedInLayout>
      <ShellNotFound />
    </SignedInLayout>
  );
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
      { path: 'public/token-login', element: <TokenLogin /> },
      { path: 'public/mobile-app', element: <MobileAppPage /> },
      ...publicManagementRoutes,
      { path: 'public/:page', element: <PublicPage /> },
      kioskRoute,
      { path: 'google_login_verify', element: <ProviderReturn provider="google" /> },
      {
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'account', element: <AccountRoute /> },
          ...adminRoutes,
          ...attendanceRoutes,
          ...childrenRoutes,
          ...communicationRoutes,
          ...mediaRoutes,
          ...storiesRoutes,
          ...storyInsightsRoutes,
          ...journalRoutes,
          ...chatRoutes,
          ...carelogRoutes,
          ...planningRoutes,
          ...assessmentRoutes,
          ...libraryRoutes,
          ...dispersalRoutes,
          ...academicRoutes,
          ...managementRoutes,
          ...leaveRoutes,
          ...timetableRoutes,
          ...observationsRoutes,
          ...cueRoutes,
          // Last: section landings, switching pages and "coming soon" for modules not built yet.
          ...shellRoutes(),
        ],
      },
      { path: '*', element: <Elsewhere /> },
    ],
  },
]);
