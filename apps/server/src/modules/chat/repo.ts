import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  chatAudit,
  chatAway,
  chatConversations,
  chatMembers,
  chatMessages,
  chatReads,
  chatReports,
  chatSettings,
  chatUploads,
  classes,
  classStaff,
  classStudents,
  memberships,
  parentChildren,
  parents,
  schools,
  students,
  users,
} from '../../platform/db/schema.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type { ChatAttachmentRow as AttachmentRow } from '../../platform/db/schema.js';
export type ConversationInsert = typeof chatConversations.$inferInsert;
export type UploadRow = typeof chatUploads.$inferSelect;
export type SettingsRow = typeof chatSettings.$inferSelect;

const NONE = [''];
const list = (ids: Iterable<string>) => {
  const out = [...ids];
  return out.length ? out : NONE;
};
const staffSchoolId = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');

const chatOn = sql`exists (select 1 from ${schools} where ${schools.id} = ${chatConversations.schoolId} and ${schools.permissions} @> '["chat"]'::jsonb)`;

/**
 * The conversations a scope is a member of. Staff: their school's family conversations and channels
 * of the classes they teach, and staff groups that list them. A family: the conversations of its own
 * children (with the child's current classes) and the channels of its children's classes, where the
 * school has the chat on.
 */
async function memberOf(scope: Scope): Promise<SQL> {
  if (scope.kind === 'staff') {
    const taught = await scope.taughtClassIds();
    return and(
      eq(chatConversations.schoolId, staffSchoolId(scope)),
      or(
        and(inArray(chatConversations.kind, ['family', 'channel']), inArray(chatConversations.classId, list(taught))),
        and(
          eq(chatConversations.kind, 'staff'),
          sql`exists (select 1 from ${chatMembers} where ${chatMembers.conversationId} = ${chatConversations.id} and ${chatMembers.userId} = ${scope.userId})`,
        ),
      ),
    ) as SQL;
  }
  const [kids, classIds] = await Promise.all([scope.childIds(), scope.childClassIds()]);
  return and(
    chatOn,
    or(
      and(
        eq(chatConversations.kind, 'family'),
        inArray(chatConversations.studentId, list(kids)),
        inArray(chatConversations.classId, list(classIds)),
      ),
      and(eq(chatConversations.kind, 'channel'), inArray(chatConversations.classId, list(classIds))),
    ),
  ) as SQL;
}

/** The reach of the safeguarding view: every conversation of the staff member's school. */
const ofSchool = (scope: Scope) => eq(chatConversations.schoolId, staffSchoolId(scope));

export interface ListFilter {
  kind?: string;
  classId?: string;
  search?: string;
  /** Every conversation of the school (safeguarding), not only the caller's. */
  school?: boolean;
}

/** The caller's conversations (or the school's), newest message first, with the caller's read receipt. */
export async function conversations(scope: Scope, q: Queryable, f: ListFilter) {
  const where: (SQL | undefined)[] = [f.school ? ofSchool(scope) : await memberOf(scope)];
  if (f.kind) where.push(eq(chatConversations.kind, f.kind));
  if (f.classId) where.push(eq(chatConversations.classId, f.classId));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        sql`${chatConversations.title} ilike ${like}`,
        sql`exists (select 1 from ${students} where ${students.id} = ${chatConversations.studentId} and (${students.firstName} || ' ' || ${students.lastName}) ilike ${like})`,
        sql`exists (select 1 from ${classes} where ${classes.id} = ${chatConversations.classId} and ${classes.name} ilike ${like})`,
      ),
    );
  }
  return q
    .select({ conversation: chatConversations, lastRead: chatReads.lastReadSeq })
    .from(chatConversations)
    .leftJoin(chatReads, and(eq(chatReads.conversationId, chatConversations.id), eq(chatReads.userId, scope.userId)))
    .where(and(...where))
    .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.createdAt))
    .limit(500);
}

