import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStudents,
  faceAudit,
  faceReferences,
  mediaAlbumItems,
  mediaAlbums,
  mediaFaces,
  mediaItems,
  mediaLinks,
  mediaPosts,
  mediaQuotaRequests,
  mediaQuotas,
  mediaSeen,
  mediaTags,
  mediaUploads,
  schools,
  students,
  users,
} from '../../platform/db/schema.js';

export type ItemRow = typeof mediaItems.$inferSelect;
export type FaceRow = typeof mediaFaces.$inferSelect;
export type AlbumRow = typeof mediaAlbums.$inferSelect;

/**
 * The school the scope reaches. Staff: their school. A family: the schools of its children, through
 * the classes of its children (`familyClassIds`), which every family read also names.
 */
function schoolOf(scope: Scope, column: AnyPgColumn = mediaItems.schoolId): SQL {
  return scope.kind === 'staff' && scope.schoolId ? eq(column, scope.schoolId) : sql`true`;
}

/** The classes a family's children are in (none for staff). */
export async function familyClassIds(scope: Scope, _q: Queryable): Promise<string[]> {
  return scope.kind === 'parent' ? [...(await scope.childClassIds())] : [];
}

/** Which items a scope may read at all: staff, their school's; a family, its children's classes' (privacy is the service's). */
async function reach(scope: Scope, q: Queryable): Promise<SQL> {
  if (scope.kind === 'staff') return scope.schoolId ? eq(mediaItems.schoolId, scope.schoolId) : sql`false`;
  const ids = await familyClassIds(scope, q);
  return ids.length ? inArray(mediaItems.classId, ids) : sql`false`;
}

export async function classRow(scope: Scope, q: Queryable, classId: string) {
  const where =
    scope.kind === 'staff'
      ? and(eq(classes.id, classId), eq(classes.schoolId, scope.schoolId ?? ''))
      : inArray(classes.id, await familyClassIds(scope, q));
  const [row] = await q
    .select({ id: classes.id, schoolId: classes.schoolId, name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, classId), where))
    .limit(1);
  return row ?? null;
}

export async function insertItem(scope: Scope, q: Queryable, row: typeof mediaItems.$inferInsert): Promise<void> {
  if (row.schoolId !== scope.schoolId) throw new Error('an item of another school');
  await q.insert(mediaItems).values(row);
}

export async function items(scope: Scope, q: Queryable, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(mediaItems)
    .where(and(inArray(mediaItems.id, [...ids]), await reach(scope, q)));
}

/** A face as the presenter needs it, with the name of the child it is (or may be). */
export interface FaceLite {
  id: string;
  itemId: string;
  box: { x: number; y: number; width: number; height: number };
  status: string;
  studentId: string | null;
  distance: number | null;
  shown: boolean;
  firstName: string | null;
  lastName: string | null;
}
export type RichRow = ItemRow & {
  tags: { id: string; firstName: string; lastName: string }[];
  faces: FaceLite[];
  links: { kind: string; targetId: string }[];
  postCaption: string | null;
  uploaderFirst: string | null;
  uploaderLast: string | null;
};

/**
 * An item with everything its answer shows, in one statement: the children tagged, the faces found
 * (with names), its links, its post's caption and its uploader's name (a page of the gallery is then
 * two queries, the page and its count).
 */
const richColumns = {
  ...getTableColumns(mediaItems),
  tags: sql<RichRow['tags']>`coalesce((
    select json_agg(json_build_object('id', s.id, 'firstName', s.first_name, 'lastName', s.last_name) order by s.first_name, s.id)
    from ${mediaTags} mt join ${students} s on s.id = mt.student_id where mt.item_id = ${mediaItems.id}), '[]'::json)`,
  faces: sql<FaceLite[]>`coalesce((
    select json_agg(json_build_object('id', f.id, 'itemId', f.item_id, 'box', f.box, 'status', f.status, 'studentId', f.student_id,
      'distance', f.distance, 'shown', f.shown, 'firstName', s.first_name, 'lastName', s.last_name) order by f.id)
    from ${mediaFaces} f left join ${students} s on s.id = f.student_id where f.item_id = ${mediaItems.id}), '[]'::json)`,
  links: sql<RichRow['links']>`coalesce((
    select json_agg(json_build_object('kind', l.target_kind, 'targetId', l.target_id))
    from ${mediaLinks} l where l.item_id = ${mediaItems.id}), '[]'::json)`,
  postCaption: mediaPosts.caption,
  uploaderFirst: users.firstName,
  uploaderLast: users.lastName,
};

