import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/*
 * The carelog (issue 21): care entries through a child's day, medicine records with their doses, and
 * incident and accident reports with their corrections. Days are the school's local days and times
 * minutes after its midnight, so that durations and intervals need no time zone arithmetic.
 */

export type CareDetailsRow = Record<string, unknown>;
export type NapCheckRow = { minute: number; position: string; note: string; by: string };

export const careEntries = pgTable(
  'care_entries',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    /** meal | bottle | nap | nappy | toilet | suncream | mood | activity | note */
    kind: varchar('kind', { length: 10 }).notNull(),
    day: date('day').notNull(),
    /** Minutes after midnight (a nap's start). */
    minute: smallint('minute').notNull(),
    /** A nap's end in minutes after midnight; null while asleep. */
    endMinute: smallint('end_minute'),
    details: jsonb('details').$type<CareDetailsRow>().notNull().default({}),
    note: text('note').notNull().default(''),
    checks: jsonb('checks').$type<NapCheckRow[]>().notNull().default([]),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_entries_class_day_idx').on(t.classId, t.day), index('care_entries_student_day_idx').on(t.studentId, t.day)],
);

export const medicines = pgTable(
  'medicines',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    name: text('name').notNull(),
    dose: text('dose').notNull(),
    times: text('times').notNull().default(''),
    reason: text('reason').notNull().default(''),
    minIntervalHours: real('min_interval_hours').notNull().default(4),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** app | signed_form; null: no written permission yet. */
    consentKind: varchar('consent_kind', { length: 12 }),
    consentBy: id('consent_by').references(() => users.id),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /** active | ended */
    status: varchar('status', { length: 8 }).notNull().default('active'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdKind: varchar('created_kind', { length: 6 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('medicines_student_idx').on(t.studentId, t.status)],
);

export const medicineDoses = pgTable(
  'medicine_doses',
  {
    id: id().primaryKey(),
    medicineId: id('medicine_id')
      .notNull()
      .references(() => medicines.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    day: date('day').notNull(),
    minute: smallint('minute').notNull(),
    dose: text('dose').notNull(),
    atHome: boolean('at_home').notNull().default(false),
    givenBy: id('given_by')
      .notNull()
      .references(() => users.id),
    witnessId: id('witness_id').references(() => users.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('medicine_doses_medicine_idx').on(t.medicineId, t.day, t.minute),
    index('medicine_doses_student_idx').on(t.studentId, t.day),
  ],
);

export type BodyMarkRow = { side: 'front' | 'back'; x: number; y: number; note: string };
export type IncidentCorrectionRow = {
  by: string;
  at: string;
  reason: string;
  changes: Record<string, { from: unknown; to: unknown }>;
};

export const incidents = pgTable(
  'incidents',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    /** accident | incident */
    kind: varchar('kind', { length: 8 }).notNull(),
    day: date('day').notNull(),
    minute: smallint('minute').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    injury: text('injury').notNull().default(''),
    firstAid: text('first_aid').notNull().default(''),
    bodyMap: jsonb('body_map').$type<BodyMarkRow[]>().notNull().default([]),
    witness: text('witness').notNull().default(''),
    serious: boolean('serious').notNull().default(false),
    staffId: id('staff_id')
      .notNull()
      .references(() => users.id),
    signature: text('signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    reviewedBy: id('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    acknowledgedBy: id('acknowledged_by').references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedSignature: text('acknowledged_signature'),
    regulatorDue: date('regulator_due'),
    regulatorOn: date('regulator_on'),
    regulatorReference: text('regulator_reference'),
    regulatorBy: id('regulator_by').references(() => users.id),
    corrections: jsonb('corrections').$type<IncidentCorrectionRow[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('incidents_school_day_idx').on(t.schoolId, t.day),
    index('incidents_student_idx').on(t.studentId, t.day),
    index('incidents_class_idx').on(t.classId, t.day),
  ],
);

export const carelogSettings = pgTable('carelog_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  napCheckMinutes: integer('nap_check_minutes').notNull().default(10),
  babyMonths: integer('baby_months').notNull().default(24),
  incidentRetentionYears: integer('incident_retention_years').notNull().default(21),
  /** Minutes after midnight. */
  summaryMinute: smallint('summary_minute').notNull().default(1080),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Families who asked for a summary of their child's day by email. */
export const careSummarySubscriptions = pgTable(
  'care_summary_subscriptions',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.studentId] })],
);
