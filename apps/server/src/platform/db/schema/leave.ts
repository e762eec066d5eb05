import { sql } from 'drizzle-orm';
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
 * The leave portal and staff attendance (issue 27). Leave is counted in integer half-days (a day is 2);
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
    documentRequired: boolean('document_required').notNull().default(false),
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

export const leaveDocuments = pgTable(
  'leave_documents',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    uploadedBy: id('uploaded_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('leave_documents_uploader_idx').on(t.schoolId, t.uploadedBy)],
);

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
    documentId: id('document_id').references(() => leaveDocuments.id),
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

/** A substitute for a class on a day one of its staff is on leave. */
export const leaveCovers = pgTable(
  'leave_covers',
  {
    schoolId: schoolRef(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    date: date('date').notNull(),
    substituteId: id('substitute_id')
      .notNull()
      .references(() => users.id),
    assignedBy: id('assigned_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.date] }),
    index('leave_covers_day_idx').on(t.schoolId, t.date),
    index('leave_covers_substitute_idx').on(t.schoolId, t.substituteId, t.date),
  ],
);

// ------------------------------------------------------------------ staff attendance

/** When a member of staff is expected (no row: the school's default, Monday to Friday 08:30–16:30). */
export const staffSchedules = pgTable(
  'staff_schedules',
  {
    schoolId: schoolRef(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    days: jsonb('days').$type<string[]>().notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    graceMinutes: integer('grace_minutes').notNull().default(5),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

/** A member's kiosk code, kept as a hash (shown once when made). */
export const staffCodes = pgTable(
  'staff_codes',
  {
    schoolId: schoolRef(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), uniqueIndex('staff_codes_hash_idx').on(t.schoolId, t.codeHash)],
);

export const staffAttendance = pgTable(
  'staff_attendance',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    date: date('date').notNull(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    /** web, kiosk or admin. */
    checkInSource: varchar('check_in_source', { length: 8 }),
    checkOutSource: varchar('check_out_source', { length: 8 }),
    note: text('note').notNull().default(''),
    correctedBy: id('corrected_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_attendance_day_idx').on(t.schoolId, t.userId, t.date),
    index('staff_attendance_date_idx').on(t.schoolId, t.date).where(sql`${t.checkInAt} is not null`),
  ],
);