const richFrom = (q: Queryable) =>
  q
    .select(richColumns)
    .from(mediaItems)
    .leftJoin(mediaPosts, eq(mediaPosts.id, mediaItems.postId))
    .leftJoin(users, eq(users.id, mediaItems.uploadedBy));

/** Items with what their answers show, in the order of `ids`. */
export async function richItems(scope: Scope, q: Queryable, ids: readonly string[]): Promise<RichRow[]> {
  if (ids.length === 0) return [];
  const rows = (await richFrom(q).where(and(inArray(mediaItems.id, [...ids]), await reach(scope, q)))) as RichRow[];
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

export async function updateItem(scope: Scope, q: Queryable, id: string, patch: Partial<typeof mediaItems.$inferInsert>) {
  await q
    .update(mediaItems)
    .set(patch)
    .where(and(eq(mediaItems.id, id), schoolOf(scope)));
}

export async function updateItems(
  scope: Scope,
  q: Queryable,
  ids: readonly string[],
  patch: Partial<typeof mediaItems.$inferInsert>,
) {
  if (ids.length === 0) return;
  await q
    .update(mediaItems)
    .set(patch)
    .where(and(inArray(mediaItems.id, [...ids]), schoolOf(scope)));
}

export async function deleteItem(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(mediaItems).where(and(eq(mediaItems.id, id), schoolOf(scope)));
}

export interface ListFilter {
  classId?: string;
  studentId?: string;
  from?: string;
  to?: string;
  bin: boolean;
  /** A family: the children whose `tagged` items it may see; staff: null (every privacy). */
  familyChildren: readonly string[] | null;
  /** Items made ready only (families do not see items in processing). */
  readyOnly: boolean;
  page: number;
  pageSize: number;
  /** Read on after the item of this cursor (the page is then not used). */
  cursor?: string;
}

/** Newest day first, then the newest uploaded. */
const LIST_ORDER: Keyset<ItemRow> = [
  { by: mediaItems.takenOn, desc: true, of: (r) => r.takenOn },
  { by: mediaItems.createdAt, desc: true, of: (r) => r.createdAt },
  { by: mediaItems.id, desc: true, of: (r) => r.id },
];

export async function listItems(
  scope: Scope,
  q: Queryable,
  f: ListFilter,
): Promise<{ rows: RichRow[]; total: number; nextCursor: string | null }> {
  const tagged = (ids: readonly string[]) =>
    sql`exists (select 1 from ${mediaTags} where ${mediaTags.itemId} = ${mediaItems.id} and ${inArray(mediaTags.studentId, [...ids])})`;
  const conditions: (SQL | undefined)[] = [
    await reach(scope, q),
    f.classId ? eq(mediaItems.classId, f.classId) : undefined,
    f.bin ? isNotNull(mediaItems.deletedAt) : isNull(mediaItems.deletedAt),
    f.from ? gte(mediaItems.takenOn, f.from) : undefined,
    f.to ? lte(mediaItems.takenOn, f.to) : undefined,
    f.studentId ? tagged([f.studentId]) : undefined,
    f.readyOnly ? eq(mediaItems.status, 'ready') : undefined,
  ];
  if (f.familyChildren) {
    conditions.push(
      f.familyChildren.length
        ? sql`(${mediaItems.privacy} = 'class' or (${mediaItems.privacy} = 'tagged' and ${tagged(f.familyChildren)}))`
        : eq(mediaItems.privacy, 'class'),
    );
  }
  const where = and(...conditions);
  // The page's ids first (an index scan), then what their answers show for those rows only.
  // One item more than the page tells whether more follow.
  const page = q
    .select({ pageId: mediaItems.id })
    .from(mediaItems)
    .where(and(where, keysetAfter(LIST_ORDER, f.cursor)))
    .orderBy(...keysetOrder(LIST_ORDER))
    .limit(f.pageSize + 1)
    .offset(f.cursor ? 0 : (f.page - 1) * f.pageSize)
    .as('page');
  const [rows, [total]] = await Promise.all([
    richFrom(q)
      .innerJoin(page, eq(page.pageId, mediaItems.id))
      .orderBy(...keysetOrder(LIST_ORDER)),
    q.select({ n: count() }).from(mediaItems).where(where),
  ]);
  return { ...keysetPage(LIST_ORDER, rows as RichRow[], f.pageSize), total: total?.n ?? 0 };
}

export async function tagsOf(scope: Scope, q: Queryable, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return q
    .select({ itemId: mediaTags.itemId, studentId: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(mediaTags)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaTags.itemId))
    .innerJoin(students, eq(students.id, mediaTags.studentId))
    .where(and(inArray(mediaTags.itemId, [...itemIds]), schoolOf(scope)))
    .orderBy(asc(students.firstName));
}

export async function addTags(scope: Scope, q: Queryable, rows: { itemId: string; studentId: string; taggedBy: string }[]) {
  if (rows.length === 0) return;
  const own = await items(scope, q, [...new Set(rows.map((r) => r.itemId))]);
  const allowed = new Set(own.map((r) => r.id));
  const values = rows.filter((r) => allowed.has(r.itemId));
  if (values.length) await q.insert(mediaTags).values(values).onConflictDoNothing();
}

export async function removeTags(scope: Scope, q: Queryable, itemIds: readonly string[], studentIds: readonly string[] | null) {
  if (itemIds.length === 0) return;
  const own = (await items(scope, q, itemIds)).map((r) => r.id);
  if (own.length === 0) return;
  await q
    .delete(mediaTags)
    .where(and(inArray(mediaTags.itemId, own), studentIds ? inArray(mediaTags.studentId, [...studentIds]) : undefined));
}

/** The children of a class (id and name), in the scope's school. */
export async function classChildren(scope: Scope, q: Queryable, classId: string) {
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.classId, classId), scope.schoolId ? eq(classes.schoolId, scope.schoolId) : sql`false`));
}

