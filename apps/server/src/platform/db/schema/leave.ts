import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './people.js';
import { schoolRef } from './school-ref.js';

/*
 * The leave portal (issue 27). Leave is counted in integer half-days (a day is 2);
 * each counted working day of a request is a row of leave_request_days, so the calendar, the ratio check,
 * overlaps and cover read days, never expand ranges.
 */

// ------------------------------------------------------------------ policy

export const leaveSettings = pgTable('leave_settings', {
  schoolId: schoolRef().primaryKey(),
  workingDays: jsonb('working_days')
    .$type<string[]>()
    .notNull()
    .default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
  yearStartMonth: integer('year_start_month').notNull().default(1),
  childrenPerAdult: integer('children_per_adult').notNull().default(8),
  updatedAt: updatedAt(),
});

export const leaveTypes = pgTable(
  'leave_types',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    name: text('name').notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#4c6ef5'),
    /** Half-days a year. */
    yearlyQuota: integer('yearly_quota').notNull(),
    accrual: varchar('accrual', { length: 8 }).notNull().default('upfront'),
    /** Half-days. */
    carryOverLimit: integer('carry_over_limit').notNull().default(0),
    requiresApproval: boolean('requires_approval').notNull().default(true),
    adminApproval: boolean('admin_approval').notNull().default(false),
    halfDays: boolean('half_days').notNull().default(true),
    allowNegative: boolean('allow_negative').notNull().default(false),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('leave_types_school_idx').on(t.schoolId, t.position)],
);

/** Who decides a member's leave first. */
export const leaveLineManagers = pgTable(
  'leave_line_managers',
  {
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    managerId: id('manager_id')
      .notNull()
      .references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.staffId] }), index('leave_line_managers_manager_idx').on(t.schoolId, t.managerId)],
);

// ------------------------------------------------------------------ requests

export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    leaveTypeId: id('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startPortion: varchar('start_portion', { length: 4 }).notNull().default('full'),
    endPortion: varchar('end_portion', { length: 4 }).notNull().default('full'),
    /** Half-days counted. */
    days: integer('days').notNull(),
    reason: text('reason').notNull().default(''),
    /** The attached document in the object store (its key, name, type and size), when there is one. */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentMime: varchar('document_mime', { length: 100 }),
    documentSize: integer('document_size'),
    /** pending, pending_admin, approved, declined, cancelled. */
    status: varchar('status', { length: 16 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leave_requests_staff_idx').on(t.schoolId, t.staffId, t.startDate),
    index('leave_requests_status_idx').on(t.schoolId, t.status, t.startDate),
  ],
);

/** Each working day a request counts, whole or half. */
export const leaveRequestDays = pgTable(
  'leave_request_days',
  {
    requestId: id('request_id')
      .notNull()
      .references(() => leaveRequests.id),
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    date: date('date').notNull(),
    portion: varchar('portion', { length: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.date] }),
    index('leave_request_days_day_idx').on(t.schoolId, t.date),
    index('leave_request_days_staff_idx').on(t.schoolId, t.staffId, t.date),
  ],
);

export const leaveDecisions = pgTable(
  'leave_decisions',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    requestId: id('request_id')
      .notNull()
      .references(() => leaveRequests.id),
    /** manager or admin. */
    step: varchar('step', { length: 8 }).notNull(),
    /** approved or declined. */
    decision: varchar('decision', { length: 10 }).notNull(),
    byId: id('by_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('leave_decisions_request_idx').on(t.requestId)],
);

// ------------------------------------------------------------------ cover

/** A substitute named for a class on a day its teacher is on approved leave. */
export const leaveCover = pgTable(
  'leave_cover',
  {
    schoolId: schoolRef(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    date: date('date').notNull(),
    /** The teacher away. */
    absentId: id('absent_id')
      .notNull()
      .references(() => users.id),
    substituteId: id('substitute_id')
      .notNull()
      .references(() => users.id),
    assignedBy: id('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.classId, t.date, t.absentId] }),
    index('leave_cover_substitute_idx').on(t.schoolId, t.substituteId, t.date),
  ],
);

// ------------------------------------------------------------------ staff attendance

export const staffAttendanceSettings = pgTable('staff_attendance_settings', {
  schoolId: schoolRef().primaryKey(),
  dayStart: varchar('day_start', { length: 5 }).notNull().default('08:30'),
  dayEnd: varchar('day_end', { length: 5 }).notNull().default('16:30'),
  graceMinutes: integer('grace_minutes').notNull().default(5),
  webCheckIn: boolean('web_check_in').notNull().default(true),
  updatedAt: updatedAt(),
});

/** A member's own hours on a weekday (members with no rows keep the school's default hours on its working days). */
export const staffSchedules = pgTable(
  'staff_schedules',
  {
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    weekday: varchar('weekday', { length: 9 }).notNull(),
    start: varchar('start_time', { length: 5 }).notNull(),
    end: varchar('end_time', { length: 5 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.staffId, t.weekday] })],
);

/** A member's 6-digit code for the school's kiosk. */
export const staffCodes = pgTable(
  'staff_codes',
  {
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    code: varchar('code', { length: 6 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.staffId] }), uniqueIndex('staff_codes_code_idx').on(t.schoolId, t.code)],
);

/** A member's day: when they came and went, and how each was recorded. */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    schoolId: schoolRef(),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    date: date('date').notNull(),
    checkIn: timestamp('check_in', { withTimezone: true }),
    checkOut: timestamp('check_out', { withTimezone: true }),
    /** web, kiosk or admin. */
    inVia: varchar('in_via', { length: 5 }),
    outVia: varchar('out_via', { length: 5 }),
    /** Minutes after the start plus grace, when late; computed when the check-in is recorded. */
    lateMinutes: integer('late_minutes'),
    note: text('note').notNull().default(''),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.staffId, t.date] }), index('staff_attendance_day_idx').on(t.schoolId, t.date)],
);
