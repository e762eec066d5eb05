import {
  CHAT_EDIT_MINUTES,
  type ChatAttachment,
  type ChatConversation,
  type ChatRecordMessage,
  type ChatReport,
  type ConversationMessage,
} from '@cue/contract';
import { toCsv } from '../../platform/csv.js';
import { signMedia } from '../../platform/media-urls.js';
import type { AttachmentRow, ConversationRow, MessageRow } from './repo.js';

export type MessageAbilities = ConversationMessage['abilities'];
export type ConversationAbilities = ChatConversation['abilities'];

export const presentAttachment = (a: AttachmentRow): ChatAttachment => ({
  _id: a.id,
  name: a.name,
  kind: a.kind,
  mime: a.mime,
  size: a.size,
  url: signMedia(a.path),
});

/** Whether a message is still in its edit window. */
export const editable = (row: MessageRow, now: Date) => now.getTime() - row.createdAt.getTime() < CHAT_EDIT_MINUTES * 60_000;

export interface MessageContext {
  names: ReadonlyMap<string, string>;
  replies: ReadonlyMap<string, MessageRow>;
  /** Every member's read receipt but the sender's own, for `read_by`. */
  reads: readonly { userId: string; lastReadSeq: number }[];
}

/** A message as members see it: the text of a deleted one is gone (the school's record keeps it). */
export function presentMessage(row: MessageRow, x: MessageContext, abilities: MessageAbilities): ConversationMessage {
  const deleted = row.deletedAt !== null;
  const reply = row.replyToId ? x.replies.get(row.replyToId) : undefined;
  return {
    _id: row.id,
    conversation_id: row.conversationId,
    seq: row.seq,
    client_id: row.clientId,
    sender: {
      _id: row.senderId,
      name: x.names.get(row.senderId) ?? '',
      kind: row.senderKind === 'parent' ? 'parent' : 'staff',
    },
    body: deleted ? '' : row.body,
    attachments: deleted ? [] : row.attachments.map(presentAttachment),
    reply_to: reply
      ? {
          _id: reply.id,
          seq: reply.seq,
          sender_name: x.names.get(reply.senderId) ?? '',
          body: reply.deletedAt ? '' : reply.body.slice(0, 200),
          deleted: reply.deletedAt !== null,
        }
      : null,
    urgent: row.urgent,
    quiet: row.quiet,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    read_by: x.reads.filter((r) => r.userId !== row.senderId && r.lastReadSeq >= row.seq).length,
    abilities,
  };
}

export function presentRecordMessage(row: MessageRow, names: ReadonlyMap<string, string>, reports: number): ChatRecordMessage {
  return {
    _id: row.id,
    seq: row.seq,
    sender: { _id: row.senderId, name: names.get(row.senderId) ?? '', kind: row.senderKind === 'parent' ? 'parent' : 'staff' },
    body: row.body,
    earlier: row.earlier,
    attachments: row.attachments.map(presentAttachment),
    urgent: row.urgent,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    reports,
  };
}

export interface ConversationContext {
  classes: ReadonlyMap<string, string>;
  children: ReadonlyMap<string, string>;
  last: ReadonlyMap<string, MessageRow>;
  names: ReadonlyMap<string, string>;
}

/** A family conversation is titled by its child and class; a channel by its class. */
export function titleOf(row: ConversationRow, x: Pick<ConversationContext, 'classes' | 'children'>): string {
  const cls = row.classId ? (x.classes.get(row.classId) ?? '') : '';
  if (row.kind === 'family') return [row.studentId ? x.children.get(row.studentId) : '', cls].filter(Boolean).join(' · ');
  if (row.kind === 'channel') return row.title || cls;
  return row.title;
}

export function presentConversation(
  row: ConversationRow,
  lastRead: number,
  x: ConversationContext,
  abilities: ConversationAbilities,
): ChatConversation {
  const last = x.last.get(row.id);
  return {
    _id: row.id,
    kind: row.kind as ChatConversation['kind'],
    mode: row.mode === 'announcement' ? 'announcement' : 'two_way',
    title: titleOf(row, x),
    class: row.classId ? { _id: row.classId, name: x.classes.get(row.classId) ?? '' } : null,
    student: row.studentId ? { _id: row.studentId, name: x.children.get(row.studentId) ?? '' } : null,
    last_seq: row.lastSeq,
    last_message: last
      ? {
          sender_name: x.names.get(last.senderId) ?? '',
          body: last.deletedAt ? '' : last.body.slice(0, 200),
          created_at: last.createdAt.toISOString(),
          deleted: last.deletedAt !== null,
        }
      : null,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    unread: Math.max(0, row.lastSeq - lastRead),
    my_last_read_seq: lastRead,
    abilities,
  };
}

export function presentReport(
  r: {
    report: {
      id: string;
      conversationId: string;
      reporterId: string;
      reason: string;
      createdAt: Date;
      resolvedAt: Date | null;
      resolvedBy: string | null;
    };
    message: MessageRow;
  },
  title: string,
  names: ReadonlyMap<string, string>,
): ChatReport {
  return {
    _id: r.report.id,
    conversation_id: r.report.conversationId,
    conversation_title: title,
    message: {
      _id: r.message.id,
      seq: r.message.seq,
      body: r.message.body,
      sender_name: names.get(r.message.senderId) ?? '',
      created_at: r.message.createdAt.toISOString(),
    },
    reporter: { _id: r.report.reporterId, name: names.get(r.report.reporterId) ?? '' },
    reason: r.report.reason,
    created_at: r.report.createdAt.toISOString(),
    resolved_at: r.report.resolvedAt?.toISOString() ?? null,
    resolved_by: r.report.resolvedBy ? { _id: r.report.resolvedBy, name: names.get(r.report.resolvedBy) ?? '' } : null,
  };
}

/** The safeguarding export: one row per message, deleted and edited text included. */
export function recordCsv(title: string, messages: readonly ChatRecordMessage[]): string {
  return toCsv([
    [
      'Conversation',
      'Number',
      'Sent at',
      'From',
      'Role',
      'Message',
      'Attachments',
      'Urgent',
      'Edited at',
      'Earlier text',
      'Deleted at',
      'Reports',
    ],
    ...messages.map((m) => [
      title,
      String(m.seq),
      m.created_at,
      m.sender.name,
      m.sender.kind,
      m.body,
      m.attachments.map((a) => a.name).join('; '),
      m.urgent ? 'yes' : '',
      m.edited_at ?? '',
      m.earlier.map((e) => e.body).join(' | '),
      m.deleted_at ?? '',
      String(m.reports),
    ]),
  ]);
}
