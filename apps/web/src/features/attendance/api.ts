import {
  type AttendanceDashboard,
  type AttendanceReport,
  type CalendarEvent,
  type CalendarEventInput,
  type ClassAttendance,
  ROUTES,
} from '@cue/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';
import type { QueryOf } from '../../lib/http';
import { monthToWire, toWire } from './dates';

export type { AttendanceDashboard, AttendanceReport, CalendarEvent, CalendarEventInput };
export type RatePoint = AttendanceDashboard['by_week'][number];
const staff = { side: 'staff' } as const;

export type ReportPeriod = 'week' | 'month' | 'year';

export const attendanceKeys = {
  all: ['attendance'] as const,
  day: (classId: string, date: string) => ['attendance', 'day', classId, date] as const,
  classExcusals: (classId: string) => ['attendance', 'excusals', 'class', classId] as const,
  childExcusals: (classId: string, studentId: string) => ['attendance', 'excusals', 'child', classId, studentId] as const,
  childMonth: (classId: string, studentId: string, month: string) =>
    ['attendance', 'childMonth', classId, studentId, month] as const,
  report: (studentId: string, period: ReportPeriod, anchor: string) =>
    ['attendance', 'report', studentId, period, anchor] as const,
  student: (id: string) => ['attendance', 'student', id] as const,
  dashboard: (classId: string | null) => ['attendance', 'dashboard', classId ?? 'school'] as const,
  calendar: (from: string, to: string, classId: string | null) => ['attendance', 'calendar', from, to, classId] as const,
};

/** A class's day (GET /api/class_student_attendance/{id}?date=DD-MM-YYYY). */
export function useClassDay(classId: string | null, date: string) {
  return useQuery({
    queryKey: attendanceKeys.day(classId ?? '', date),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.classAttendance, { ...staff, params: { id: classId ?? '' }, query: { date: toWire(date) }, signal }),
    enabled: !!classId,
  });
}

export function useSaveDay(classId: string, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { student_attendance_list: ClassAttendance['student_attendance_list']; is_saved: boolean }) =>
      apiResult(ROUTES.classAttendanceSave, { ...staff, params: { id: classId }, body: { date: toWire(date), ...body } }),
    onSuccess: (day) => {
      client.setQueryData(attendanceKeys.day(classId, date), day);
      void client.invalidateQueries({ queryKey: ['attendance', 'dashboard'] });
    },
  });
}

export function useClassExcusals(classId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.classExcusals(classId ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.classExcusals, { ...staff, params: { id: classId ?? '' }, signal }),
    enabled: !!classId,
  });
}

export function useDecideExcusal(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { excusal_id: string; status: 'approved' | 'rejected' }) =>
      apiResult(ROUTES.classExcusalUpdate, { ...staff, params: { id: classId }, body }),
    onSuccess: () => invalidateClass(client, classId),
  });
}

/** After an excusal changes, the class's days (which show approved ones as excused) are stale too. */
const invalidateClass = (client: QueryClient, classId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: attendanceKeys.classExcusals(classId) }),
    client.invalidateQueries({ queryKey: ['attendance', 'day', classId] }),
  ]);

/** Parents: a child's month (POST /api/parent_child_attendance/{class_id}). */
export function useChildMonth(classId: string | null, studentId: string | null, month: string) {
  return useQuery({
    queryKey: attendanceKeys.childMonth(classId ?? '', studentId ?? '', month),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.parentChildAttendance, {
        params: { id: classId ?? '' },
        body: { student_id: studentId ?? '', month: monthToWire(month) },
        signal,
      }),
    enabled: !!classId && !!studentId,
  });
}

export function useChildExcusals(classId: string | null, studentId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.childExcusals(classId ?? '', studentId ?? ''),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.fetchChildExcusal, { params: { id: classId ?? '' }, body: { student_id: studentId ?? '' }, signal }),
    enabled: !!classId && !!studentId,
  });
}

export function useCreateExcusal(classId: string, studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { from_date: string; to_date: string; reason: string }) =>
      apiResult(ROUTES.createChildExcusal, {
        params: { id: classId },
        body: { student_id: studentId, from_date: toWire(body.from_date), to_date: toWire(body.to_date), reason: body.reason },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.childExcusals(classId, studentId) }),
  });
}

const REPORT_ROUTES = {
  week: ROUTES.studentWeeklyAttendance,
  month: ROUTES.studentMonthlyAttendance,
  year: ROUTES.studentYearlyAttendance,
} as const;

/** A child's week, month or year around a day (staff of the child's class, or its parents). */
export function useStudentReport(studentId: string, period: ReportPeriod, anchor: string) {
  return useQuery({
    queryKey: attendanceKeys.report(studentId, period, anchor),
    queryFn: ({ signal }) =>
      apiResult(REPORT_ROUTES[period], {
        params: { id: studentId },
        query: period === 'year' ? { year: anchor.slice(0, 4) } : { date: toWire(anchor) },
        signal,
      }),
  });
}

export function useStudent(studentId: string) {
  return useQuery({
    queryKey: attendanceKeys.student(studentId),
    queryFn: ({ signal }) => apiResult(ROUTES.studentDetail, { params: { id: studentId }, signal }),
    staleTime: 60_000,
  });
}

export function useAttendanceDashboard(classId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.dashboard(classId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.attendanceDashboard, { ...staff, query: { class_id: classId ?? undefined }, signal }),
    enabled,
  });
}

/** The CSV export's query for a class or the school. */
export const exportQuery = (classId: string | null): QueryOf<typeof ROUTES.attendanceExport> => ({
  class_id: classId ?? undefined,
});

/** Calendar events that overlap a range; staff see the school's and, with a class, that class's. */
export function useCalendar(from: string, to: string, classId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.calendar(from, to, classId),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.calendarList, { query: { from: toWire(from), to: toWire(to), class_id: classId ?? undefined }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CalendarEventInput }) => {
      const body = { ...input, start_date: toWire(input.start_date), end_date: toWire(input.end_date) };
      return id
        ? apiResult(ROUTES.calendarUpdate, { ...staff, params: { id }, body })
        : apiResult(ROUTES.calendarCreate, { ...staff, body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiResult(ROUTES.calendarDelete, { ...staff, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}