// ---------------------------------------------------------------- faces

export async function facesOf(scope: Scope, q: Queryable, itemIds: readonly string[]): Promise<FaceRow[]> {
  if (itemIds.length === 0) return [];
  return q
    .select()
    .from(mediaFaces)
    .where(and(inArray(mediaFaces.itemId, [...itemIds]), schoolOf(scope, mediaFaces.schoolId)))
    .orderBy(asc(mediaFaces.id));
}

export async function face(scope: Scope, q: Queryable, id: string): Promise<FaceRow | null> {
  const [row] = await q
    .select()
    .from(mediaFaces)
    .where(and(eq(mediaFaces.id, id), schoolOf(scope, mediaFaces.schoolId)))
    .limit(1);
  return row ?? null;
}

export async function replaceFaces(scope: Scope, q: Queryable, itemId: string, rows: (typeof mediaFaces.$inferInsert)[]) {
  await q.delete(mediaFaces).where(and(eq(mediaFaces.itemId, itemId), schoolOf(scope, mediaFaces.schoolId)));
  if (rows.length) await q.insert(mediaFaces).values(rows.filter((r) => r.schoolId === scope.schoolId));
}

export async function updateFace(scope: Scope, q: Queryable, id: string, patch: Partial<typeof mediaFaces.$inferInsert>) {
  await q
    .update(mediaFaces)
    .set(patch)
    .where(and(eq(mediaFaces.id, id), schoolOf(scope, mediaFaces.schoolId)));
}

/**
 * Faces of a child the scope reaches: staff, in their school; a family, its own child (a family
 * withdrawing consent reaches its child's face data, to delete it).
 */
async function childFaceReach(scope: Scope, studentColumn: AnyPgColumn, schoolColumn: AnyPgColumn): Promise<SQL> {
  if (scope.kind === 'staff') return scope.schoolId ? eq(schoolColumn, scope.schoolId) : sql`false`;
  const mine = [...(await scope.childIds())];
  return mine.length ? inArray(studentColumn, mine) : sql`false`;
}

export interface TouchedItem {
  itemId: string;
  schoolId: string;
  uploadedBy: string | null;
}

async function itemsOfFaces(q: Queryable, itemIds: readonly string[]): Promise<TouchedItem[]> {
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) return [];
  const rows = await q
    .select({ itemId: mediaItems.id, schoolId: mediaItems.schoolId, uploadedBy: mediaItems.uploadedBy })
    .from(mediaItems)
    .where(inArray(mediaItems.id, unique));
  return rows;
}

