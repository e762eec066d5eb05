import { z } from 'zod';
import { byIdSchema, envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  leaveApplySchema,
  leaveBalanceSchema,
  leaveBalancesQuerySchema,
  leaveDecisionRequestSchema,
  leaveListQuerySchema,
  leavePreviewSchema,
  leaveRequestDetailSchema,
  leaveRequestPageSchema,
  leaveSettingsRequestSchema,
  leaveSettingsSchema,
  leaveTypeRequestSchema,
  leaveTypeSchema,
  lineManagersRequestSchema,
  lineManagersSchema,
  myLeaveSchema,
  staffCalendarQuerySchema,
  staffCalendarSchema,
} from './leave.js';

export const LEAVE_MANAGER = 'management.leave' as const;

/** Any member of staff of a school with leave switched on (their own leave; approvals by relation). */
const member = { access: 'staff', feature: 'leave_management' } as const;
const manager = { access: 'staff', permission: LEAVE_MANAGER, feature: 'leave_management' } as const;
const leaveType = { params: byIdSchema, resource: 'leave_type' } as const;
const request = { params: byIdSchema, resource: 'leave_request' } as const;

/**
 * The leave portal (issue 27). Every member of staff applies for and follows their own leave; a line
 * manager decides their team's requests; holders of management.leave keep the policy, see and decide
 * every request, and read the staff calendar.
 */
export const LEAVE_ROUTES = routeTable({
  // ------------------------------------------------------------------ policy
  leaveSettings: { method: 'GET', path: '/api/leave/settings', ...manager, response: envelope(leaveSettingsSchema) },
  leaveSettingsUpdate: {
    method: 'PUT',
    path: '/api/leave/settings',
    ...manager,
    body: leaveSettingsRequestSchema,
    response: withMessage(leaveSettingsSchema),
  },
  leaveTypes: { method: 'GET', path: '/api/leave/types', ...member, response: envelope(z.array(leaveTypeSchema)) },
  leaveTypeCreate: {
    method: 'POST',
    path: '/api/leave/types',
    ...manager,
    body: leaveTypeRequestSchema,
    response: withMessage(leaveTypeSchema),
  },
  leaveTypeUpdate: {
    method: 'PUT',
    path: '/api/leave/types/:id',
    ...manager,
    ...leaveType,
    body: leaveTypeRequestSchema,
    response: withMessage(leaveTypeSchema),
  },
  leaveTypeArchive: {
    method: 'POST',
    path: '/api/leave/types/:id/archive',
    ...manager,
    ...leaveType,
    response: withMessage(leaveTypeSchema),
  },
  leaveTypeRestore: {
    method: 'POST',
    path: '/api/leave/types/:id/restore',
    ...manager,
    ...leaveType,
    response: withMessage(leaveTypeSchema),
  },
  lineManagers: { method: 'GET', path: '/api/leave/line_managers', ...manager, response: envelope(lineManagersSchema) },
  lineManagersUpdate: {
    method: 'PUT',
    path: '/api/leave/line_managers',
    ...manager,
    body: lineManagersRequestSchema,
    response: withMessage(lineManagersSchema),
  },
  // ------------------------------------------------------------------ my leave
  myLeave: { method: 'GET', path: '/api/leave/me', ...member, response: envelope(myLeaveSchema) },
  leaveBalances: {
    method: 'GET',
    path: '/api/leave/balances',
    ...member,
    query: leaveBalancesQuerySchema,
    response: envelope(z.array(leaveBalanceSchema)),
  },
  leavePreview: {
    method: 'POST',
    path: '/api/leave/requests/preview',
    ...member,
    body: leaveApplySchema,
    response: envelope(leavePreviewSchema),
  },
  leaveApply: {
    method: 'POST',
    path: '/api/leave/requests',
    ...member,
    body: leaveApplySchema,
    response: withMessage(leaveRequestDetailSchema),
  },
  // ------------------------------------------------------------------ requests
  leaveRequests: {
    method: 'GET',
    path: '/api/leave/requests',
    ...member,
    query: leaveListQuerySchema,
    response: envelope(leaveRequestPageSchema),
  },
  leaveRequestGet: {
    method: 'GET',
    path: '/api/leave/requests/:id',
    ...member,
    ...request,
    response: envelope(leaveRequestDetailSchema),
  },
  leaveApprove: {
    method: 'POST',
    path: '/api/leave/requests/:id/approve',
    ...member,
    ...request,
    body: leaveDecisionRequestSchema,
    response: withMessage(leaveRequestDetailSchema),
  },
  leaveDecline: {
    method: 'POST',
    path: '/api/leave/requests/:id/decline',
    ...member,
    ...request,
    body: leaveDecisionRequestSchema,
    response: withMessage(leaveRequestDetailSchema),
  },
  leaveCancel: {
    method: 'POST',
    path: '/api/leave/requests/:id/cancel',
    ...member,
    ...request,
    response: withMessage(leaveRequestDetailSchema),
  },
  // ------------------------------------------------------------------ calendar
  staffCalendar: {
    method: 'GET',
    path: '/api/leave/calendar',
    ...manager,
    query: staffCalendarQuerySchema,
    response: envelope(staffCalendarSchema),
  },
});
