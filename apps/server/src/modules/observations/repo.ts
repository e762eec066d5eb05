import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStudents,
  curricula,
  curriculumHidden,
  learningAreas,
  media,
  observationAreas,
  observationStatements,
  observations,
  students,
  users,
} from '../../platform/db/schema.js';

export type ObservationRow = typeof observations.$inferSelect;
export type ObservationInsert = typeof observations.$inferInsert;

/*
 * Every query of observations carries the caller's scope: staff read and write their school's rows
 * (schoolId in the WHERE clause); a parent reads their own children's rows shared with the family.
 */

/** Where a parent's reads stop: their children's observations shared with the family. */
async function parentCondition(scope: Scope): Promise<SQL> {
  const kids = [...(await scope.childIds())];
  return and(inArray(observations.studentId, kids.length ? kids : ['']), eq(observations.visibility, 'family')) as SQL;
}

/** The caller's visible rows: the school's for staff, their children's shared ones for a parent. */
async function visible(scope: Scope): Promise<SQL> {
  return scope.kind === 'parent' ? parentCondition(scope) : eq(observations.schoolId, staffSchool(scope));
}

/** The curricula of these classes of the school (class id → curriculum id, when it has one). */
export async function curriculaOfClasses(scope: Scope, q: Queryable, classIds: string[]): Promise<Map<string, string | null>> {
  if (classIds.length === 0) return new Map();
  const rows = await q
    .select({ id: classes.id, curriculumId: classes.classCurriculumId })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), inArray(classes.id, classIds)));
  return new Map(rows.map((r) => [r.id, r.curriculumId]));
}

/**
 * The learning areas of a curriculum, in order: for staff one the school may use (its own or a shared
 * one); for a parent the curriculum of their child's class (which is where the id comes from).
 */
export async function areasOfCurriculum(scope: Scope, q: Queryable, curriculumId: string) {
  const schoolId = scope.kind === 'staff' ? staffSchool(scope) : null;
  return q
    .select({ id: learningAreas.id, code: learningAreas.code, name: learningAreas.name, group: learningAreas.group })
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(
      and(
        eq(learningAreas.curriculumId, curriculumId),
        schoolId ? or(isNull(curricula.schoolId), eq(curricula.schoolId, schoolId)) : undefined,
      ),
    )
    .orderBy(asc(learningAreas.position));
}

/**
 * The live learning areas of these frameworks the school may tag with: shipped ones and the school's own
 * additions, leaving out those archived or hidden by the school; by framework, then position.
 */
export async function liveAreasOfCurricula(scope: Scope, q: Queryable, curriculumIds: readonly string[]) {
  const schoolId = staffSchool(scope);
  if (curriculumIds.length === 0) return [];
  return q
    .select({
      id: learningAreas.id,
      code: learningAreas.code,
      name: learningAreas.name,
      group: learningAreas.group,
      curriculumId: learningAreas.curriculumId,
    })
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(
      and(
        inArray(learningAreas.curriculumId, [...curriculumIds]),
        or(isNull(curricula.schoolId), eq(curricula.schoolId, schoolId)),
        or(isNull(learningAreas.schoolId), eq(learningAreas.schoolId, schoolId)),
        isNull(learningAreas.archivedAt),
        sql`not exists (select 1 from ${curriculumHidden} h where h.school_id = ${schoolId} and h.node_id = ${learningAreas.id})`,
      ),
    )
    .orderBy(asc(learningAreas.position), asc(learningAreas.code));
}

/** Every learning area the school may use, with its curriculum (to find one by name). */
export async function usableAreas(scope: Scope, q: Queryable) {
  const schoolId = staffSchool(scope);
  return q
    .select({ id: learningAreas.id, name: learningAreas.name, curriculumId: learningAreas.curriculumId })
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(or(isNull(curricula.schoolId), eq(curricula.schoolId, schoolId)));
}

/** Files of these addresses uploaded to the school. */
export async function schoolMedia(scope: Scope, q: Queryable, links: string[]) {
  if (links.length === 0) return [];
  return q
    .select({ url: media.url, kind: media.kind })
    .from(media)
    .where(and(inArray(media.url, links), eq(media.schoolId, staffSchool(scope))));
}

/** The areas each of these observations is tagged with. */
export async function areasOf(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      observationId: observationAreas.observationId,
      id: learningAreas.id,
      code: learningAreas.code,
      name: learningAreas.name,
      group: learningAreas.group,
    })
    .from(observationAreas)
    .innerJoin(observations, eq(observations.id, observationAreas.observationId))
    .innerJoin(learningAreas, eq(learningAreas.id, observationAreas.learningAreaId))
    .where(and(inArray(observationAreas.observationId, ids), await visible(scope)));
}

/** The statements each of these observations (that the caller sees) is tagged with. */
export async function statementIdsOf(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ observationId: observationStatements.observationId, statementId: observationStatements.statementId })
    .from(observationStatements)
    .innerJoin(observations, eq(observations.id, observationStatements.observationId))
    .where(and(inArray(observationStatements.observationId, [...ids]), await visible(scope)));
}

