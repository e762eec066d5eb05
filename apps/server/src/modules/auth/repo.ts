import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import {
  appSettings,
  memberships,
  oauthStates,
  otpRequests,
  parentChildren,
  parents,
  rateCounters,
  refreshSessions,
  students,
  users,
} from '../../platform/db/schema.js';

export type OtpRequest = typeof otpRequests.$inferSelect;

export const insertOtpRequest = (q: Queryable, row: typeof otpRequests.$inferInsert) => q.insert(otpRequests).values(row);

export async function findOtpRequest(q: Queryable, id: string): Promise<OtpRequest | null> {
  const [row] = await q.select().from(otpRequests).where(eq(otpRequests.id, id)).limit(1);
  return row ?? null;
}

/** Messages really sent (test numbers excluded) to a phone or from an address since a moment. */
export async function countDeliveredSince(q: Queryable, by: { phone: string } | { ip: string }, since: Date): Promise<number> {
  const match = 'phone' in by ? eq(otpRequests.phone, by.phone) : eq(otpRequests.requestIp, by.ip);
  const [row] = await q
    .select({ n: sql<number>`coalesce(sum(${otpRequests.sendCount}), 0)::int` })
    .from(otpRequests)
    .where(and(match, eq(otpRequests.delivered, true), gt(otpRequests.lastSentAt, since)));
  return Number(row?.n ?? 0);
}

/** Replaces the code of an open request, only if its resend wait has passed. */
export async function resendOtp(q: Queryable, id: string, codeHash: string, now: Date, notBefore: Date, expiresAt: Date) {
  const [row] = await q
    .update(otpRequests)
    .set({ codeHash, attempts: 0, sendCount: sql`${otpRequests.sendCount} + 1`, lastSentAt: now, expiresAt })
    .where(and(eq(otpRequests.id, id), isNull(otpRequests.verifiedAt), lt(otpRequests.lastSentAt, notBefore)))
    .returning();
  return row ?? null;
}

/** Counts one try against the request, atomically, unless its tries are used up or it is verified. */
export async function takeOtpAttempt(q: Queryable, id: string, maxAttempts: number) {
  const [row] = await q
    .update(otpRequests)
    .set({ attempts: sql`${otpRequests.attempts} + 1` })
    .where(and(eq(otpRequests.id, id), isNull(otpRequests.verifiedAt), lt(otpRequests.attempts, maxAttempts)))
    .returning();
  return row ?? null;
}

export async function markOtpVerified(q: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await q
    .update(otpRequests)
    .set({ verifiedAt: now })
    .where(and(eq(otpRequests.id, id), isNull(otpRequests.verifiedAt)))
    .returning({ id: otpRequests.id });
  return rows.length === 1;
}

/** Namespaces of the advisory locks below (the two-key form, apart from any single-key lock). */
const OTP_PHONE_LOCK = 7301;
const OTP_ADDRESS_LOCK = 7302;

/**
 * Serialises, until the transaction ends and across every server instance, the OTP work of one phone
 * number: a count of its sends and the send recorded after it, or a check of its wrong codes and the
 * guess counted after it, cannot interleave with another request's.
 */
export async function lockOtpPhone(q: Queryable, phone: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(${OTP_PHONE_LOCK}, hashtext(${phone}))`);
}

/** The same for the sends from one client address. Taken after the phone's lock, never before it. */
export async function lockOtpAddress(q: Queryable, ip: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(${OTP_ADDRESS_LOCK}, hashtext(${ip}))`);
}

export interface CounterState {
  count: number;
  windowStartedAt: Date;
}

/** A fixed-window counter's state, or null when it has none whose window began after `windowStart`. */
export async function readCounter(q: Queryable, key: string, windowStart: Date): Promise<CounterState | null> {
  const [row] = await q
    .select({ count: rateCounters.count, windowStartedAt: rateCounters.windowStartedAt })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), gt(rateCounters.windowStartedAt, windowStart)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one against a fixed-window counter, in one statement: a window that began at or before
 * `windowStart` is over and a new one starts now. Nothing is counted and null comes back when the
 * counter has reached `limit` within its window, so concurrent calls never let more than `limit` through.
 */