/** A child's pending suggestions dropped (consent withdrawn or references reset): the faces await a person again. */
export async function forgetFacesOf(scope: Scope, q: Queryable, studentId: string): Promise<TouchedItem[]> {
  const rows = await q
    .update(mediaFaces)
    .set({ status: 'unmatched', studentId: null, distance: null })
    .where(
      and(
        eq(mediaFaces.studentId, studentId),
        eq(mediaFaces.status, 'suggested'),
        await childFaceReach(scope, mediaFaces.studentId, mediaFaces.schoolId),
      ),
    )
    .returning({ itemId: mediaFaces.itemId });
  return itemsOfFaces(
    q,
    rows.map((r) => r.itemId),
  );
}

/** A child's confirmed faces are blurred for other families again (consent withdrawn). */
export async function hideFacesOf(scope: Scope, q: Queryable, studentId: string): Promise<TouchedItem[]> {
  const rows = await q
    .update(mediaFaces)
    .set({ shown: false })
    .where(
      and(
        eq(mediaFaces.studentId, studentId),
        eq(mediaFaces.shown, true),
        await childFaceReach(scope, mediaFaces.studentId, mediaFaces.schoolId),
      ),
    )
    .returning({ itemId: mediaFaces.itemId });
  return itemsOfFaces(
    q,
    rows.map((r) => r.itemId),
  );
}

/** The school of a child the scope reaches. */
export async function studentSchool(scope: Scope, q: Queryable, studentId: string): Promise<string | null> {
  const [row] = await q
    .select({ schoolId: students.schoolId })
    .from(students)
    .where(and(eq(students.id, studentId), await childFaceReach(scope, students.id, students.schoolId)))
    .limit(1);
  return row?.schoolId ?? null;
}

/** Faces of a class's items that await a person: suggestions and unmatched faces. */
export async function faceQueue(scope: Scope, q: Queryable, classId: string, limit: number): Promise<FaceRow[]> {
  return q
    .select({ face: mediaFaces })
    .from(mediaFaces)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaFaces.itemId))
    .where(
      and(
        eq(mediaItems.classId, classId),
        isNull(mediaItems.deletedAt),
        inArray(mediaFaces.status, ['suggested', 'unmatched']),
        schoolOf(scope),
      ),
    )
    .orderBy(desc(mediaItems.createdAt), asc(mediaFaces.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.face));
}

/** Items of a class where a face is the child's (assigned or suggested). */
export async function itemIdsWithFaceOf(scope: Scope, q: Queryable, classId: string, studentId: string): Promise<string[]> {
  const rows = await q
    .selectDistinct({ id: mediaItems.id, createdAt: mediaItems.createdAt })
    .from(mediaFaces)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaFaces.itemId))
    .where(
      and(
        eq(mediaItems.classId, classId),
        eq(mediaFaces.studentId, studentId),
        inArray(mediaFaces.status, ['suggested', 'assigned']),
        isNull(mediaItems.deletedAt),
        schoolOf(scope),
      ),
    )
    .orderBy(desc(mediaItems.createdAt))
    .limit(500);
  return rows.map((r) => r.id);
}

export async function references(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  return q
    .select()
    .from(faceReferences)
    .where(and(inArray(faceReferences.studentId, [...studentIds]), schoolOf(scope, faceReferences.schoolId)))
    .orderBy(desc(faceReferences.createdAt));
}

export async function insertReference(scope: Scope, q: Queryable, row: typeof faceReferences.$inferInsert) {
  if (row.schoolId !== scope.schoolId) throw new Error('a reference of another school');
  await q.insert(faceReferences).values(row);
}

export async function deleteReferences(scope: Scope, q: Queryable, studentId: string): Promise<number> {
  const rows = await q
    .delete(faceReferences)
    .where(
      and(
        eq(faceReferences.studentId, studentId),
        await childFaceReach(scope, faceReferences.studentId, faceReferences.schoolId),
      ),
    )
    .returning({ id: faceReferences.id });
  return rows.length;
}

export async function insertAudit(scope: Scope, q: Queryable, row: typeof faceAudit.$inferInsert) {
  if (scope.kind === 'staff' && row.schoolId !== scope.schoolId) throw new Error('an audit entry of another school');
  await q.insert(faceAudit).values({ ...row, actorId: scope.userId });
}

// ---------------------------------------------------------------- albums, posts, links

