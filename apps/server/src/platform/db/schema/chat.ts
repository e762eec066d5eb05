import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { createdAt, id } from './columns.js';
import { students, users } from './people.js';
import { schools } from './school.js';

/*
 * Parent-teacher chat (issue 21). A conversation is a child's family with its class's staff (`family`,
 * one per child and class), a class channel (`channel`, one per class) or a staff group (`staff`, with
 * its members listed). Members of family conversations and channels follow the class (its staff, the
 * families of its children) and are not stored. Messages are numbered per conversation; deleted and
 * edited text stays for the school's safeguarding record.
 */

export type ChatAttachmentRow = { id: string; path: string; name: string; mime: string; size: number; kind: 'image' | 'file' };

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    /** family | channel | staff */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** two_way | announcement (channels) */
    mode: varchar('mode', { length: 12 }).notNull().default('two_way'),
    classId: id('class_id').references(() => classes.id),
    studentId: id('student_id').references(() => students.id),
    title: text('title').notNull().default(''),
    createdBy: id('created_by')
      .notNull()
      .references(() => users.id),
    /** The number of its newest message (0: none yet). */
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_conversations_school_idx').on(t.schoolId, t.kind),
    index('chat_conversations_class_idx').on(t.classId),
    uniqueIndex('chat_conversations_family_key').on(t.classId, t.studentId, t.kind),
  ],
);

/** Members of staff groups. */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** Each member's read receipt: the highest message number read. */
export const chatReads = pgTable(
  'chat_reads',
  {
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_reads_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    seq: integer('seq').notNull(),
    senderId: id('sender_id')
      .notNull()
      .references(() => users.id),
    /** staff | parent */
    senderKind: varchar('sender_kind', { length: 6 }).notNull(),
    /** The sender's own id of the message: the same id sent again is the same message. */
    clientId: varchar('client_id', { length: 64 }),
    body: text('body').notNull().default(''),
    replyToId: id('reply_to_id'),
    attachments: jsonb('attachments').$type<ChatAttachmentRow[]>().notNull().default([]),
    urgent: boolean('urgent').notNull().default(false),
    /** A family's message in quiet hours: staff were not notified. */
    quiet: boolean('quiet').notNull().default(false),
    /** Earlier texts of an edited message (kept for the safeguarding record). */
    earlier: jsonb('earlier').$type<{ body: string; replaced_at: string }[]>().notNull().default([]),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: id('deleted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_client_key').on(t.senderId, t.clientId),
    index('chat_messages_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/** Files uploaded into a conversation, attached to a message when it is sent. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    id: id().primaryKey(),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    uploadedBy: id('uploaded_by')
      .notNull()
      .references(() => users.id),
    path: text('path').notNull(),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** image | file */
    kind: varchar('kind', { length: 5 }).notNull(),
    messageId: id('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_uploads_conversation_idx').on(t.conversationId, t.uploadedBy)],
);

/** A member's report of a message (families cannot block, they can report). */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    messageId: id('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: id('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: id('resolved_by').references(() => users.id),
  },
  (t) => [
    index('chat_reports_school_idx').on(t.schoolId, t.resolvedAt),
    uniqueIndex('chat_reports_once').on(t.messageId, t.reporterId),
  ],
);

/** Every opening and export of a conversation through the safeguarding view. */
export const chatAudit = pgTable(
  'chat_audit',
  {
    id: id().primaryKey(),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    conversationId: id('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    /** open | export */
    action: varchar('action', { length: 8 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_audit_school_idx').on(t.schoolId, t.createdAt)],
);

export const chatSettings = pgTable('chat_settings', {
  schoolId: id('school_id')
    .primaryKey()
    .references(() => schools.id),
  /** HH:MM, school time; both null: no quiet hours. */
  quietStart: varchar('quiet_start', { length: 5 }),
  quietEnd: varchar('quiet_end', { length: 5 }),
  quietWeekends: boolean('quiet_weekends').notNull().default(false),
  allowUrgent: boolean('allow_urgent').notNull().default(true),
  familyChannels: boolean('family_channels').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's out-of-office note, per school. */
export const chatAway = pgTable(
  'chat_away',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    schoolId: id('school_id')
      .notNull()
      .references(() => schools.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] })],
);
