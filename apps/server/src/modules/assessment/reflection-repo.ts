import { and, count, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import { classes, media, reflections, students } from '../../platform/db/schema.js';
import { staffNames, staffSchoolId } from './repo.js';

/* Reflections of the staff caller's school (the school in every WHERE; class access is the service's). */

export type ReflectionRow = typeof reflections.$inferSelect;

export interface ReflectionFilter {
  /** The classes the caller may read; undefined: every class of the school (class managers). */
  classIds?: readonly string[];
  classId?: string;
  studentId?: string;
  unitId?: string;
  periodId?: string;
  authorKind?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

/** Newest day first, then the newest written. */
const LIST_ORDER: Keyset<ReflectionRow> = [
  { by: reflections.date, desc: true, of: (r) => r.date },
  { by: reflections.createdAt, desc: true, of: (r) => r.createdAt },
  { by: reflections.id, desc: true, of: (r) => r.id },
];

/** A page of the school's reflections, newest first, and how many match. */
export async function list(
  scope: Scope,
  q: Queryable,
  f: ReflectionFilter,
): Promise<{ rows: ReflectionRow[]; total: number; nextCursor: string | null }> {
  const where = and(
    eq(reflections.schoolId, staffSchoolId(scope)),
    f.classIds ? inArray(reflections.classId, f.classIds.length ? [...f.classIds] : ['']) : undefined,
    f.classId ? eq(reflections.classId, f.classId) : undefined,
    f.studentId ? eq(reflections.studentId, f.studentId) : undefined,
    f.unitId ? eq(reflections.unitId, f.unitId) : undefined,
    f.periodId ? eq(reflections.periodId, f.periodId) : undefined,
    f.authorKind ? eq(reflections.authorKind, f.authorKind) : undefined,
    f.from ? gte(reflections.date, f.from) : undefined,
    f.to ? lte(reflections.date, f.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(reflections)
      .where(and(where, keysetAfter(LIST_ORDER, f.cursor)))
      .orderBy(...keysetOrder(LIST_ORDER))
      .limit(f.limit + 1)
      .offset(f.cursor ? 0 : f.offset),
    q.select({ n: count() }).from(reflections).where(where),
  ]);
  return { ...keysetPage(LIST_ORDER, rows, f.limit), total: Number(total?.n ?? 0) };
}

export async function byId(scope: Scope, q: Queryable, id: string): Promise<ReflectionRow | undefined> {
  const [row] = await q
    .select()
    .from(reflections)
    .where(and(eq(reflections.schoolId, staffSchoolId(scope)), eq(reflections.id, id)));
  return row;
}

export async function insert(scope: Scope, q: Queryable, row: Omit<typeof reflections.$inferInsert, 'schoolId'>) {
  await q.insert(reflections).values({ ...row, schoolId: staffSchoolId(scope) });
}

export async function update(scope: Scope, q: Queryable, id: string, patch: Partial<typeof reflections.$inferInsert>) {
  await q
    .update(reflections)
    .set(patch)
    .where(and(eq(reflections.schoolId, staffSchoolId(scope)), eq(reflections.id, id)));
}

export async function remove(scope: Scope, q: Queryable, id: string) {
  await q.delete(reflections).where(and(eq(reflections.schoolId, staffSchoolId(scope)), eq(reflections.id, id)));
}

/** Names the answers show: classes, children and authors of the school. */
export async function names(
  scope: Scope,
  q: Queryable,
  ids: { classIds: readonly string[]; studentIds: readonly string[]; userIds: readonly string[] },
) {
  const schoolId = staffSchoolId(scope);
  const [cls, kids, people] = await Promise.all([
    ids.classIds.length
      ? q
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, [...ids.classIds])))
      : [],
    ids.studentIds.length
      ? q
          .select({ id: students.id, first: students.firstName, last: students.lastName })
          .from(students)
          .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...ids.studentIds])))
      : [],
    staffNames(scope, q, ids.userIds),
  ]);
  return {
    classes: new Map(cls.map((c) => [c.id, c.name])),
    students: new Map(kids.map((k) => [k.id, `${k.first} ${k.last}`.trim()])),
    users: people,
  };
}

/** Files of these addresses uploaded to the school (a reflection attaches only the school's files). */
export async function schoolFiles(scope: Scope, q: Queryable, links: readonly string[]) {
  if (links.length === 0) return [];
  return q
    .select({ url: media.url, kind: media.kind })
    .from(media)
    .where(and(eq(media.schoolId, staffSchoolId(scope)), inArray(media.url, [...links])));
}
