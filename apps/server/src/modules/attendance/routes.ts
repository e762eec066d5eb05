import {
  ATTENDANCE_MESSAGES,
  attendanceDashboardQuerySchema,
  attendanceQuerySchema,
  bulkAttendanceRequestSchema,
  createExcusalRequestSchema,
  fetchChildExcusalRequestSchema,
  fullPresenceRequestSchema,
  idSchema,
  parentChildAttendanceRequestSchema,
  ROUTES,
  reportQuerySchema,
  saveAttendanceRequestSchema,
  updateExcusalRequestSchema,
} from '@cue/contract';
import { z } from 'zod';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const byId = z.object({ id: idSchema });

export function attendanceRoutes(route: Router, s: Services): void {
  route(ROUTES.classAttendance, { params: byId, querystring: attendanceQuerySchema }, async ({ auth, params, query }) => ({
    result: await s.attendance.forDay(auth, params.id, query.date),
  }));
  route(ROUTES.classAttendanceSave, { params: byId, body: saveAttendanceRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.attendance.save(auth, params.id, body),
    message: body.is_saved ? ATTENDANCE_MESSAGES.saved : 'Attendance saved',
  }));
  route(ROUTES.fullPresence, { body: fullPresenceRequestSchema }, async ({ auth, body }) => ({
    result: await s.attendance.fullPresence(auth, body.class_id, body.date),
  }));
  route(ROUTES.bulkAttendance, { params: byId, body: bulkAttendanceRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.attendance.bulk(auth, params.id, body),
    message: 'Attendance updated',
  }));
  for (const [def, period] of [
    [ROUTES.studentWeeklyAttendance, 'week'],
    [ROUTES.studentMonthlyAttendance, 'month'],
    [ROUTES.studentYearlyAttendance, 'year'],
  ] as const) {
    route(def, { params: byId, querystring: reportQuerySchema }, async ({ auth, params, query }) => ({
      result: await s.attendance.studentReport(auth, params.id, period, query),
    }));
  }
  route(ROUTES.attendanceDashboard, { querystring: attendanceDashboardQuerySchema }, async ({ auth, query }) => ({
    result: await s.attendance.dashboard(auth, query),
  }));
  route(ROUTES.attendanceExport, { querystring: attendanceDashboardQuerySchema }, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="attendance.csv"')
      .send(`\uFEFF${await s.attendance.exportCsv(auth, query)}`),
  );
  route(
    ROUTES.parentChildAttendance,
    { params: byId, body: parentChildAttendanceRequestSchema },
    async ({ auth, params, body }) => ({
      result: await s.attendance.forParent(auth, params.id, body.student_id, body.month),
    }),
  );
  route(ROUTES.createChildExcusal, { params: byId, body: createExcusalRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.excusals.create(auth, params.id, body),
    message: 'Absence reported',
  }));
  route(ROUTES.fetchChildExcusal, { params: byId, body: fetchChildExcusalRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.excusals.forParent(auth, params.id, body.student_id),
  }));
  route(ROUTES.classExcusals, { params: byId }, async ({ auth, params }) => ({
    result: await s.excusals.forClass(auth, params.id),
  }));
  route(ROUTES.classExcusalUpdate, { params: byId, body: updateExcusalRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.excusals.decide(auth, params.id, body.excusal_id, body.status),
    message: body.status === 'approved' ? 'Absence approved' : 'Absence declined',
  }));
}
