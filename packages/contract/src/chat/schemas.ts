import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, hhmmSchema, idSchema } from '../common.js';

/*
 * Parent-teacher chat (issue 21; feature `chat`). Three kinds of conversation:
 * - `family`: one per child and class, between the child's family and the class's staff;
 * - `channel`: a class group with every family and the staff of the class, `two_way` or
 *   `announcement` (only staff write);
 * - `staff`: a staff-only group of chosen members of the school.
 * Messages are numbered per conversation (`seq`); a read receipt is the highest `seq` a member read.
 * A message sent again with the same `client_id` (an offline queue replayed) answers the first one.
 * Deleted messages keep their text for the school's safeguarding record; members see that they were
 * deleted. Paths and field names are ours (the spec names none).
 */

export const CHAT_MESSAGES = {
  conversationCreated: 'Conversation started',
  /** More messages in a minute than a person may send (CHAT_MESSAGES_PER_MINUTE, counted by every instance). */
  tooManyMessages: 'Too many messages. Please wait a moment.',
  conversationSaved: 'Conversation saved',
  sent: 'Message sent',
  edited: 'Message edited',
  deleted: 'Message deleted for everyone',
  read: 'Read',
  reported: 'Thank you. The school will look at this message.',
  reportResolved: 'Report closed',
  settingsSaved: 'Chat settings saved',
  awaySaved: 'Out-of-office saved',
  attachmentAdded: 'File attached',
  editWindowPassed: 'A message can be edited for 15 minutes after it was sent',
  notYourMessage: 'Only the person who sent a message can change it',
  alreadyDeleted: 'This message was deleted',
  readOnlyChannel: 'Only staff write in this channel',
  urgentNotAllowed: 'This school does not take urgent messages in the chat. Please call the school.',
  emptyMessage: 'Write a message or attach a file',
  membersRequired: 'Choose at least one member',
  membersOfSchool: 'Members must be staff of this school',
  attachmentNotFound: 'An attached file was not found. Attach it again.',
  translationOff: 'Translation needs the school to connect a language model provider',
  studentNotInClass: 'This child is not in a class of yours',
  exportTitle: 'Conversation export',
} as const;

export const CHAT_KINDS = ['family', 'channel', 'staff'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export const CHANNEL_MODES = ['two_way', 'announcement'] as const;
export type ChannelMode = (typeof CHANNEL_MODES)[number];
export const CHAT_BODY_MAX = 4_000;
export const CHAT_TITLE_MAX = 120;
/** A message may be edited this many minutes after it was sent. */
export const CHAT_EDIT_MINUTES = 15;
export const CHAT_PAGE_SIZE = 50;
/** Message numbers are 32-bit integers in the database. */
export const CHAT_SEQ_MAX = 2_147_483_647;
export const CHAT_ATTACHMENTS_MAX = 10;
export const CHAT_REPORT_REASON_MAX = 1_000;
export const CHAT_AWAY_MESSAGE_MAX = 500;

const personRef = z.object({ _id: idSchema, name: z.string() });

export const chatAttachmentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  kind: z.enum(['image', 'file']),
  mime: z.string(),
  size: z.number().int(),
  /** A signed link, valid for 15-20 minutes. */
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  _id: idSchema,
  conversation_id: idSchema,
  /** Its number in the conversation, from 1. */
  seq: z.number().int(),
  client_id: z.string().nullable(),
  sender: personRef.extend({ kind: z.enum(['staff', 'parent']) }),
  /** Empty once deleted (for members; the safeguarding view keeps it). */
  body: z.string(),
  attachments: z.array(chatAttachmentSchema),
  reply_to: z
    .object({ _id: idSchema, seq: z.number().int(), sender_name: z.string(), body: z.string(), deleted: z.boolean() })
    .nullable(),
  urgent: z.boolean(),
  /** Sent by a family in the school's quiet hours: delivered, staff not notified. */
  quiet: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  /** How many other members have read it (their read receipt reached its `seq`). */
  read_by: z.number().int(),
  abilities: abilitiesSchema('can_edit', 'can_delete', 'can_report', 'can_translate'),
});
export type ConversationMessage = z.infer<typeof chatMessageSchema>;

