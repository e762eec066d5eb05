import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, idSchema } from '../common.js';

/** Statuses on the wire; NA is "not marked" (shown as Unassigned). */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused', 'NA'] as const;
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;
export const ATTENDANCE_MESSAGES = {
  saved: 'Attendance marked complete!',
  futureDate: 'Attendance cannot be marked for a future date',
  holiday: 'There is no attendance on a holiday',
  notInClass: 'is not a student of this class',
} as const;

export const attendanceEntrySchema = z.object({ student_id: idSchema, attendance_status: attendanceStatusSchema });
export const classAttendanceSchema = z.object({
  date: ddmmyyyySchema,
  student_attendance_list: z.array(attendanceEntrySchema),
  is_saved: z.boolean(),
  completed_by: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }).nullable(),
  completed_at: z.string().nullable(),
  holiday: z.object({ id: idSchema, title: z.string() }).nullable(),
  /**
   * What the caller may do with the day: mark it (not a holiday, not in the future), mark it complete
   * (open), reopen it (complete).
   */
  abilities: abilitiesSchema('can_edit', 'can_complete', 'can_reopen'),
});
export type ClassAttendance = z.infer<typeof classAttendanceSchema>;
export const attendanceQuerySchema = z.object({ date: ddmmyyyySchema.optional() });
export const saveAttendanceRequestSchema = z.object({
  date: ddmmyyyySchema,
  student_attendance_list: z.array(attendanceEntrySchema).max(500),
  is_saved: z.boolean().default(false),
});
export const fullPresenceRequestSchema = z.object({ class_id: idSchema, date: ddmmyyyySchema });
export const bulkAttendanceRequestSchema = z.object({
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  /** All students of the class when omitted. */
  student_ids: z.array(idSchema).max(500).optional(),
  attendance_status: attendanceStatusSchema,
});
export const bulkAttendanceResultSchema = z.object({
  days_updated: z.number().int(),
  students: z.number().int(),
  dates: z.array(ddmmyyyySchema),
});

// Reports for one student
export const studentAttendanceReportSchema = z.object({
  student_id: idSchema,
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  counts: z.record(attendanceStatusSchema, z.number().int()),
  school_days: z.number().int(),
  rate: z.number().nullable(),
  days: z.array(z.object({ date: ddmmyyyySchema, attendance_status: attendanceStatusSchema })),
});
export const reportQuerySchema = z.object({
  date: ddmmyyyySchema.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export type AttendanceReport = z.infer<typeof studentAttendanceReportSchema>;

// Attendance dashboard
const ratePointSchema = z.object({ period: z.string(), rate: z.number().nullable(), marks: z.number().int() });
export type RatePoint = z.infer<typeof ratePointSchema>;
export const attendanceDashboardSchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  today: z.object({
    date: ddmmyyyySchema,
    students: z.number().int(),
    present: z.number().int(),
    absent: z.number().int(),
    marked: z.number().int(),
    /** Over the marked children only: `unmarked_classes` says which classes it leaves out. */
    rate: z.number().nullable(),
    /** How many classes the view covers. */
    classes: z.number().int(),
    /** Classes of the view with no mark yet for the day (a class day, not a holiday). */
    unmarked_classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
  }),
  by_week: z.array(ratePointSchema),
  by_month: z.array(ratePointSchema),
  most_absences: z.array(
    z.object({
      student_id: idSchema,
      first_name: z.string(),
      last_name: z.string(),
      class_name: z.string(),
      absences: z.number().int(),
    }),
  ),
});
export type AttendanceDashboard = z.infer<typeof attendanceDashboardSchema>;
export const attendanceDashboardQuerySchema = z.object({
  class_id: idSchema.optional(),
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
});

// Excusals
export const EXCUSAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const createExcusalRequestSchema = z.object({
  student_id: idSchema,
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  reason: z.string().trim().min(1, 'Give a reason').max(1000),
});
export const fetchChildExcusalRequestSchema = z.object({ student_id: idSchema });
export const updateExcusalRequestSchema = z.object({ excusal_id: idSchema, status: z.enum(['approved', 'rejected']) });
export const excusalSchema = z.object({
  id: idSchema,
  student: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  class_id: idSchema,
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  reason: z.string(),
  status: z.enum(EXCUSAL_STATUSES),
  created_at: z.string(),
  decided_by: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }).nullable(),
});
export type Excusal = z.infer<typeof excusalSchema>;

// Parent view of a child's month
export const parentChildAttendanceRequestSchema = z.object({
  student_id: idSchema,
  /** A real month (01–12) of a year between 1900 and 2199: anything else would reach the database as a date. */
  month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(19|20|21)\d{2}$/, 'Use the format MM-YYYY')
    .optional(),
});

/** Realtime: the event sent to a class room when its attendance changes (preset code 1). */
export const ATTENDANCE_UPDATED_EVENT = 'attendance-updated';
export const PRESET_CODES = {
  attendanceMarked: 1,
  announcementCreated: 2,
  storyGenerated: 3,
  lessonAnalysisCompleted: 4,
  observationCreated: 5,
  unitsCreated: 6,
} as const;
