import { LEAVE_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

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
  route(ROUTES.staffCalendar, async ({ auth, query }) => ({ result: await s.leave.staffCalendar(auth, query) }));
}
