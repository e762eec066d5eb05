import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { schoolReach } from '../platform/auth/reach.js';
import { type Scope, staffSchool } from '../platform/auth/scope.js';
import type { Queryable } from '../platform/db/client.js';
import { aiAudit, aiConversations, aiMessages, aiToolCalls, classAiSettings, classes, schools } from '../platform/db/schema.js';

/*
 * The assistant's tables. Every query is the caller's: their school, and for conversations and drafted
 * cards their own (a teacher never reads another person's conversation).
 */

export type ToolCallInsert = typeof aiToolCalls.$inferInsert;
export type AuditInsert = typeof aiAudit.$inferInsert;
export type ClassAiSettingsRow = typeof classAiSettings.$inferSelect;

/** The school's time zone and chosen assistant provider (local or the configured external model). */
export async function schoolAi(scope: Scope, q: Queryable) {
  const [row] = await q
    .select({ timeZone: schools.timeZone, aiProvider: schools.aiProvider })
    .from(schools)
    .where(eq(schools.id, staffSchool(scope)));
  return row ?? null;
}

/** The model provider a school switched on, read for anyone reaching the school's records (a family too). */
export async function schoolProviderOf(scope: Scope, q: Queryable, schoolId: string): Promise<string | null> {
  const [row] = await q
    .select({ aiProvider: schools.aiProvider })
    .from(schools)
    .where(and(eq(schools.id, schoolId), await schoolReach(scope, schools.id)));
  return row?.aiProvider ?? null;
}

export async function setAiProvider(scope: Scope, q: Queryable, provider: string): Promise<void> {
  await q
    .update(schools)
    .set({ aiProvider: provider })
    .where(eq(schools.id, staffSchool(scope)));
}

const mine = (scope: Scope) => and(eq(aiConversations.userId, scope.userId), eq(aiConversations.schoolId, staffSchool(scope)));

/** One of the caller's conversations (about this class, when given). */
export async function findConversation(scope: Scope, q: Queryable, id: string, classId?: string) {
  const [row] = await q
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, id), mine(scope), classId ? eq(aiConversations.classId, classId) : undefined));
  return row ?? null;
}

/** The latest messages of one of the caller's conversations, newest first. */
export async function latestMessages(scope: Scope, q: Queryable, conversationId: string, limit: number) {
  return q
    .select({ seq: aiMessages.seq, message: aiMessages.message })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(and(eq(aiMessages.conversationId, conversationId), mine(scope)))
    .orderBy(desc(aiMessages.seq))
    .limit(limit);
}

/** Keeps a turn: the conversation (when new), its drafted cards and its messages, in one transaction's queries. */
export async function saveTurn(
  scope: Scope,
  q: Queryable,
  turn: {
    conversationId: string;
    isNew: boolean;
    classId: string;
    title: string;
    drafted: ToolCallInsert[];
    messages: { id: string; seq: number; message: Record<string, unknown> }[];
    now: Date;
  },
): Promise<void> {
  const schoolId = staffSchool(scope);
  if (turn.isNew)
    await q.insert(aiConversations).values({
      id: turn.conversationId,
      schoolId,
      classId: turn.classId,
      userId: scope.userId,
      title: turn.title,
    });
  if (turn.drafted.length)
    await q.insert(aiToolCalls).values(turn.drafted.map((d) => ({ ...d, schoolId, userId: scope.userId })));
  await q.insert(aiMessages).values(turn.messages.map((m) => ({ ...m, conversationId: turn.conversationId })));
  await q
    .update(aiConversations)
    .set({ updatedAt: turn.now })
    .where(and(eq(aiConversations.id, turn.conversationId), mine(scope)));
}

/** The caller's conversations about a class, latest first. */
export async function conversationsOfClass(scope: Scope, q: Queryable, classId: string, limit: number) {
  return q
    .select({ id: aiConversations.id, title: aiConversations.title, updated_at: aiConversations.updatedAt })
    .from(aiConversations)
    .where(and(mine(scope), eq(aiConversations.classId, classId)))
    .orderBy(desc(aiConversations.updatedAt))
    .limit(limit);
}