/** One conversation the caller is a member of (or, with `school`, any of the staff member's school). */
export async function conversation(scope: Scope, q: Queryable, id: string, school = false) {
  const [row] = await q
    .select({ conversation: chatConversations, lastRead: chatReads.lastReadSeq })
    .from(chatConversations)
    .leftJoin(chatReads, and(eq(chatReads.conversationId, chatConversations.id), eq(chatReads.userId, scope.userId)))
    .where(and(eq(chatConversations.id, id), school ? ofSchool(scope) : await memberOf(scope)));
  return row ?? null;
}

/** The newest message of each conversation. */
export async function lastMessages(
  scope: Scope,
  q: Queryable,
  rows: readonly ConversationRow[],
): Promise<Map<string, MessageRow>> {
  const keyed = rows.filter((r) => r.lastSeq > 0);
  if (keyed.length === 0) return new Map();
  const found = await q
    .select()
    .from(chatMessages)
    .where(
      and(
        await schoolReach(scope, chatMessages.schoolId),
        or(...keyed.map((r) => and(eq(chatMessages.conversationId, r.id), eq(chatMessages.seq, r.lastSeq)))),
      ),
    );
  return new Map(found.map((m) => [m.conversationId, m]));
}

/** Whether the conversation exists in the staff member's school (a member or not). */
export async function existsInSchool(scope: Scope, q: Queryable, id: string): Promise<boolean> {
  const [row] = await q
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), ofSchool(scope)));
  return !!row;
}

/** The family conversation of a child and class, or a class's channel, if it was opened before. */
export async function findKeyed(
  scope: Scope,
  q: Queryable,
  kind: 'family' | 'channel',
  classId: string,
  studentId: string | null,
) {
  const [row] = await q
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.kind, kind),
        eq(chatConversations.classId, classId),
        studentId ? eq(chatConversations.studentId, studentId) : isNull(chatConversations.studentId),
        await memberOf(scope),
      ),
    );
  return row?.id ?? null;
}

export async function insertConversation(
  scope: Scope,
  q: Queryable,
  row: typeof chatConversations.$inferInsert,
  memberIds: string[],
) {
  // Opened in a school the caller reaches (a staff member's own, a family's child's).
  const [school] = await q
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, row.schoolId), await schoolReach(scope, schools.id)));
  if (!school) return false;
  // The family key is unique: a conversation opened at the same moment by the other side is that one.
  const inserted = await q.insert(chatConversations).values(row).onConflictDoNothing().returning({ id: chatConversations.id });
  if (inserted.length && memberIds.length)
    await q
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ conversationId: row.id, userId })))
      .onConflictDoNothing();
  return inserted.length > 0;
}

export async function updateConversation(scope: Scope, q: Queryable, id: string, patch: { title?: string; mode?: string }) {
  if (Object.keys(patch).length === 0) return;
  await q
    .update(chatConversations)
    .set(patch)
    .where(and(eq(chatConversations.id, id), ofSchool(scope)));
}

export async function setMembers(scope: Scope, q: Queryable, id: string, memberIds: string[]) {
  if (!(await existsInSchool(scope, q, id))) return;
  await q.delete(chatMembers).where(eq(chatMembers.conversationId, id));
  await q.insert(chatMembers).values(memberIds.map((userId) => ({ conversationId: id, userId })));
}

// ------------------------------------------------------------------ members

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  kind: 'staff' | 'parent';
}

