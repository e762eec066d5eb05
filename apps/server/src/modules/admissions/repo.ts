import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  admissionApplications,
  admissionDocuments,
  admissionForms,
  admissionNotes,
  admissionStageChanges,
  classes,
  rateCounters,
  students,
  users,
} from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

/*
 * Every query carries the caller's school (a staff scope, or the school's system scope a public page
 * acts in). Only the rate counters of the public pages (keyed by school and address, before any
 * school scope matters) and the daily removal of unclaimed uploads (every school) take markers.
 */

export type FormRow = typeof admissionForms.$inferSelect;
export type ApplicationRow = typeof admissionApplications.$inferSelect;
export type DocumentRow = typeof admissionDocuments.$inferSelect;
export type ApplicationListed = ApplicationRow & {
  desiredClassName: string | null;
  studentName: string | null;
  documentCount: number;
  noteCount: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nameOf = (t: typeof users) => sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

// ------------------------------------------------------------------ forms

export async function formOf(scope: Scope, q: Queryable, kind: string): Promise<FormRow | null> {
  const [row] = await q
    .select()
    .from(admissionForms)
    .where(and(eq(admissionForms.schoolId, staffSchool(scope)), eq(admissionForms.kind, kind)))
    .limit(1);
  return row ?? null;
}

export async function saveForm(
  scope: Scope,
  q: Queryable,
  kind: string,
  values: Pick<FormRow, 'title' | 'intro' | 'open' | 'sections' | 'updatedAt' | 'updatedBy'>,
): Promise<void> {
  await q
    .insert(admissionForms)
    .values({ id: newId(), schoolId: staffSchool(scope), kind, ...values })
    .onConflictDoUpdate({ target: [admissionForms.schoolId, admissionForms.kind], set: values });
}

/** The school's live (not archived) classes a family may ask for, by name. */
export async function liveClasses(scope: Scope, q: Queryable, ids?: readonly string[]) {
  return q
    .select({ id: classes.id, name: classes.name, ageRange: classes.ageRange })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, staffSchool(scope)),
        isNull(classes.archivedAt),
        ids ? inArray(classes.id, ids.length ? [...ids] : ['']) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${classes.name})`), asc(classes.id));
}

// ------------------------------------------------------------------ public rate limits

/**
 * Counts one against a fixed window of the public pages (a school and an address), in one
 * statement; false when the window already holds `limit` (concurrent calls never let more through).
 */
export async function takeFromCounter(
  scope: 'public',
  q: Queryable,
  key: string,
  limit: number,
  now: Date,
  windowStart: Date,
): Promise<boolean> {
  void scope;
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
  return rows.length > 0;
}

// ------------------------------------------------------------------ documents

export async function insertDocument(scope: Scope, q: Queryable, row: Omit<typeof admissionDocuments.$inferInsert, 'schoolId'>) {
  await q.insert(admissionDocuments).values({ ...row, schoolId: staffSchool(scope) });
}

/** Documents of the school among these ids. */
export async function documentsByIds(scope: Scope, q: Queryable, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(admissionDocuments)
    .where(and(eq(admissionDocuments.schoolId, staffSchool(scope)), inArray(admissionDocuments.id, [...ids])));
}

/** Gives unclaimed documents to an application (only those still unclaimed); how many were claimed. */
export async function claimDocuments(
  scope: Scope,
  q: Queryable,
  applicationId: string,
  docs: readonly { id: string; fieldKey: string }[],
): Promise<number> {
  let claimed = 0;
  for (const d of docs) {
    const rows = await q
      .update(admissionDocuments)
      .set({ applicationId, fieldKey: d.fieldKey })
      .where(
        and(
          eq(admissionDocuments.schoolId, staffSchool(scope)),
          eq(admissionDocuments.id, d.id),
          isNull(admissionDocuments.applicationId),
        ),
      )
      .returning({ id: admissionDocuments.id });
    claimed += rows.length;
  }
  return claimed;
}

export async function documentsOf(scope: Scope, q: Queryable, applicationId: string) {
  return q
    .select({ d: admissionDocuments, addedByName: nameOf(users) })
    .from(admissionDocuments)
    .leftJoin(users, eq(users.id, admissionDocuments.addedBy))
    .where(and(eq(admissionDocuments.schoolId, staffSchool(scope)), eq(admissionDocuments.applicationId, applicationId)))
    .orderBy(asc(admissionDocuments.createdAt), asc(admissionDocuments.id));
}

/** Uploads of the public forms never claimed by a submission, made before `before` (every school). */
export async function unclaimedBefore(scope: 'system', q: Queryable, before: Date, limit: number): Promise<DocumentRow[]> {
  void scope;
  return q
    .select()
    .from(admissionDocuments)
    .where(and(isNull(admissionDocuments.applicationId), lt(admissionDocuments.createdAt, before)))
    .orderBy(asc(admissionDocuments.createdAt))
    .limit(limit);
}

/** Removes these documents' rows if they are still unclaimed; the ids removed. */
export async function deleteUnclaimed(scope: 'system', q: Queryable, ids: readonly string[]): Promise<string[]> {
  void scope;
  if (ids.length === 0) return [];
  const rows = await q
    .delete(admissionDocuments)
    .where(and(inArray(admissionDocuments.id, [...ids]), isNull(admissionDocuments.applicationId)))
    .returning({ id: admissionDocuments.id });
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ applications

/**
 * The next reference of the year (A-YYYY-NNNN): the school's references are taken one at a time (a
 * transaction-scoped lock on the school), so two submissions never get the same number.
 */
export async function nextReference(scope: Scope, q: Queryable, year: number): Promise<string> {
  const schoolId = staffSchool(scope);
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`admission-reference:${schoolId}`}))`);
  const prefix = `A-${year}-`;
  const [row] = await q
    .select({ n: sql<number | null>`max(substr(${admissionApplications.reference}, ${prefix.length + 1})::int)` })
    .from(admissionApplications)
    .where(and(eq(admissionApplications.schoolId, schoolId), sql`${admissionApplications.reference} like ${`${prefix}%`}`));
  const next = Number(row?.n ?? 0) + 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}