/** Every message of one of the caller's conversations, in order. */
export async function messagesOf(scope: Scope, q: Queryable, conversationId: string) {
  return q
    .select({ message: aiMessages.message })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(and(eq(aiMessages.conversationId, conversationId), mine(scope)))
    .orderBy(asc(aiMessages.seq));
}

const myCalls = (scope: Scope) => and(eq(aiToolCalls.userId, scope.userId), eq(aiToolCalls.schoolId, staffSchool(scope)));

/** The cards drafted in one of the caller's conversations. */
export async function toolCallsOf(scope: Scope, q: Queryable, conversationId: string) {
  return q
    .select({ id: aiToolCalls.id, name: aiToolCalls.name, args: aiToolCalls.args, saved_at: aiToolCalls.savedAt })
    .from(aiToolCalls)
    .where(and(eq(aiToolCalls.conversationId, conversationId), myCalls(scope)));
}

/** One of the caller's drafted cards. */
export async function findToolCall(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select()
    .from(aiToolCalls)
    .where(and(eq(aiToolCalls.id, id), myCalls(scope)));
  return row ?? null;
}

/** Marks a card saved once; false when it already was. */
export async function claimToolCall(scope: Scope, q: Queryable, id: string, now: Date): Promise<boolean> {
  const claimed = await q
    .update(aiToolCalls)
    .set({ savedAt: now })
    .where(and(eq(aiToolCalls.id, id), myCalls(scope), isNull(aiToolCalls.savedAt)))
    .returning({ id: aiToolCalls.id });
  return claimed.length > 0;
}

export async function releaseToolCall(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q
    .update(aiToolCalls)
    .set({ savedAt: null })
    .where(and(eq(aiToolCalls.id, id), myCalls(scope)));
}

export async function setToolCallArgs(scope: Scope, q: Queryable, id: string, args: Record<string, unknown>): Promise<void> {
  await q
    .update(aiToolCalls)
    .set({ args })
    .where(and(eq(aiToolCalls.id, id), myCalls(scope)));
}

/** Records a write the assistant made for the caller. */
export async function insertAudit(scope: Scope, q: Queryable, row: Omit<AuditInsert, 'schoolId' | 'userId'>): Promise<void> {
  await q.insert(aiAudit).values({ ...row, schoolId: staffSchool(scope), userId: scope.userId });
}

/** The school's assistant-initiated writes, newest first. */
export async function auditOfSchool(scope: Scope, q: Queryable, limit: number) {
  return q
    .select()
    .from(aiAudit)
    .where(eq(aiAudit.schoolId, staffSchool(scope)))
    .orderBy(desc(aiAudit.createdAt), sql`${aiAudit.id} desc`)
    .limit(limit);
}

/** A class's assistant configuration, when it has one (a class of the caller's school). */
export async function classSettings(scope: Scope, q: Queryable, classId: string): Promise<ClassAiSettingsRow | null> {
  const [row] = await q
    .select({
      classId: classAiSettings.classId,
      aiOptions: classAiSettings.aiOptions,
      aiBlocks: classAiSettings.aiBlocks,
      screenBlocks: classAiSettings.screenBlocks,
      updatedAt: classAiSettings.updatedAt,
    })
    .from(classAiSettings)
    .innerJoin(classes, eq(classes.id, classAiSettings.classId))
    .where(and(eq(classAiSettings.classId, classId), eq(classes.schoolId, staffSchool(scope))));
  return row ?? null;
}

/** Writes part of a class's assistant configuration (the class has been checked to be the caller's). */
export async function writeClassSettings(
  scope: Scope,
  q: Queryable,
  classId: string,
  patch: Partial<Omit<ClassAiSettingsRow, 'classId'>>,
  now: Date,
): Promise<void> {
  const [cls] = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, staffSchool(scope))));
  if (!cls) return;
  await q
    .insert(classAiSettings)
    .values({ classId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: classAiSettings.classId, set: { ...patch, updatedAt: now } });
}
