import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import i18n from '../../lib/i18n';
import { loadAdminCatalogs } from './i18n';

/** Inside the shell while a screen's code loads (no hook that would suspend). */
function ScreenLoader() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader type="dots" aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })} />
    </Center>
  );
}

/** A page's code and the admin catalogs load together, on first visit, so the login bundle stays small. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadAdminCatalogs()]);
    return module;
  });
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Page />
    </Suspense>
  );
};

export const SCHOOL_SETUP_BASE = 'admin/school-setup';

/** Admin → School setup screens (spec section 2), paths relative to the app root. */
export const adminRoutes: RouteObject[] = [
  { path: `${SCHOOL_SETUP_BASE}/school-details`, element: page(() => import('./pages/SchoolDetailsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/dashboard`, element: page(() => import('./pages/SchoolDashboardPage')) },
  { path: `${SCHOOL_SETUP_BASE}/school-division`, element: page(() => import('./pages/DivisionsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/classes`, element: page(() => import('./pages/ClassesPage')) },
  { path: `${SCHOOL_SETUP_BASE}/staff`, element: page(() => import('./pages/StaffPage')) },
  { path: `${SCHOOL_SETUP_BASE}/students`, element: page(() => import('./pages/StudentsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/permissions/roles`, element: page(() => import('./pages/RolesPage')) },
  { path: `${SCHOOL_SETUP_BASE}/permissions/settings`, element: page(() => import('./pages/SchoolSettingsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/usage`, element: page(() => import('./pages/UsagePage')) },
  { path: `${SCHOOL_SETUP_BASE}/access-tokens`, element: page(() => import('./pages/AccessTokensPage')) },
  { path: `${SCHOOL_SETUP_BASE}/reports`, element: page(() => import('./pages/ReportsPage')) },
];
