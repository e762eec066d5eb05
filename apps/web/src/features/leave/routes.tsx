import { PAGE_PATHS } from '@cue/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { LEAVE_NS } from './i18n';

const rel = (path: string) => path.slice(1).replace(/\/$/, '');
const page = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [LEAVE_NS]);

/** The leave portal's pages (issue 27); their code and catalog load on first visit. */
export const leaveRoutes: RouteObject[] = [
  { path: rel(PAGE_PATHS.myLeave), element: page(() => import('./pages/MyLeavePage')) },
  { path: rel(PAGE_PATHS.staffLeave), element: page(() => import('./pages/MyLeavePage')) },
  { path: rel(PAGE_PATHS.leaveRequests), element: page(() => import('./pages/LeaveRequestsPage')) },
  { path: rel(PAGE_PATHS.leaveRequest), element: page(() => import('./pages/LeaveRequestPage')) },
  { path: rel(PAGE_PATHS.leavePolicy), element: page(() => import('./pages/LeavePolicyPage')) },
  { path: rel(PAGE_PATHS.staffCalendar), element: page(() => import('./pages/StaffCalendarPage')) },
  { path: rel(PAGE_PATHS.staffAttendance), element: page(() => import('./pages/StaffAttendancePage')) },
];
