import type { ErasedCategory, KeptCategory } from '@cue/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { schoolRetention, students } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors.js';

/**
 * Data protection reads and erases one child's rows across every module's tables, as the backup reads
 * every table: a family's copy must hold everything about the child, and an erasure must leave nothing
 * that no law requires (decision 45). Each table that holds rows about one child (a `student_id`
 * column) is named here with what an erasure does with it; a test fails when a table is missing.
 */
export const CHILD_TABLES: readonly { table: string; category: ErasedCategory | KeptCategory; erase: boolean }[] = [
  { table: 'student_profiles', category: 'profile', erase: true },
  { table: 'record_change_requests', category: 'profile', erase: true },
  { table: 'care_summary_subscriptions', category: 'profile', erase: true },
  // A child who has left is in no class any more (the attendance kept names its class itself).
  { table: 'class_students', category: 'profile', erase: true },
  { table: 'student_health_items', category: 'health', erase: true },
  { table: 'student_contacts', category: 'contacts', erase: true },
  { table: 'student_consents', category: 'consents', erase: true },
  { table: 'observations', category: 'observations', erase: true },
  { table: 'care_entries', category: 'care_diary', erase: true },
  { table: 'media_tags', category: 'media', erase: true },
  { table: 'story_children', category: 'stories', erase: true },
  { table: 'grades', category: 'assessment', erase: true },
  { table: 'hpc_cards', category: 'assessment', erase: true },
  { table: 'feedback_responses', category: 'assessment', erase: true },
  { table: 'reflections', category: 'assessment', erase: true },
  { table: 'report_entries', category: 'assessment', erase: true },
  { table: 'library_loans', category: 'library', erase: true },
  { table: 'library_reservations', category: 'library', erase: true },
  { table: 'one_time_pickups', category: 'pickups', erase: true },
  { table: 'face_references', category: 'face_data', erase: true },
  { table: 'media_faces', category: 'face_data', erase: true },
  // Kept: the records an early-years setting must keep for years after a child leaves.
  { table: 'attendance_records', category: 'attendance', erase: false },
  { table: 'excusals', category: 'attendance', erase: false },
  { table: 'incidents', category: 'incidents', erase: false },
  { table: 'medicines', category: 'medicines', erase: false },
  { table: 'medicine_doses', category: 'medicines', erase: false },
  { table: 'dispersal_events', category: 'collections', erase: false },
  { table: 'dispersal_alerts', category: 'collections', erase: false },
  { table: 'invoices', category: 'fees', erase: false },
  { table: 'fee_account_students', category: 'fees', erase: false },
  { table: 'parent_children', category: 'fees', erase: false },
  { table: 'admission_applications', category: 'admission', erase: false },
  { table: 'medical_views', category: 'logs', erase: false },
  { table: 'face_audit', category: 'logs', erase: false },
  // The family's conversations: their messages are erased (counted below), the conversation's row kept.
  { table: 'chat_conversations', category: 'messages', erase: false },
];

/** Columns never copied out: a face descriptor is a vector of numbers that tells a family nothing. */
const WITHHELD: Record<string, readonly string[]> = { face_references: ['descriptor'] };

/** The log tables the retention settings prune, with their time column. */
export const LOG_TABLES: readonly { table: string; at: string }[] = [
  { table: 'audit_log', at: 'at' },
  { table: 'ai_audit', at: 'created_at' },
  { table: 'chat_audit', at: 'created_at' },
  { table: 'medical_views', at: 'viewed_at' },
  { table: 'face_audit', at: 'created_at' },
];

type Row = Record<string, unknown>;
const rowsOf = <T = Row>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/**
 * Which children the scope reaches: staff, those of their school; a parent, their own (a family has
 * no school of its own). The service has checked access to the child already.
 */
