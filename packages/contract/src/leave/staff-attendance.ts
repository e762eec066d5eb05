import { z } from 'zod';
import { WEEKDAYS } from '../classes/schemas.js';
import { abilitiesSchema, ddmmyyyySchema, hhmmaSchema, hhmmSchema, idSchema, requiredText } from '../common.js';

/*
 * Staff attendance (issue 27): staff check in and out on the web or at the pick-up kiosk with their
 * staff code; arrivals later than their schedule are late; admins keep a daily register (leave days show
 * as leave, not absence) and read monthly reports with a CSV.
 */

export const STAFF_ATTENDANCE_MESSAGES = {
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  alreadyCheckedIn: 'You have already checked in today',
  notCheckedIn: 'Check in first',
  alreadyCheckedOut: 'You have already checked out today',
  scheduleSaved: 'Schedule saved',
  recordSaved: 'Attendance corrected',
  codeCreated: 'Staff code created',
  unknownCode: 'This staff code is not known here',
  outBeforeIn: 'The check-out is before the check-in',
  futureDay: 'A day in the future cannot be recorded',
} as const;

/**
 * present: checked in on time; late: after the schedule's start and its grace minutes; absent: a
 * scheduled working day with no check-in (once the day's start has passed); leave: approved leave
 * (a half day of leave with a check-in shows as present or late); holiday; day_off: not scheduled;
 * not_yet: scheduled today, start not passed.
 */
export const STAFF_DAY_STATUSES = ['present', 'late', 'absent', 'leave', 'holiday', 'day_off', 'not_yet'] as const;
export type StaffDayStatus = (typeof STAFF_DAY_STATUSES)[number];
export const STAFF_CHECK_SOURCES = ['web', 'kiosk', 'admin'] as const;

const person = z.object({ _id: idSchema, name: z.string() });

/** When a member of staff is expected: their days and hours, and minutes of grace before "late". */
export const staffScheduleSchema = z.object({
  staff: person,
  days: z.array(z.enum(WEEKDAYS)),
  start_time: hhmmSchema,
  end_time: hhmmSchema,
  grace_minutes: z.number().int().min(0).max(120),
  /** Whether a staff code for the kiosk has been made (the code itself is shown once). */
  has_code: z.boolean(),
});
export type StaffSchedule = z.infer<typeof staffScheduleSchema>;
export const staffScheduleRequestSchema = z
  .object({
    days: z.array(z.enum(WEEKDAYS)),
    start_time: hhmmSchema,
    end_time: hhmmSchema,
    grace_minutes: z.number().int().min(0).max(120).default(5),
  })
  .refine((s) => s.start_time < s.end_time, { message: 'The end is before the start', path: ['end_time'] });
export const staffCodeSchema = z.object({ staff: person, code: z.string() });

export const staffAttendanceRecordSchema = z.object({
  staff: person,
  date: ddmmyyyySchema,
  status: z.enum(STAFF_DAY_STATUSES),
  /** Times at the edge in the school's zone ("08:42 AM"). */
  check_in: hhmmaSchema.nullable(),
  check_out: hhmmaSchema.nullable(),
  check_in_source: z.enum(STAFF_CHECK_SOURCES).nullable(),
  late_minutes: z.number().int(),
  /** Minutes between check-in and check-out. */
  worked_minutes: z.number().int().nullable(),
  /** The expected hours of the day ("08:30–16:30"), null on a day off. */
  expected: z.object({ start: hhmmSchema, end: hhmmSchema }).nullable(),
  leave: z.object({ type: z.string(), portion: z.enum(['full', 'am', 'pm']) }).nullable(),
  note: z.string(),
  abilities: abilitiesSchema('correct'),
});
export type StaffAttendanceRecord = z.infer<typeof staffAttendanceRecordSchema>;

/** My day: today's record and what I can do. */
export const myStaffDaySchema = z.object({
  record: staffAttendanceRecordSchema,
  abilities: abilitiesSchema('check_in', 'check_out'),
});
export type MyStaffDay = z.infer<typeof myStaffDaySchema>;

export const staffRegisterQuerySchema = z.object({ date: ddmmyyyySchema.optional() });
export const staffRegisterSchema = z.object({
  date: ddmmyyyySchema,
  records: z.array(staffAttendanceRecordSchema),
  counts: z.record(z.enum(STAFF_DAY_STATUSES), z.number().int()),
});
export type StaffRegister = z.infer<typeof staffRegisterSchema>;

/** An admin's correction of one member's day (a forgotten check-out, a kiosk fault). */
export const staffRecordCorrectionSchema = z.object({
  date: ddmmyyyySchema,
  check_in: hhmmSchema.nullable(),
  check_out: hhmmSchema.nullable(),
  note: requiredText(500),
});

export const staffReportQuerySchema = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the format YYYY-MM'),
  staff_id: idSchema.optional(),
});
export const staffReportRowSchema = z.object({
  staff: person,
  scheduled_days: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  leave_days: z.number().multipleOf(0.5),
  late_minutes: z.number().int(),
  worked_minutes: z.number().int(),
});
export const staffReportSchema = z.object({
  month: z.string(),
  rows: z.array(staffReportRowSchema),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** The kiosk: a staff code checks its holder in, or out when already in. */
export const kioskStaffCheckSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Six digits'),
});
export const kioskStaffCheckResultSchema = z.object({
  staff: person,
  action: z.enum(['check_in', 'check_out']),
  time: hhmmaSchema,
  late_minutes: z.number().int(),
});
