import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStaff,
  classStudents,
  curricula,
  learningAreas,
  mediaItems,
  parentChildren,
  parents,
  schools,
  stories,
  storyAreas,
  storyChildren,
  storyComments,
  storyMedia,
  storyReactions,
  storySettings,
  storyStatements,
  storyTagLinks,
  storyTags,
  storyVersions,
  storyViews,
  students,
  users,
} from '../../platform/db/schema.js';

export type StoryRow = Omit<typeof stories.$inferSelect, 'search'>;
export type StoryInsert = Omit<typeof stories.$inferInsert, 'search'>;
export type TagRow = typeof storyTags.$inferSelect;

/** Every column but the search vector (never read back). */
const STORY_COLUMNS = {
  id: stories.id,
  schoolId: stories.schoolId,
  classId: stories.classId,
  kind: stories.kind,
  status: stories.status,
  title: stories.title,
  body: stories.body,
  bodyText: stories.bodyText,
  whatNext: stories.whatNext,
  storyDate: stories.storyDate,
  authorId: stories.authorId,
  authorKind: stories.authorKind,
  approvedBy: stories.approvedBy,
  returnNote: stories.returnNote,
  sources: stories.sources,
  version: stories.version,
  publishedAt: stories.publishedAt,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
};

const staffSchoolId = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');

/** The classes a family's children are in (none for staff). */
export async function familyClassIds(scope: Scope, _q: Queryable): Promise<string[]> {
  return scope.kind === 'parent' ? [...(await scope.childClassIds())] : [];
}

const featureOn = (feature: 'story' | 'journal') =>
  sql`exists (select 1 from ${schools} where ${schools.id} = ${stories.schoolId} and ${schools.permissions} @> ${JSON.stringify([feature])}::jsonb)`;

/**
 * Which stories a scope may read. Staff: their school's, of the classes they may see (`classIds`,
 * undefined for class managers: every class). A family: published stories naming one of its children,
 * published journal entries of its children's classes, family stories it sent, and accepted ones of its
 * children; each only where the school has the feature on.
 */
async function reach(scope: Scope, _q: Queryable, classIds?: readonly string[]): Promise<SQL> {
  if (scope.kind === 'staff') {
    const school = eq(stories.schoolId, staffSchoolId(scope));
    return classIds ? (and(school, inArray(stories.classId, classIds.length ? [...classIds] : [''])) as SQL) : school;
  }
  const mine = [...(await scope.childIds())];
  if (mine.length === 0) return eq(stories.authorId, scope.userId);
  const kids = sql.join(
    mine.map((id) => sql`${id}`),
    sql`, `,
  );
  const namesMine = sql`exists (select 1 from ${storyChildren} where ${storyChildren.storyId} = ${stories.id} and ${storyChildren.studentId} in (${kids}))`;
  const ownClasses = [...(await scope.childClassIds())];
  const classesMine = inArray(stories.classId, ownClasses.length ? ownClasses : ['']);
  return or(
    and(eq(stories.kind, 'story'), eq(stories.status, 'published'), namesMine, featureOn('story')),
    and(eq(stories.kind, 'journal'), eq(stories.status, 'published'), classesMine, featureOn('journal')),
    and(eq(stories.kind, 'family'), eq(stories.authorId, scope.userId), featureOn('story')),
    and(eq(stories.kind, 'family'), eq(stories.status, 'accepted'), namesMine, featureOn('story')),
  ) as SQL;
}

