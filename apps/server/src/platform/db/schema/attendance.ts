import { date, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';

/** One child's mark for one day in one class. Unmarked (NA) days have no row. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    date: date('date').notNull(),
    status: varchar('status', { length: 8 }).notNull(),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId, t.date] }),
    index('attendance_student_date_idx').on(t.studentId, t.date),
  ],
);

/** A class's day: whether it was marked complete, by whom and when. */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    date: date('date').notNull(),
    completedBy: id('completed_by').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.date] })],
);

export const excusals = pgTable(
  'excusals',
  {
    id: id().primaryKey(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    requestedBy: id('requested_by')
      .notNull()
      .references(() => users.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: id('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('excusals_class_idx').on(t.classId, t.fromDate), index('excusals_student_idx').on(t.studentId)],
);
