import { z } from 'zod';
import { byIdSchema, envelope, withMessage } from '../common.js';
import { kioskHeadersSchema } from '../dispersal/schemas.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';
import {
  coverAssignSchema,
  coverCandidateSchema,
  coverCandidatesQuerySchema,
  coverNeedSchema,
  coverQuerySchema,
  leaveApplySchema,
  leaveBalanceSchema,
  leaveBalancesQuerySchema,
  leaveDecisionRequestSchema,
  leaveDocumentSchema,
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
import {
  kioskStaffCheckResultSchema,
  kioskStaffCheckSchema,
  myStaffDaySchema,
  staffAttendanceRecordSchema,
  staffCodeSchema,
  staffRecordCorrectionSchema,
  staffRegisterQuerySchema,
  staffRegisterSchema,
  staffReportQuerySchema,
  staffReportSchema,
  staffScheduleRequestSchema,
  staffScheduleSchema,
} from './staff-attendance.js';

export const LEAVE_MANAGER = 'management.leave' as const;
export const STAFF_ATTENDANCE_MANAGER = 'management.staff_attendance' as const;

/** Any member of staff of a school with leave switched on (their own leave; approvals by relation). */
const member = { access: 'staff', feature: 'leave_management' } as const;
const manager = { access: 'staff', permission: LEAVE_MANAGER, feature: 'leave_management' } as const;
const attendee = { access: 'staff', feature: 'staff_attendance' } as const;
const register = { access: 'staff', permission: STAFF_ATTENDANCE_MANAGER, feature: 'staff_attendance' } as const;
const leaveType = { params: byIdSchema, resource: 'leave_type' } as const;
const request = { params: byIdSchema, resource: 'leave_request' } as const;

/**
 * The leave portal (issue 27). Every member of staff applies for and follows their own leave; a line
 * manager decides their team's requests; holders of management.leave keep the policy, see and decide
 * every request, the staff calendar and cover. Staff attendance: every member checks in and out;
 * holders of management.staff_attendance keep the register, schedules, codes and reports.
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
  leaveDocumentUpload: {
    method: 'POST',
    path: '/api/leave/documents',
    ...member,
    upload: 'file',
    response: envelope(leaveDocumentSchema),
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
  leaveDocument: {
    method: 'GET',
    path: '/api/leave/requests/:id/document',
    ...member,
    ...request,
    response: FILE_RESPONSE,
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
  // ------------------------------------------------------------------ calendar and cover
  staffCalendar: {
    method: 'GET',
    path: '/api/leave/calendar',
    ...manager,
    query: staffCalendarQuerySchema,
    response: envelope(staffCalendarSchema),
  },
  leaveCover: {
    method: 'GET',
    path: '/api/leave/cover',
    ...manager,
    query: coverQuerySchema,
    response: envelope(z.array(coverNeedSchema)),
  },
  leaveCoverCandidates: {
    method: 'GET',
    path: '/api/leave/cover/candidates',
    ...manager,
    query: coverCandidatesQuerySchema,
    response: envelope(z.array(coverCandidateSchema)),
  },
  leaveCoverAssign: {
    method: 'PUT',
    path: '/api/leave/cover',
    ...manager,
    body: coverAssignSchema,
    response: withMessage(coverNeedSchema),
  },
  // ------------------------------------------------------------------ staff attendance
  myStaffDay: { method: 'GET', path: '/api/staff_attendance/me', ...attendee, response: envelope(myStaffDaySchema) },
  staffCheckIn: {
    method: 'POST',
    path: '/api/staff_attendance/check_in',
    ...attendee,
    response: withMessage(myStaffDaySchema),
  },
  staffCheckOut: {
    method: 'POST',
    path: '/api/staff_attendance/check_out',
    ...attendee,
    response: withMessage(myStaffDaySchema),
  },
  staffRegister: {
    method: 'GET',
    path: '/api/staff_attendance/register',
    ...register,
    query: staffRegisterQuerySchema,
    response: envelope(staffRegisterSchema),
  },
  staffRecordCorrect: {
    method: 'PUT',
    path: '/api/staff_attendance/register/:id',
    ...register,
    params: byIdSchema,
    resource: 'staff',
    body: staffRecordCorrectionSchema,
    response: withMessage(staffAttendanceRecordSchema),
  },
  staffReport: {
    method: 'GET',
    path: '/api/staff_attendance/report',
    ...register,
    query: staffReportQuerySchema,
    response: envelope(staffReportSchema),
  },
  staffReportCsv: {
    method: 'GET',
    path: '/api/staff_attendance/report/csv',
    ...register,
    query: staffReportQuerySchema,
    response: FILE_RESPONSE,
  },
  staffSchedules: {
    method: 'GET',
    path: '/api/staff_attendance/schedules',
    ...register,
    response: envelope(z.array(staffScheduleSchema)),
  },
  staffScheduleUpdate: {
    method: 'PUT',
    path: '/api/staff_attendance/schedules/:id',
    ...register,
    params: byIdSchema,
    resource: 'staff',
    body: staffScheduleRequestSchema,
    response: withMessage(staffScheduleSchema),
  },
  staffCodeCreate: {
    method: 'POST',
    path: '/api/staff_attendance/codes/:id',
    ...register,
    params: byIdSchema,
    resource: 'staff',
    response: withMessage(staffCodeSchema),
  },
  kioskStaffCheck: {
    method: 'POST',
    path: '/api/kiosk/staff_check',
    access: 'public',
    headers: kioskHeadersSchema,
    body: kioskStaffCheckSchema,
    response: withMessage(kioskStaffCheckResultSchema),
  },
});
