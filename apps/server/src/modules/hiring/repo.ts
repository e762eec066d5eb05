import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import { memberName } from '../../platform/db/names.js';
import {
  classes,
  jobApplicationFiles,
  jobApplicationNotes,
  jobApplications,
  jobInterviewers,
  jobInterviews,
  jobOpenings,
  jobStageChanges,
  memberships,
  rateCounters,
  roles,
  schools,
  users,
} from '../../platform/db/schema.js';

/* Every query carries the scope's school (a public call's scope is the school's system scope). */

export type OpeningRow = typeof jobOpenings.$inferSelect;
export type ApplicationRow = typeof jobApplications.$inferSelect;
export type FileRow = typeof jobApplicationFiles.$inferSelect;
export type InterviewRow = typeof jobInterviews.$inferSelect;
export interface Named {
  id: string;
  name: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

// ------------------------------------------------------------------ school

/** The school's public face and its time zone (the public pages read it before anything else). */
export async function schoolOf(scope: Scope, q: Queryable) {
  const [row] = await q
    .select({ id: schools.id, name: schools.name, logo: schools.logo, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, staffSchool(scope)))
    .limit(1);
  return row ?? null;
}

/** Roles of the school among these ids. */
export async function rolesOf(scope: Scope, q: Queryable, ids: string[]): Promise<Named[]> {
  if (ids.length === 0) return [];
  return q
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.schoolId, staffSchool(scope)), inArray(roles.id, ids)));
}

/** Live classes of the school among these ids. */
export async function classesOf(scope: Scope, q: Queryable, ids: string[]): Promise<Named[]> {
  if (ids.length === 0) return [];
  return q
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), inArray(classes.id, ids), isNull(classes.archivedAt)));
}

/** Staff members of the school among these user ids, with the name the school records. */
export async function staffOf(scope: Scope, q: Queryable, userIds: string[]): Promise<Named[]> {
  if (userIds.length === 0) return [];
  return q
    .select({ id: users.id, name: memberName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.schoolId, staffSchool(scope)), inArray(memberships.userId, userIds), isNull(users.deletedAt)));
}