async function reach(scope: Scope) {
  if (scope.kind === 'parent') {
    const mine = [...(await scope.childIds())];
    if (!mine.length) return sql`false`;
    return sql`${students.id} in (${sql.join(
      mine.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  return sql`${students.schoolId} = ${staffSchool(scope)}`;
}

export type ChildFacts = {
  id: string;
  schoolId: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  erasedAt: Date | null;
  /** The day the child left (ISO), from the child's profile, or null. */
  leavingDate: string | null;
};

/** The child, if the scope reaches them: their school, name, whether erased and the day they left. */
export async function childFacts(scope: Scope, q: Queryable, studentId: string): Promise<ChildFacts | null> {
  const [row] = await q
    .select({
      id: students.id,
      schoolId: students.schoolId,
      firstName: students.firstName,
      lastName: students.lastName,
      profilePicture: students.profilePicture,
      erasedAt: students.erasedAt,
      leavingDate: sql<string | null>`(select p.leaving_date::text from student_profiles p where p.student_id = ${students.id})`,
    })
    .from(students)
    .where(and(eq(students.id, studentId), await reach(scope)))
    .limit(1);
  return row ?? null;
}

/** Every row about the child, table by table (withheld columns left out), with the child's own row. */
export async function childRows(scope: Scope, q: Queryable, studentId: string): Promise<Record<string, Row[]>> {
  const facts = await childFacts(scope, q, studentId);
  if (!facts) return {};
  const out: Record<string, Row[]> = {};
  out.students = rowsOf(await q.execute(sql`select * from students where id = ${studentId}`));
  for (const { table } of CHILD_TABLES) {
    const rows = rowsOf(await q.execute(sql`select * from ${ident(table)} where student_id = ${studentId}`));
    const withheld = WITHHELD[table] ?? [];
    out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !withheld.includes(k))));
  }
  out.chat_messages = rowsOf(
    await q.execute(sql`select m.* from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where c.student_id = ${studentId} and m.deleted_at is null order by m.conversation_id, m.seq`),
  );
  out.media_items = rowsOf(
    await q.execute(sql`select i.* from media_items i join media_tags t on t.item_id = i.id
      where t.student_id = ${studentId} and i.deleted_at is null order by i.created_at`),
  );
  out.stories = rowsOf(
    await q.execute(sql`select s.id, s.class_id, s.kind, s.status, s.title, s.body_text, s.what_next, s.story_date, s.published_at, s.created_at
      from stories s join story_children sc on sc.story_id = s.id where sc.student_id = ${studentId} order by s.created_at`),
  );
  return out;
}

/** The other children of the child's school (ids and names), whom a family's copy must not name. */
export async function otherChildren(scope: Scope, q: Queryable, studentId: string) {
  const facts = await childFacts(scope, q, studentId);
  if (!facts) return [];
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.schoolId, facts.schoolId), sql`${students.id} <> ${studentId}`));
}

/** How many rows of each category the child has. */
export async function childCounts(scope: Scope, q: Queryable, studentId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!(await childFacts(scope, q, studentId))) return counts;
  const add = (category: string, n: unknown) => counts.set(category, (counts.get(category) ?? 0) + Number(n ?? 0));
  const parts = CHILD_TABLES.filter((t) => t.table !== 'chat_conversations').map(
    (t) => sql`select ${t.category}::text as category, count(*)::int as n from ${ident(t.table)} where student_id = ${studentId}`,
  );
  parts.push(sql`select 'messages'::text, count(*)::int from chat_messages m join chat_conversations c on c.id = m.conversation_id
    where c.student_id = ${studentId} and m.deleted_at is null`);
  parts.push(sql`select 'profile'::text, count(*)::int from students where id = ${studentId} and profile_picture is not null`);
  const rows = rowsOf<{ category: string; n: number }>(await q.execute(sql.join(parts, sql` union all `)));
  for (const r of rows) add(r.category, r.n);
  return counts;
}

/**
 * Erases the child's data that no law requires (one transaction, the caller's): the photos and
 * stories about the child alone with their files, the child's tags on shared ones, the family's
 * messages, and every row of the erased tables. Kept records stay, unlinked from erased rows. The
 * files nothing refers to any more are removed by the media clean-up job.
 */
export async function eraseChild(scope: Scope, q: Queryable, studentId: string, at: Date): Promise<void> {
  const facts = await childFacts(scope, q, studentId);
  if (!facts) return;
  const id = studentId;
  // Collections stay on the register; the contact who collected is named on the event itself.
  await q.execute(sql`update dispersal_events set contact_id = null where student_id = ${id} and contact_id is not null`);
  await q.execute(sql`delete from media_items i where i.school_id = ${facts.schoolId}
    and i.id in (select item_id from media_tags where student_id = ${id})
    and not exists (select 1 from media_tags o where o.item_id = i.id and o.student_id <> ${id})`);
  await q.execute(sql`delete from stories s where s.school_id = ${facts.schoolId}
    and s.id in (select story_id from story_children where student_id = ${id})
    and not exists (select 1 from story_children o where o.story_id = s.id and o.student_id <> ${id})`);
  const conversations = sql`(select c.id from chat_conversations c where c.student_id = ${id} and c.school_id = ${facts.schoolId})`;
  await q.execute(sql`delete from chat_uploads where conversation_id in ${conversations}`);
  await q.execute(sql`delete from chat_messages where conversation_id in ${conversations}`);
  for (const { table, erase } of CHILD_TABLES)
    if (erase) await q.execute(sql`delete from ${ident(table)} where student_id = ${id}`);
  await q.update(students).set({ profilePicture: null, erasedAt: at }).where(eq(students.id, id));
}

export type RetentionRow = typeof schoolRetention.$inferSelect;

export async function findRetention(scope: Scope, q: Queryable): Promise<RetentionRow | null> {
  const [row] = await q
    .select()
    .from(schoolRetention)
    .where(eq(schoolRetention.schoolId, staffSchool(scope)))
    .limit(1);
  return row ?? null;
}

export async function saveRetention(
  scope: Scope,
  q: Queryable,
  values: { mediaMonths: number | null; logMonths: number | null },
  at: Date,
): Promise<void> {
  const row = { ...values, updatedBy: scope.userId, updatedAt: at };
  await q
    .insert(schoolRetention)
    .values({ schoolId: staffSchool(scope), ...row })
    .onConflictDoUpdate({ target: schoolRetention.schoolId, set: row });
}

/** Schools with a retention setting: the daily run's list (a system read, before it acts as each school). */
export async function schoolsWithRetention(scope: { kind: 'system' }, q: Queryable): Promise<RetentionRow[]> {
  if (scope.kind !== 'system') throw forbidden();
  return q
    .select()
    .from(schoolRetention)
    .where(sql`${schoolRetention.mediaMonths} is not null or ${schoolRetention.logMonths} is not null`);
}

/** Deletes the school's photos and videos made before `before`; answers how many. */
export async function pruneMedia(scope: Scope, q: Queryable, before: Date): Promise<number> {
  const result = await q.execute(
    sql`delete from media_items where school_id = ${staffSchool(scope)} and created_at < ${before.toISOString()} returning id`,
  );
  return rowsOf(result).length;
}

/** Deletes the school's log entries made before `before`, in every log; answers how many. */
export async function pruneLogs(scope: Scope, q: Queryable, before: Date): Promise<number> {
  let removed = 0;
  for (const { table, at } of LOG_TABLES) {
    const result = await q.execute(
      sql`delete from ${ident(table)} where school_id = ${staffSchool(scope)} and ${ident(at)} < ${before.toISOString()} returning 1`,
    );
    removed += rowsOf(result).length;
  }
  return removed;
}

export async function recordRun(scope: Scope, q: Queryable, at: Date, counts: { media: number; logs: number }): Promise<void> {
  await q
    .update(schoolRetention)
    .set({ lastRunAt: at, lastMedia: counts.media, lastLogs: counts.logs })
    .where(eq(schoolRetention.schoolId, staffSchool(scope)));
}
