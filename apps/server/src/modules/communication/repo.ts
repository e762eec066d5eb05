import { and, count, desc, eq, ilike, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
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

export async function find(q: Queryable, schoolId: string, type: string, id: string) {
  const [row] = await q
    .select()
    .from(communications)
    .where(and(eq(communications.id, id), eq(communications.schoolId, schoolId), eq(communications.type, type)))
    .limit(1);
  return row ?? null;
}

export async function findAny(q: Queryable, id: string) {
  const [row] = await q.select().from(communications).where(eq(communications.id, id)).limit(1);
  return row ?? null;
}

export async function classesOf(q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ communicationId: communicationClasses.communicationId, id: classes.id, name: classes.name })
    .from(communicationClasses)
    .innerJoin(classes, eq(classes.id, communicationClasses.classId))
    .where(inArray(communicationClasses.communicationId, ids));
}

export async function creatorsOf(q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function setClasses(q: Queryable, communicationId: string, classIds: string[]) {
  await q.delete(communicationClasses).where(eq(communicationClasses.communicationId, communicationId));
  if (classIds.length) await q.insert(communicationClasses).values(classIds.map((classId) => ({ communicationId, classId })));
}

export async function mediaByLinks(q: Queryable, links: string[]) {
  if (links.length === 0) return [];
  return q
    .select({ url: media.url, name: media.name, kind: media.kind, schoolId: media.schoolId, uploadedBy: media.uploadedBy })
    .from(media)
    .where(inArray(media.url, links));
}

export interface ListFilter {
  schoolId: string;
  type: string;
  status?: string;
  classId?: string;
  search?: string;
  /** Staff who may not see others' drafts see only their own. */
  draftsOf?: string;
  /** Parents: published ones aimed at these classes. */
  forClassIds?: string[];
  /** Only those this person created. */
  createdBy?: string;
  limit: number;
  offset: number;
}

export async function list(q: Queryable, f: ListFilter) {
  const conditions = [eq(communications.schoolId, f.schoolId), eq(communications.type, f.type)];
  if (f.status) conditions.push(eq(communications.status, f.status));
  if (f.createdBy) conditions.push(eq(communications.createdBy, f.createdBy));
  if (f.search) {
    const pattern = `%${f.search.replace(/[%_\\]/g, '\\$&')}%`;
    const match = or(ilike(communications.title, pattern), ilike(communications.summary, pattern));
    if (match) conditions.push(match);
  }
  if (f.draftsOf) {
    const visible = or(sql`${communications.status} <> 'draft'`, eq(communications.createdBy, f.draftsOf));
    if (visible) conditions.push(visible);
  }
  const aimedAt = f.forClassIds ?? (f.classId ? [f.classId] : undefined);
  if (aimedAt) {
    conditions.push(
      inArray(
        communications.id,
        q
          .select({ id: communicationClasses.communicationId })
          .from(communicationClasses)
          .where(inArray(communicationClasses.classId, aimedAt.length ? aimedAt : [''])),
      ),
    );
  }
  const where = and(...conditions);
  const [total] = await q.select({ n: count() }).from(communications).where(where);
  const rows = await q
    .select()
    .from(communications)
    .where(where)
    // Published items (what families see) come in publication order straight from the school index.
    .orderBy(
      ...(f.status === 'published'
        ? [desc(communications.publishedAt), desc(communications.id)]
        : [
            desc(sql`coalesce(${communications.publishedAt}, ${communications.scheduledFor}, ${communications.createdAt})`),
            desc(communications.id),
          ]),
    )
    .limit(f.limit)
    .offset(f.offset);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The parent's children's classes, with their schools. */
export async function parentClasses(q: Queryable, userId: string) {
  return q
    .select({ classId: classStudents.classId, schoolId: classes.schoolId })
    .from(parents)
    .innerJoin(parentChildren, eq(parentChildren.parentId, parents.id))
    .innerJoin(classStudents, eq(classStudents.studentId, parentChildren.studentId))
    .innerJoin(classes, and(eq(classes.id, classStudents.classId), isNull(classes.archivedAt)))
    .where(eq(parents.userId, userId));
}

/** Parents (users) of the children of these classes: the audience. */
export async function audience(q: Queryable, classIds: string[]) {
  if (classIds.length === 0) return [];
  return q
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: parents.primaryEmail })
    .from(classStudents)
    .innerJoin(parentChildren, eq(parentChildren.studentId, classStudents.studentId))
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, and(eq(users.id, parents.userId), isNull(users.deletedAt)))
    .where(inArray(classStudents.classId, classIds));
}

export async function markRead(q: Queryable, communicationId: string, userId: string, now: Date) {
  await q.insert(communicationReads).values({ communicationId, userId, readAt: now }).onConflictDoNothing();
}

export async function readsOf(q: Queryable, communicationId: string) {
  return q.select().from(communicationReads).where(eq(communicationReads.communicationId, communicationId));
}

export async function readIdsFor(q: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await q
    .select({ id: communicationReads.communicationId })
    .from(communicationReads)
    .where(and(eq(communicationReads.userId, userId), inArray(communicationReads.communicationId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** How many published items aimed at these classes the person has not opened, by type. */
export async function unreadCounts(q: Queryable, userId: string, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await q
    .select({ type: communications.type, n: count() })
    .from(communications)
    .where(
      and(
        eq(communications.status, 'published'),
        inArray(
          communications.id,
          q
            .select({ id: communicationClasses.communicationId })
            .from(communicationClasses)
            .where(inArray(communicationClasses.classId, classIds)),
        ),
        notExists(
          q
            .select({ one: sql`1` })
            .from(communicationReads)
            .where(and(eq(communicationReads.communicationId, communications.id), eq(communicationReads.userId, userId))),
        ),
      ),
    )
    .groupBy(communications.type);
  return new Map(rows.map((r) => [r.type, Number(r.n)]));
}

/** Moves a scheduled (or draft) communication to published once; false when it already was. */
export async function publish(q: Queryable, id: string, now: Date, from: string[]): Promise<CommunicationRow | null> {
  const [row] = await q
    .update(communications)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(communications.id, id), inArray(communications.status, from)))
    .returning();
  return row ?? null;
}
