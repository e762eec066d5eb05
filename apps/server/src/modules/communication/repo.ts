import { and, count, eq, ilike, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStudents,
  communicationClasses,
  communicationReads,
  communications,
  media,
  parentChildren,
  parents,
  users,
} from '../../platform/db/schema.js';

export type CommunicationRow = typeof communications.$inferSelect;
export type CommunicationInsert = typeof communications.$inferInsert;

/*
 * Every query carries the caller's scope: staff work with their school's items; a parent sees the
 * published items aimed at their children's classes, and their own read receipts.
 */

const NONE = [''];
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : NONE);

/** The classes of the parent's children (not archived), as a subquery (wrapped: an awaited query would run). */
async function childClassesQuery(scope: Scope, q: Queryable) {
  const kids = orNone([...(await scope.childIds())]);
  return {
    sub: q
      .select({ id: classStudents.classId })
      .from(classStudents)
      .innerJoin(classes, and(eq(classes.id, classStudents.classId), isNull(classes.archivedAt)))
      .where(inArray(classStudents.studentId, kids)),
  };
}

/** Items aimed at one of these classes, as a subquery. */
const aimedAt = (q: Queryable, classIds: string[]) =>
  q
    .select({ id: communicationClasses.communicationId })
    .from(communicationClasses)
    .where(inArray(communicationClasses.classId, classIds));

/** What the caller may read: the school's items (staff), or those published to their children's classes (parent). */
async function visible(scope: Scope, q: Queryable): Promise<SQL> {
  if (scope.kind !== 'parent') return eq(communications.schoolId, staffSchool(scope));
  const mine = (await childClassesQuery(scope, q)).sub;
  return and(
    eq(communications.status, 'published'),
    inArray(
      communications.id,
      q
        .select({ id: communicationClasses.communicationId })
        .from(communicationClasses)
        .where(inArray(communicationClasses.classId, mine)),
    ),
  ) as SQL;
}

export async function find(scope: Scope, q: Queryable, type: string, id: string): Promise<CommunicationRow | null> {
  const [row] = await q
    .select()
    .from(communications)
    .where(and(eq(communications.id, id), eq(communications.type, type), await visible(scope, q)))
    .limit(1);
  return row ?? null;
}

/** The classes each of these items is aimed at. */
export async function classesOf(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ communicationId: communicationClasses.communicationId, id: classes.id, name: classes.name })
    .from(communicationClasses)
    .innerJoin(classes, eq(classes.id, communicationClasses.classId))
    .innerJoin(communications, eq(communications.id, communicationClasses.communicationId))
    .where(and(inArray(communicationClasses.communicationId, ids), await visible(scope, q)));
}

/** The names of the creators of items the caller sees. */
/** The authors of these communications that the caller sees (the page's: the join stays on its rows). */
export async function creatorsOf(scope: Scope, q: Queryable, communicationIds: string[]) {
  if (communicationIds.length === 0) return [];
  return q
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(communications)
    .innerJoin(users, eq(users.id, communications.createdBy))
    .where(and(inArray(communications.id, communicationIds), await visible(scope, q)));
}

export async function insert(scope: Scope, q: Queryable, row: Omit<CommunicationInsert, 'schoolId' | 'createdBy'>) {
  await q.insert(communications).values({ ...row, schoolId: staffSchool(scope), createdBy: scope.userId });
}

export async function update(scope: Scope, q: Queryable, id: string, set: Partial<CommunicationInsert>) {
  await q
    .update(communications)
    .set(set)
    .where(and(eq(communications.id, id), eq(communications.schoolId, staffSchool(scope))));
}

export async function remove(scope: Scope, q: Queryable, id: string) {
  await q.delete(communications).where(and(eq(communications.id, id), eq(communications.schoolId, staffSchool(scope))));
}

/** Sets an item's classes (classes of the school, checked by the service). */
export async function setClasses(scope: Scope, q: Queryable, communicationId: string, classIds: string[]) {
  const [own] = await q
    .select({ id: communications.id })
    .from(communications)
    .where(and(eq(communications.id, communicationId), eq(communications.schoolId, staffSchool(scope))));
  if (!own) return;
  await q.delete(communicationClasses).where(eq(communicationClasses.communicationId, communicationId));
  if (classIds.length) await q.insert(communicationClasses).values(classIds.map((classId) => ({ communicationId, classId })));
}

/** Files of these addresses that the caller may attach: uploaded to the school, or by the caller. */
export async function mediaByLinks(scope: Scope, q: Queryable, links: string[]) {
  if (links.length === 0) return [];
  return q
    .select({ url: media.url, name: media.name, kind: media.kind })
    .from(media)
    .where(and(inArray(media.url, links), or(eq(media.schoolId, staffSchool(scope)), eq(media.uploadedBy, scope.userId))));
}

