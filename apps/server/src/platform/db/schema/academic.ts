import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { curricula, learningAreas, observations } from './observations.js';
import { users } from './people.js';
import { units } from './planning.js';
import { divisions, schools } from './school.js';
import { stories } from './stories.js';

/*
 * The academic setup (issue 25): the lower levels of a curriculum framework's tree (areas are
 * `learning_areas`), what records are tagged with, the day schedule, resources and their bookings, and
 * the schools' email templates. A node's `school_id` is null when it ships with the product.
 */

export const curriculumAspects = pgTable(
  'curriculum_aspects',
  {
    id: id().primaryKey(),
    curriculumId: id('curriculum_id')
      .notNull()
      .references(() => curricula.id),
    areaId: id('area_id')
      .notNull()
      .references(() => learningAreas.id),
    schoolId: id('school_id').references(() => schools.id),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('curriculum_aspects_area_idx').on(t.areaId), index('curriculum_aspects_curriculum_idx').on(t.curriculumId)],
);

export const curriculumStatements = pgTable(
  'curriculum_statements',
  {
    id: id().primaryKey(),
    curriculumId: id('curriculum_id')
      .notNull()
      .references(() => curricula.id),
    aspectId: id('aspect_id')
      .notNull()
      .references(() => curriculumAspects.id),
    schoolId: id('school_id').references(() => schools.id),
    code: varchar('code', { length: 40 }).notNull(),
    text: text('text').notNull(),
    ageFromMonths: integer('age_from_months'),
    ageToMonths: integer('age_to_months'),
    position: integer('position').notNull().default(0),
    /** 1 for the first wording; rewording a tagged statement archives it and adds version + 1. */
    version: integer('version').notNull().default(1),
    replacedBy: id('replaced_by'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('curriculum_statements_aspect_idx').on(t.aspectId),
    index('curriculum_statements_curriculum_idx').on(t.curriculumId),
  ],
);

/** A school's archive of a shipped framework or node (the product's own rows are never changed). */
export const curriculumHidden = pgTable(
  'curriculum_hidden',
  {
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    nodeId: id('node_id').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.nodeId] })],
);

/** A class's frameworks in order (the first is also `classes.class_curriculum_id`). */
export const classFrameworks = pgTable(
  'class_frameworks',
  {
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    curriculumId: id('curriculum_id')
      .notNull()
      .references(() => curricula.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classId, t.curriculumId] }), index('class_frameworks_curriculum_idx').on(t.curriculumId)],
);

export const observationStatements = pgTable(
  'observation_statements',
  {
    observationId: id('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    statementId: id('statement_id')
      .notNull()
      .references(() => curriculumStatements.id),
  },
  (t) => [
    primaryKey({ columns: [t.observationId, t.statementId] }),
    index('observation_statements_statement_idx').on(t.statementId),
  ],
);

export const storyStatements = pgTable(
  'story_statements',
  {
    storyId: id('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    statementId: id('statement_id')
      .notNull()
      .references(() => curriculumStatements.id),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.statementId] }), index('story_statements_statement_idx').on(t.statementId)],
);

export const unitStatements = pgTable(
  'unit_statements',
  {
    unitId: id('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    statementId: id('statement_id')
      .notNull()
      .references(() => curriculumStatements.id),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.statementId] }), index('unit_statements_statement_idx').on(t.statementId)],
);

/** A day of a schedule as stored: times are 24-hour HH:MM. */
export interface StoredScheduleDay {
  day: string;
  slots: { kind: 'session' | 'period' | 'break'; name: string; start: string; end: string }[];
}

export const daySchedules = pgTable(
  'day_schedules',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    /** school, division or class. */
    target: varchar('target', { length: 10 }).notNull(),
    divisionId: id('division_id').references(() => divisions.id),
    classId: id('class_id').references(() => classes.id),
    /** weekly or rotating. */
    cycle: varchar('cycle', { length: 10 }).notNull().default('weekly'),
    cycleDays: integer('cycle_days'),
    cycleStart: date('cycle_start'),
    days: jsonb('days').$type<StoredScheduleDay[]>().notNull().default([]),
    createdBy: id('created_by').references(() => users.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('day_schedules_school_idx').on(t.schoolId)],
);

export const schoolResources = pgTable(
  'school_resources',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    /** room, equipment or material. */
    kind: varchar('kind', { length: 12 }).notNull(),
    roomType: text('room_type'),
    capacity: integer('capacity'),
    quantity: integer('quantity').notNull().default(1),
    unit: text('unit'),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    bookable: boolean('bookable').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('school_resources_school_idx').on(t.schoolId)],
);

export const resourceBookings = pgTable(
  'resource_bookings',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    resourceId: id('resource_id')
      .notNull()
      .references(() => schoolResources.id),
    date: date('date').notNull(),
    /** Minutes after midnight on the school's clock. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    quantity: integer('quantity').notNull().default(1),
    classId: id('class_id').references(() => classes.id),
    purpose: text('purpose').notNull().default(''),
    bookedBy: id('booked_by')
      .notNull()
      .references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: id('cancelled_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('resource_bookings_resource_date_idx').on(t.resourceId, t.date),
    index('resource_bookings_school_date_idx').on(t.schoolId, t.date),
  ],
);

/** A school's own wording of one email in one language (none: the product's default is sent). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    key: varchar('key', { length: 40 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: id('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key, t.language] })],
);

/**
 * Who changed what and when, with the values before and after (the platform's audit trail: the
 * academic setup writes it; the operations issue's admin audit log reads it too).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    schoolId: id('school_id').references(() => schools.id),
    actorId: id('actor_id').references(() => users.id),
    action: varchar('action', { length: 20 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }).notNull(),
    label: text('label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_school_at_idx').on(t.schoolId, t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.schoolId, t.entityType, t.entityId, t.at.desc()),
  ],
);