/** The members of conversations (staff of the class, the families of the child or class, a group's list). */
export async function membersOf(scope: Scope, q: Queryable, rows: readonly ConversationRow[]): Promise<Map<string, Person[]>> {
  const classIds = [...new Set(rows.flatMap((r) => (r.kind !== 'staff' && r.classId ? [r.classId] : [])))];
  const groupIds = rows.filter((r) => r.kind === 'staff').map((r) => r.id);
  const childIds = [...new Set(rows.flatMap((r) => (r.kind === 'family' && r.studentId ? [r.studentId] : [])))];
  const channelClassIds = [...new Set(rows.flatMap((r) => (r.kind === 'channel' && r.classId ? [r.classId] : [])))];
  const person = { id: users.id, firstName: users.firstName, lastName: users.lastName };
  const [classInReach, childInReach, conversationInReach] = await Promise.all([
    schoolReach(scope, classes.schoolId),
    schoolReach(scope, students.schoolId),
    schoolReach(scope, chatConversations.schoolId),
  ]);
  const [staff, groups, families, classFamilies] = await Promise.all([
    classIds.length
      ? q
          .select({ ...person, classId: classStaff.classId })
          .from(classStaff)
          .innerJoin(classes, eq(classes.id, classStaff.classId))
          .innerJoin(users, eq(users.id, classStaff.userId))
          .where(and(inArray(classStaff.classId, classIds), classInReach, isNull(users.deletedAt)))
      : [],
    groupIds.length
      ? q
          .select({ ...person, conversationId: chatMembers.conversationId })
          .from(chatMembers)
          .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
          .innerJoin(users, eq(users.id, chatMembers.userId))
          .where(and(inArray(chatMembers.conversationId, groupIds), conversationInReach, isNull(users.deletedAt)))
      : [],
    childIds.length
      ? q
          .select({ ...person, studentId: parentChildren.studentId })
          .from(parentChildren)
          .innerJoin(students, eq(students.id, parentChildren.studentId))
          .innerJoin(parents, eq(parents.id, parentChildren.parentId))
          .innerJoin(users, eq(users.id, parents.userId))
          .where(and(inArray(parentChildren.studentId, childIds), childInReach, isNull(users.deletedAt)))
      : [],
    channelClassIds.length
      ? q
          .selectDistinct({ ...person, classId: classStudents.classId })
          .from(classStudents)
          .innerJoin(students, eq(students.id, classStudents.studentId))
          .innerJoin(parentChildren, eq(parentChildren.studentId, classStudents.studentId))
          .innerJoin(parents, eq(parents.id, parentChildren.parentId))
          .innerJoin(users, eq(users.id, parents.userId))
          .where(and(inArray(classStudents.classId, channelClassIds), childInReach, isNull(users.deletedAt)))
      : [],
  ]);
  const out = new Map<string, Person[]>();
  for (const r of rows) {
    const people: Person[] = [];
    const seen = new Set<string>();
    const add = (p: { id: string; firstName: string; lastName: string }, kind: 'staff' | 'parent') => {
      if (seen.has(p.id)) return;
      seen.add(p.id);
      people.push({ id: p.id, firstName: p.firstName, lastName: p.lastName, kind });
    };
    if (r.kind === 'staff') for (const p of groups) p.conversationId === r.id && add(p, 'staff');
    else {
      for (const p of staff) p.classId === r.classId && add(p, 'staff');
      if (r.kind === 'family') for (const p of families) p.studentId === r.studentId && add(p, 'parent');
      else for (const p of classFamilies) p.classId === r.classId && add(p, 'parent');
    }
    out.set(r.id, people);
  }
  return out;
}

/** Read receipts of a conversation's members. */
export async function reads(scope: Scope, q: Queryable, conversationId: string) {
  return q
    .select({ userId: chatReads.userId, lastReadSeq: chatReads.lastReadSeq })
    .from(chatReads)
    .innerJoin(chatConversations, eq(chatConversations.id, chatReads.conversationId))
    .where(and(eq(chatReads.conversationId, conversationId), await schoolReach(scope, chatConversations.schoolId)));
}

/** Moves the caller's read receipt forward (never back); answers whether it moved. */
export async function markRead(scope: Scope, q: Queryable, conversationId: string, seq: number, at: Date): Promise<boolean> {
  const result = await q
    .insert(chatReads)
    .values({ conversationId, userId: scope.userId, lastReadSeq: seq, readAt: at })
    .onConflictDoUpdate({
      target: [chatReads.conversationId, chatReads.userId],
      set: { lastReadSeq: seq, readAt: at },
      setWhere: lt(chatReads.lastReadSeq, seq),
    })
    .returning({ seq: chatReads.lastReadSeq });
  return result.length > 0;
}

