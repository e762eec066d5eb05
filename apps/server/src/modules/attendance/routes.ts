import { ATTENDANCE_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function attendanceRoutes(route: Router, s: Services): void {
  route(ROUTES.classAttendance, async ({ auth, params, query }) => ({
    result: await s.attendance.forDay(auth, params.id, query.date),
  }));
  route(ROUTES.classAttendanceSave, async ({ auth, params, body }) => ({
    result: await s.attendance.save(auth, params.id, body),
    message: body.is_saved ? ATTENDANCE_MESSAGES.saved : 'Attendance saved',
  }));
  route(ROUTES.fullPresence, async ({ auth, body }) => ({
    result: await s.attendance.fullPresence(auth, body.class_id, body.date),
  }));
  route(ROUTES.bulkAttendance, async ({ auth, params, body }) => ({
    result: await s.attendance.bulk(auth, params.id, body),
    message: 'Attendance updated',
  }));
  for (const [def, period] of [
    [ROUTES.studentWeeklyAttendance, 'week'],
    [ROUTES.studentMonthlyAttendance, 'month'],
    [ROUTES.studentYearlyAttendance, 'year'],
  ] as const) {
    route(def, async ({ auth, params, query }) => ({
      result: await s.attendance.studentReport(auth, params.id, period, query),
    }));
  }
  route(ROUTES.attendanceDashboard, async ({ auth, query }) => ({
    result: await s.attendance.dashboard(auth, query),
  }));
  route(ROUTES.attendanceExport, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="attendance.csv"')
      .send(`\uFEFF${await s.attendance.exportCsv(auth, query)}`),
  );
  route(ROUTES.parentChildAttendance, async ({ auth, params, body }) => ({
    result: await s.attendance.forParent(auth, params.id, body.student_id, body.month),
  }));
  route(ROUTES.createChildExcusal, async ({ auth, params, body }) => ({
    result: await s.excusals.create(auth, params.id, body),
    message: 'Absence reported',
  }));
  route(ROUTES.fetchChildExcusal, async ({ auth, params, body }) => ({
    result: await s.excusals.forParent(auth, params.id, body.student_id),
  }));
  route(ROUTES.classExcusals, async ({ auth, params }) => ({
    result: await s.excusals.forClass(auth, params.id),
  }));
  route(ROUTES.classExcusalUpdate, async ({ auth, params, body }) => ({
    result: await s.excusals.decide(auth, params.id, body.excusal_id, body.status),
    message: body.status === 'approved' ? 'Absence approved' : 'Absence declined',
  }));
}
