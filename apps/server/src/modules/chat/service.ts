import {
  addDays,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatAway,
  type ChatConversation,
  type ChatConversationDetail,
  type ChatConversationEdit,
  type ChatConversationRequest,
  type ChatListQuery,
  type ChatMessagesPage,
  type ChatMessagesQuery,
  type ChatRecord,
  type ChatReport,
  type ChatSend,
  type ChatSettings,
  type ChatTranslation,
  type ChatUnread,
  type ConversationMessage,
  ddmmyyyyFromIso,
  ERROR_CODES,
  MESSAGES,
  todayIn,
} from '@cue/contract';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound, tooMany } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { prepareUpload } from '../../platform/media-metadata.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import type { MediaStore } from '../../platform/storage.js';
import type { SchoolService } from '../school/service.js';
import {
  type ConversationAbilities,
  editable,
  type MessageAbilities,
  presentAttachment,
  presentConversation,
  presentMessage,
  presentRecordMessage,
  presentReport,
  recordCsv,
  titleOf,
} from './presenter.js';
import { minutesOf, quietUntil } from './quiet.js';
import * as repo from './repo.js';

/** Translation of a message into the reader's language, where the school connected a model provider. */
export interface ChatTranslator {
  available(scope: Scope, schoolId: string): Promise<boolean>;
  translate(text: string, language: string): Promise<string>;
}

const LANGUAGE_NAMES = { en: 'English', ar: 'Arabic', he: 'Hebrew' } as const;

const DEFAULT_SETTINGS: ChatSettings = {
  quiet_start: null,
  quiet_end: null,
  quiet_weekends: false,
  allow_urgent: true,
  family_channels: true,
};