export async function insertApplication(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof admissionApplications.$inferInsert, 'schoolId'>,
) {
  await q.insert(admissionApplications).values({ ...row, schoolId: staffSchool(scope) });
}

/**
 * Updates an application of the school; with `stages`, only while it is still at one of them and not
 * enrolled (a move another person made first wins). Whether a row was updated.
 */
export async function updateApplication(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<typeof admissionApplications.$inferInsert>,
  onlyAt?: readonly string[],
): Promise<boolean> {
  const rows = await q
    .update(admissionApplications)
    .set(set)
    .where(
      and(
        eq(admissionApplications.schoolId, staffSchool(scope)),
        eq(admissionApplications.id, id),
        onlyAt ? and(inArray(admissionApplications.stage, [...onlyAt]), isNull(admissionApplications.studentId)) : undefined,
      ),
    )
    .returning({ id: admissionApplications.id });
  return rows.length > 0;
}

export async function insertStageChange(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof admissionStageChanges.$inferInsert, 'schoolId'>,
) {
  // A move follows the application's last one even when the clock has not moved on (moves made in the
  // same millisecond, a fixed clock), so the history reads in the order the moves were made.
  const last = sql`(select max(${admissionStageChanges.at}) from ${admissionStageChanges} where ${admissionStageChanges.applicationId} = ${row.applicationId})`;
  const at = sql`greatest(${(row.at ?? new Date()).toISOString()}::timestamptz, coalesce(${last} + interval '1 millisecond', '-infinity'::timestamptz))`;
  await q.insert(admissionStageChanges).values({ ...row, at, schoolId: staffSchool(scope) });
}

