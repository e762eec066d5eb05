import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ADMIN_NS } from './i18n';

/** A page's code and the admin catalogs load together, on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [ADMIN_NS]);

export const SCHOOL_SETUP_BASE = 'admin/school-setup';

/** Admin → School setup screens (spec section 2), paths relative to the app root. */
export const adminRoutes: RouteObject[] = [
  { path: `${SCHOOL_SETUP_BASE}/school-details`, element: page(() => import('./pages/SchoolDetailsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/dashboard`, element: page(() => import('./pages/SchoolDashboardPage')) },
  { path: `${SCHOOL_SETUP_BASE}/school-division`, element: page(() => import('./pages/DivisionsPage')) },
  { path: `${SCHOOL_SETUP_BASE}/classes`, element: page(() => import('./pages/ClassesPage')) },
  { path: `${SCHOOL_SETUP_BASE}/staff`, element: page(() => import('./pages/StaffPage')) },
  // With the children catalogs: the page links to each child's record and lists the changes to review.
  { path: `${SCHOOL_SETUP_BASE}/students`, element: lazyPage(() => import('./pages/StudentsPage'), [ADMIN_NS, 'children']) },
  { path: `${SCHOOL_SETUP_BASE}/permissions/roles`, element: page(() => import('./pages/RolesPage')) },
  { path: `${SCHOOL_SETUP_BASE}/permissions/settings`, element: page(() => import('./pages/SchoolSettingsPage')) },
  // With the academic catalog: the audit trail's action names are shared with the academic setup's history.
  {
    path: `${SCHOOL_SETUP_BASE}/permissions/audit-log`,
    element: lazyPage(() => import('./pages/AuditLogPage'), [ADMIN_NS, 'academic']),
  },
  { path: `${SCHOOL_SETUP_BASE}/usage`, element: page(() => import('./pages/UsagePage')) },
  { path: `${SCHOOL_SETUP_BASE}/access-tokens`, element: page(() => import('./pages/AccessTokensPage')) },
  { path: `${SCHOOL_SETUP_BASE}/reports`, element: page(() => import('./pages/ReportsPage')) },
];
