import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/** Learning frameworks (EYFS, PYP-style, or a school's own) and their areas. */
export const curricula = pgTable('curricula', {
  id: id().primaryKey(),
  /** null: available to every school. */
  schoolId: id('school_id').references(() => schools.id),
  name: text('name').notNull(),
  code: varchar('code', { length: 40 }).notNull().default(''),
  description: text('description').notNull().default(''),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const learningAreas = pgTable(
  'learning_areas',
  {
    id: id().primaryKey(),
    curriculumId: id('curriculum_id')
      .notNull()
      .references(() => curricula.id),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    group: text('group').notNull(),
    position: integer('position').notNull().default(0),
    /** null: shipped with the product (read only); set: the school that made it (its own framework, or its addition to a shipped one). */
    schoolId: id('school_id').references(() => schools.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('learning_areas_curriculum_idx').on(t.curriculumId)],
);

/** One child's observation (several children observed together are several rows). */
export const observations = pgTable(
  'observations',
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
    /** Observations written together share a group id. */
    groupId: id('group_id').notNull(),
    date: date('date').notNull(),
    title: text('title').notNull(),
    generalNote: text('general_note').notNull(),
    typeOfAnecdote: varchar('type_of_anecdote', { length: 40 }).notNull().default('general'),
    type: varchar('type', { length: 12 }).notNull().default('daily'),
    reportTitle: text('report_title'),
    visibility: varchar('visibility', { length: 8 }).notNull().default('family'),
    media: jsonb('media').$type<{ media_link: string; kind: string }[]>().notNull().default([]),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order, newest first, per class and per child (decision 47).
    index('observations_class_date_idx').on(t.classId, t.date, t.createdAt, t.id),
    index('observations_student_date_idx').on(t.studentId, t.date, t.createdAt, t.id),
    index('observations_search_idx').using('gin', sql`to_tsvector('simple', ${t.title} || ' ' || ${t.generalNote})`),
  ],
);

export const observationAreas = pgTable(
  'observation_areas',
  {
    observationId: id('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    learningAreaId: id('learning_area_id')
      .notNull()
      .references(() => learningAreas.id),
  },
  (t) => [primaryKey({ columns: [t.observationId, t.learningAreaId] }), index('observation_areas_area_idx').on(t.learningAreaId)],
);