export interface ListFilter {
  classIds?: readonly string[];
  kinds?: readonly string[];
  classId?: string;
  studentId?: string;
  tagId?: string;
  areaId?: string;
  authorId?: string;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

/** Newest story date first, then the newest written. */
const LIST_ORDER: Keyset<StoryRow> = [
  { by: stories.storyDate, desc: true, of: (r) => r.storyDate },
  { by: stories.createdAt, desc: true, of: (r) => r.createdAt },
  { by: stories.id, desc: true, of: (r) => r.id },
];

/** One page of the stories a scope may read, newest story date first, and how many match in all. */
export async function list(
  scope: Scope,
  q: Queryable,
  f: ListFilter,
): Promise<{ rows: StoryRow[]; total: number; nextCursor: string | null }> {
  const where: (SQL | undefined)[] = [await reach(scope, q, f.classIds)];
  if (f.kinds) where.push(inArray(stories.kind, f.kinds.length ? [...f.kinds] : ['']));
  if (f.classId) where.push(eq(stories.classId, f.classId));
  if (f.status) where.push(eq(stories.status, f.status));
  if (f.authorId) where.push(eq(stories.authorId, f.authorId));
  if (f.from) where.push(gte(stories.storyDate, f.from));
  if (f.to) where.push(lte(stories.storyDate, f.to));
  if (f.studentId)
    where.push(
      sql`exists (select 1 from ${storyChildren} where ${storyChildren.storyId} = ${stories.id} and ${storyChildren.studentId} = ${f.studentId})`,
    );
  if (f.tagId)
    where.push(
      sql`exists (select 1 from ${storyTagLinks} where ${storyTagLinks.storyId} = ${stories.id} and ${storyTagLinks.tagId} = ${f.tagId})`,
    );
  if (f.areaId)
    where.push(
      sql`exists (select 1 from ${storyAreas} where ${storyAreas.storyId} = ${stories.id} and ${storyAreas.areaId} = ${f.areaId})`,
    );
  if (f.search) where.push(sql`${stories.search} @@ websearch_to_tsquery('simple', ${f.search})`);
  // The page and the count are two statements: a window `count(*) over ()` makes PostgreSQL read every
  // matching row in full (text and search vector, spilled to disk) before the first, so the newest-first
  // index could never stop after a page.
  const read = await q
    .select(STORY_COLUMNS)
    .from(stories)
    .where(and(...where, keysetAfter(LIST_ORDER, f.cursor)))
    .orderBy(...keysetOrder(LIST_ORDER))
    .limit(f.limit + 1)
    .offset(f.cursor ? 0 : f.offset);
  const { rows, nextCursor } = keysetPage(LIST_ORDER, read, f.limit);
  // The last page read by number tells the total without counting (not one read on by cursor: its
  // offset is unknown).
  if (!f.cursor && !nextCursor && (rows.length > 0 || f.offset === 0)) return { rows, nextCursor, total: f.offset + rows.length };
  const countIn = async (t: Queryable) =>
    Number(
      (
        await t
          .select({ n: count() })
          .from(stories)
          .where(and(...where))
      )[0]?.n ?? 0,
    );
  if (!f.search) return { rows, nextCursor, total: await countIn(q) };
  // Counting a word most stories share, the planner prices testing a story's search vector at next to
  // nothing and reads the whole table, unpacking every vector (~4x slower on 20,000 stories than the
  // search index's bitmap, which answers without reading a vector). For this one statement, the index.
  const total = await q.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return countIn(tx);
  });
  return { rows, nextCursor, total };
}

/** Stories by id that the scope may read (staff: of their school; the class rule is the service's). */
export async function byIds(scope: Scope, q: Queryable, ids: readonly string[]): Promise<StoryRow[]> {
  if (ids.length === 0) return [];
  return q
    .select(STORY_COLUMNS)
    .from(stories)
    .where(and(inArray(stories.id, [...ids]), await reach(scope, q)));
}

export async function journalOf(scope: Scope, q: Queryable, classId: string, day: string): Promise<StoryRow | null> {
  const [row] = await q
    .select(STORY_COLUMNS)
    .from(stories)
    .where(and(eq(stories.kind, 'journal'), eq(stories.classId, classId), eq(stories.storyDate, day), await reach(scope, q)))
    .limit(1);
  return row ?? null;
}

/** Published journal entries of these classes on that day. */
export async function journalsOfDay(scope: Scope, q: Queryable, classIds: readonly string[], day: string) {
  if (classIds.length === 0) return [];
  return q
    .select(STORY_COLUMNS)
    .from(stories)
    .where(
      and(
        eq(stories.kind, 'journal'),
        eq(stories.status, 'published'),
        inArray(stories.classId, [...classIds]),
        eq(stories.storyDate, day),
        await reach(scope, q),
      ),
    )
    .orderBy(asc(stories.classId));
}