/**
 * Parent-teacher chat (issue 21). A conversation's members follow the school's records: the staff of
 * a class and the families of its children (or of one child); staff groups list theirs. Every read and
 * write goes through `reachable` (the caller is a member) or, for holders of
 * daily_communication.chat_safeguarding, the audited safeguarding view of the whole school.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scopes: ScopeFactory,
    private readonly school: SchoolService,
    private readonly storage: MediaStore,
    private readonly events: EventBus,
    private readonly translator: ChatTranslator,
    /** Messages a person may send in a minute, counted with every instance's (decision 44). */
    private readonly limit: { limits: RateLimits; perMinute: number },
  ) {}

  // ------------------------------------------------------------------ rules

  private async settingsOf(scope: Scope, schoolId: string): Promise<ChatSettings> {
    const row = await repo.settings(scope, this.db, schoolId);
    return row
      ? {
          quiet_start: row.quietStart,
          quiet_end: row.quietEnd,
          quiet_weekends: row.quietWeekends,
          allow_urgent: row.allowUrgent,
          family_channels: row.familyChannels,
        }
      : DEFAULT_SETTINGS;
  }

  /** A conversation the caller is a member of: 404 for another school's (or, for a family, any other). */
  private async reachable(scope: Scope, id: string) {
    const found = await repo.conversation(scope, this.db, id);
    if (found) return found;
    if (scope.kind === 'staff' && (await repo.existsInSchool(scope, this.db, id))) throw forbidden();
    throw notFound();
  }

  private async conversationAbilities(
    scope: Scope,
    row: repo.ConversationRow,
    settings: ChatSettings,
  ): Promise<ConversationAbilities> {
    if (scope.kind === 'staff') return { can_write: true, can_manage: row.kind !== 'family', can_send_urgent: false };
    const writes = row.kind === 'family' || (row.mode === 'two_way' && settings.family_channels);
    return { can_write: writes, can_manage: false, can_send_urgent: writes && settings.allow_urgent };
  }

  /** What a viewer may do with a message (`viewerId` null: any member who did not send it). */
  private messageAbilities(
    viewerId: string | null,
    row: repo.MessageRow,
    translates: boolean,
    member: boolean,
  ): MessageAbilities {
    const mine = viewerId !== null && row.senderId === viewerId;
    const live = row.deletedAt === null;
    const now = this.clock.now();
    return {
      can_edit: member && mine && live && editable(row, now),
      can_delete: member && mine && live,
      can_report: member && !mine && live,
      can_translate: member && !mine && live && translates && row.body.trim().length > 0,
    };
  }

  /** Whether translation is offered to the caller in a school (an external model the school switched on). */
  private translates(scope: Scope, schoolId: string): Promise<boolean> {
    return this.translator.available(scope, schoolId).catch(() => false);
  }

  private async presentConversations(scope: Scope, found: { conversation: repo.ConversationRow; lastRead: number | null }[]) {
    const rows = found.map((f) => f.conversation);
    const [labels, lastRows] = await Promise.all([repo.labels(scope, this.db, rows), repo.lastMessages(scope, this.db, rows)]);
    const names = await repo.names(scope, this.db, [...new Set([...lastRows.values()].map((m) => m.senderId))]);
    const settings = new Map<string, ChatSettings>();
    for (const schoolId of new Set(rows.map((r) => r.schoolId))) settings.set(schoolId, await this.settingsOf(scope, schoolId));
    return Promise.all(
      found.map(async (f) =>
        presentConversation(
          f.conversation,
          f.lastRead ?? 0,
          { ...labels, last: lastRows, names },
          await this.conversationAbilities(scope, f.conversation, settings.get(f.conversation.schoolId) ?? DEFAULT_SETTINGS),
        ),
      ),
    );
  }

  private async detail(
    scope: Scope,
    found: { conversation: repo.ConversationRow; lastRead: number | null },
  ): Promise<ChatConversationDetail> {
    const row = found.conversation;
    const [[base], members, reads, settings, timeZone] = await Promise.all([
      this.presentConversations(scope, [found]),
      repo.membersOf(scope, this.db, [row]).then((m) => m.get(row.id) ?? []),
      repo.reads(scope, this.db, row.id),
      this.settingsOf(scope, row.schoolId),
      this.school.timeZone(scope, row.schoolId),
    ]);
    const today = todayIn(timeZone, this.clock.now());
    const away = await repo.awayOn(
      scope,
      this.db,
      row.schoolId,
      members.filter((m) => m.kind === 'staff').map((m) => m.id),
      today,
    );
    const quiet = {
      start: minutesOf(settings.quiet_start),
      end: minutesOf(settings.quiet_end),
      weekends: settings.quiet_weekends,
    };
    const until = scope.kind === 'parent' ? quietUntil(quiet, this.clock.now(), timeZone) : null;
    return {
      ...(base as ChatConversation),
      members: members.map((m) => {
        const note = away.find((a) => a.userId === m.id);
        return {
          _id: m.id,
          name: `${m.firstName} ${m.lastName}`.trim(),
          kind: m.kind,
          last_read_seq: reads.find((r) => r.userId === m.id)?.lastReadSeq ?? 0,
          away: note ? { until: ddmmyyyyFromIso(note.toDate), message: note.message } : null,
        };
      }),
      quiet_until: until?.toISOString() ?? null,
      quiet_hours: settings.quiet_start && settings.quiet_end ? { start: settings.quiet_start, end: settings.quiet_end } : null,
    };
  }

  /** What presenting messages reads: the messages they reply to, the members' receipts, the senders' names. */
  private async messageContext(scope: Scope, conv: repo.ConversationRow, rows: readonly repo.MessageRow[]) {
    const replyIds = [...new Set(rows.flatMap((r) => (r.replyToId ? [r.replyToId] : [])))];
    const [replies, reads, translates] = await Promise.all([
      repo.messagesByIds(scope, this.db, replyIds),
      repo.reads(scope, this.db, conv.id),
      this.translates(scope, conv.schoolId),
    ]);
    const names = await repo.names(scope, this.db, [...new Set([...rows, ...replies].map((r) => r.senderId))]);
    return { context: { names, replies: new Map(replies.map((r) => [r.id, r])), reads }, translates };
  }

  private async presentMessages(
    scope: Scope,
    conv: repo.ConversationRow,
    rows: readonly repo.MessageRow[],
  ): Promise<ConversationMessage[]> {
    const { context, translates } = await this.messageContext(scope, conv, rows);
    return rows.map((r) => presentMessage(r, context, this.messageAbilities(scope.userId, r, translates, true)));
  }

  /**
   * Tells the members of a new or changed message (what a member who did not send it sees: the sender's
   * other screens know it is theirs), and answers the message as the sender sees it — one reading for both.
   */
  private async announce(
    scope: Scope,
    conv: repo.ConversationRow,
    row: repo.MessageRow,
    change: 'new' | 'updated',
  ): Promise<ConversationMessage> {
    const [members, { context, translates }] = await Promise.all([
      repo.membersOf(scope, this.db, [conv]).then((m) => m.get(conv.id) ?? []),
      this.messageContext(scope, conv, [row]),
    ]);
    this.events.publish('chat.message', {
      schoolId: conv.schoolId,
      conversationId: conv.id,
      change,
      message: presentMessage(row, context, this.messageAbilities(null, row, translates, true)),
      staffUserIds: members.filter((m) => m.kind === 'staff').map((m) => m.id),
      familyUserIds: members.filter((m) => m.kind === 'parent').map((m) => m.id),
      // An urgent message was only accepted where the school allows it.
      notifyStaff: !row.quiet || row.urgent,
    });
    return presentMessage(row, context, this.messageAbilities(scope.userId, row, translates, true));
  }

  // ------------------------------------------------------------------ conversations

  async list(scope: Scope, q: ChatListQuery): Promise<ChatConversation[]> {
    if (scope.kind === 'staff') staffSchool(scope);
    const found = await repo.conversations(scope, this.db, { kind: q.kind, classId: q.class_id, search: q.search || undefined });
    return this.presentConversations(scope, found);
  }

  async get(scope: Scope, id: string): Promise<ChatConversationDetail> {
    return this.detail(scope, await this.reachable(scope, id));
  }

  /** Opens (or finds) a family conversation or a class channel, or starts a staff group. */
  async open(scope: Scope, body: ChatConversationRequest): Promise<{ conversation: ChatConversationDetail; created: boolean }> {
    const now = this.clock.now();
    let row: repo.ConversationInsert;
    let members: string[] = [];
    if (body.kind === 'family') {
      await requireAccess(scope, 'child', [body.student_id]);
      const classes = await repo.classesOfChild(scope, this.db, body.student_id);
      const allowed = scope.kind === 'staff' ? classes.filter((c) => c.schoolId === scope.schoolId) : classes;
      const taught = scope.kind === 'staff' ? await scope.taughtClassIds() : null;
      const candidates = allowed.filter(
        (c) => (body.class_id ? c.classId === body.class_id : true) && (!taught || taught.has(c.classId)),
      );
      const chosen = candidates[0];
      if (!chosen) {
        if (scope.kind === 'staff') throw forbidden(CHAT_MESSAGES.studentNotInClass);
        throw notFound();
      }
      await this.requireFeature(scope, chosen.schoolId);
      row = {
        id: newId(),
        schoolId: chosen.schoolId,
        kind: 'family',
        classId: chosen.classId,
        studentId: body.student_id,
        createdBy: scope.userId,
        createdAt: now,
      };
    } else if (body.kind === 'channel') {
      if (scope.kind !== 'staff') throw forbidden();
      await requireAccess(scope, 'class', [body.class_id]);
      if (!(await scope.taughtClassIds()).has(body.class_id)) throw forbidden();
      row = {
        id: newId(),
        schoolId: staffSchool(scope),
        kind: 'channel',
        mode: body.mode,
        classId: body.class_id,
        createdBy: scope.userId,
        createdAt: now,
      };
    } else {
      const schoolId = staffSchool(scope);
      const ids = [...new Set([scope.userId, ...body.member_ids])];
      const staff = await repo.staffOfSchool(scope, this.db, ids);
      if (staff.length !== ids.length) throw badRequest(CHAT_MESSAGES.membersOfSchool, ERROR_CODES.validation, 'member_ids');
      members = ids;
      row = { id: newId(), schoolId, kind: 'staff', title: body.title, createdBy: scope.userId, createdAt: now };
    }
    // A family's conversation and a class's channel are one of their kind: the one there is, if any.
    const keyed = row;
    const existing = async () => {
      const id = await repo.findKeyed(
        scope,
        this.db,
        keyed.kind as 'family' | 'channel',
        keyed.classId as string,
        keyed.studentId ?? null,
      );
      return id ? { conversation: await this.get(scope, id), created: false } : null;
    };
    if (row.kind !== 'staff') {
      const found = await existing();
      if (found) return found;
    }
    const created = await repo.insertConversation(scope, this.db, row, members);
    if (!created) {
      // Opened by someone else at the same moment: that one.
      const found = await existing();
      if (found) return found;
    }
    return { conversation: await this.get(scope, row.id), created: true };
  }

  private async requireFeature(scope: Scope, schoolId: string) {
    const features = scope.kind === 'staff' ? await scope.schoolPermissions() : await this.scopes.featuresOf(schoolId);
    if (!features.has('chat')) throw forbidden();
  }

  async edit(scope: Scope, id: string, body: ChatConversationEdit): Promise<ChatConversationDetail> {
    const found = await this.reachable(scope, id);
    const row = found.conversation;
    // A family conversation follows the child and class: nothing to manage.
    if (row.kind === 'family') throw forbidden();
    if (row.kind === 'staff' && body.mode) throw badRequest('A staff group has no mode', ERROR_CODES.validation, 'mode');
    if (body.member_ids) {
      if (row.kind !== 'staff') throw forbidden();
      const ids = [...new Set([scope.userId, ...body.member_ids])];
      const staff = await repo.staffOfSchool(scope, this.db, ids);
      if (staff.length !== ids.length) throw badRequest(CHAT_MESSAGES.membersOfSchool, ERROR_CODES.validation, 'member_ids');
      await this.db.transaction(async (tx) => {
        await repo.setMembers(scope, tx, id, ids);
        await repo.updateConversation(scope, tx, id, { ...(body.title ? { title: body.title } : {}) });
      });
    } else {
      await repo.updateConversation(scope, this.db, id, {
        ...(body.title ? { title: body.title } : {}),
        ...(body.mode ? { mode: body.mode } : {}),
      });
    }
    return this.get(scope, id);
  }

  // ------------------------------------------------------------------ messages

  async messages(scope: Scope, id: string, q: ChatMessagesQuery): Promise<ChatMessagesPage> {
    const found = await this.reachable(scope, id);
    const page = await repo.messages(scope, this.db, id, { before: q.before, after: q.after, limit: q.limit });
    return { items: await this.presentMessages(scope, found.conversation, page.items), has_more: page.more };
  }

  async send(scope: Scope, id: string, body: ChatSend): Promise<ConversationMessage> {
    const found = await this.reachable(scope, id);
    const conv = found.conversation;
    // The same message sent again (an offline queue replayed, a retried request) is the first one.
    const again = await repo.byClientId(scope, this.db, id, body.client_id);
    if (again) return (await this.presentMessages(scope, conv, [again]))[0] as ConversationMessage;
    if (!(await this.limit.limits.allow(`chat:${scope.userId}`, this.limit.perMinute, 60_000)))
      throw tooMany(CHAT_MESSAGES.tooManyMessages);
    const settings = await this.settingsOf(scope, conv.schoolId);
    const abilities = await this.conversationAbilities(scope, conv, settings);
    if (!abilities.can_write) throw new AppError(403, CHAT_MESSAGES.readOnlyChannel, ERROR_CODES.readOnlyChannel);
    if (body.urgent && !abilities.can_send_urgent)
      throw new AppError(409, CHAT_MESSAGES.urgentNotAllowed, ERROR_CODES.urgentNotAllowed);
    const uploads = await repo.openUploads(scope, this.db, id, body.attachment_ids);
    if (uploads.length !== new Set(body.attachment_ids).size)
      throw badRequest(CHAT_MESSAGES.attachmentNotFound, ERROR_CODES.validation, 'attachment_ids');
    if (body.reply_to) {
      const [target] = await repo.messagesByIds(scope, this.db, [body.reply_to]);
      if (!target || target.conversationId !== id) throw badRequest(MESSAGES.notFound, ERROR_CODES.validation, 'reply_to');
    }
    const now = this.clock.now();
    let quiet = false;
    if (scope.kind === 'parent') {
      const timeZone = await this.school.timeZone(scope, conv.schoolId);
      quiet =
        quietUntil(
          { start: minutesOf(settings.quiet_start), end: minutesOf(settings.quiet_end), weekends: settings.quiet_weekends },
          now,
          timeZone,
        ) !== null;
    }
    const attachments: repo.AttachmentRow[] = uploads.map((u) => ({
      id: u.id,
      path: u.path,
      name: u.name,
      mime: u.mime,
      size: u.size,
      kind: u.kind === 'image' ? 'image' : 'file',
    }));
    let row: repo.MessageRow;
    try {
      row = await this.db.transaction((tx) =>
        repo.insertMessage(
          scope,
          tx,
          {
            id: newId(),
            conversationId: id,
            schoolId: conv.schoolId,
            senderId: scope.userId,
            senderKind: scope.kind === 'parent' ? 'parent' : 'staff',
            clientId: body.client_id,
            body: body.body.trim(),
            replyToId: body.reply_to ?? null,
            attachments,
            urgent: body.urgent,
            quiet,
            createdAt: now,
          },
          uploads.map((u) => u.id),
        ),
      );
    } catch (err) {
      // Two copies of one message raced: the unique client id kept the first.
      const first = await repo.byClientId(scope, this.db, id, body.client_id);
      if (!first) throw err;
      return (await this.presentMessages(scope, conv, [first]))[0] as ConversationMessage;
    }
    return this.announce(scope, conv, row, 'new');
  }

  /** A message of a conversation the caller is a member of: 404 for another school's, 403 for one of the school. */
  private async reachableMessage(scope: Scope, id: string) {
    const found = await repo.message(scope, this.db, id);
    if (found) return found;
    if (scope.kind === 'staff' && (await repo.messageInSchool(scope, this.db, id))) throw forbidden();
    throw notFound();
  }

  async editMessage(scope: Scope, id: string, body: string): Promise<ConversationMessage> {
    const { message, conversation } = await this.reachableMessage(scope, id);
    if (message.senderId !== scope.userId) throw forbidden(CHAT_MESSAGES.notYourMessage);
    if (message.deletedAt) throw new AppError(409, CHAT_MESSAGES.alreadyDeleted, ERROR_CODES.conflict);
    const now = this.clock.now();
    if (!editable(message, now)) throw new AppError(409, CHAT_MESSAGES.editWindowPassed, ERROR_CODES.editWindowPassed);
    const earlier = [...message.earlier, { body: message.body, replaced_at: now.toISOString() }];
    const row = await repo.editMessage(scope, this.db, id, body.trim(), earlier, now);
    if (!row) throw new AppError(409, CHAT_MESSAGES.alreadyDeleted, ERROR_CODES.conflict);
    return this.announce(scope, conversation.conversation, row, 'updated');
  }

  /** Deletes a message for everyone; the school's safeguarding record keeps its text. */
  async deleteMessage(scope: Scope, id: string): Promise<ConversationMessage> {
    const { message, conversation } = await this.reachableMessage(scope, id);
    if (message.senderId !== scope.userId) throw forbidden(CHAT_MESSAGES.notYourMessage);
    const row = await repo.deleteMessage(scope, this.db, id, this.clock.now());
    if (!row) throw new AppError(409, CHAT_MESSAGES.alreadyDeleted, ERROR_CODES.conflict);
    return this.announce(scope, conversation.conversation, row, 'updated');
  }

  async read(scope: Scope, id: string, seq: number): Promise<void> {
    const found = await this.reachable(scope, id);
    const upTo = Math.min(seq, found.conversation.lastSeq);
    if (!(await repo.markRead(scope, this.db, id, upTo, this.clock.now()))) return;
    const members = (await repo.membersOf(scope, this.db, [found.conversation])).get(id) ?? [];
    this.events.publish('chat.read', {
      conversationId: id,
      userId: scope.userId,
      seq: upTo,
      userIds: members.filter((m) => m.id !== scope.userId).map((m) => m.id),
    });
  }

  async typing(scope: Scope, id: string): Promise<void> {
    const found = await repo.conversation(scope, this.db, id);
    if (!found) return;
    const members = (await repo.membersOf(scope, this.db, [found.conversation])).get(id) ?? [];
    const me = members.find((m) => m.id === scope.userId);
    this.events.publish('chat.typing', {
      conversationId: id,
      userId: scope.userId,
      name: me ? `${me.firstName} ${me.lastName}`.trim() : '',
      userIds: members.filter((m) => m.id !== scope.userId).map((m) => m.id),
    });
  }

  /** A file for a message to come: photos re-encoded without their metadata; families send photos only. */
  async attach(scope: Scope, id: string, upload: UploadedFile): Promise<ChatAttachment> {
    const found = await this.reachable(scope, id);
    const prepared = await prepareUpload(upload.bytes, upload.mimetype, scope.kind === 'parent');
    if (prepared.kind === 'video') throw new AppError(415, MESSAGES.fileTypeNotAllowed, ERROR_CODES.unsupportedMediaType);
    const uploadId = newId();
    const base = upload.filename.replace(/\.[^.]*$/, '') || 'file';
    const name = `${base}.${prepared.ext}`.slice(0, 200);
    const path = await this.storage.put(`chat/${uploadId}.${prepared.ext}`, prepared.bytes, prepared.contentType, {
      uploadedBy: scope.userId,
      schoolId: found.conversation.schoolId,
      kind: prepared.kind === 'image' ? 'image' : 'document',
      name,
    });
    const row = {
      id: uploadId,
      conversationId: id,
      uploadedBy: scope.userId,
      path,
      name,
      mime: prepared.contentType,
      size: prepared.bytes.length,
      kind: prepared.kind === 'image' ? 'image' : 'file',
      createdAt: this.clock.now(),
    };
    if (!(await repo.insertUpload(scope, this.db, row))) {
      await this.storage.remove(path).catch(() => undefined);
      throw notFound();
    }
    return presentAttachment({ id: row.id, path, name, mime: row.mime, size: row.size, kind: row.kind as 'image' | 'file' });
  }

  async report(scope: Scope, id: string, reason: string): Promise<void> {
    const { message } = await this.reachableMessage(scope, id);
    if (message.senderId === scope.userId) throw badRequest('You cannot report your own message', ERROR_CODES.validation);
    await repo.insertReport(scope, this.db, {
      id: newId(),
      schoolId: message.schoolId,
      conversationId: message.conversationId,
      messageId: id,
      reporterId: scope.userId,
      reason,
      createdAt: this.clock.now(),
    });
  }

  /** A message in the reader's language, only where the school sends its records to a model it switched on. */
  async translate(scope: Scope, id: string, language: keyof typeof LANGUAGE_NAMES): Promise<ChatTranslation> {
    const { message } = await this.reachableMessage(scope, id);
    if (!(await this.translates(scope, message.schoolId)))
      throw new AppError(409, CHAT_MESSAGES.translationOff, ERROR_CODES.externalProviderOff);
    if (message.deletedAt) throw new AppError(409, CHAT_MESSAGES.alreadyDeleted, ERROR_CODES.conflict);
    try {
      return { language, text: await this.translator.translate(message.body, LANGUAGE_NAMES[language]) };
    } catch {
      throw new AppError(502, 'The translation could not be made. Please try again.', ERROR_CODES.internal);
    }
  }

  async unread(scope: Scope): Promise<ChatUnread> {
    if (scope.kind === 'staff') staffSchool(scope);
    const found = await repo.conversations(scope, this.db, {});
    const conversations: Record<string, number> = {};
    let total = 0;
    for (const f of found) {
      const n = Math.max(0, f.conversation.lastSeq - (f.lastRead ?? 0));
      if (n > 0) {
        conversations[f.conversation.id] = n;
        total += n;
      }
    }
    return { total, conversations };
  }

  // ------------------------------------------------------------------ settings and out-of-office

  async settings(scope: Scope): Promise<ChatSettings> {
    return this.settingsOf(scope, staffSchool(scope));
  }

  async saveSettings(scope: Scope, body: ChatSettings): Promise<ChatSettings> {
    staffSchool(scope);
    await repo.saveSettings(scope, this.db, {
      quietStart: body.quiet_start,
      quietEnd: body.quiet_end,
      quietWeekends: body.quiet_weekends,
      allowUrgent: body.allow_urgent,
      familyChannels: body.family_channels,
      updatedAt: this.clock.now(),
    });
    return this.settings(scope);
  }

  async away(scope: Scope): Promise<ChatAway> {
    staffSchool(scope);
    const row = await repo.away(scope, this.db);
    return row
      ? { from: ddmmyyyyFromIso(row.fromDate), to: ddmmyyyyFromIso(row.toDate), message: row.message }
      : { from: null, to: null, message: '' };
  }

  async saveAway(scope: Scope, body: { from: string | null; to: string | null; message: string }): Promise<ChatAway> {
    staffSchool(scope);
    if (body.from === null || body.to === null) {
      if (body.from !== body.to) throw badRequest('Give both days, or neither', ERROR_CODES.validation, 'to');
      await repo.saveAway(scope, this.db, null);
      return this.away(scope);
    }
    const from = isoFromWire(body.from, 'from');
    const to = isoFromWire(body.to, 'to');
    if (to < from) throw badRequest('The last day comes before the first', ERROR_CODES.validation, 'to');
    if (to > addDays(from, 366)) throw badRequest('At most a year', ERROR_CODES.validation, 'to');
    await repo.saveAway(scope, this.db, { fromDate: from, toDate: to, message: body.message });
    return this.away(scope);
  }

  // ------------------------------------------------------------------ safeguarding

  async safeguardingList(scope: Scope, q: ChatListQuery): Promise<ChatConversation[]> {
    staffSchool(scope);
    const found = await repo.conversations(scope, this.db, {
      kind: q.kind,
      classId: q.class_id,
      search: q.search || undefined,
      school: true,
    });
    const out = await this.presentConversations(scope, found);
    // Nobody writes from the safeguarding view.
    return out.map((c) => ({ ...c, abilities: { can_write: false, can_manage: false, can_send_urgent: false } }));
  }

  /** The full record of any conversation of the school, deleted and edited text included; every opening is audited. */
  async safeguardingOpen(scope: Scope, id: string, action: 'open' | 'export' = 'open'): Promise<ChatRecord> {
    staffSchool(scope);
    const found = await repo.conversation(scope, this.db, id, true);
    if (!found) throw notFound();
    await repo.audit(scope, this.db, { id: newId(), conversationId: id, action, at: this.clock.now() });
    const [conversation, rows, reports] = await Promise.all([
      this.detail(scope, found),
      repo.allMessages(scope, this.db, id),
      repo.reportCounts(scope, this.db, id),
    ]);
    const names = await repo.names(scope, this.db, [...new Set(rows.map((r) => r.senderId))]);
    return {
      conversation: { ...conversation, abilities: { can_write: false, can_manage: false, can_send_urgent: false } },
      messages: rows.map((r) => presentRecordMessage(r, names, reports.get(r.id) ?? 0)),
    };
  }

  async exportCsv(scope: Scope, id: string): Promise<string> {
    const record = await this.safeguardingOpen(scope, id, 'export');
    return recordCsv(record.conversation.title, record.messages);
  }

  async reports(scope: Scope, state: 'open' | 'resolved' | 'all', id?: string): Promise<ChatReport[]> {
    staffSchool(scope);
    const rows = await repo.reports(scope, this.db, state, id);
    const labels = await repo.labels(
      scope,
      this.db,
      rows.map((r) => r.conversation),
    );
    const names = await repo.names(scope, this.db, [
      ...new Set(
        rows.flatMap((r) => [r.message.senderId, r.report.reporterId, ...(r.report.resolvedBy ? [r.report.resolvedBy] : [])]),
      ),
    ]);
    return rows.map((r) => presentReport(r, titleOf(r.conversation, labels), names));
  }

  async resolveReport(scope: Scope, id: string): Promise<ChatReport> {
    const [existing] = await this.reports(scope, 'all', id);
    if (!existing) throw notFound();
    await repo.resolveReport(scope, this.db, id, this.clock.now());
    const [report] = await this.reports(scope, 'all', id);
    return report as ChatReport;
  }
}