export async function albums(scope: Scope, q: Queryable, classId: string) {
  const rows = await q
    .select({
      album: mediaAlbums,
      count: sql<number>`(select count(*)::int from ${mediaAlbumItems} ai join ${mediaItems} mi on mi.id = ai.item_id where ai.album_id = ${mediaAlbums.id} and mi.deleted_at is null)`,
    })
    .from(mediaAlbums)
    .where(and(eq(mediaAlbums.classId, classId), schoolOf(scope, mediaAlbums.schoolId)))
    .orderBy(desc(mediaAlbums.updatedAt));
  return rows;
}

export async function album(scope: Scope, q: Queryable, id: string): Promise<AlbumRow | null> {
  const [row] = await q
    .select()
    .from(mediaAlbums)
    .where(and(eq(mediaAlbums.id, id), schoolOf(scope, mediaAlbums.schoolId)))
    .limit(1);
  return row ?? null;
}

export async function insertAlbum(scope: Scope, q: Queryable, row: typeof mediaAlbums.$inferInsert) {
  await q.insert(mediaAlbums).values({ ...row, schoolId: scope.schoolId ?? row.schoolId });
}

export async function updateAlbum(scope: Scope, q: Queryable, id: string, patch: Partial<typeof mediaAlbums.$inferInsert>) {
  await q
    .update(mediaAlbums)
    .set(patch)
    .where(and(eq(mediaAlbums.id, id), schoolOf(scope, mediaAlbums.schoolId)));
}

export async function deleteAlbum(scope: Scope, q: Queryable, id: string) {
  await q.delete(mediaAlbums).where(and(eq(mediaAlbums.id, id), schoolOf(scope, mediaAlbums.schoolId)));
}

export async function albumItemIds(scope: Scope, q: Queryable, albumId: string): Promise<string[]> {
  const rows = await q
    .select({ id: mediaAlbumItems.itemId })
    .from(mediaAlbumItems)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaAlbumItems.itemId))
    .where(and(eq(mediaAlbumItems.albumId, albumId), isNull(mediaItems.deletedAt), schoolOf(scope)))
    .orderBy(desc(mediaItems.takenOn), desc(mediaItems.createdAt));
  return rows.map((r) => r.id);
}

export async function addAlbumItems(scope: Scope, q: Queryable, albumId: string, itemIds: readonly string[]) {
  const own = (await items(scope, q, itemIds)).map((r) => r.id);
  if (own.length)
    await q
      .insert(mediaAlbumItems)
      .values(own.map((itemId) => ({ albumId, itemId })))
      .onConflictDoNothing();
}

export async function removeAlbumItems(scope: Scope, q: Queryable, albumId: string, itemIds: readonly string[]) {
  const own = (await items(scope, q, itemIds)).map((r) => r.id);
  if (own.length)
    await q.delete(mediaAlbumItems).where(and(eq(mediaAlbumItems.albumId, albumId), inArray(mediaAlbumItems.itemId, own)));
}

export async function insertPost(scope: Scope, q: Queryable, row: typeof mediaPosts.$inferInsert) {
  await q.insert(mediaPosts).values({ ...row, schoolId: scope.schoolId ?? row.schoolId });
}

export async function addLinks(
  scope: Scope,
  q: Queryable,
  kind: 'observation' | 'activity',
  targetId: string,
  itemIds: readonly string[],
) {
  const own = (await items(scope, q, itemIds)).map((r) => r.id);
  if (own.length)
    await q
      .insert(mediaLinks)
      .values(own.map((itemId) => ({ itemId, targetKind: kind, targetId })))
      .onConflictDoNothing();
}

// ---------------------------------------------------------------- what a family has seen

export async function seenAt(scope: Scope, q: Queryable, classId: string): Promise<Date | null> {
  const [row] = await q
    .select({ at: mediaSeen.seenAt })
    .from(mediaSeen)
    .where(and(eq(mediaSeen.userId, scope.userId), eq(mediaSeen.classId, classId)))
    .limit(1);
  return row?.at ?? null;
}

export async function markSeen(scope: Scope, q: Queryable, classId: string, at: Date) {
  await q
    .insert(mediaSeen)
    .values({ userId: scope.userId, classId, seenAt: at })
    .onConflictDoUpdate({ target: [mediaSeen.userId, mediaSeen.classId], set: { seenAt: at } });
}