/** People (staff or once staff) by id, for authors and hires; names as the school records them when it does. */
export async function peopleOf(scope: Scope, q: Queryable, userIds: string[]): Promise<Named[]> {
  if (userIds.length === 0) return [];
  return q
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${memberName}, ''), ${userName})` })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.schoolId, staffSchool(scope))))
    .where(inArray(users.id, [...new Set(userIds)]));
}

// ------------------------------------------------------------------ rate limits

/**
 * Counts one against a fixed-window counter of the school (rate_counters, shared by every instance):
 * false when the window already holds `limit`, and nothing is counted then.
 */
export async function takeFromCounter(scope: Scope, q: Queryable, name: string, limit: number, now: Date, windowMs: number) {
  const key = `${name}:${staffSchool(scope)}`;
  const windowStart = new Date(now.getTime() - windowMs);
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const over = sql`${rateCounters.windowStartedAt} <= ${at(windowStart)}`;
  const rows = await q
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
    .returning({ count: rateCounters.count });
  return rows.length === 1;
}

// ------------------------------------------------------------------ openings

export type OpeningListed = OpeningRow & { stageCounts: Record<string, number> };

/** The school's openings (newest first), each with its applications counted per stage in one grouped query. */
export async function listOpenings(
  scope: Scope,
  q: Queryable,
  filter: { ids?: string[]; status?: string; publicOn?: string } = {},
): Promise<OpeningListed[]> {
  const schoolId = staffSchool(scope);
  const rows = await q
    .select()
    .from(jobOpenings)
    .where(
      and(
        eq(jobOpenings.schoolId, schoolId),
        filter.ids ? inArray(jobOpenings.id, filter.ids) : undefined,
        filter.status ? eq(jobOpenings.status, filter.status) : undefined,
        filter.publicOn
          ? and(eq(jobOpenings.status, 'open'), or(isNull(jobOpenings.closesOn), gte(jobOpenings.closesOn, filter.publicOn)))
          : undefined,
      ),
    )
    .orderBy(desc(jobOpenings.createdAt), desc(jobOpenings.id));
  if (rows.length === 0) return [];
  const counts = await q
    .select({ openingId: jobApplications.openingId, stage: jobApplications.stage, n: sql<number>`count(*)::int` })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.schoolId, schoolId),
        inArray(
          jobApplications.openingId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(jobApplications.openingId, jobApplications.stage);
  const byOpening = new Map<string, Record<string, number>>();
  for (const c of counts) {
    const one = byOpening.get(c.openingId) ?? {};
    one[c.stage] = Number(c.n);
    byOpening.set(c.openingId, one);
  }
  return rows.map((r) => ({ ...r, stageCounts: byOpening.get(r.id) ?? {} }));
}

export async function insertOpening(scope: Scope, q: Queryable, row: Omit<typeof jobOpenings.$inferInsert, 'schoolId'>) {
  await q.insert(jobOpenings).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateOpening(scope: Scope, q: Queryable, id: string, set: Partial<typeof jobOpenings.$inferInsert>) {
  const rows = await q
    .update(jobOpenings)
    .set(set)
    .where(and(eq(jobOpenings.schoolId, staffSchool(scope)), eq(jobOpenings.id, id)))
    .returning({ id: jobOpenings.id });
  return rows.length === 1;
}

/** Locks an opening of the school for a change; false when the school has none of that id. */
export async function lockOpening(scope: Scope, q: Queryable, id: string): Promise<boolean> {
  const rows = await q
    .select({ id: jobOpenings.id })
    .from(jobOpenings)
    .where(and(eq(jobOpenings.schoolId, staffSchool(scope)), eq(jobOpenings.id, id)))
    .for('update');
  return rows.length === 1;
}

// ------------------------------------------------------------------ CV files

export async function insertFile(scope: Scope, q: Queryable, row: Omit<typeof jobApplicationFiles.$inferInsert, 'schoolId'>) {
  await q.insert(jobApplicationFiles).values({ ...row, schoolId: staffSchool(scope) });
}

/** An unclaimed CV of this opening uploaded since `since`, locked so one file is claimed by one application. */
export async function lockUnclaimedFile(scope: Scope, q: Queryable, id: string, openingId: string, since: Date) {
  const [row] = await q
    .select()
    .from(jobApplicationFiles)
    .where(
      and(
        eq(jobApplicationFiles.schoolId, staffSchool(scope)),
        eq(jobApplicationFiles.id, id),
        eq(jobApplicationFiles.openingId, openingId),
        isNull(jobApplicationFiles.applicationId),
        gt(jobApplicationFiles.createdAt, since),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function claimFile(scope: Scope, q: Queryable, id: string, applicationId: string) {
  await q
    .update(jobApplicationFiles)
    .set({ applicationId })
    .where(and(eq(jobApplicationFiles.schoolId, staffSchool(scope)), eq(jobApplicationFiles.id, id)));
}

/** Unclaimed CVs of the school uploaded before `before` (never sent with an application): removed with their bytes. */
export async function removeStaleFiles(scope: Scope, q: Queryable, before: Date): Promise<string[]> {
  const rows = await q
    .delete(jobApplicationFiles)
    .where(
      and(
        eq(jobApplicationFiles.schoolId, staffSchool(scope)),
        isNull(jobApplicationFiles.applicationId),
        lt(jobApplicationFiles.createdAt, before),
      ),
    )
    .returning({ key: jobApplicationFiles.storageKey });
  return rows.map((r) => r.key);
}

export async function filesOf(scope: Scope, q: Queryable, applicationIds: string[]): Promise<FileRow[]> {
  if (applicationIds.length === 0) return [];
  return q
    .select()
    .from(jobApplicationFiles)
    .where(and(eq(jobApplicationFiles.schoolId, staffSchool(scope)), inArray(jobApplicationFiles.applicationId, applicationIds)))
    .orderBy(desc(jobApplicationFiles.createdAt));
}

// ------------------------------------------------------------------ applications

/** The next reference of the year (J-<year>-<4 digits>): taken under a lock of the school's sequence. */
export async function nextReference(scope: Scope, q: Queryable, year: string): Promise<string> {
  const schoolId = staffSchool(scope);
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`job_reference:${schoolId}`}))`);
  const prefix = `J-${year}-`;
  const [row] = await q
    .select({ last: sql<string | null>`max(${jobApplications.reference})` })
    .from(jobApplications)
    .where(and(eq(jobApplications.schoolId, schoolId), sql`${jobApplications.reference} like ${`${prefix}%`}`));
  const n = row?.last ? Number(row.last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

export async function insertApplication(scope: Scope, q: Queryable, row: Omit<typeof jobApplications.$inferInsert, 'schoolId'>) {
  await q.insert(jobApplications).values({ ...row, schoolId: staffSchool(scope) });
}

export type ApplicationListed = ApplicationRow & { openingTitle: string; nextInterviewAt: Date | null };

const nextInterview = (now: Date) =>
  sql<Date | null>`(select min(${jobInterviews.startsAt}) from ${jobInterviews}
    where ${jobInterviews.applicationId} = ${jobApplications.id} and ${jobInterviews.cancelledAt} is null
    and ${jobInterviews.startsAt} >= ${now.toISOString()}::timestamptz)`;

/** Newest stage change first. */
const APPLICATION_ORDER: Keyset<ApplicationListed> = [
  { by: jobApplications.stageChangedAt, desc: true, of: (r) => r.stageChangedAt },
  { by: jobApplications.id, desc: true, of: (r) => r.id },
];

/**
 * Applications of the school (newest stage change first), with the opening's title and the next
 * interview; a page of them with `limit` (read on after `cursor`).
 */
export async function listApplications(
  scope: Scope,
  q: Queryable,
  filter: {
    ids?: string[];
    openingId?: string;
    stage?: string;
    q?: string;
    limit?: number;
    offset?: number;
    cursor?: string;
    now: Date;
  },
): Promise<{ rows: ApplicationListed[]; nextCursor: string | null; total: number }> {
  const like = filter.q ? `%${escapeLike(filter.q)}%` : null;
  const where = and(
    eq(jobApplications.schoolId, staffSchool(scope)),
    filter.ids ? inArray(jobApplications.id, filter.ids) : undefined,
    filter.openingId ? eq(jobApplications.openingId, filter.openingId) : undefined,
    filter.stage ? eq(jobApplications.stage, filter.stage) : undefined,
    like
      ? or(
          ilike(sql`${jobApplications.firstName} || ' ' || ${jobApplications.lastName}`, like),
          ilike(jobApplications.email, like),
          ilike(jobApplications.reference, like),
          ilike(jobApplications.phone, like),
        )
      : undefined,
  );
  const base = q
    .select({ a: jobApplications, openingTitle: jobOpenings.title, next: nextInterview(filter.now) })
    .from(jobApplications)
    .innerJoin(jobOpenings, eq(jobOpenings.id, jobApplications.openingId))
    .where(and(where, keysetAfter(APPLICATION_ORDER, filter.cursor)))
    .orderBy(...keysetOrder(APPLICATION_ORDER));
  const [read, [count]] = await Promise.all([
    filter.limit !== undefined ? base.limit(filter.limit + 1).offset(filter.cursor ? 0 : (filter.offset ?? 0)) : base,
    filter.ids ? Promise.resolve([{ n: 0 }]) : q.select({ n: sql<number>`count(*)::int` }).from(jobApplications).where(where),
  ]);
  const rows = read.map((r) => ({ ...r.a, openingTitle: r.openingTitle, nextInterviewAt: r.next ? new Date(r.next) : null }));
  const page = filter.limit !== undefined ? keysetPage(APPLICATION_ORDER, rows, filter.limit) : { rows, nextCursor: null };
  return { ...page, total: Number(count?.n ?? page.rows.length) };
}

/** Locks an application of the school for a change; null when the school has none of that id. */
export async function lockApplication(scope: Scope, q: Queryable, id: string): Promise<ApplicationRow | null> {
  const [row] = await q
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.schoolId, staffSchool(scope)), eq(jobApplications.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateApplication(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<typeof jobApplications.$inferInsert>,
) {
  await q
    .update(jobApplications)
    .set(set)
    .where(and(eq(jobApplications.schoolId, staffSchool(scope)), eq(jobApplications.id, id)));
}

export async function insertStageChange(scope: Scope, q: Queryable, row: Omit<typeof jobStageChanges.$inferInsert, 'schoolId'>) {
  // A move follows the application's last one even when the clock has not moved on (moves made in the
  // same millisecond, a fixed clock), so the history reads in the order the moves were made.
  const last = sql`(select max(${jobStageChanges.at}) from ${jobStageChanges} where ${jobStageChanges.applicationId} = ${row.applicationId})`;
  const at = sql`greatest(${(row.at ?? new Date()).toISOString()}::timestamptz, coalesce(${last} + interval '1 millisecond', '-infinity'::timestamptz))`;
  await q.insert(jobStageChanges).values({ ...row, at, schoolId: staffSchool(scope) });
}

export async function stageChangesOf(scope: Scope, q: Queryable, applicationId: string) {
  return q
    .select()
    .from(jobStageChanges)
    .where(and(eq(jobStageChanges.schoolId, staffSchool(scope)), eq(jobStageChanges.applicationId, applicationId)))
    .orderBy(asc(jobStageChanges.at), asc(jobStageChanges.id));
}

export async function insertNote(scope: Scope, q: Queryable, row: Omit<typeof jobApplicationNotes.$inferInsert, 'schoolId'>) {
  await q.insert(jobApplicationNotes).values({ ...row, schoolId: staffSchool(scope) });
}

export async function notesOf(scope: Scope, q: Queryable, applicationId: string) {
  return q
    .select()
    .from(jobApplicationNotes)
    .where(and(eq(jobApplicationNotes.schoolId, staffSchool(scope)), eq(jobApplicationNotes.applicationId, applicationId)))
    .orderBy(desc(jobApplicationNotes.createdAt), desc(jobApplicationNotes.id));
}

// ------------------------------------------------------------------ interviews

export type InterviewListed = InterviewRow & {
  applicantFirstName: string;
  applicantLastName: string;
  openingTitle: string;
  interviewerIds: string[];
};

/** Interviews of the school by id, application, range or interviewer, earliest first, with their interviewers. */
export async function listInterviews(
  scope: Scope,
  q: Queryable,
  filter: { ids?: string[]; applicationId?: string; from?: Date; to?: Date; interviewerIds?: string[]; live?: boolean },
): Promise<InterviewListed[]> {
  const schoolId = staffSchool(scope);
  const where: (SQL | undefined)[] = [
    eq(jobInterviews.schoolId, schoolId),
    filter.ids ? inArray(jobInterviews.id, filter.ids) : undefined,
    filter.applicationId ? eq(jobInterviews.applicationId, filter.applicationId) : undefined,
    filter.from ? gt(jobInterviews.endsAt, filter.from) : undefined,
    filter.to ? lt(jobInterviews.startsAt, filter.to) : undefined,
    filter.live ? isNull(jobInterviews.cancelledAt) : undefined,
    filter.interviewerIds
      ? inArray(
          jobInterviews.id,
          q
            .select({ id: jobInterviewers.interviewId })
            .from(jobInterviewers)
            .where(inArray(jobInterviewers.userId, filter.interviewerIds)),
        )
      : undefined,
  ];
  const rows = await q
    .select({
      i: jobInterviews,
      first: jobApplications.firstName,
      last: jobApplications.lastName,
      title: jobOpenings.title,
      interviewers: sql<string[]>`coalesce((select array_agg(${jobInterviewers.userId} order by ${jobInterviewers.userId})
        from ${jobInterviewers} where ${jobInterviewers.interviewId} = ${jobInterviews.id}), '{}')`,
    })
    .from(jobInterviews)
    .innerJoin(jobApplications, eq(jobApplications.id, jobInterviews.applicationId))
    .innerJoin(jobOpenings, eq(jobOpenings.id, jobApplications.openingId))
    .where(and(...where))
    .orderBy(asc(jobInterviews.startsAt), asc(jobInterviews.id));
  return rows.map((r) => ({
    ...r.i,
    applicantFirstName: r.first,
    applicantLastName: r.last,
    openingTitle: r.title,
    interviewerIds: r.interviewers ?? [],
  }));
}

/**
 * Holds the interviewers' calendars until the transaction ends (in id order, so two bookings never
 * wait on each other): a second booking for one of them checks the overlap after the first commits.
 */
export async function lockInterviewers(scope: Scope, q: Queryable, userIds: string[]): Promise<void> {
  const schoolId = staffSchool(scope);
  for (const id of [...new Set(userIds)].sort())
    await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`job_interviewer:${schoolId}:${id}`}))`);
}

/** The interviewers among these who have another live interview of the school overlapping [start, end). */
export async function busyInterviewers(
  scope: Scope,
  q: Queryable,
  userIds: string[],
  start: Date,
  end: Date,
  exceptId?: string,
): Promise<string[]> {
  const rows = await q
    .selectDistinct({ userId: jobInterviewers.userId })
    .from(jobInterviewers)
    .innerJoin(jobInterviews, eq(jobInterviews.id, jobInterviewers.interviewId))
    .where(
      and(
        eq(jobInterviews.schoolId, staffSchool(scope)),
        inArray(jobInterviewers.userId, userIds),
        isNull(jobInterviews.cancelledAt),
        lt(jobInterviews.startsAt, end),
        gt(jobInterviews.endsAt, start),
        exceptId ? ne(jobInterviews.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

export async function insertInterview(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof jobInterviews.$inferInsert, 'schoolId'>,
  interviewerIds: string[],
) {
  await q.insert(jobInterviews).values({ ...row, schoolId: staffSchool(scope) });
  await q
    .insert(jobInterviewers)
    .values([...new Set(interviewerIds)].map((userId) => ({ interviewId: row.id as string, userId })));
}

/** Locks an interview of the school; null when there is none. */
export async function lockInterview(scope: Scope, q: Queryable, id: string): Promise<InterviewRow | null> {
  const [row] = await q
    .select()
    .from(jobInterviews)
    .where(and(eq(jobInterviews.schoolId, staffSchool(scope)), eq(jobInterviews.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateInterview(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<typeof jobInterviews.$inferInsert>,
  interviewerIds?: string[],
) {
  await q
    .update(jobInterviews)
    .set(set)
    .where(and(eq(jobInterviews.schoolId, staffSchool(scope)), eq(jobInterviews.id, id)));
  if (!interviewerIds) return;
  // The interview is the school's (checked above by the same WHERE): its interviewers are replaced.
  await q.delete(jobInterviewers).where(eq(jobInterviewers.interviewId, id));
  await q.insert(jobInterviewers).values([...new Set(interviewerIds)].map((userId) => ({ interviewId: id, userId })));
}