/** What the answer shows with each story: children, items, tags, areas, names, counts, the caller's reaction. */
export interface StoryExtras {
  children: Map<string, { id: string; firstName: string; lastName: string }[]>;
  media: Map<string, string[]>;
  tags: Map<string, { id: string; name: string }[]>;
  areas: Map<string, { id: string; name: string; curriculum: string }[]>;
  /** The ids of each story's statements (the service reads them as statements, once per page). */
  statementIds: Map<string, string[]>;
  people: Map<string, { firstName: string; lastName: string }>;
  classNames: Map<string, string>;
  views: Map<string, number>;
  comments: Map<string, number>;
  reactions: Map<string, Record<string, number>>;
  mine: Map<string, string>;
}

export async function extras(scope: Scope, q: Queryable, rows: readonly StoryRow[]): Promise<StoryExtras> {
  const ids = rows.map((r) => r.id);
  const none = ids.length === 0;
  const people = [...new Set(rows.flatMap((r) => [r.authorId, r.approvedBy].filter((x): x is string => !!x)))];
  const classIds = [...new Set(rows.map((r) => r.classId))];
  const [kids, media, tags, areas, names, classRows, views, comments, reactions, statements] = none
    ? [[], [], [], [], [], [], [], [], [], []]
    : await Promise.all([
        q
          .select({ storyId: storyChildren.storyId, id: students.id, firstName: students.firstName, lastName: students.lastName })
          .from(storyChildren)
          .innerJoin(students, eq(students.id, storyChildren.studentId))
          .where(inArray(storyChildren.storyId, ids))
          .orderBy(asc(students.firstName), asc(students.lastName)),
        q
          .select({ storyId: storyMedia.storyId, itemId: storyMedia.itemId })
          .from(storyMedia)
          .where(inArray(storyMedia.storyId, ids))
          .orderBy(asc(storyMedia.position)),
        q
          .select({ storyId: storyTagLinks.storyId, id: storyTags.id, name: storyTags.name })
          .from(storyTagLinks)
          .innerJoin(storyTags, eq(storyTags.id, storyTagLinks.tagId))
          .where(inArray(storyTagLinks.storyId, ids))
          .orderBy(asc(storyTags.position), asc(storyTags.name)),
        q
          .select({ storyId: storyAreas.storyId, id: learningAreas.id, name: learningAreas.name, curriculum: curricula.name })
          .from(storyAreas)
          .innerJoin(learningAreas, eq(learningAreas.id, storyAreas.areaId))
          .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
          .where(inArray(storyAreas.storyId, ids))
          .orderBy(asc(learningAreas.position)),
        people.length
          ? q
              .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
              .from(users)
              .where(inArray(users.id, people))
          : Promise.resolve([]),
        q.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, classIds)),
        q
          .select({ storyId: storyViews.storyId, n: sql<number>`sum(${storyViews.views})`.mapWith(Number) })
          .from(storyViews)
          .where(inArray(storyViews.storyId, ids))
          .groupBy(storyViews.storyId),
        q
          .select({ storyId: storyComments.storyId, n: count() })
          .from(storyComments)
          .where(and(inArray(storyComments.storyId, ids), isNull(storyComments.deletedAt)))
          .groupBy(storyComments.storyId),
        q
          .select({ storyId: storyReactions.storyId, userId: storyReactions.userId, reaction: storyReactions.reaction })
          .from(storyReactions)
          .where(inArray(storyReactions.storyId, ids)),
        q
          .select({ storyId: storyStatements.storyId, statementId: storyStatements.statementId })
          .from(storyStatements)
          .where(inArray(storyStatements.storyId, ids)),
      ]);
  const group = <T extends { storyId: string }, V>(list: readonly T[], pick: (t: T) => V) => {
    const out = new Map<string, V[]>();
    for (const t of list) out.set(t.storyId, [...(out.get(t.storyId) ?? []), pick(t)]);
    return out;
  };
  const counts = new Map<string, Record<string, number>>();
  const mine = new Map<string, string>();
  for (const r of reactions) {
    const c = counts.get(r.storyId) ?? {};
    c[r.reaction] = (c[r.reaction] ?? 0) + 1;
    counts.set(r.storyId, c);
    if (r.userId === scope.userId) mine.set(r.storyId, r.reaction);
  }
  return {
    children: group(kids, ({ id, firstName, lastName }) => ({ id, firstName, lastName })),
    media: group(media, (m) => m.itemId),
    tags: group(tags, ({ id, name }) => ({ id, name })),
    areas: group(areas, ({ id, name, curriculum }) => ({ id, name, curriculum })),
    statementIds: group(statements, (s) => s.statementId),
    people: new Map(names.map((p) => [p.id, p])),
    classNames: new Map(classRows.map((c) => [c.id, c.name])),
    views: new Map(views.map((v) => [v.storyId, v.n])),
    comments: new Map(comments.map((c) => [c.storyId, Number(c.n)])),
    reactions: counts,
    mine,
  };
}