export interface ListFilter {
  type: string;
  status?: string;
  classId?: string;
  search?: string;
  /** Staff who may not see others' drafts see only their own. */
  draftsOf?: string;
  /** Only those this person created. */
  createdBy?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

type Communication = typeof communications.$inferSelect;
/** Published items (what families see) come in publication order straight from the school index. */
const PUBLISHED_ORDER: Keyset<Communication> = [
  { by: communications.publishedAt, desc: true, of: (r) => r.publishedAt },
  { by: communications.id, desc: true, of: (r) => r.id },
];
/** Any status: by when it went, goes or was written. */
const ANY_ORDER: Keyset<Communication> = [
  {
    by: sql`coalesce(${communications.publishedAt}, ${communications.scheduledFor}, ${communications.createdAt})`,
    kind: 'timestamp',
    desc: true,
    of: (r) => r.publishedAt ?? r.scheduledFor ?? r.createdAt,
  },
  { by: communications.id, desc: true, of: (r) => r.id },
];

export async function list(scope: Scope, q: Queryable, f: ListFilter) {
  const conditions: (SQL | undefined)[] = [await visible(scope, q), eq(communications.type, f.type)];
  if (f.status) conditions.push(eq(communications.status, f.status));
  if (f.createdBy) conditions.push(eq(communications.createdBy, f.createdBy));
  if (f.search) {
    const pattern = `%${f.search.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(or(ilike(communications.title, pattern), ilike(communications.summary, pattern)));
  }
  if (f.draftsOf) conditions.push(or(sql`${communications.status} <> 'draft'`, eq(communications.createdBy, f.draftsOf)));
  if (f.classId) conditions.push(inArray(communications.id, aimedAt(q, [f.classId])));
  const where = and(...conditions);
  const [total] = await q.select({ n: count() }).from(communications).where(where);
  const order = f.status === 'published' || scope.kind === 'parent' ? PUBLISHED_ORDER : ANY_ORDER;
  const rows = await q
    .select()
    .from(communications)
    .where(and(where, keysetAfter(order, f.cursor)))
    .orderBy(...keysetOrder(order))
    .limit(f.limit + 1)
    .offset(f.cursor ? 0 : f.offset);
  return { ...keysetPage(order, rows, f.limit), total: Number(total?.n ?? 0) };
}

/** The parent's children's classes (not archived). */
export async function parentClassIds(scope: Scope, q: Queryable): Promise<string[]> {
  if (scope.kind !== 'parent') return [];
  const rows = await (await childClassesQuery(scope, q)).sub;
  return [...new Set(rows.map((r) => r.id))];
}

/** Parents (users) of the children of these classes of the school, with their email: the audience. */
export async function audience(scope: Scope, q: Queryable, classIds: string[], onlyUserIds?: string[]) {
  if (classIds.length === 0) return [];
  return q
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: parents.primaryEmail })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(parentChildren, eq(parentChildren.studentId, classStudents.studentId))
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, and(eq(users.id, parents.userId), isNull(users.deletedAt)))
    .where(
      and(
        inArray(classStudents.classId, classIds),
        eq(classes.schoolId, staffSchool(scope)),
        onlyUserIds ? inArray(users.id, orNone(onlyUserIds)) : undefined,
      ),
    )
    .orderBy(users.id);
}

/** The caller (a parent) has opened this item. */
export async function markRead(scope: Scope, q: Queryable, communicationId: string, now: Date) {
  await q.insert(communicationReads).values({ communicationId, userId: scope.userId, readAt: now }).onConflictDoNothing();
}

/** Who has opened an item of the school. */
export async function readsOf(scope: Scope, q: Queryable, communicationId: string) {
  return q
    .select({ userId: communicationReads.userId, readAt: communicationReads.readAt })
    .from(communicationReads)
    .innerJoin(communications, eq(communications.id, communicationReads.communicationId))
    .where(and(eq(communicationReads.communicationId, communicationId), eq(communications.schoolId, staffSchool(scope))));
}

/** Which of these items the caller has opened. */
export async function readIdsFor(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await q
    .select({ id: communicationReads.communicationId })
    .from(communicationReads)
    .where(and(eq(communicationReads.userId, scope.userId), inArray(communicationReads.communicationId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** How many published items aimed at these of the parent's classes the caller has not opened, by type. */
export async function unreadCounts(scope: Scope, q: Queryable, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await q
    .select({ type: communications.type, n: count() })
    .from(communications)
    .where(
      and(
        await visible(scope, q),
        inArray(communications.id, aimedAt(q, classIds)),
        notExists(
          q
            .select({ one: sql`1` })
            .from(communicationReads)
            .where(and(eq(communicationReads.communicationId, communications.id), eq(communicationReads.userId, scope.userId))),
        ),
      ),
    )
    .groupBy(communications.type);
  return new Map(rows.map((r) => [r.type, Number(r.n)]));
}

/** Moves a scheduled (or draft) item of the school to published once; null when it already was. */
export async function publish(
  scope: Scope,
  q: Queryable,
  id: string,
  now: Date,
  from: string[],
): Promise<CommunicationRow | null> {
  const [row] = await q
    .update(communications)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(communications.id, id), eq(communications.schoolId, staffSchool(scope)), inArray(communications.status, from)))
    .returning();
  return row ?? null;
}

/** An item of the school, whatever its type and status (the jobs' read). */
export async function findInSchool(scope: Scope, q: Queryable, id: string): Promise<CommunicationRow | null> {
  const [row] = await q
    .select()
    .from(communications)
    .where(and(eq(communications.id, id), eq(communications.schoolId, staffSchool(scope))))
    .limit(1);
  return row ?? null;
}