/** Replaces an observation's statements (the service checked them against its class). */
async function setStatements(q: Queryable, observationId: string, statementIds: readonly string[]): Promise<void> {
  await q.delete(observationStatements).where(eq(observationStatements.observationId, observationId));
  if (statementIds.length)
    await q.insert(observationStatements).values(statementIds.map((statementId) => ({ observationId, statementId })));
}

/**
 * The statements tagged on the school's observations of these children dated `from` to `to` (ISO), per
 * child, each with how many of those observations carry it and the latest one's date.
 */
export async function statementsOfChildren(scope: Scope, q: Queryable, studentIds: readonly string[], from: string, to: string) {
  if (studentIds.length === 0) return [];
  return q
    .select({
      studentId: observations.studentId,
      statementId: observationStatements.statementId,
      n: count(),
      last: sql<string>`max(${observations.date})`,
    })
    .from(observationStatements)
    .innerJoin(observations, eq(observations.id, observationStatements.observationId))
    .where(
      and(
        eq(observations.schoolId, staffSchool(scope)),
        inArray(observations.studentId, [...studentIds]),
        gte(observations.date, from),
        lte(observations.date, to),
      ),
    )
    .groupBy(observations.studentId, observationStatements.statementId);
}

/** The names of these children (of the school for staff, the parent's own for a parent). */
export async function childNames(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  const within =
    scope.kind === 'parent'
      ? inArray(students.id, [...(await scope.childIds())].concat(''))
      : eq(students.schoolId, staffSchool(scope));
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(inArray(students.id, ids), within));
}

/** The names of the authors of observations the caller sees. */
export async function authorNames(scope: Scope, q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(observations, eq(observations.createdBy, users.id))
    .where(and(inArray(users.id, ids), await visible(scope)));
}

export async function insert(
  scope: Scope,
  q: Queryable,
  rows: ObservationInsert[],
  areaIds: string[],
  statementIds: readonly string[] = [],
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.insert(observations).values(rows.map((r) => ({ ...r, schoolId })));
  const tags = rows.flatMap((r) => areaIds.map((learningAreaId) => ({ observationId: r.id as string, learningAreaId })));
  if (tags.length) await q.insert(observationAreas).values(tags);
  const statements = rows.flatMap((r) => statementIds.map((statementId) => ({ observationId: r.id as string, statementId })));
  if (statements.length) await q.insert(observationStatements).values(statements);
}

export async function byGroup(scope: Scope, q: Queryable, groupId: string): Promise<ObservationRow[]> {
  return q
    .select()
    .from(observations)
    .where(and(eq(observations.groupId, groupId), eq(observations.schoolId, staffSchool(scope))))
    .orderBy(asc(observations.id));
}

export async function find(scope: Scope, q: Queryable, id: string): Promise<ObservationRow | null> {
  const [row] = await q
    .select()
    .from(observations)
    .where(and(eq(observations.id, id), await visible(scope)));
  return row ?? null;
}

export async function update(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<ObservationInsert>,
  areaIds: string[] | undefined,
  statementIds?: readonly string[],
): Promise<void> {
  const [own] = await q
    .update(observations)
    .set(set)
    .where(and(eq(observations.id, id), eq(observations.schoolId, staffSchool(scope))))
    .returning({ id: observations.id });
  if (!own) return;
  if (statementIds) await setStatements(q, id, statementIds);
  if (areaIds) {
    await q.delete(observationAreas).where(eq(observationAreas.observationId, id));
    if (areaIds.length)
      await q.insert(observationAreas).values(areaIds.map((learningAreaId) => ({ observationId: id, learningAreaId })));
  }
}

export async function remove(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(observations).where(and(eq(observations.id, id), eq(observations.schoolId, staffSchool(scope))));
}

