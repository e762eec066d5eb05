import { z } from 'zod';
import { WEEKDAYS } from '../classes/schemas.js';
import { ddmmyyyySchema, hhmmaSchema, hhmmSchema, idSchema } from '../common.js';

/*
 * Staff attendance (issue 27): members of staff check in and out on the web or at the school's pick-up
 * kiosk with their own staff code; each has a weekly schedule (the school's default hours on its working
 * days unless set), a check-in after the start plus the grace minutes is late; admins read a daily
 * register (approved leave shows as leave, holidays and days off as such, never as absence), correct it
 * with a note, and read a monthly report with its CSV.
 *
 * Times on the wire are 'hh:mm A' on the school's clock; schedule times are 'HH:MM'; months 'MM-YYYY'.
 */

export const STAFF_ATTENDANCE_MESSAGES = {
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  alreadyIn: 'You have already checked in today',
  notIn: 'Check in before checking out',
  alreadyOut: 'You have already checked out today',
  webOff: 'Check in at the kiosk with your staff code',
  saved: 'Attendance saved',
  scheduleSaved: 'Schedule saved',
  settingsSaved: 'Staff attendance settings saved',
  codeRenewed: 'Your new staff code is ready',
  outBeforeIn: 'The check-out is before the check-in',
  endBeforeStart: 'The end of the day is before its start',
  futureDay: 'Attendance cannot be recorded for a day still to come',
  codeInvalid: 'This staff code is not known here',
} as const;

export const STAFF_DAY_STATUSES = ['present', 'late', 'absent', 'expected', 'leave', 'holiday', 'off'] as const;
export type StaffDayStatus = (typeof STAFF_DAY_STATUSES)[number];
export const CHECK_VIAS = ['web', 'kiosk', 'admin'] as const;

const person = z.object({ _id: idSchema, name: z.string() });
/** 'MM-YYYY'. */
export const monthWireSchema = z.string().regex(/^(0[1-9]|1[0-2])-\d{4}$/, 'Use the format MM-YYYY');

export const staffAttendanceSettingsSchema = z.object({
  /** The default working hours of members without their own schedule. */
  day_start: hhmmSchema,
  day_end: hhmmSchema,
  /** A check-in this many minutes after the start is still on time. */
  grace_minutes: z.number().int().min(0).max(240),
  /** Whether members may check themselves in on the web (else only at a kiosk or by an admin). */
  web_check_in: z.boolean(),
});
export type StaffAttendanceSettings = z.infer<typeof staffAttendanceSettingsSchema>;
export const staffAttendanceSettingsRequestSchema = staffAttendanceSettingsSchema.partial();

export const staffScheduleDaySchema = z.object({ weekday: z.enum(WEEKDAYS), start: hhmmSchema, end: hhmmSchema });
export type StaffScheduleDay = z.infer<typeof staffScheduleDaySchema>;

export const staffScheduleSchema = z.object({
  staff: person,
  role: z.string(),
  /** Their own schedule, or the school's default hours on its working days. */
  custom: z.boolean(),
  days: z.array(staffScheduleDaySchema),
  /** Whether they have a kiosk staff code. */
  has_code: z.boolean(),
});
export const staffSchedulesSchema = z.object({
  settings: staffAttendanceSettingsSchema,
  staff: z.array(staffScheduleSchema),
});
export const staffScheduleRequestSchema = z.object({
  staff_id: idSchema,
  /** null goes back to the school's default hours. */
  days: z.array(staffScheduleDaySchema).max(7).nullable(),
});

/** One member's day: their hours, what they did and what it counts as. */
export const staffDaySchema = z.object({
  staff: person,
  role: z.string(),
  date: ddmmyyyySchema,
  status: z.enum(STAFF_DAY_STATUSES),
  /** Their hours that day, when it is one of their days. */
  start: hhmmaSchema.nullable(),
  end: hhmmaSchema.nullable(),
  check_in: hhmmaSchema.nullable(),
  check_out: hhmmaSchema.nullable(),
  check_in_via: z.enum(CHECK_VIAS).nullable(),
  check_out_via: z.enum(CHECK_VIAS).nullable(),
  late_minutes: z.number().int().nullable(),
  /** Minutes between check-in and check-out. */
  worked_minutes: z.number().int().nullable(),
  /** Approved leave that day: its type and whether whole or half. */
  leave: z.object({ name: z.string(), code: z.string(), color: z.string(), portion: z.enum(['full', 'am', 'pm']) }).nullable(),
  holiday: z.string().nullable(),
  note: z.string(),
});
export type StaffDay = z.infer<typeof staffDaySchema>;

export const myStaffAttendanceSchema = z.object({
  today: staffDaySchema,
  web_check_in: z.boolean(),
  /** The member's kiosk code, to type at the school's kiosk; null until made. */
  code: z.string().nullable(),
  /** Their last 14 days. */
  recent: z.array(staffDaySchema),
});
export type MyStaffAttendance = z.infer<typeof myStaffAttendanceSchema>;

export const staffRegisterQuerySchema = z.object({ date: ddmmyyyySchema });
export const staffRegisterSchema = z.object({
  date: ddmmyyyySchema,
  holiday: z.string().nullable(),
  counts: z.record(z.enum(STAFF_DAY_STATUSES), z.number().int()),
  staff: z.array(staffDaySchema),
});
export type StaffRegister = z.infer<typeof staffRegisterSchema>;

export const staffRegisterSaveSchema = z.object({
  staff_id: idSchema,
  date: ddmmyyyySchema,
  check_in: hhmmaSchema.nullable(),
  check_out: hhmmaSchema.nullable(),
  note: z.string().trim().min(1).max(500),
});

export const staffReportQuerySchema = z.object({ month: monthWireSchema });
export const staffReportRowSchema = z.object({
  staff: person,
  role: z.string(),
  /** Days they were expected (their days, less holidays). */
  scheduled: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  late_minutes: z.number().int(),
  absent: z.number().int(),
  /** Approved leave on their days, in steps of half a day. */
  leave: z.number().multipleOf(0.5),
  worked_minutes: z.number().int(),
});
export const staffReportSchema = z.object({
  month: monthWireSchema,
  from: ddmmyyyySchema,
  to: ddmmyyyySchema,
  rows: z.array(staffReportRowSchema),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

export const staffCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/) });

/** A staff code typed at a kiosk: checks in, or out when already in. */
export const kioskStaffRequestSchema = z.object({ code: z.string().trim().min(1).max(20) });
export const kioskStaffResultSchema = z.object({
  staff: person,
  action: z.enum(['in', 'out']),
  time: hhmmaSchema,
  late_minutes: z.number().int().nullable(),
});
