import { type AttendanceStatus, type ClassAttendance, type Excusal, ROUTES, type Student } from '@cue/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../lib/api';
import type { Route } from '../../lib/http';
import { monthToWire, toWire } from './dates';

const result = async <T>(route: Route, options: RequestOptions = {}) => (await apiRequest<{ result: T }>(route, options)).result;

/** A route with a query string (the API client fills path parameters; the query goes on the path). */
const withQuery = (route: Route, query: Record<string, string | undefined>): Route => {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  const text = params.toString();
  return text ? { ...route, path: `${route.path}?${text}` } : route;
};

// Shapes the contract describes with zod only.
export interface AttendanceReport {
  student_id: string;
  from: string;
  to: string;
  counts: Record<AttendanceStatus, number>;
  school_days: number;
  rate: number | null;
  days: { date: string; attendance_status: AttendanceStatus }[];
}
export interface RatePoint {
  period: string;
  rate: number | null;
  marks: number;
}
export interface AttendanceDashboard {
  from: string;
  to: string;
  today: { date: string; students: number; present: number; absent: number; marked: number; rate: number | null };
  by_week: RatePoint[];
  by_month: RatePoint[];
  most_absences: { student_id: string; first_name: string; last_name: string; class_name: string; absences: number }[];
}
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  class_id: string | null;
  class_name: string | null;
  is_holiday: boolean;
  created_by: string;
  can_edit: boolean;
}
export interface CalendarEventInput {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  class_id: string | null;
  is_holiday: boolean;
}
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
      result<ClassAttendance>(withQuery(ROUTES.classAttendance, { date: toWire(date) }), {
        params: { id: classId ?? '' },
        side: 'staff',
        signal,
      }),
    enabled: !!classId,
  });
}

export function useSaveDay(classId: string, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { student_attendance_list: ClassAttendance['student_attendance_list']; is_saved: boolean }) =>
      result<ClassAttendance>(ROUTES.classAttendanceSave, {
        params: { id: classId },
        body: { date: toWire(date), ...body },
        side: 'staff',
      }),
    onSuccess: (day) => {
      client.setQueryData(attendanceKeys.day(classId, date), day);
      void client.invalidateQueries({ queryKey: ['attendance', 'dashboard'] });
    },
  });
}

export function useClassExcusals(classId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.classExcusals(classId ?? ''),
    queryFn: ({ signal }) => result<Excusal[]>(ROUTES.classExcusals, { params: { id: classId ?? '' }, side: 'staff', signal }),
    enabled: !!classId,
  });
}

export function useDecideExcusal(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { excusal_id: string; status: 'approved' | 'rejected' }) =>
      result<Excusal>(ROUTES.classExcusalUpdate, { params: { id: classId }, body, side: 'staff' }),
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
      result<AttendanceReport>(ROUTES.parentChildAttendance, {
        params: { id: classId ?? '' },
        body: { student_id: studentId, month: monthToWire(month) },
        signal,
      }),
    enabled: !!classId && !!studentId,
  });
}

export function useChildExcusals(classId: string | null, studentId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.childExcusals(classId ?? '', studentId ?? ''),
    queryFn: ({ signal }) =>
      result<Excusal[]>(ROUTES.fetchChildExcusal, { params: { id: classId ?? '' }, body: { student_id: studentId }, signal }),
    enabled: !!classId && !!studentId,
  });
}

export function useCreateExcusal(classId: string, studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { from_date: string; to_date: string; reason: string }) =>
      result<Excusal>(ROUTES.createChildExcusal, {
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
      result<AttendanceReport>(
        withQuery(REPORT_ROUTES[period], period === 'year' ? { year: anchor.slice(0, 4) } : { date: toWire(anchor) }),
        { params: { id: studentId }, signal },
      ),
  });
}

export function useStudent(studentId: string) {
  return useQuery({
    queryKey: attendanceKeys.student(studentId),
    queryFn: ({ signal }) => result<Student>(ROUTES.studentDetail, { params: { id: studentId }, signal }),
    staleTime: 60_000,
  });
}

export function useAttendanceDashboard(classId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.dashboard(classId),
    queryFn: ({ signal }) =>
      result<AttendanceDashboard>(withQuery(ROUTES.attendanceDashboard, { class_id: classId ?? undefined }), {
        side: 'staff',
        signal,
      }),
    enabled,
  });
}

/** The CSV export's route for a class or the school. */
export const exportRoute = (classId: string | null): Route =>
  withQuery(ROUTES.attendanceExport, { class_id: classId ?? undefined });

/** Calendar events that overlap a range; staff see the school's and, with a class, that class's. */
export function useCalendar(from: string, to: string, classId: string | null) {
  return useQuery({
    queryKey: attendanceKeys.calendar(from, to, classId),
    queryFn: ({ signal }) =>
      result<CalendarEvent[]>(
        withQuery(ROUTES.calendarList, { from: toWire(from), to: toWire(to), class_id: classId ?? undefined }),
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CalendarEventInput }) => {
      const body = { ...input, start_date: toWire(input.start_date), end_date: toWire(input.end_date) };
      return id
        ? result<CalendarEvent>(ROUTES.calendarUpdate, { params: { id }, body, side: 'staff' })
        : result<CalendarEvent>(ROUTES.calendarCreate, { body, side: 'staff' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => result<boolean>(ROUTES.calendarDelete, { params: { id }, side: 'staff' }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}