export interface ListFilter {
  /** Staff: only these classes. */
  classIds?: string[];
  studentId?: string;
  type?: string;
  date?: string;
  reportTitle?: string;
  /** Only observations tagged with this statement. */
  statementId?: string;
  search?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

/** Newest day first, then the newest written. */
const LIST_ORDER: Keyset<typeof observations.$inferSelect> = [
  { by: observations.date, desc: true, of: (r) => r.date },
  { by: observations.createdAt, desc: true, of: (r) => r.createdAt },
  { by: observations.id, desc: true, of: (r) => r.id },
];

export async function list(scope: Scope, q: Queryable, f: ListFilter) {
  const conditions: (SQL | undefined)[] = [await visible(scope)];
  if (f.classIds) conditions.push(inArray(observations.classId, f.classIds.length ? f.classIds : ['']));
  if (f.studentId) conditions.push(eq(observations.studentId, f.studentId));
  if (f.type) conditions.push(eq(observations.type, f.type));
  if (f.date) conditions.push(eq(observations.date, f.date));
  if (f.reportTitle) conditions.push(eq(observations.reportTitle, f.reportTitle));
  if (f.statementId)
    conditions.push(
      // spelled out: a lone table's columns render unqualified
      sql`exists (select 1 from ${observationStatements} os where os.observation_id = "observations"."id" and os.statement_id = ${f.statementId})`,
    );
  if (f.search)
    conditions.push(
      sql`to_tsvector('simple', ${observations.title} || ' ' || ${observations.generalNote}) @@ plainto_tsquery('simple', ${f.search})`,
    );
  const where = and(...conditions);
  const [total] = await q.select({ n: count() }).from(observations).where(where);
  const rows = await q
    .select()
    .from(observations)
    .where(and(where, keysetAfter(LIST_ORDER, f.cursor)))
    .orderBy(...keysetOrder(LIST_ORDER))
    .limit(f.limit + 1)
    .offset(f.cursor ? 0 : f.offset);
  return { ...keysetPage(LIST_ORDER, rows, f.limit), total: Number(total?.n ?? 0) };
}

/** How many observations each child of a class has from `from` to `to` (ISO). */
/** Observations per class and child of the classes, dated from `from` to `to`. */
export async function countsByChild(scope: Scope, q: Queryable, classIds: string[], from: string, to: string) {
  if (classIds.length === 0) return [];
  return q
    .select({ classId: observations.classId, studentId: observations.studentId, n: count() })
    .from(observations)
    .where(
      and(
        await visible(scope),
        inArray(observations.classId, classIds),
        gte(observations.date, from),
        lte(observations.date, to),
      ),
    )
    .groupBy(observations.classId, observations.studentId);
}

/** How many of a child's observations the caller sees are dated `from` or later. */
export async function countSince(scope: Scope, q: Queryable, studentId: string, from: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(observations)
    .where(and(await visible(scope), eq(observations.studentId, studentId), gte(observations.date, from)));
  return Number(row?.n ?? 0);
}

/** The children of a class observed in a learning area from `from` to `to` (ISO). */
export async function observedInArea(scope: Scope, q: Queryable, classId: string, areaId: string, from: string, to: string) {
  const rows = await q
    .selectDistinct({ studentId: observations.studentId })
    .from(observations)
    .innerJoin(observationAreas, eq(observationAreas.observationId, observations.id))
    .where(
      and(
        eq(observations.schoolId, staffSchool(scope)),
        eq(observations.classId, classId),
        eq(observationAreas.learningAreaId, areaId),
        gte(observations.date, from),
        lte(observations.date, to),
      ),
    );
  return rows.map((r) => r.studentId);
}

/** A child's first class (of the school for staff; any for a parent's own child), with its curriculum. */
export async function classOfChild(scope: Scope, q: Queryable, studentId: string) {
  const within =
    scope.kind === 'parent'
      ? inArray(classStudents.studentId, [...(await scope.childIds())].concat(''))
      : eq(classes.schoolId, staffSchool(scope));
  const [row] = await q
    .select({ id: classes.id, curriculumId: classes.classCurriculumId })
    .from(classes)
    .innerJoin(classStudents, and(eq(classStudents.classId, classes.id), eq(classStudents.studentId, studentId)))
    .where(within)
    .limit(1);
  return row ?? null;
}

/** Per learning area, how many of a child's observations the caller sees are tagged with it, and the latest date. */
export async function coverageCounts(scope: Scope, q: Queryable, studentId: string) {
  return q
    .select({ areaId: observationAreas.learningAreaId, n: count(), last: sql<string>`max(${observations.date})` })
    .from(observationAreas)
    .innerJoin(observations, eq(observations.id, observationAreas.observationId))
    .where(and(await visible(scope), eq(observations.studentId, studentId)))
    .groupBy(observationAreas.learningAreaId);
}

/**
 * Evidence for assessment: the school's observations of these children dated fromIso..toIso (or, with
 * `ids`, those observations whatever their day), newest first, with their learning areas' ids and codes,
 * in one statement for every child.
 */
export async function evidenceOf(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
  range: { from: string; to: string } | null,
  ids?: readonly string[],
) {
  if (studentIds.length === 0 || ids?.length === 0) return [];
  return q
    .select({
      id: observations.id,
      studentId: observations.studentId,
      date: observations.date,
      title: observations.title,
      generalNote: observations.generalNote,
      media: observations.media,
      areas: sql<{ id: string; code: string }[]>`coalesce((
        select json_agg(json_build_object('id', la.id, 'code', la.code) order by la.position)
        from ${observationAreas} oa join ${learningAreas} la on la.id = oa.learning_area_id
        where oa.observation_id = "observations"."id"), '[]'::json)`, // spelled out: a lone table's columns render unqualified
    })
    .from(observations)
    .where(
      and(
        eq(observations.schoolId, staffSchool(scope)),
        inArray(observations.studentId, [...studentIds]),
        range ? and(gte(observations.date, range.from), lte(observations.date, range.to)) : undefined,
        ids ? inArray(observations.id, [...ids]) : undefined,
      ),
    )
    .orderBy(desc(observations.date), desc(observations.createdAt), desc(observations.id));
}