/** Names of people (senders, reporters), by id. */
export async function names(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  // Only people of the schools the caller reaches: their staff, and the families of their children.
  const [staffOf, childOf] = await Promise.all([schoolReach(scope, memberships.schoolId), schoolReach(scope, students.schoolId)]);
  const rows = await q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        or(
          sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${staffOf})`,
          sql`exists (select 1 from ${parents} join ${parentChildren} on ${parentChildren.parentId} = ${parents.id} join ${students} on ${students.id} = ${parentChildren.studentId} where ${parents.userId} = ${users.id} and ${childOf})`,
        ),
      ),
    );
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** Names of classes and children of conversations. */
export async function labels(scope: Scope, q: Queryable, rows: readonly ConversationRow[]) {
  const classIds = [...new Set(rows.flatMap((r) => (r.classId ? [r.classId] : [])))];
  const childIds = [...new Set(rows.flatMap((r) => (r.studentId ? [r.studentId] : [])))];
  const [cls, kids] = await Promise.all([
    classIds.length
      ? q
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(and(inArray(classes.id, classIds), await schoolReach(scope, classes.schoolId)))
      : [],
    childIds.length
      ? q
          .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(and(inArray(students.id, childIds), await schoolReach(scope, students.schoolId)))
      : [],
  ]);
  return {
    classes: new Map(cls.map((c) => [c.id, c.name])),
    children: new Map(kids.map((k) => [k.id, `${k.firstName} ${k.lastName}`.trim()])),
  };
}

/** The classes of a child in the staff member's school (or, for a family, any of its child's). */
export async function classesOfChild(scope: Scope, q: Queryable, studentId: string) {
  return q
    .select({ classId: classStudents.classId, schoolId: classes.schoolId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.studentId, studentId), isNull(classes.archivedAt), await schoolReach(scope, classes.schoolId)));
}

/** Which of these users are staff of the school (members of a staff group must be). */
export async function staffOfSchool(scope: Scope, q: Queryable, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await q
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.schoolId, staffSchoolId(scope)), inArray(memberships.userId, [...userIds])));
  return rows.map((r) => r.userId);
}

// ------------------------------------------------------------------ messages

/** A page of a conversation's messages, oldest first. */
export async function messages(
  scope: Scope,
  q: Queryable,
  conversationId: string,
  page: { before?: number; after?: number; limit: number },
) {
  const where = [eq(chatMessages.conversationId, conversationId), await schoolReach(scope, chatMessages.schoolId)];
  if (page.before !== undefined) where.push(lt(chatMessages.seq, page.before));
  if (page.after !== undefined) where.push(gt(chatMessages.seq, page.after));
  // After a number: the oldest first from there; otherwise the newest page, turned oldest first.
  const rows = await q
    .select()
    .from(chatMessages)
    .where(and(...where))
    .orderBy(page.after !== undefined ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit);
  return { items: page.after !== undefined ? items : items.reverse(), more };
}

/** Every message of a conversation, oldest first (the safeguarding record and its export). */
export async function allMessages(scope: Scope, q: Queryable, conversationId: string) {
  return q
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), await schoolReach(scope, chatMessages.schoolId)))
    .orderBy(asc(chatMessages.seq));
}

export async function messagesByIds(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(chatMessages)
    .where(and(inArray(chatMessages.id, [...ids]), await schoolReach(scope, chatMessages.schoolId)));
}

/** A message by its id, with its conversation, if the caller is a member of it. */
export async function message(scope: Scope, q: Queryable, id: string) {
  const [row] = await q.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) return null;
  const conv = await conversation(scope, q, row.conversationId);
  return conv ? { message: row, conversation: conv } : null;
}

/** Whether the message exists in the staff member's school (to tell 403 from 404). */
export async function messageInSchool(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), eq(chatMessages.schoolId, staffSchoolId(scope))));
  return !!row;
}

/** The message a sender already sent with this id of theirs (an offline queue replayed). */
export async function byClientId(scope: Scope, q: Queryable, conversationId: string, clientId: string) {
  const [row] = await q
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, scope.userId),
        eq(chatMessages.clientId, clientId),
        eq(chatMessages.conversationId, conversationId),
      ),
    );
  return row ?? null;
}

/**
 * Adds a message: takes the conversation's next number (the row lock orders concurrent senders),
 * attaches the sender's uploads and moves the sender's read receipt to it. In the caller's transaction.
 */
export async function insertMessage(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof chatMessages.$inferInsert, 'seq'>,
  uploadIds: readonly string[],
): Promise<MessageRow> {
  const [next] = await q
    .update(chatConversations)
    .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastMessageAt: row.createdAt })
    .where(eq(chatConversations.id, row.conversationId))
    .returning({ seq: chatConversations.lastSeq });
  const seq = next?.seq ?? 1;
  const [inserted] = await q
    .insert(chatMessages)
    .values({ ...row, seq })
    .returning();
  if (uploadIds.length)
    await q
      .update(chatUploads)
      .set({ messageId: row.id })
      .where(and(inArray(chatUploads.id, [...uploadIds]), eq(chatUploads.uploadedBy, scope.userId)));
  await markRead(scope, q, row.conversationId, seq, row.createdAt ?? new Date());
  return inserted as MessageRow;
}

export async function editMessage(
  scope: Scope,
  q: Queryable,
  id: string,
  body: string,
  earlier: MessageRow['earlier'],
  at: Date,
) {
  const [row] = await q
    .update(chatMessages)
    .set({ body, earlier, editedAt: at })
    .where(and(eq(chatMessages.id, id), eq(chatMessages.senderId, scope.userId), isNull(chatMessages.deletedAt)))
    .returning();
  return row ?? null;
}

export async function deleteMessage(scope: Scope, q: Queryable, id: string, at: Date) {
  const [row] = await q
    .update(chatMessages)
    .set({ deletedAt: at, deletedBy: scope.userId })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------ uploads

/** A file the caller uploaded into a conversation of a school they reach (answers whether it was kept). */
async function conversationReached(scope: Scope, q: Queryable, conversationId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), await schoolReach(scope, chatConversations.schoolId)));
  return !!row;
}

export async function insertUpload(scope: Scope, q: Queryable, row: typeof chatUploads.$inferInsert): Promise<boolean> {
  if (row.uploadedBy !== scope.userId || !(await conversationReached(scope, q, row.conversationId))) return false;
  await q.insert(chatUploads).values(row);
  return true;
}

/** The caller's uploads into a conversation that no message carries yet. */
export async function openUploads(scope: Scope, q: Queryable, conversationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(chatUploads)
    .where(
      and(
        inArray(chatUploads.id, [...ids]),
        eq(chatUploads.conversationId, conversationId),
        eq(chatUploads.uploadedBy, scope.userId),
        isNull(chatUploads.messageId),
      ),
    );
}

// ------------------------------------------------------------------ reports and audit

export async function insertReport(scope: Scope, q: Queryable, row: typeof chatReports.$inferInsert): Promise<void> {
  if (row.reporterId !== scope.userId || !(await conversationReached(scope, q, row.conversationId))) return;
  await q.insert(chatReports).values(row).onConflictDoNothing();
}

export async function reports(scope: Scope, q: Queryable, state: 'open' | 'resolved' | 'all', id?: string) {
  const where: (SQL | undefined)[] = [eq(chatReports.schoolId, staffSchoolId(scope))];
  if (state === 'open') where.push(isNull(chatReports.resolvedAt));
  if (state === 'resolved') where.push(isNotNull(chatReports.resolvedAt));
  if (id) where.push(eq(chatReports.id, id));
  return q
    .select({ report: chatReports, message: chatMessages, title: chatConversations.title, conversation: chatConversations })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .innerJoin(chatConversations, eq(chatConversations.id, chatReports.conversationId))
    .where(and(...where))
    .orderBy(desc(chatReports.createdAt))
    .limit(500);
}

export async function resolveReport(scope: Scope, q: Queryable, id: string, at: Date) {
  await q
    .update(chatReports)
    .set({ resolvedAt: at, resolvedBy: scope.userId })
    .where(and(eq(chatReports.id, id), eq(chatReports.schoolId, staffSchoolId(scope)), isNull(chatReports.resolvedAt)));
}

/** How many reports each message has. */
export async function reportCounts(scope: Scope, q: Queryable, conversationId: string) {
  const rows = await q
    .select({ messageId: chatReports.messageId, n: sql<number>`count(*)::int` })
    .from(chatReports)
    .where(and(eq(chatReports.conversationId, conversationId), await schoolReach(scope, chatReports.schoolId)))
    .groupBy(chatReports.messageId);
  return new Map(rows.map((r) => [r.messageId, Number(r.n)]));
}

export async function audit(scope: Scope, q: Queryable, row: { id: string; conversationId: string; action: string; at: Date }) {
  await q.insert(chatAudit).values({
    id: row.id,
    schoolId: staffSchoolId(scope),
    conversationId: row.conversationId,
    userId: scope.userId,
    action: row.action,
    createdAt: row.at,
  });
}

export async function auditOf(scope: Scope, q: Queryable, conversationId: string) {
  return q
    .select()
    .from(chatAudit)
    .where(and(eq(chatAudit.conversationId, conversationId), eq(chatAudit.schoolId, staffSchoolId(scope))))
    .orderBy(asc(chatAudit.createdAt));
}

// ------------------------------------------------------------------ settings and out-of-office

export async function settings(scope: Scope, q: Queryable, schoolId: string): Promise<SettingsRow | null> {
  const [row] = await q
    .select()
    .from(chatSettings)
    .where(and(eq(chatSettings.schoolId, schoolId), await schoolReach(scope, chatSettings.schoolId)));
  return row ?? null;
}

export async function saveSettings(scope: Scope, q: Queryable, values: Omit<typeof chatSettings.$inferInsert, 'schoolId'>) {
  const schoolId = staffSchoolId(scope);
  await q
    .insert(chatSettings)
    .values({ ...values, schoolId })
    .onConflictDoUpdate({ target: chatSettings.schoolId, set: values });
}

export async function away(scope: Scope, q: Queryable) {
  const [row] = await q
    .select()
    .from(chatAway)
    .where(and(eq(chatAway.userId, scope.userId), eq(chatAway.schoolId, staffSchoolId(scope))));
  return row ?? null;
}

export async function saveAway(scope: Scope, q: Queryable, value: { fromDate: string; toDate: string; message: string } | null) {
  const key = and(eq(chatAway.userId, scope.userId), eq(chatAway.schoolId, staffSchoolId(scope)));
  if (!value) {
    await q.delete(chatAway).where(key);
    return;
  }
  await q
    .insert(chatAway)
    .values({ userId: scope.userId, schoolId: staffSchoolId(scope), ...value })
    .onConflictDoUpdate({ target: [chatAway.userId, chatAway.schoolId], set: value });
}

/** Out-of-office notes of these staff in a school that cover a day. */
export async function awayOn(scope: Scope, q: Queryable, schoolId: string, userIds: readonly string[], day: string) {
  if (userIds.length === 0) return [];
  return q
    .select()
    .from(chatAway)
    .where(
      and(
        eq(chatAway.schoolId, schoolId),
        await schoolReach(scope, chatAway.schoolId),
        inArray(chatAway.userId, [...userIds]),
        sql`${chatAway.fromDate} <= ${day}`,
        sql`${chatAway.toDate} >= ${day}`,
      ),
    );
}
