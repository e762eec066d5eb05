import { jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './people.js';

export const bugReports = pgTable('bug_reports', {
  id: id().primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id),
  kind: varchar('kind', { length: 8 }).notNull(),
  schoolId: id('school_id'),
  url: text('url').notNull(),
  summary: text('summary').notNull(),
  media: jsonb('media').$type<{ media_link: string }[]>().notNull().default([]),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});