export async function setEmailSent(scope: Scope, q: Queryable, changeId: string, sent: boolean) {
  await q
    .update(admissionStageChanges)
    .set({ emailSent: sent })
    .where(and(eq(admissionStageChanges.schoolId, staffSchool(scope)), eq(admissionStageChanges.id, changeId)));
}

export async function insertNote(scope: Scope, q: Queryable, row: Omit<typeof admissionNotes.$inferInsert, 'schoolId'>) {
  await q.insert(admissionNotes).values({ ...row, schoolId: staffSchool(scope) });
}

export interface ApplicationFilter {
  stage?: string;
  source?: string;
  kind?: string;
  q?: string;
}

function filterWhere(schoolId: string, f: ApplicationFilter, withStage: boolean): SQL | undefined {
  const like = f.q ? `%${escapeLike(f.q)}%` : null;
  const a = admissionApplications;
  return and(
    eq(a.schoolId, schoolId),
    withStage && f.stage ? eq(a.stage, f.stage) : undefined,
    f.source ? eq(a.source, f.source) : undefined,
    f.kind ? eq(a.kind, f.kind) : undefined,
    like
      ? or(
          ilike(sql`${a.childFirstName} || ' ' || ${a.childLastName}`, like),
          ilike(sql`${a.parentFirstName} || ' ' || ${a.parentLastName}`, like),
          ilike(sql`coalesce(${a.parentEmail}, '')`, like),
          ilike(sql`coalesce(${a.parentPhone}, '')`, like),
          ilike(a.reference, like),
        )
      : undefined,
  );
}

const student = alias(students, 'enrolled_student');
/** An application's id named with its table: inside a subquery an unqualified id would be the inner table's own. */
const appId = sql.raw('"admission_applications"."id"');

/** The pipeline's order: the latest moved first. */
const LISTED_ORDER: Keyset<ApplicationRow> = [
  { by: admissionApplications.stageChangedAt, desc: true, of: (r) => r.stageChangedAt },
  { by: admissionApplications.id, desc: true, of: (r) => r.id },
];

/** Applications of the school with their class's and child's names and counts of documents and notes. */
async function selectListed(
  q: Queryable,
  where: SQL | undefined,
  page?: { limit: number; offset: number; cursor?: string },
): Promise<{ rows: ApplicationListed[]; nextCursor: string | null }> {
  const a = admissionApplications;
  const base = q
    .select({
      a,
      desiredClassName: classes.name,
      studentName: sql<
        string | null
      >`case when ${student.id} is null then null else trim(${student.firstName} || ' ' || ${student.lastName}) end`,
      documentCount: sql<number>`(select count(*)::int from ${admissionDocuments} d where d.application_id = ${appId})`,
      noteCount: sql<number>`(select count(*)::int from ${admissionNotes} n where n.application_id = ${appId})`,
    })
    .from(a)
    .leftJoin(classes, eq(classes.id, a.desiredClassId))
    .leftJoin(student, eq(student.id, a.studentId))
    .where(and(where, keysetAfter(LISTED_ORDER, page?.cursor)))
    .orderBy(...keysetOrder(LISTED_ORDER));
  const read = page ? await base.limit(page.limit + 1).offset(page.cursor ? 0 : page.offset) : await base;
  const listed = read.map((r) => ({
    ...r.a,
    desiredClassName: r.desiredClassName,
    studentName: r.studentName,
    documentCount: Number(r.documentCount),
    noteCount: Number(r.noteCount),
  }));
  return page ? keysetPage(LISTED_ORDER, listed, page.limit) : { rows: listed, nextCursor: null };
}