// ------------------------------------------------------------------ writing

export async function insertStory(scope: Scope, q: Queryable, row: StoryInsert): Promise<void> {
  if (scope.kind === 'staff' && row.schoolId !== scope.schoolId) throw new Error('a story of another school');
  await q.insert(stories).values(row);
}

export async function updateStory(scope: Scope, q: Queryable, id: string, set: Partial<StoryInsert>): Promise<void> {
  await q
    .update(stories)
    .set(set)
    .where(and(eq(stories.id, id), eq(stories.schoolId, staffSchoolId(scope))));
}

export async function deleteStory(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(stories).where(and(eq(stories.id, id), eq(stories.schoolId, staffSchoolId(scope))));
}

/** Replaces a story's children, items, tags and areas (the service checked each belongs to the school). */
export async function setLinks(
  scope: Scope,
  q: Queryable,
  storyId: string,
  links: { studentIds?: string[]; mediaIds?: string[]; tagIds?: string[]; areaIds?: string[]; statementIds?: string[] },
): Promise<void> {
  const [own] = await q
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), await reach(scope, q)));
  if (!own) throw new Error('a story the scope cannot reach');
  if (links.studentIds) {
    await q.delete(storyChildren).where(eq(storyChildren.storyId, storyId));
    if (links.studentIds.length)
      await q.insert(storyChildren).values(links.studentIds.map((studentId) => ({ storyId, studentId })));
  }
  if (links.mediaIds) {
    await q.delete(storyMedia).where(eq(storyMedia.storyId, storyId));
    if (links.mediaIds.length)
      await q.insert(storyMedia).values(links.mediaIds.map((itemId, position) => ({ storyId, itemId, position })));
  }
  if (links.tagIds) {
    await q.delete(storyTagLinks).where(eq(storyTagLinks.storyId, storyId));
    if (links.tagIds.length) await q.insert(storyTagLinks).values(links.tagIds.map((tagId) => ({ storyId, tagId })));
  }
  if (links.areaIds) {
    await q.delete(storyAreas).where(eq(storyAreas.storyId, storyId));
    if (links.areaIds.length) await q.insert(storyAreas).values(links.areaIds.map((areaId) => ({ storyId, areaId })));
  }
  if (links.statementIds) {
    await q.delete(storyStatements).where(eq(storyStatements.storyId, storyId));
    if (links.statementIds.length)
      await q.insert(storyStatements).values(links.statementIds.map((statementId) => ({ storyId, statementId })));
  }
}

/** The areas and statements a story carries now (which stay allowed on a save even when archived since). */
export async function currentTags(scope: Scope, q: Queryable, storyId: string) {
  const [own] = await q
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), await reach(scope, q)));
  if (!own) return { areaIds: [], statementIds: [] };
  const [areas, statements] = await Promise.all([
    q.select({ id: storyAreas.areaId }).from(storyAreas).where(eq(storyAreas.storyId, storyId)),
    q.select({ id: storyStatements.statementId }).from(storyStatements).where(eq(storyStatements.storyId, storyId)),
  ]);
  return { areaIds: areas.map((a) => a.id), statementIds: statements.map((s) => s.id) };
}

export async function insertVersion(scope: Scope, q: Queryable, row: typeof storyVersions.$inferInsert): Promise<void> {
  staffSchoolId(scope);
  await q.insert(storyVersions).values(row);
}