export const chatMemberSchema = personRef.extend({
  kind: z.enum(['staff', 'parent']),
  /** The highest message number the member has read (0: none). */
  last_read_seq: z.number().int(),
  /** Staff out of office today: their note. */
  away: z.object({ until: z.string(), message: z.string() }).nullable(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatConversationSchema = z.object({
  _id: idSchema,
  kind: z.enum(CHAT_KINDS),
  mode: z.enum(CHANNEL_MODES),
  /** The class's name and the child's, a channel's or a group's title. */
  title: z.string(),
  class: personRef.nullable(),
  student: personRef.nullable(),
  last_seq: z.number().int(),
  last_message: z.object({ sender_name: z.string(), body: z.string(), created_at: z.string(), deleted: z.boolean() }).nullable(),
  last_message_at: z.string().nullable(),
  unread: z.number().int(),
  my_last_read_seq: z.number().int(),
  abilities: abilitiesSchema('can_write', 'can_manage', 'can_send_urgent'),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** A conversation opened: its members and, for a family writing in quiet hours, when staff answer. */
export const chatConversationDetailSchema = chatConversationSchema.extend({
  members: z.array(chatMemberSchema),
  /** For a family: the school's quiet hours are on now, and when answers can be expected (ISO instant). */
  quiet_until: z.string().nullable(),
  quiet_hours: z.object({ start: hhmmSchema, end: hhmmSchema }).nullable(),
});
export type ChatConversationDetail = z.infer<typeof chatConversationDetailSchema>;

export const chatListQuerySchema = z.object({
  kind: z.enum(CHAT_KINDS).optional(),
  class_id: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

export const chatConversationRequestSchema = z.discriminatedUnion('kind', [
  /** Opens (or finds) the conversation of a child's family with the class's staff. */
  z.object({ kind: z.literal('family'), student_id: idSchema, class_id: idSchema.optional() }),
  /** Opens (or finds) a class's group channel. */
  z.object({ kind: z.literal('channel'), class_id: idSchema, mode: z.enum(CHANNEL_MODES).default('two_way') }),
  z.object({
    kind: z.literal('staff'),
    title: z.string().trim().min(1).max(CHAT_TITLE_MAX),
    member_ids: z.array(idSchema).min(1).max(200),
  }),
]);
export type ChatConversationRequest = z.infer<typeof chatConversationRequestSchema>;

/** A channel's mode, or a staff group's title and members. */
export const chatConversationEditSchema = z
  .object({
    title: z.string().trim().min(1).max(CHAT_TITLE_MAX).optional(),
    mode: z.enum(CHANNEL_MODES).optional(),
    member_ids: z.array(idSchema).min(1).max(200).optional(),
  })
  .refine((v) => v.title !== undefined || v.mode !== undefined || v.member_ids !== undefined, 'Nothing to change');
export type ChatConversationEdit = z.infer<typeof chatConversationEditSchema>;

export const chatMessagesQuerySchema = z.object({
  /** Messages before this number (older pages); the newest page without it. */
  before: z.coerce.number().int().min(1).max(CHAT_SEQ_MAX).optional(),
  /** Messages after this number (what was missed while offline). */
  after: z.coerce.number().int().min(0).max(CHAT_SEQ_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CHAT_PAGE_SIZE),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

export const chatMessagesPageSchema = z.object({
  items: z.array(chatMessageSchema),
  /** Whether older messages exist. */
  has_more: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;

export const chatSendSchema = z
  .object({
    /** The browser's own id of the message (a UUID): sending it again answers the first. */
    client_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Must be 8-64 letters, digits or dashes'),
    body: z.string().max(CHAT_BODY_MAX).default(''),
    reply_to: idSchema.optional(),
    attachment_ids: z.array(idSchema).max(CHAT_ATTACHMENTS_MAX).default([]),
    urgent: z.boolean().default(false),
  })
  .refine((v) => v.body.trim().length > 0 || v.attachment_ids.length > 0, {
    message: CHAT_MESSAGES.emptyMessage,
    path: ['body'],
  });
export type ChatSend = z.infer<typeof chatSendSchema>;

export const chatEditSchema = z.object({ body: z.string().trim().min(1).max(CHAT_BODY_MAX) });
export const chatReadSchema = z.object({ seq: z.number().int().min(0).max(CHAT_SEQ_MAX) });
export const chatReportRequestSchema = z.object({ reason: z.string().trim().min(1).max(CHAT_REPORT_REASON_MAX) });
/** The reader's language (the app's interface language). */
export const chatTranslateQuerySchema = z.object({ language: z.enum(['en', 'ar', 'he']).default('en') });
export const chatTranslationSchema = z.object({ language: z.string(), text: z.string() });
export type ChatTranslation = z.infer<typeof chatTranslationSchema>;

export const chatUnreadSchema = z.object({
  total: z.number().int(),
  /** Unread messages per conversation with any. */
  conversations: z.record(z.string(), z.number().int()),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** The school's chat settings (admins with admin_portal.school_details). */
export const chatSettingsSchema = z.object({
  /** Quiet hours: families' messages then reach staff without a notification. Both null: none. */
  quiet_start: hhmmSchema.nullable(),
  quiet_end: hhmmSchema.nullable(),
  /** Weekends are quiet all day. */
  quiet_weekends: z.boolean(),
  /** Families may mark a message urgent (it notifies staff even in quiet hours). */
  allow_urgent: z.boolean(),
  /** Families may write in class channels set to two-way. */
  family_channels: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsRequestSchema = chatSettingsSchema.refine((v) => (v.quiet_start === null) === (v.quiet_end === null), {
  message: 'Give both ends of the quiet hours, or neither',
  path: ['quiet_end'],
});

/** A staff member's out-of-office note: shown to families in their conversations from `from` to `to`. */
export const chatAwaySchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  message: z.string(),
});
export type ChatAway = z.infer<typeof chatAwaySchema>;
export const chatAwayRequestSchema = z.object({
  /** DD-MM-YYYY; both null switches it off. */
  from: ddmmyyyySchema.nullable(),
  to: ddmmyyyySchema.nullable(),
  message: z.string().trim().max(CHAT_AWAY_MESSAGE_MAX).default(''),
});

/** Safeguarding: a message as the school's record keeps it (deleted and edited text included). */
export const chatRecordMessageSchema = z.object({
  _id: idSchema,
  seq: z.number().int(),
  sender: personRef.extend({ kind: z.enum(['staff', 'parent']) }),
  body: z.string(),
  /** Earlier texts of an edited message, oldest first. */
  earlier: z.array(z.object({ body: z.string(), replaced_at: z.string() })),
  attachments: z.array(chatAttachmentSchema),
  urgent: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  reports: z.number().int(),
});
export type ChatRecordMessage = z.infer<typeof chatRecordMessageSchema>;
export const chatRecordSchema = z.object({
  conversation: chatConversationDetailSchema,
  messages: z.array(chatRecordMessageSchema),
});
export type ChatRecord = z.infer<typeof chatRecordSchema>;

export const chatReportSchema = z.object({
  _id: idSchema,
  conversation_id: idSchema,
  conversation_title: z.string(),
  message: z.object({ _id: idSchema, seq: z.number().int(), body: z.string(), sender_name: z.string(), created_at: z.string() }),
  reporter: personRef,
  reason: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: personRef.nullable(),
});
export type ChatReport = z.infer<typeof chatReportSchema>;
export const chatReportsQuerySchema = z.object({ state: z.enum(['open', 'resolved', 'all']).default('open') });

/** Socket events (server → client, in each member's `user:<id>` room; `chat-typing` also client → server). */
export const MESSAGE_EVENTS = {
  message: 'chat-message',
  updated: 'chat-message-updated',
  typing: 'chat-typing',
  read: 'chat-read',
} as const;
export interface ChatMessageEvent {
  conversation_id: string;
  message: ConversationMessage;
  /** false: the recipient is not to be notified (quiet hours), the message is still shown. */
  notify: boolean;
}
export interface ChatTypingEvent {
  conversation_id: string;
  user_id: string;
  name: string;
}
export interface ChatReadEvent {
  conversation_id: string;
  user_id: string;
  seq: number;
}
