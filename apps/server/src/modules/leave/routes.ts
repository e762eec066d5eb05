import { KIOSK_TOKEN_HEADER, LEAVE_MESSAGES, ROUTES, STAFF_ATTENDANCE_MESSAGES } from '@cue/contract';
import { attachmentDisposition, DOCUMENT_MAX_BYTES } from '../../platform/documents.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

/** The leave portal (issue 27). */
export function leaveRoutes(route: Router, s: Services): void {
  route(ROUTES.leaveSettings, async ({ auth }) => ({ result: await s.leave.settings(auth) }));
  route(ROUTES.leaveSettingsUpdate, async ({ auth, body }) => ({
    result: await s.leave.updateSettings(auth, body),
    message: LEAVE_MESSAGES.settingsSaved,
  }));
  route(ROUTES.leaveTypes, async ({ auth }) => ({ result: await s.leave.types(auth) }));
  route(ROUTES.leaveTypeCreate, async ({ auth, body }) => ({
    result: await s.leave.createType(auth, body),
    message: LEAVE_MESSAGES.typeCreated,
  }));
  route(ROUTES.leaveTypeUpdate, async ({ auth, params, body }) => ({
    result: await s.leave.updateType(auth, params.id, body),
    message: LEAVE_MESSAGES.typeSaved,
  }));
  route(ROUTES.leaveTypeArchive, async ({ auth, params }) => ({
    result: await s.leave.archiveType(auth, params.id, true),
    message: LEAVE_MESSAGES.typeSaved,
  }));
  route(ROUTES.leaveTypeRestore, async ({ auth, params }) => ({
    result: await s.leave.archiveType(auth, params.id, false),
    message: LEAVE_MESSAGES.typeSaved,
  }));
  route(ROUTES.lineManagers, async ({ auth }) => ({ result: await s.leave.lineManagers(auth) }));
  route(ROUTES.lineManagersUpdate, async ({ auth, body }) => ({
    result: await s.leave.saveLineManagers(auth, body),
    message: LEAVE_MESSAGES.managersSaved,
  }));
  route(ROUTES.myLeave, async ({ auth }) => ({ result: await s.leave.myLeave(auth) }));
  route(ROUTES.leaveBalances, async ({ auth, query }) => ({ result: await s.leave.balances(auth, query) }));
  route(ROUTES.leavePreview, async ({ auth, body }) => ({ result: await s.leave.preview(auth, body) }));
  route(ROUTES.leaveApply, async ({ auth, body }) => ({
    result: await s.leave.apply(auth, body),
    message: LEAVE_MESSAGES.applied,
  }));
  route(ROUTES.leaveRequests, async ({ auth, query }) => ({ result: await s.leave.list(auth, query) }));
  route(ROUTES.leaveRequestGet, async ({ auth, params }) => ({ result: await s.leave.detail(auth, params.id) }));
  route(ROUTES.leaveApprove, async ({ auth, params, body }) => ({
    result: await s.leave.decide(auth, params.id, 'approved', body.note),
    message: LEAVE_MESSAGES.approved,
  }));
  route(ROUTES.leaveDecline, async ({ auth, params, body }) => ({
    result: await s.leave.decide(auth, params.id, 'declined', body.note),
    message: LEAVE_MESSAGES.declined,
  }));
  route(ROUTES.leaveCancel, async ({ auth, params }) => ({
    result: await s.leave.cancel(auth, params.id),
    message: LEAVE_MESSAGES.cancelled,
  }));
  route(ROUTES.leaveDocumentAttach, async ({ auth, params, req }) => {
    const file = await readUpload(req, ROUTES.leaveDocumentAttach.upload, DOCUMENT_MAX_BYTES, 'The file is larger than 10 MB');
    return { result: await s.leave.attach(auth, params.id, file), message: LEAVE_MESSAGES.documentAttached };
  });
  route(ROUTES.leaveDocumentFile, async ({ auth, params, reply }) => {
    const file = await s.leave.document(auth, params.id);
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', attachmentDisposition(file.name))
      .send(file.bytes);
  });
  route(ROUTES.staffCalendar, async ({ auth, query }) => ({ result: await s.leave.staffCalendar(auth, query) }));
  route(ROUTES.leaveCover, async ({ auth, query }) => ({ result: await s.leave.cover(auth, query) }));
  route(ROUTES.leaveCoverAssign, async ({ auth, body }) => ({
    result: await s.leave.assignCover(auth, body),
    message: LEAVE_MESSAGES.coverSaved,
  }));
  route(ROUTES.classCover, async ({ auth, params, query }) => ({
    result: await s.leave.classCover(auth, params.id, query.date),
  }));
}

/** Staff attendance (issue 27): a member's own days, the register, the report, schedules, the kiosk's staff codes. */
export function staffAttendanceRoutes(route: Router, s: Services): void {
  const a = s.staffAttendance;
  route(ROUTES.myStaffAttendance, async ({ auth }) => ({ result: await a.mine(auth) }));
  route(ROUTES.staffCheckIn, async ({ auth }) => ({
    result: (await a.check(auth, auth.userId, 'in', 'web')).day,
    message: STAFF_ATTENDANCE_MESSAGES.checkedIn,
  }));
  route(ROUTES.staffCheckOut, async ({ auth }) => ({
    result: (await a.check(auth, auth.userId, 'out', 'web')).day,
    message: STAFF_ATTENDANCE_MESSAGES.checkedOut,
  }));
  route(ROUTES.staffCodeRenew, async ({ auth }) => ({
    result: { code: await a.renewCode(auth) },
    message: STAFF_ATTENDANCE_MESSAGES.codeRenewed,
  }));
  route(ROUTES.staffRegister, async ({ auth, query }) => ({ result: await a.register(auth, query.date) }));
  route(ROUTES.staffRegisterSave, async ({ auth, body }) => ({
    result: await a.correct(auth, body),
    message: STAFF_ATTENDANCE_MESSAGES.saved,
  }));
  route(ROUTES.staffAttendanceReport, async ({ auth, query }) => ({ result: await a.report(auth, query.month) }));
  route(ROUTES.staffAttendanceReportCsv, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="staff-attendance-${query.month}.csv"`)
      .send(`\uFEFF${await a.reportCsv(auth, query.month)}`),
  );
  route(ROUTES.staffSchedules, async ({ auth }) => ({ result: await a.schedules(auth) }));
  route(ROUTES.staffScheduleSave, async ({ auth, body }) => ({
    result: await a.saveSchedule(auth, body),
    message: STAFF_ATTENDANCE_MESSAGES.scheduleSaved,
  }));
  route(ROUTES.staffAttendanceSettingsSave, async ({ auth, body }) => ({
    result: await a.saveSettings(auth, body),
    message: STAFF_ATTENDANCE_MESSAGES.settingsSaved,
  }));
  route(ROUTES.kioskStaff, async ({ headers, body }) => {
    const value = headers[KIOSK_TOKEN_HEADER];
    const result = await s.kiosks.staff(typeof value === 'string' && value ? value : undefined, body.code);
    return {
      result,
      message: result.action === 'in' ? STAFF_ATTENDANCE_MESSAGES.checkedIn : STAFF_ATTENDANCE_MESSAGES.checkedOut,
    };
  });
}