// ---------------------------------------------------------------- storage use and quota

/** Bytes and items of the school's gallery, in use and in the bin. */
export async function usage(scope: Scope, q: Queryable, schoolId: string) {
  const [row] = await q
    .select({
      used: sql<string>`coalesce(sum(${mediaItems.bytes}), 0)`,
      items: sql<number>`count(*) filter (where ${mediaItems.deletedAt} is null)::int`,
      bin: sql<string>`coalesce(sum(${mediaItems.bytes}) filter (where ${mediaItems.deletedAt} is not null), 0)`,
    })
    .from(mediaItems)
    .where(and(eq(mediaItems.schoolId, schoolId), schoolOf(scope)));
  return { used: Number(row?.used ?? 0), items: row?.items ?? 0, bin: Number(row?.bin ?? 0) };
}

export async function usageByClass(scope: Scope, q: Queryable, schoolId: string) {
  return q
    .select({
      classId: classes.id,
      name: classes.name,
      bytes: sql<string>`coalesce(sum(${mediaItems.bytes}), 0)`,
      items: sql<number>`count(${mediaItems.id})::int`,
    })
    .from(classes)
    .leftJoin(mediaItems, eq(mediaItems.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), schoolOf(scope, classes.schoolId)))
    .groupBy(classes.id, classes.name)
    .orderBy(asc(classes.name));
}

export async function usageByType(scope: Scope, q: Queryable, schoolId: string) {
  return q
    .select({ kind: mediaItems.kind, bytes: sql<string>`coalesce(sum(${mediaItems.bytes}), 0)` })
    .from(mediaItems)
    .where(and(eq(mediaItems.schoolId, schoolId), schoolOf(scope)))
    .groupBy(mediaItems.kind);
}

export async function bytesSince(scope: Scope, q: Queryable, schoolId: string, since: Date): Promise<number> {
  const [row] = await q
    .select({ bytes: sql<string>`coalesce(sum(${mediaItems.bytes}), 0)` })
    .from(mediaItems)
    .where(and(eq(mediaItems.schoolId, schoolId), gte(mediaItems.createdAt, since), schoolOf(scope)));
  return Number(row?.bytes ?? 0);
}

export async function quota(scope: Scope, q: Queryable, schoolId: string): Promise<number | null> {
  const [row] = await q
    .select({ bytes: mediaQuotas.quotaBytes })
    .from(mediaQuotas)
    .where(and(eq(mediaQuotas.schoolId, schoolId), schoolOf(scope, mediaQuotas.schoolId)))
    .limit(1);
  return row?.bytes ?? null;
}

/** A school's quota, set when a super admin grants more space (the scope is the super admin's, of any school). */
export async function setQuota(scope: Scope, q: Queryable, schoolId: string, bytes: number) {
  if (scope.kind !== 'staff') throw new Error('a quota set by a family');
  await q
    .insert(mediaQuotas)
    .values({ schoolId, quotaBytes: bytes })
    .onConflictDoUpdate({ target: mediaQuotas.schoolId, set: { quotaBytes: bytes } });
}

export async function insertQuotaRequest(scope: Scope, q: Queryable, row: typeof mediaQuotaRequests.$inferInsert) {
  await q.insert(mediaQuotaRequests).values({ ...row, schoolId: scope.schoolId ?? row.schoolId });
}

const requestColumns = {
  request: mediaQuotaRequests,
  schoolName: schools.name,
  requesterFirst: users.firstName,
  requesterLast: users.lastName,
};

/** Requests for more space: a school's own (staff of the school), or every pending one (a super admin, `all`). */
export async function quotaRequests(
  scope: Scope,
  q: Queryable,
  opts: { schoolId?: string; id?: string; status?: string; all?: boolean },
) {
  return q
    .select(requestColumns)
    .from(mediaQuotaRequests)
    .innerJoin(schools, eq(schools.id, mediaQuotaRequests.schoolId))
    .leftJoin(users, eq(users.id, mediaQuotaRequests.requestedBy))
    .where(
      and(
        opts.all ? undefined : schoolOf(scope, mediaQuotaRequests.schoolId),
        opts.schoolId ? eq(mediaQuotaRequests.schoolId, opts.schoolId) : undefined,
        opts.id ? eq(mediaQuotaRequests.id, opts.id) : undefined,
        opts.status ? eq(mediaQuotaRequests.status, opts.status) : undefined,
      ),
    )
    .orderBy(desc(mediaQuotaRequests.createdAt))
    .limit(200);
}