export async function takeFromCounter(q: Queryable, key: string, limit: number, now: Date, windowStart: Date) {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const over = sql`${rateCounters.windowStartedAt} <= ${at(windowStart)}`;
  const [row] = await q
    .insert(rateCounters)
    .values({ key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${over} then 1 else ${rateCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${over} then ${at(now)} else ${rateCounters.windowStartedAt} end`,
      },
      setWhere: sql`${over} or ${rateCounters.count} < ${limit}::int`,
    })
    .returning({ count: rateCounters.count, windowStartedAt: rateCounters.windowStartedAt });
  return row ?? null;
}

/** The OTP token can be exchanged for a session once. */
export async function consumeOtp(q: Queryable, id: string, phone: string, now: Date): Promise<boolean> {
  const rows = await q
    .update(otpRequests)
    .set({ consumedAt: now })
    .where(and(eq(otpRequests.id, id), eq(otpRequests.phone, phone), isNull(otpRequests.consumedAt)))
    .returning({ id: otpRequests.id });
  return rows.length === 1;
}

export const insertSession = (q: Queryable, row: typeof refreshSessions.$inferInsert) => q.insert(refreshSessions).values(row);

export async function findSession(q: Queryable, id: string) {
  const [row] = await q.select().from(refreshSessions).where(eq(refreshSessions.id, id)).limit(1);
  return row ?? null;
}

export async function revokeSession(q: Queryable, id: string, now: Date): Promise<void> {
  await q
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.revokedAt)));
}

export async function getSetting<T>(q: Queryable, key: string): Promise<T | undefined> {
  const [row] = await q.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row?.value as T | undefined;
}

export async function putSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Moves a session to a new refresh token, only if the presented one is still its current one. */
export async function rotateSessionToken(q: Queryable, id: string, fromHash: string, toHash: string, now: Date, expiresAt: Date) {
  const rows = await q
    .update(refreshSessions)
    .set({ tokenHash: toHash, previousTokenHash: fromHash, rotatedAt: now, expiresAt })
    .where(and(eq(refreshSessions.id, id), eq(refreshSessions.tokenHash, fromHash), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  return rows.length === 1;
}

/** Revokes every open session of a user; returns their ids. */
export async function revokeUserSessions(q: Queryable, userId: string, now: Date, schoolId?: string): Promise<string[]> {
  const rows = await q
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
        schoolId ? eq(refreshSessions.schoolId, schoolId) : undefined,
      ),
    )
    .returning({ id: refreshSessions.id });
  return rows.map((r) => r.id);
}

/** Which of these people have ever signed in (a session of their own, not a temporary token). */
export async function usersWhoSignedIn(q: Queryable, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await q
    .selectDistinct({ userId: refreshSessions.userId })
    .from(refreshSessions)
    .where(and(inArray(refreshSessions.userId, userIds), eq(refreshSessions.isTemp, false)));
  return new Set(rows.map((r) => r.userId));
}

export async function listTempSessions(q: Queryable, schoolId: string, now: Date) {
  return q
    .select({ session: refreshSessions, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(
        eq(refreshSessions.schoolId, schoolId),
        eq(refreshSessions.isTemp, true),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(refreshSessions.createdAt));
}
export type TempSessionRow = Awaited<ReturnType<typeof listTempSessions>>[number];

export async function revokeTempSession(q: Queryable, id: string, schoolId: string, now: Date): Promise<boolean> {
  const rows = await q
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshSessions.id, id),
        eq(refreshSessions.schoolId, schoolId),
        eq(refreshSessions.isTemp, true),
        isNull(refreshSessions.revokedAt),
      ),
    )
    .returning({ id: refreshSessions.id });
  return rows.length === 1;
}

export const insertOauthState = (q: Queryable, row: typeof oauthStates.$inferInsert) => q.insert(oauthStates).values(row);

/** Takes the state out: each OAuth sign-in attempt can be completed once. */
export async function takeOauthState(q: Queryable, id: string, provider: string) {
  const [row] = await q
    .delete(oauthStates)
    .where(and(eq(oauthStates.id, id), eq(oauthStates.provider, provider)))
    .returning();
  return row ?? null;
}

export async function purgeExpiredOauthStates(q: Queryable, now: Date): Promise<void> {
  await q.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

// Who holds a phone number or an email, asked at sign-in

/** The staff account behind a phone number, with the school it starts in (its first membership). */
export async function findStaffByPhone(q: Queryable, phone: string) {
  const [row] = await q
    .select({ userId: users.id, schoolId: memberships.schoolId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row ?? null;
}

export async function findParentByPhone(q: Queryable, phone: string) {
  const [row] = await q
    .select({ userId: users.id, parentId: parents.id })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(or(eq(parents.primaryPhone, phone), eq(users.phone, phone)), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The schools of a parent's children (where the parent's sign-in is written in the audit log). */
export async function parentSchoolIds(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q
    .selectDistinct({ schoolId: students.schoolId })
    .from(parents)
    .innerJoin(parentChildren, eq(parentChildren.parentId, parents.id))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(eq(parents.userId, userId))
    .orderBy(asc(students.schoolId));
  return rows.map((r) => r.schoolId);
}

export async function isPhoneRegistered(q: Queryable, phone: string): Promise<boolean> {
  const [staff, parent] = await Promise.all([findStaffByPhone(q, phone), findParentByPhone(q, phone)]);
  return staff !== null || parent !== null;
}

export async function findStaffByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({ userId: users.id, schoolId: memberships.schoolId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row ?? null;
}

export async function findParentByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({ userId: users.id, parentId: parents.id })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(
      and(
        or(sql`lower(${parents.primaryEmail}) = lower(${email})`, sql`lower(${users.email}) = lower(${email})`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