export async function versions(scope: Scope, q: Queryable, storyId: string) {
  return q
    .select({
      version: storyVersions.version,
      title: storyVersions.title,
      body: storyVersions.body,
      whatNext: storyVersions.whatNext,
      editedBy: storyVersions.editedBy,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: storyVersions.createdAt,
    })
    .from(storyVersions)
    .innerJoin(stories, eq(stories.id, storyVersions.storyId))
    .innerJoin(users, eq(users.id, storyVersions.editedBy))
    .where(and(eq(storyVersions.storyId, storyId), eq(stories.schoolId, staffSchoolId(scope))))
    .orderBy(desc(storyVersions.version));
}

// ------------------------------------------------------------------ families

/** Parents (users) of these children, with the name the school recorded and the child. */
export async function familiesOf(scope: Scope, q: Queryable, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  const school = scope.kind === 'staff' ? eq(students.schoolId, staffSchoolId(scope)) : sql`true`;
  return q
    .select({
      userId: parents.userId,
      studentId: parentChildren.studentId,
      childFirst: students.firstName,
      childLast: students.lastName,
      firstName: sql<string>`coalesce(${parentChildren.firstName}, ${users.firstName})`,
      lastName: sql<string>`coalesce(${parentChildren.lastName}, ${users.lastName})`,
    })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(and(inArray(parentChildren.studentId, [...studentIds]), school));
}

