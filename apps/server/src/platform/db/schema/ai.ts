import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { users } from './people.js';
import { schools } from './school.js';

/** A person's conversation with the chat assistant about one class. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_class_idx').on(t.userId, t.classId, t.updatedAt)],
);

/** The messages of a conversation, as streamed (LangChain message objects). */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_messages_conversation_seq_idx').on(t.conversationId, t.seq)],
);

/** A drafted action shown as a card; saved (once) only when the teacher clicks. */
export const aiToolCalls = pgTable(
  'ai_tool_calls',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    sentence: text('sentence').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('ai_tool_calls_conversation_idx').on(t.conversationId)],
);

/** Every write the assistant initiated: who, what, when, from which sentence. */
export const aiAudit = pgTable(
  'ai_audit',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    toolCallId: id('tool_call_id').notNull(),
    tool: varchar('tool', { length: 40 }).notNull(),
    sentence: text('sentence').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_audit_school_idx').on(t.schoolId, t.createdAt)],
);

/** A Cue task: its whole current state (the last task-log), kept so a reload, a second tab or a restart sees it. */
export const cueTasks = pgTable(
  'cue_tasks',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    classId: id('class_id')
      .notNull()
      .references(() => classes.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: varchar('endpoint', { length: 40 }).notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    /** queued, running, done or failed. */
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cue_tasks_user_idx').on(t.userId, t.updatedAt)],
);

/** A class's AI configuration: options, blocks per screen and screen prompts. */
export const classAiSettings = pgTable('class_ai_settings', {
  classId: id('class_id')
    .primaryKey()
    .references(() => classes.id),
  aiOptions: jsonb('ai_options').$type<Record<string, unknown>>().notNull().default({}),
  aiBlocks: jsonb('ai_blocks').$type<Record<string, { key: string; enabled: boolean }[]>>().notNull().default({}),
  screenBlocks: jsonb('screen_blocks').$type<Record<string, { enabled: boolean; prompt: string }>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
