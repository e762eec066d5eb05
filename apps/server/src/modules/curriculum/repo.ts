import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  classes,
  classFrameworks,
  curricula,
  curriculumAspects,
  curriculumHidden,
  curriculumStatements,
  learningAreas,
} from '../../platform/db/schema.js';

/*
 * The curriculum's SQL. Shipped rows have `school_id is null` and every school reads them; a school's
 * own rows (its frameworks, and its additions under shipped ones) carry its id. A school archives a
 * shipped row for itself with a `curriculum_hidden` row. Every read puts the scope's school in its WHERE
 * clause, so another school's rows never come back whatever ids are passed.
 */

export type FrameworkRow = typeof curricula.$inferSelect;
export type AreaRow = typeof learningAreas.$inferSelect;
export type AspectRow = typeof curriculumAspects.$inferSelect;
export type StatementRow = typeof curriculumStatements.$inferSelect;

/** A shipped row, or one of the scope's school. */
const seen = (
  schoolId: string,
  column:
    | typeof curricula.schoolId
    | typeof learningAreas.schoolId
    | typeof curriculumAspects.schoolId
    | typeof curriculumStatements.schoolId,
): SQL => or(isNull(column), eq(column, schoolId)) as SQL;

/** Whether the school hid this row (a shipped node or framework it archived for itself). */
const hiddenFor = (schoolId: string, nodeId: SQL | typeof curricula.id): SQL =>
  sql`exists (select 1 from ${curriculumHidden} h where h.school_id = ${schoolId} and h.node_id = ${nodeId})`;

/**
 * Each class's framework ids in order: its `class_frameworks` rows, else its `class_curriculum_id`
 * alone. Only classes of the scope's school come back (a missing key: not the school's).
 */
export async function frameworksOfClasses(
  scope: Scope,
  q: Queryable,
  classIds: readonly string[],
): Promise<Map<string, string[]>> {
  const schoolId = staffSchool(scope);
  const out = new Map<string, string[]>();
  const ids = [...new Set(classIds)];
  if (ids.length === 0) return out;
  const [rows, links] = await Promise.all([
    q
      .select({ id: classes.id, main: classes.classCurriculumId })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, ids))),
    q
      .select({ classId: classFrameworks.classId, curriculumId: classFrameworks.curriculumId })
      .from(classFrameworks)
      .innerJoin(classes, eq(classes.id, classFrameworks.classId))
      .where(and(eq(classes.schoolId, schoolId), inArray(classFrameworks.classId, ids)))
      .orderBy(asc(classFrameworks.classId), asc(classFrameworks.position)),
  ]);
  for (const r of rows) out.set(r.id, []);
  for (const l of links) out.get(l.classId)?.push(l.curriculumId);
  for (const r of rows) if (out.get(r.id)?.length === 0 && r.main) out.set(r.id, [r.main]);
  return out;
}

/**
 * Of these statement ids, those that are live for the scope's school within these frameworks: the
 * statement, its aspect, its area and its framework are neither archived nor hidden by the school, and
 * each is shipped or the school's own.
 */
export async function liveStatementsIn(
  scope: Scope,
  q: Queryable,
  frameworkIds: readonly string[],
  ids: readonly string[],
): Promise<{ id: string; curriculumId: string }[]> {
  const schoolId = staffSchool(scope);
  if (frameworkIds.length === 0 || ids.length === 0) return [];
  const s = curriculumStatements;
  return q
    .select({ id: s.id, curriculumId: s.curriculumId })
    .from(s)
    .innerJoin(curriculumAspects, eq(curriculumAspects.id, s.aspectId))
    .innerJoin(learningAreas, eq(learningAreas.id, curriculumAspects.areaId))
    .innerJoin(curricula, eq(curricula.id, s.curriculumId))
    .where(
      and(
        inArray(s.id, [...ids]),
        inArray(s.curriculumId, [...frameworkIds]),
        seen(schoolId, s.schoolId),
        seen(schoolId, curriculumAspects.schoolId),
        seen(schoolId, learningAreas.schoolId),
        seen(schoolId, curricula.schoolId),
        isNull(s.archivedAt),
        isNull(curriculumAspects.archivedAt),
        isNull(learningAreas.archivedAt),
        isNull(curricula.archivedAt),
        sql`not ${hiddenFor(schoolId, sql`${s.id}`)}`,
        sql`not ${hiddenFor(schoolId, sql`${curriculumAspects.id}`)}`,
        sql`not ${hiddenFor(schoolId, sql`${learningAreas.id}`)}`,
        sql`not ${hiddenFor(schoolId, sql`${curricula.id}`)}`,
      ),
    );
}

export interface StatementRefRow {
  id: string;
  code: string;
  text: string;
  version: number;
  archived: boolean;
  areaId: string;
  areaCode: string;
  areaName: string;
  frameworkId: string;
  frameworkName: string;
}

/**
 * Statements as tagged records show them, archived and old versions included: shipped ones and those of
 * the schools the scope reaches (staff: its school; a family: its children's schools). Archived means
 * archived, or hidden by one of those schools.
 */
export async function statementRefs(scope: Scope, q: Queryable, ids: readonly string[]): Promise<StatementRefRow[]> {
  if (ids.length === 0) return [];
  const s = curriculumStatements;
  const reach = await schoolReach(scope, s.schoolId);
  const hiddenReach = await schoolReach(scope, curriculumHidden.schoolId);
  return q
    .select({
      id: s.id,
      code: s.code,
      text: s.text,
      version: s.version,
      archived: sql<boolean>`(${s.archivedAt} is not null or exists (select 1 from ${curriculumHidden} where ${curriculumHidden.nodeId} = ${s.id} and ${hiddenReach}))`,
      areaId: learningAreas.id,
      areaCode: learningAreas.code,
      areaName: learningAreas.name,
      frameworkId: curricula.id,
      frameworkName: curricula.name,
    })
    .from(s)
    .innerJoin(curriculumAspects, eq(curriculumAspects.id, s.aspectId))
    .innerJoin(learningAreas, eq(learningAreas.id, curriculumAspects.areaId))
    .innerJoin(curricula, eq(curricula.id, s.curriculumId))
    .where(and(inArray(s.id, [...ids]), or(isNull(s.schoolId), reach)));
}
