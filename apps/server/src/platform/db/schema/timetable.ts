import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { daySchedules, schoolResources } from './academic.js';
import { classes } from './classes.js';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './people.js';
import { schoolRef } from './school-ref.js';

/*
 * The weekly timetable (issue 28). Periods are (day, position in the day) of the outline, which reads
 * them from a day schedule; lessons are rows (one per lesson of a mapping, a double period one row of
 * length 2), placed or not, so the views per class, teacher and room read rows.
 */

/** A period of the week as stored: the weekday key and its position in that day. */
export interface StoredPeriod {
  day: string;
  period: number;
}

export const timetableSettings = pgTable('timetable_settings', {
  schoolId: schoolRef().primaryKey(),
  scheduleId: id('schedule_id').references(() => daySchedules.id),
  /** Minutes after midnight where the afternoon begins. */
  afternoonFrom: integer('afternoon_from').notNull().default(720),
  shareWithFamilies: boolean('share_with_families').notNull().default(false),
  updatedAt: updatedAt(),
});

export const timetableSubjects = pgTable(
  'timetable_subjects',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    name: text('name').notNull(),
    roomType: text('room_type'),
    morning: boolean('morning').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('timetable_subjects_school_idx').on(t.schoolId)],
);

export const timetableMappings = pgTable(
  'timetable_mappings',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: id('subject_id')
      .notNull()
      .references(() => timetableSubjects.id),
    teacherId: id('teacher_id')
      .notNull()
      .references(() => users.id),
    lessonsPerWeek: integer('lessons_per_week').notNull(),
    doublePeriods: integer('double_periods').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('timetable_mappings_class_subject_idx').on(t.classId, t.subjectId),
    index('timetable_mappings_school_idx').on(t.schoolId),
  ],
);

export const timetableTeachers = pgTable(
  'timetable_teachers',
  {
    schoolId: schoolRef(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    subjectIds: jsonb('subject_ids').$type<string[]>().notNull().default([]),
    maxPerDay: integer('max_per_day'),
    unavailable: jsonb('unavailable').$type<StoredPeriod[]>().notNull().default([]),
    preferredFree: jsonb('preferred_free').$type<StoredPeriod[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

export const timetableLessons = pgTable(
  'timetable_lessons',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    mappingId: id('mapping_id')
      .notNull()
      .references(() => timetableMappings.id, { onDelete: 'cascade' }),
    /** 1, or 2 for a double period. */
    length: integer('length').notNull().default(1),
    /** Where it starts (null: not placed). */
    day: varchar('day', { length: 10 }),
    period: integer('period'),
    /** A shared room (null: the class's own room). */
    roomId: id('room_id').references(() => schoolResources.id),
    locked: boolean('locked').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index('timetable_lessons_school_idx').on(t.schoolId), index('timetable_lessons_mapping_idx').on(t.mappingId)],
);

export const timetableRuns = pgTable(
  'timetable_runs',
  {
    id: id().primaryKey(),
    schoolId: schoolRef(),
    mode: varchar('mode', { length: 8 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    progress: integer('progress').notNull().default(0),
    seconds: integer('seconds').notNull(),
    hard: integer('hard'),
    soft: integer('soft'),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
    firstFeasibleMs: integer('first_feasible_ms'),
    reasons: jsonb('reasons')
      .$type<{ kind: string; text: string; values: Record<string, string | number> }[]>()
      .notNull()
      .default([]),
    stopRequested: boolean('stop_requested').notNull().default(false),
    startedBy: id('started_by').references(() => users.id),
    error: text('error'),
    createdAt: createdAt(),
    /** Written with each progress report: a run whose instance stopped reporting is given up. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('timetable_runs_school_idx').on(t.schoolId, t.createdAt)],
);
