import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { users } from './people.js';
import { schools } from './school.js';

/** Announcements and homework. */
export const communications = pgTable(
  'communications',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    type: varchar('type', { length: 12 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    summary: text('summary').notNull().default(''),
    shareWith: varchar('share_with', { length: 10 }).notNull().default('Everyone'),
    sendEmail: boolean('send_email').notNull().default(false),
    status: varchar('status', { length: 10 }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    media: jsonb('media').$type<{ media_link: string; name: string; kind: string }[]>().notNull().default([]),
    fileLink: text('file_link'),
    dueDate: date('due_date'),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communications_school_idx').on(t.schoolId, t.type, t.status, t.publishedAt)],
);

export const communicationClasses = pgTable(
  'communication_classes',
  {
    communicationId: id('communication_id')
      .notNull()
      .references(() => communications.id, { onDelete: 'cascade' }),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.communicationId, t.classId] }), index('communication_classes_class_idx').on(t.classId)],
);

export const communicationReads = pgTable(
  'communication_reads',
  {
    communicationId: id('communication_id')
      .notNull()
      .references(() => communications.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.communicationId, t.userId] })],
);