export async function listApplications(
  scope: Scope,
  q: Queryable,
  f: ApplicationFilter,
  page: { limit: number; offset: number; cursor?: string },
): Promise<{ rows: ApplicationListed[]; nextCursor: string | null; total: number; stageCounts: Record<string, number> }> {
  const schoolId = staffSchool(scope);
  const [listed, [total], counts] = await Promise.all([
    selectListed(q, filterWhere(schoolId, f, true), page),
    q
      .select({ n: count() })
      .from(admissionApplications)
      .where(filterWhere(schoolId, f, true)),
    // The board's columns: every stage counted in one grouped query (the filters but the stage).
    q
      .select({ stage: admissionApplications.stage, n: count() })
      .from(admissionApplications)
      .where(filterWhere(schoolId, f, false))
      .groupBy(admissionApplications.stage),
  ]);
  return {
    ...listed,
    total: Number(total?.n ?? 0),
    stageCounts: Object.fromEntries(counts.map((c) => [c.stage, Number(c.n)])),
  };
}

export async function applicationById(scope: Scope, q: Queryable, id: string): Promise<ApplicationListed | null> {
  const {
    rows: [row],
  } = await selectListed(q, and(eq(admissionApplications.schoolId, staffSchool(scope)), eq(admissionApplications.id, id)));
  return row ?? null;
}

export async function stageChangesOf(scope: Scope, q: Queryable, applicationId: string) {
  return q
    .select({ c: admissionStageChanges, byName: nameOf(users) })
    .from(admissionStageChanges)
    .leftJoin(users, eq(users.id, admissionStageChanges.byUserId))
    .where(and(eq(admissionStageChanges.schoolId, staffSchool(scope)), eq(admissionStageChanges.applicationId, applicationId)))
    .orderBy(asc(admissionStageChanges.at), asc(admissionStageChanges.id));
}

export async function notesOf(scope: Scope, q: Queryable, applicationId: string) {
  return q
    .select({ n: admissionNotes, authorName: nameOf(users) })
    .from(admissionNotes)
    .innerJoin(users, eq(users.id, admissionNotes.authorId))
    .where(and(eq(admissionNotes.schoolId, staffSchool(scope)), eq(admissionNotes.applicationId, applicationId)))
    .orderBy(desc(admissionNotes.createdAt), desc(admissionNotes.id));
}

/** How many applications the school has (the demo's seed writes only into an empty pipeline). */
export async function applicationCount(scope: Scope, q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(admissionApplications)
    .where(eq(admissionApplications.schoolId, staffSchool(scope)));
  return Number(row?.n ?? 0);
}

// ------------------------------------------------------------------ report

export interface ReportRow {
  month: string;
  source: string;
  enquiries: number;
  applications: number;
  visits: number;
  offers: number;
  enrolled: number;
}

/**
 * The cohorts of applications created between the two days (the school's calendar days), by month of
 * creation and source, with how many of each ever reached each stage (from the stage changes).
 */
export async function reportRows(scope: Scope, q: Queryable, from: string, to: string, zone: string): Promise<ReportRow[]> {
  const a = admissionApplications;
  const reached = (stage: string) =>
    sql<number>`count(*) filter (where exists (select 1 from ${admissionStageChanges} c where c.application_id = ${appId} and c.to_stage = ${stage}))::int`;
  const local = sql`(${a.createdAt} at time zone ${zone})`;
  const rows = await q
    .select({
      month: sql<string>`to_char(${local}, 'YYYY-MM')`,
      source: a.source,
      enquiries: sql<number>`count(*)::int`,
      applications: reached('application'),
      visits: reached('visit'),
      offers: reached('offered'),
      enrolled: reached('enrolled'),
    })
    .from(a)
    .where(and(eq(a.schoolId, staffSchool(scope)), sql`${local}::date between ${from}::date and ${to}::date`))
    .groupBy(sql`1`, a.source)
    .orderBy(sql`1`, a.source);
  return rows.map((r) => ({
    ...r,
    enquiries: Number(r.enquiries),
    applications: Number(r.applications),
    visits: Number(r.visits),
    offers: Number(r.offers),
    enrolled: Number(r.enrolled),
  }));
}
