import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './people.js';

/**
 * Every stored file (attachments, photos, screenshots, profile pictures, logos), for quotas and
 * clean-up: a file no record refers to any more is removed by the media clean-up job.
 */
export const media = pgTable(
  'media',
  {
    id: id().primaryKey(),
    schoolId: id('school_id'),
    uploadedBy: id('uploaded_by')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 12 }).notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_school_idx').on(t.schoolId, t.createdAt),
    index('media_uploader_idx').on(t.uploadedBy, t.createdAt),
    index('media_created_idx').on(t.createdAt),
  ],
);

/** Background jobs, claimed with row locks so that each runs once across server instances. */
export const jobs = pgTable(
  'jobs',
  {
    id: id().primaryKey(),
    /** One pending job per key: scheduling again moves it. */
    key: text('key').notNull().unique(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request that scheduled the job, which its log lines carry. */
    requestId: varchar('request_id', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * Counters of rate limits shared by every instance (sign-in calls per address, Cue's messages per
 * person): one row per key and window, counted up with one atomic upsert (platform/rate-limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
