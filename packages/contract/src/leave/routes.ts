import { z } from 'zod';
import { byIdSchema, envelope, withMessage } from '../common.js';
import { kioskHeadersSchema } from '../dispersal/schemas.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';
import {
  classCoverQuerySchema,
  coverAssignSchema,
  coverDaySchema,
  coverListSchema,
  coverQuerySchema,
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
import {
  kioskStaffRequestSchema,
  kioskStaffResultSchema,
  myStaffAttendanceSchema,
  staffAttendanceSettingsRequestSchema,
  staffAttendanceSettingsSchema,
  staffCodeSchema,
  staffDaySchema,
  staffRegisterQuerySchema,
  staffRegisterSaveSchema,
  staffRegisterSchema,
  staffReportQuerySchema,
  staffReportSchema,
  staffScheduleRequestSchema,
  staffSchedulesSchema,
} from './staff-attendance.js';

export const LEAVE_MANAGER = 'management.leave' as const;
export const STAFF_ATTENDANCE_MANAGER = 'management.staff_attendance' as const;

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
  /** The applicant attaches (or replaces) the request's document: PDF, JPEG, PNG, HEIC or DOCX, 10 MB at most. */
  leaveDocumentAttach: {
    method: 'POST',
    path: '/api/leave/requests/:id/document',
    ...member,
    ...request,
    upload: 'file',
    response: withMessage(leaveRequestDetailSchema),
  },
  leaveDocumentFile: {
    method: 'GET',
    path: '/api/leave/requests/:id/document',
    ...member,
    ...request,
    response: FILE_RESPONSE,
  },
  // ------------------------------------------------------------------ calendar
  staffCalendar: {
    method: 'GET',
    path: '/api/leave/calendar',
    ...manager,
    query: staffCalendarQuerySchema,
    response: envelope(staffCalendarSchema),
  },
  // ------------------------------------------------------------------ cover
  leaveCover: {
    method: 'GET',
    path: '/api/leave/cover',
    ...manager,
    query: coverQuerySchema,
    response: envelope(coverListSchema),
  },
  leaveCoverAssign: {
    method: 'PUT',
    path: '/api/leave/cover',
    ...manager,
    body: coverAssignSchema,
    response: withMessage(coverDaySchema),
  },
  /** A class's teachers away on a day and who covers them, for anyone who reaches the class. */
  classCover: {
    method: 'GET',
    path: '/api/leave/cover/classes/:id',
    ...member,
    params: byIdSchema,
    resource: 'class',
    query: classCoverQuerySchema,
    response: envelope(z.array(coverDaySchema)),
  },
});

/** Anyone on the staff of a school with staff attendance on (their own days). */
const staffMember = { access: 'staff', feature: 'staff_attendance' } as const;
const attendanceManager = { access: 'staff', permission: STAFF_ATTENDANCE_MANAGER, feature: 'staff_attendance' } as const;

/**
 * Staff attendance (issue 27). Each member checks in and out and reads their own days and kiosk code;
 * holders of management.staff_attendance keep the schedules, read and correct the daily register and
 * read the monthly report. A kiosk checks a member in or out by their staff code (no sign-in: the
 * kiosk's token, at its own school only).
 */
export const STAFF_ATTENDANCE_ROUTES = routeTable({
  myStaffAttendance: {
    method: 'GET',
    path: '/api/staff_attendance/me',
    ...staffMember,
    response: envelope(myStaffAttendanceSchema),
  },
  staffCheckIn: {
    method: 'POST',
    path: '/api/staff_attendance/check_in',
    ...staffMember,
    response: withMessage(staffDaySchema),
  },
  staffCheckOut: {
    method: 'POST',
    path: '/api/staff_attendance/check_out',
    ...staffMember,
    response: withMessage(staffDaySchema),
  },
  staffCodeRenew: {
    method: 'POST',
    path: '/api/staff_attendance/me/code',
    ...staffMember,
    response: withMessage(staffCodeSchema),
  },
  staffRegister: {
    method: 'GET',
    path: '/api/staff_attendance/register',
    ...attendanceManager,
    query: staffRegisterQuerySchema,
    response: envelope(staffRegisterSchema),
  },
  staffRegisterSave: {
    method: 'PUT',
    path: '/api/staff_attendance/register',
    ...attendanceManager,
    body: staffRegisterSaveSchema,
    response: withMessage(staffDaySchema),
  },
  staffAttendanceReport: {
    method: 'GET',
    path: '/api/staff_attendance/report',
    ...attendanceManager,
    query: staffReportQuerySchema,
    response: envelope(staffReportSchema),
  },
  staffAttendanceReportCsv: {
    method: 'GET',
    path: '/api/staff_attendance/report/csv',
    ...attendanceManager,
    query: staffReportQuerySchema,
    response: FILE_RESPONSE,
  },
  staffSchedules: {
    method: 'GET',
    path: '/api/staff_attendance/schedules',
    ...attendanceManager,
    response: envelope(staffSchedulesSchema),
  },
  staffScheduleSave: {
    method: 'PUT',
    path: '/api/staff_attendance/schedules',
    ...attendanceManager,
    body: staffScheduleRequestSchema,
    response: withMessage(staffSchedulesSchema),
  },
  staffAttendanceSettingsSave: {
    method: 'PUT',
    path: '/api/staff_attendance/settings',
    ...attendanceManager,
    body: staffAttendanceSettingsRequestSchema,
    response: withMessage(staffAttendanceSettingsSchema),
  },
  kioskStaff: {
    method: 'POST',
    path: '/api/kiosk/staff',
    access: 'public',
    headers: kioskHeadersSchema,
    body: kioskStaffRequestSchema,
    response: withMessage(kioskStaffResultSchema),
  },
});
