import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './people.js';
import { schools } from './school.js';

/** A document made by a job (a class's emergency sheet as a PDF): its progress and, once done, its file. */
export const fileExports = pgTable(
  'file_exports',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    requestedBy: id('requested_by')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 30 }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /** pending | running | done | failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    fileLink: text('file_link'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('file_exports_requester_idx').on(t.requestedBy, t.createdAt)],
);