export async function decideQuotaRequest(scope: Scope, q: Queryable, id: string, status: 'approved' | 'declined', at: Date) {
  const rows = await q
    .update(mediaQuotaRequests)
    .set({ status, decidedAt: at, decidedBy: scope.userId })
    .where(and(eq(mediaQuotaRequests.id, id), eq(mediaQuotaRequests.status, 'pending')))
    .returning({ id: mediaQuotaRequests.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- uploads in chunks

export type UploadRow = typeof mediaUploads.$inferSelect;

export async function insertUpload(scope: Scope, q: Queryable, row: typeof mediaUploads.$inferInsert) {
  if (row.userId !== scope.userId || row.schoolId !== scope.schoolId) throw new Error('an upload of another person');
  await q.insert(mediaUploads).values(row);
}

/** An upload session: only its own sender's, in their school. */
export async function uploadSession(scope: Scope, q: Queryable, id: string): Promise<UploadRow | null> {
  const [row] = await q
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, scope.userId), schoolOf(scope, mediaUploads.schoolId)))
    .limit(1);
  return row ?? null;
}

/** Adds a chunk if it starts where the received bytes end (false when another request added it first). */
export async function appendChunk(
  scope: Scope,
  q: Queryable,
  id: string,
  offset: number,
  length: number,
  part: string,
  at: Date,
) {
  const rows = await q
    .update(mediaUploads)
    .set({
      received: sql`${mediaUploads.received} + ${length}`,
      parts: sql`${mediaUploads.parts} || ${JSON.stringify([part])}::jsonb`,
      updatedAt: at,
    })
    .where(
      and(
        eq(mediaUploads.id, id),
        eq(mediaUploads.received, offset),
        eq(mediaUploads.userId, scope.userId),
        schoolOf(scope, mediaUploads.schoolId),
      ),
    )
    .returning({ id: mediaUploads.id });
  return rows.length > 0;
}

export async function finishUpload(scope: Scope, q: Queryable, id: string, itemId: string, at: Date) {
  await q
    .update(mediaUploads)
    .set({ itemId, parts: [], updatedAt: at })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, scope.userId), schoolOf(scope, mediaUploads.schoolId)));
}

/** A family's child's first class (oldest enrolment), with its school: where a photo from home goes. */
export async function familyChildClass(scope: Scope, q: Queryable, studentId: string) {
  const mine = await scope.childIds();
  if (scope.kind !== 'parent' || !mine.has(studentId)) return null;
  const [row] = await q
    .select({ id: classes.id, schoolId: classes.schoolId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.studentId, studentId), isNull(classes.archivedAt)))
    .orderBy(asc(classStudents.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Evidence for assessment: the school's gallery items (not in the bin, not failed) tagged with these
 * children, taken fromIso..toIso (or, with `ids`, those items), one row per item and child, newest first,
 * in one statement.
 */
export async function evidenceOf(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
  range: { from: string; to: string } | null,
  ids?: readonly string[],
) {
  if (studentIds.length === 0 || ids?.length === 0 || scope.kind !== 'staff' || !scope.schoolId) return [];
  return q
    .select({
      id: mediaItems.id,
      studentId: mediaTags.studentId,
      date: mediaItems.takenOn,
      kind: mediaItems.kind,
      name: mediaItems.name,
      caption: mediaItems.caption,
      thumb: sql<string | null>`coalesce(${mediaItems.thumbUrl}, ${mediaItems.posterUrl})`,
    })
    .from(mediaItems)
    .innerJoin(mediaTags, eq(mediaTags.itemId, mediaItems.id))
    .where(
      and(
        eq(mediaItems.schoolId, scope.schoolId),
        inArray(mediaTags.studentId, [...studentIds]),
        isNull(mediaItems.deletedAt),
        sql`${mediaItems.status} <> 'failed'`,
        range ? and(gte(mediaItems.takenOn, range.from), lte(mediaItems.takenOn, range.to)) : undefined,
        ids ? inArray(mediaItems.id, [...ids]) : undefined,
      ),
    )
    .orderBy(desc(mediaItems.takenOn), desc(mediaItems.createdAt), desc(mediaItems.id));
}
