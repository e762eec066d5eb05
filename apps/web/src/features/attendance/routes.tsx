import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ATT_NS } from './i18n';

/** A page's code and its catalogs load together on first visit (the admin catalog holds the shared table and form words). */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [ATT_NS, 'admin']);

/** The attendance screens, paths relative to the app root. */
export const attendanceRoutes: RouteObject[] = [
  { path: 'housekeeping/attendance', element: page(() => import('./pages/AttendancePage')) },
  { path: 'housekeeping/attendance/student/:id', element: page(() => import('./pages/StudentReportPage')) },
  { path: 'housekeeping/attendance-dashboard', element: page(() => import('./pages/AttendanceDashboardPage')) },
  { path: 'housekeeping/calendar', element: page(() => import('./pages/CalendarPage')) },
];
