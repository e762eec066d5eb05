import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './people.js';

export const organizations = pgTable('organizations', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: id().primaryKey(),
    organizationId: id('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    editorDirection: varchar('editor_direction', { length: 3 }).notNull().default('l2r'),
    timeZone: text('time_zone').notNull().default('UTC'),
    logo: text('logo'),
    /** School permissions (spec section 3): module and flag names switched on for this school. */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** The chat assistant's model provider: 'local' (offline) unless an admin connects an external one. */
    aiProvider: varchar('ai_provider', { length: 12 }).notNull().default('local'),
    createdAt: createdAt(),
  },
  (t) => [index('schools_organization_idx').on(t.organizationId)],
);

/** A school's divisions (for example Pre-primary, Primary) that group its classes. */
export const divisions = pgTable(
  'divisions',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('divisions_school_name_unique').on(t.schoolId, t.name)],
);

/** Who used what, per day: the school's usage report counts these. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    action: varchar('action', { length: 40 }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.action, t.day] }),
    index('usage_daily_school_day_idx').on(t.schoolId, t.day),
  ],
);

/**
 * A school's retention settings (issue 30): photos and videos, and log entries, older than so many
 * months are deleted by the daily run; null keeps them. The last run's counts are kept for the admin.
 */
export const schoolRetention = pgTable('school_retention', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  mediaMonths: integer('media_months'),
  logMonths: integer('log_months'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastMedia: integer('last_media'),
  lastLogs: integer('last_logs'),
  updatedBy: id('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});