/** The children of a class (its roster today). */
export async function classChildren(scope: Scope, q: Queryable, classIds: readonly string[]) {
  if (classIds.length === 0) return [];
  return q
    .select({ classId: classStudents.classId, id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(inArray(classStudents.classId, [...classIds]), eq(classes.schoolId, staffSchoolId(scope))));
}

/** A story's school and class, for a family that may read it (to check the school's feature). */
export async function recordView(scope: Scope, q: Queryable, storyId: string, at: Date): Promise<void> {
  await q
    .insert(storyViews)
    .values({ storyId, userId: scope.userId, views: 1, firstViewedAt: at, lastViewedAt: at })
    .onConflictDoUpdate({
      target: [storyViews.storyId, storyViews.userId],
      set: { views: sql`${storyViews.views} + 1`, lastViewedAt: at },
    });
}

export async function viewsOf(scope: Scope, q: Queryable, storyId: string) {
  return q
    .select({ userId: storyViews.userId, views: storyViews.views, lastViewedAt: storyViews.lastViewedAt })
    .from(storyViews)
    .innerJoin(stories, eq(stories.id, storyViews.storyId))
    .where(and(eq(storyViews.storyId, storyId), eq(stories.schoolId, staffSchoolId(scope))));
}

// ------------------------------------------------------------------ comments and reactions

export async function comments(scope: Scope, q: Queryable, storyId: string) {
  return q
    .select({
      id: storyComments.id,
      storyId: storyComments.storyId,
      body: storyComments.body,
      authorId: storyComments.authorId,
      authorKind: storyComments.authorKind,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: storyComments.createdAt,
    })
    .from(storyComments)
    .innerJoin(users, eq(users.id, storyComments.authorId))
    .where(and(eq(storyComments.storyId, storyId), isNull(storyComments.deletedAt), await reachComments(scope, q)))
    .orderBy(asc(storyComments.createdAt), asc(storyComments.id));
}

/** Comments of stories the scope may read: staff, their school's; a family, any on a story it reaches (checked first). */
async function reachComments(scope: Scope, _q: Queryable): Promise<SQL> {
  return scope.kind === 'staff' ? eq(storyComments.schoolId, staffSchoolId(scope)) : sql`true`;
}

export async function insertComment(scope: Scope, q: Queryable, row: typeof storyComments.$inferInsert): Promise<void> {
  if (scope.kind === 'staff' && row.schoolId !== scope.schoolId) throw new Error('a comment of another school');
  await q.insert(storyComments).values(row);
}

export async function comment(scope: Scope, q: Queryable, id: string) {
  const where =
    scope.kind === 'staff' ? eq(storyComments.schoolId, staffSchoolId(scope)) : eq(storyComments.authorId, scope.userId);
  const [row] = await q
    .select()
    .from(storyComments)
    .where(and(eq(storyComments.id, id), isNull(storyComments.deletedAt), where))
    .limit(1);
  return row ?? null;
}

export async function deleteComment(scope: Scope, q: Queryable, id: string, at: Date): Promise<void> {
  const where =
    scope.kind === 'staff' ? eq(storyComments.schoolId, staffSchoolId(scope)) : eq(storyComments.authorId, scope.userId);
  await q
    .update(storyComments)
    .set({ deletedAt: at })
    .where(and(eq(storyComments.id, id), where));
}

export async function setReaction(scope: Scope, q: Queryable, storyId: string, reaction: string | null, at: Date) {
  if (reaction === null) {
    await q.delete(storyReactions).where(and(eq(storyReactions.storyId, storyId), eq(storyReactions.userId, scope.userId)));
    return;
  }
  await q
    .insert(storyReactions)
    .values({ storyId, userId: scope.userId, reaction, createdAt: at })
    .onConflictDoUpdate({ target: [storyReactions.storyId, storyReactions.userId], set: { reaction } });
}

// ------------------------------------------------------------------ tags

export async function tags(scope: Scope, q: Queryable, includeArchived: boolean) {
  return q
    .select({
      id: storyTags.id,
      name: storyTags.name,
      position: storyTags.position,
      archivedAt: storyTags.archivedAt,
      stories: sql<number>`(select count(*) from ${storyTagLinks} where ${storyTagLinks.tagId} = ${storyTags.id})`.mapWith(
        Number,
      ),
    })
    .from(storyTags)
    .where(and(eq(storyTags.schoolId, staffSchoolId(scope)), includeArchived ? undefined : isNull(storyTags.archivedAt)))
    .orderBy(asc(storyTags.position), asc(storyTags.name));
}

export async function tagsByIds(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(storyTags)
    .where(and(inArray(storyTags.id, [...ids]), eq(storyTags.schoolId, staffSchoolId(scope))));
}

export async function tagNamed(scope: Scope, q: Queryable, name: string) {
  const [row] = await q
    .select()
    .from(storyTags)
    .where(
      and(
        eq(storyTags.schoolId, staffSchoolId(scope)),
        isNull(storyTags.archivedAt),
        sql`lower(${storyTags.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertTag(scope: Scope, q: Queryable, row: typeof storyTags.$inferInsert): Promise<void> {
  if (row.schoolId !== staffSchoolId(scope)) throw new Error('a tag of another school');
  await q.insert(storyTags).values(row);
}

export async function nextTagPosition(scope: Scope, q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`coalesce(max(${storyTags.position}) + 1, 0)`.mapWith(Number) })
    .from(storyTags)
    .where(eq(storyTags.schoolId, staffSchoolId(scope)));
  return row?.n ?? 0;
}

export async function updateTag(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<typeof storyTags.$inferInsert>,
): Promise<void> {
  await q
    .update(storyTags)
    .set(set)
    .where(and(eq(storyTags.id, id), eq(storyTags.schoolId, staffSchoolId(scope))));
}

/** Moves every story of `fromId` to `intoId` (a story carrying both keeps one link). */
export async function moveTagLinks(scope: Scope, q: Queryable, fromId: string, intoId: string): Promise<void> {
  const school = staffSchoolId(scope);
  await q.execute(sql`
    insert into ${storyTagLinks} (story_id, tag_id)
    select l.story_id, ${intoId} from ${storyTagLinks} l
    join ${storyTags} t on t.id = l.tag_id and t.school_id = ${school}
    where l.tag_id = ${fromId}
    on conflict do nothing`);
  await q.execute(
    sql`delete from ${storyTagLinks} where tag_id = ${fromId} and exists (select 1 from ${storyTags} t where t.id = ${fromId} and t.school_id = ${school})`,
  );
}

// ------------------------------------------------------------------ settings

export async function settings(scope: Scope, q: Queryable, schoolId = staffSchoolId(scope)) {
  const [row] = await q.select().from(storySettings).where(eq(storySettings.schoolId, schoolId)).limit(1);
  return row ?? null;
}

export async function saveSettings(scope: Scope, q: Queryable, approvalRequired: boolean, at: Date): Promise<void> {
  const schoolId = staffSchoolId(scope);
  await q
    .insert(storySettings)
    .values({ schoolId, approvalRequired, updatedAt: at })
    .onConflictDoUpdate({ target: storySettings.schoolId, set: { approvalRequired, updatedAt: at } });
}

// ------------------------------------------------------------------ checks

/** Gallery items of one class of the school, not in the bin, that are ready. */
export async function usableMedia(scope: Scope, q: Queryable, classId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(
      and(
        inArray(mediaItems.id, [...ids]),
        eq(mediaItems.schoolId, staffSchoolId(scope)),
        eq(mediaItems.classId, classId),
        isNull(mediaItems.deletedAt),
      ),
    );
}

/** The classes a staff member teaches (their own class list). */
export async function taughtClasses(scope: Scope, q: Queryable) {
  return q
    .select({ id: classStaff.classId })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(eq(classStaff.userId, scope.userId), eq(classes.schoolId, staffSchoolId(scope))));
}

// ------------------------------------------------------------------ insights

export interface InsightScope {
  classIds: readonly string[];
  studentId?: string;
  from: string;
  to: string;
}

/** Stories of the classes in the period (with their children, for a child's view), lean columns. */
export async function insightStories(scope: Scope, q: Queryable, s: InsightScope) {
  if (s.classIds.length === 0) return [];
  const child = s.studentId
    ? sql`exists (select 1 from ${storyChildren} where ${storyChildren.storyId} = ${stories.id} and ${storyChildren.studentId} = ${s.studentId})`
    : sql`true`;
  return q
    .select({
      id: stories.id,
      classId: stories.classId,
      kind: stories.kind,
      status: stories.status,
      authorId: stories.authorId,
      storyDate: stories.storyDate,
    })
    .from(stories)
    .where(
      and(
        eq(stories.schoolId, staffSchoolId(scope)),
        inArray(stories.classId, [...s.classIds]),
        gte(stories.storyDate, s.from),
        lte(stories.storyDate, s.to),
        inArray(stories.kind, ['story', 'family']),
        child,
      ),
    );
}

/** Per story of the period: its children, areas, and the views and comments of families and staff. */
export async function insightLinks(scope: Scope, q: Queryable, s: InsightScope) {
  const school = staffSchoolId(scope);
  if (s.classIds.length === 0) return { children: [], areas: [], views: [], comments: [] };
  const inPeriod = and(
    eq(stories.schoolId, school),
    inArray(stories.classId, [...s.classIds]),
    gte(stories.storyDate, s.from),
    lte(stories.storyDate, s.to),
    eq(stories.kind, 'story'),
    eq(stories.status, 'published'),
  );
  const [children, areas, views, commentRows] = await Promise.all([
    q
      .select({ storyId: storyChildren.storyId, studentId: storyChildren.studentId, storyDate: stories.storyDate })
      .from(storyChildren)
      .innerJoin(stories, eq(stories.id, storyChildren.storyId))
      .where(inPeriod),
    q
      .select({ areaId: storyAreas.areaId, n: count() })
      .from(storyAreas)
      .innerJoin(stories, eq(stories.id, storyAreas.storyId))
      .where(inPeriod)
      .groupBy(storyAreas.areaId),
    q
      .select({
        storyId: storyViews.storyId,
        userId: storyViews.userId,
        views: storyViews.views,
        lastViewedAt: storyViews.lastViewedAt,
      })
      .from(storyViews)
      .innerJoin(stories, eq(stories.id, storyViews.storyId))
      .where(inPeriod),
    q
      .select({ storyId: storyComments.storyId, authorId: storyComments.authorId, authorKind: storyComments.authorKind })
      .from(storyComments)
      .innerJoin(stories, eq(stories.id, storyComments.storyId))
      .where(and(inPeriod, isNull(storyComments.deletedAt))),
  ]);
  return { children, areas, views, comments: commentRows };
}

export async function classNamesOf(scope: Scope, q: Queryable, classIds: readonly string[]) {
  if (classIds.length === 0) return [];
  return q
    .select({ id: classes.id, name: classes.name, curriculumId: classes.classCurriculumId })
    .from(classes)
    .where(and(inArray(classes.id, [...classIds]), eq(classes.schoolId, staffSchoolId(scope))));
}

export async function areasOfCurricula(scope: Scope, q: Queryable, curriculumIds: readonly string[]) {
  if (curriculumIds.length === 0) return [];
  staffSchoolId(scope);
  return q
    .select({ id: learningAreas.id, name: learningAreas.name, curriculum: curricula.name })
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(inArray(learningAreas.curriculumId, [...curriculumIds]))
    .orderBy(asc(curricula.name), asc(learningAreas.position));
}

export async function peopleNames(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  staffSchoolId(scope);
  return q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The schools of these classes (a family's children's). */
export async function familyClassSchools(scope: Scope, q: Queryable, classIds: readonly string[]) {
  const mine = new Set(await familyClassIds(scope, q));
  const ids = classIds.filter((id) => mine.has(id));
  if (ids.length === 0) return [];
  return q.select({ id: classes.id, schoolId: classes.schoolId }).from(classes).where(inArray(classes.id, ids));
}

/** Every class of the school that is not archived. */
export async function allClassesOf(scope: Scope, q: Queryable) {
  return q
    .select({ id: classes.id, name: classes.name, curriculumId: classes.classCurriculumId })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchoolId(scope)), isNull(classes.archivedAt)));
}

/** Reactions to the published stories of the period. */
export async function reactionCount(scope: Scope, q: Queryable, s: InsightScope): Promise<number> {
  if (s.classIds.length === 0) return 0;
  const [row] = await q
    .select({ n: count() })
    .from(storyReactions)
    .innerJoin(stories, eq(stories.id, storyReactions.storyId))
    .where(
      and(
        eq(stories.schoolId, staffSchoolId(scope)),
        inArray(stories.classId, [...s.classIds]),
        gte(stories.storyDate, s.from),
        lte(stories.storyDate, s.to),
        eq(stories.kind, 'story'),
        s.studentId
          ? sql`exists (select 1 from ${storyChildren} where ${storyChildren.storyId} = ${stories.id} and ${storyChildren.studentId} = ${s.studentId})`
          : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Evidence for assessment: the school's learning stories naming these children (published, or not yet
 * published by staff) and family stories the class accepted, dated fromIso..toIso (or, with `ids`, those
 * stories), one row per story and child, newest first, with the story's areas and its first item's
 * thumbnail, in one statement.
 */
export async function evidenceOf(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
  range: { from: string; to: string } | null,
  ids?: readonly string[],
) {
  if (studentIds.length === 0 || ids?.length === 0 || scope.kind !== 'staff') return [];
  return q
    .select({
      id: stories.id,
      studentId: storyChildren.studentId,
      date: stories.storyDate,
      title: stories.title,
      text: stories.bodyText,
      areas: sql<{ id: string; code: string }[]>`coalesce((
        select json_agg(json_build_object('id', la.id, 'code', la.code) order by la.position)
        from ${storyAreas} sa join ${learningAreas} la on la.id = sa.area_id
        where sa.story_id = ${stories.id}), '[]'::json)`,
      thumb: sql<string | null>`(
        select coalesce(mi.thumb_url, mi.poster_url) from ${storyMedia} sm join ${mediaItems} mi on mi.id = sm.item_id
        where sm.story_id = ${stories.id} and mi.deleted_at is null order by sm.position limit 1)`,
    })
    .from(stories)
    .innerJoin(storyChildren, eq(storyChildren.storyId, stories.id))
    .where(
      and(
        eq(stories.schoolId, staffSchoolId(scope)),
        inArray(storyChildren.studentId, [...studentIds]),
        or(
          and(eq(stories.kind, 'story'), inArray(stories.status, ['draft', 'pending', 'published'])),
          and(eq(stories.kind, 'family'), eq(stories.status, 'accepted')),
        ),
        range ? and(gte(stories.storyDate, range.from), lte(stories.storyDate, range.to)) : undefined,
        ids ? inArray(stories.id, [...ids]) : undefined,
      ),
    )
    .orderBy(desc(stories.storyDate), desc(stories.createdAt), desc(stories.id));
}
