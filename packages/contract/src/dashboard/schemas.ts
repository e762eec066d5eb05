import { z } from 'zod';
import { attendanceStatusSchema } from '../attendance/schemas.js';
import { ddmmyyyySchema, hhmmaSchema, idSchema } from '../common.js';
import { COMMUNICATION_TYPES } from '../communication/schemas.js';

/**
 * GET /api/dashboard/: the first page after sign-in, in one answer. A staff token gets the staff side
 * (today's attendance by class, what waits for the person, observations this week, Cue's running
 * tasks); a parent token gets today for each child. Dates are the school's today, 'DD-MM-YYYY'.
 */

const personSchema = z.object({ id: idSchema, first_name: z.string(), last_name: z.string() });

/**
 * Today's attendance of one class: `complete` (marked complete), `taken` (marks saved, not complete),
 * `not_taken` (nothing marked), `holiday` (a holiday in the calendar) or `no_class` (not one of the
 * class's days).
 */
export const DASHBOARD_ATTENDANCE_STATES = ['complete', 'taken', 'not_taken', 'holiday', 'no_class'] as const;
export type DashboardAttendanceState = (typeof DASHBOARD_ATTENDANCE_STATES)[number];

export const dashboardClassSchema = z.object({
  id: idSchema,
  class_name: z.string(),
  color: z.string(),
  student_count: z.number().int(),
  /** null when the school has attendance switched off. */
  attendance: z
    .object({
      state: z.enum(DASHBOARD_ATTENDANCE_STATES),
      /** Children with a mark today (present, late, absent or excused). */
      marked: z.number().int(),
      present: z.number().int(),
      late: z.number().int(),
      absent: z.number().int(),
      excused: z.number().int(),
      holiday: z.string().nullable(),
    })
    .nullable(),
  /** Reported absences of the class that wait for a decision. */
  excusals_pending: z.number().int(),
  /** Observations dated this week (Monday to today). */
  observations_this_week: z.number().int(),
  /** Children of the class with no observation this week. */
  without_observation: z.array(personSchema),
});
export type DashboardClass = z.infer<typeof dashboardClassSchema>;

export const dashboardExcusalSchema = z.object({
  id: idSchema,
  class_id: idSchema,
  class_name: z.string(),
  student: personSchema,
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  reason: z.string(),
});

export const dashboardCommunicationSchema = z.object({
  id: idSchema,
  type: z.enum(COMMUNICATION_TYPES),
  title: z.string(),
  /** Scheduled ones: when they go out (the school's time). */
  date: ddmmyyyySchema.nullable(),
  time: hhmmaSchema.nullable(),
});

export const dashboardTaskSchema = z.object({
  task_id: idSchema,
  command: z.string(),
  current_stage: z.string(),
  progress_level: z.number(),
  class_id: idSchema,
});

export const staffDashboardSchema = z.object({
  side: z.literal('staff'),
  date: ddmmyyyySchema,
  /** The first day the "this week" figures count (Monday). */
  week_from: ddmmyyyySchema,
  classes: z.array(dashboardClassSchema),
  excusals: z.array(dashboardExcusalSchema),
  drafts: z.array(dashboardCommunicationSchema),
  scheduled: z.array(dashboardCommunicationSchema),
  cue_tasks: z.array(dashboardTaskSchema),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

export const dashboardChildSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  date: ddmmyyyySchema,
  /** Today's mark (NA: not marked yet); null when today is no school day for the child. */
  attendance: attendanceStatusSchema.nullable(),
  /** Published to the child's classes and not opened yet by this parent. */
  new_announcements: z.number().int(),
  new_homework: z.number().int(),
  /** Observations shared with the family during the last seven days. */
  new_portfolio_items: z.number().int(),
});
export type DashboardChild = z.infer<typeof dashboardChildSchema>;

export const parentDashboardSchema = z.object({
  side: z.literal('parent'),
  children: z.array(dashboardChildSchema),
});
export type ParentDashboard = z.infer<typeof parentDashboardSchema>;

export const dashboardSchema = z.discriminatedUnion('side', [staffDashboardSchema, parentDashboardSchema]);
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ result: dashboardSchema });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** At most this many of each list (absences, drafts, scheduled) are sent; the page links to the rest. */
export const DASHBOARD_LIST_LIMIT = 10;
