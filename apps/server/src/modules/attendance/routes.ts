import { ATTENDANCE_MESSAGES, ROUTES } from '@cue/contract';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The wire's DD-MM-YYYY becomes ISO here, at the edge; the services work with ISO dates. */
export function attendanceRoutes(route: Router, s: Services): void {
  route(ROUTES.classAttendance, async ({ auth, params, query }) => ({
    result: await s.attendance.forDay(auth, params.id, optionalIso(query.date)),
  }));
  route(ROUTES.classAttendanceSave, async ({ auth, params, body }) => ({
    result: await s.attendance.save(auth, params.id, { ...body, date: isoFromWire(body.date) }),
    message: body.is_saved ? ATTENDANCE_MESSAGES.saved : 'Attendance saved',
  }));
  route(ROUTES.fullPresence, async ({ auth, body }) => ({
    result: await s.attendance.fullPresence(auth, body.class_id, isoFromWire(body.date)),
  }));
  route(ROUTES.bulkAttendance, async ({ auth, params, body }) => ({
    result: await s.attendance.bulk(auth, params.id, {
      from: isoFromWire(body.from_date, 'from_date'),
      to: isoFromWire(body.to_date, 'to_date'),
      student_ids: body.student_ids,
      attendance_status: body.attendance_status,
    }),
    message: 'Attendance updated',
  }));
  for (const [def, period] of [
    [ROUTES.studentWeeklyAttendance, 'week'],
    [ROUTES.studentMonthlyAttendance, 'month'],
    [ROUTES.studentYearlyAttendance, 'year'],
  ] as const) {
    route(def, async ({ auth, params, query }) => ({
      result: await s.attendance.studentReport(auth, params.id, period, { ...query, date: optionalIso(query.date) }),
    }));
  }
  route(ROUTES.attendanceDashboard, async ({ auth, query }) => ({
    result: await s.attendance.dashboard(auth, {
      class_id: query.class_id,
      from: optionalIso(query.from, 'from'),
      to: optionalIso(query.to, 'to'),
    }),
  }));
  route(ROUTES.attendanceExport, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="attendance.csv"')
      .send(
        `\uFEFF${await s.attendance.exportCsv(auth, {
          class_id: query.class_id,
          from: optionalIso(query.from, 'from'),
          to: optionalIso(query.to, 'to'),
        })}`,
      ),
  );
  route(ROUTES.parentChildAttendance, async ({ auth, params, body }) => ({
    // 'MM-YYYY' → 'YYYY-MM'
    result: await s.attendance.forParent(
      auth,
      params.id,
      body.student_id,
      body.month ? `${body.month.slice(3)}-${body.month.slice(0, 2)}` : undefined,
    ),
  }));
  route(ROUTES.createChildExcusal, async ({ auth, params, body }) => ({
    result: await s.excusals.create(auth, params.id, {
      student_id: body.student_id,
      from: isoFromWire(body.from_date, 'from_date'),
      to: isoFromWire(body.to_date, 'to_date'),
      reason: body.reason,
    }),
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
