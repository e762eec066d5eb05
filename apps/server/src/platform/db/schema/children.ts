import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/*
 * The child's record (issue 18): who the child is, their health and safety, the people around them
 * and what their family consented to. Every row names who recorded it and when.
 */

/** One row per child: the profile and the health fields that are one value each. */
export const studentProfiles = pgTable('student_profiles', {
  studentId: id('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  dateOfBirth: date('date_of_birth'),
  gender: varchar('gender', { length: 16 }),
  preferredName: text('preferred_name'),
  homeLanguages: jsonb('home_languages').$type<string[]>().notNull().default([]),
  address: text('address'),
  startDate: date('start_date'),
  leavingDate: date('leaving_date'),
  keyPersonId: id('key_person_id').references(() => users.id),
  notes: text('notes'),
  dietary: jsonb('dietary').$type<{ religious: string[]; medical: string[]; notes: string }>(),
  doctor: jsonb('doctor').$type<{ name: string; phone: string; practice: string }>(),
  immunisation: varchar('immunisation', { length: 16 }),
  sen: jsonb('sen').$type<{ needs: string; support_plan: string }>(),
  updatedBy: id('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The school asked the family to check the record (the yearly check), and when the family confirmed it. */
  checkRequestedAt: timestamp('check_requested_at', { withTimezone: true }),
  checkConfirmedAt: timestamp('check_confirmed_at', { withTimezone: true }),
  checkConfirmedBy: id('check_confirmed_by').references(() => users.id),
});

/** Allergies, medical conditions and regular medicines: one row each. */
export const studentHealthItems = pgTable(
  'student_health_items',
  {
    id: id().primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** allergy | condition | medicine */
    kind: varchar('kind', { length: 10 }).notNull(),
    name: text('name').notNull(),
    /** Allergies: mild | moderate | severe. */
    severity: varchar('severity', { length: 10 }),
    reaction: text('reaction').notNull().default(''),
    actionPlan: text('action_plan').notNull().default(''),
    epipen: boolean('epipen').notNull().default(false),
    recordedBy: id('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('student_health_items_student_idx').on(t.studentId)],
);

/** Emergency contacts (in order), people who may collect the child, and people who must not. */
export const studentContacts = pgTable(
  'student_contacts',
  {
    id: id().primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** emergency | collector | not_allowed */
    kind: varchar('kind', { length: 12 }).notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    priority: integer('priority').notNull().default(0),
    photo: text('photo'),
    /** Why a person must not collect the child: for admins only. */
    reason: text('reason'),
    recordedBy: id('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('student_contacts_student_idx').on(t.studentId, t.kind, t.priority)],
);

/** A school's own kinds of consent, beside the built-in ones. */
export const consentTypes = pgTable(
  'consent_types',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    key: varchar('key', { length: 40 }).notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('consent_types_school_key_idx').on(t.schoolId, t.key)],
);

/** Every consent given or withdrawn, never overwritten: the latest per child and kind is in force. */
export const studentConsents = pgTable(
  'student_consents',
  {
    id: id().primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 40 }).notNull(),
    granted: boolean('granted').notNull(),
    givenBy: id('given_by')
      .notNull()
      .references(() => users.id),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    /** The order events were written in (two may share an instant). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
  },
  (t) => [index('student_consents_student_idx').on(t.studentId, t.key, t.seq)],
);

/** A parent's proposed changes to the record, until the school accepts or declines them. */
export const recordChangeRequests = pgTable(
  'record_change_requests',
  {
    id: id().primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    proposedBy: id('proposed_by')
      .notNull()
      .references(() => users.id),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    /** pending | accepted | declined */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: id('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('record_change_requests_school_idx').on(t.schoolId, t.status)],
);

/** Each time a member of staff opened a child's medical details. */
export const medicalViews = pgTable(
  'medical_views',
  {
    id: id().primaryKey(),
    studentId: id('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('medical_views_student_idx').on(t.studentId, t.viewedAt)],
);
