import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
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
  observationStatements,
  observations,
  stories,
  storyStatements,
  unitStatements,
  units,
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

// ------------------------------------------------------------------ frameworks

export type FrameworkView = FrameworkRow & { archived: boolean };

const frameworkArchived = (schoolId: string) =>
  sql<boolean>`(${curricula.archivedAt} is not null or ${hiddenFor(schoolId, sql`${curricula.id}`)})`;

/** The frameworks the school sees (shipped and its own), archived or hidden ones only when asked. */
export async function listFrameworks(scope: Scope, q: Queryable, includeArchived: boolean): Promise<FrameworkView[]> {
  const schoolId = staffSchool(scope);
  const rows = await q
    .select({ f: curricula, archived: frameworkArchived(schoolId) })
    .from(curricula)
    .where(and(seen(schoolId, curricula.schoolId), includeArchived ? undefined : sql`not ${frameworkArchived(schoolId)}`))
    .orderBy(sql`${curricula.schoolId} is not null`, asc(curricula.name), asc(curricula.id));
  return rows.map((r) => ({ ...r.f, archived: Boolean(r.archived) }));
}

/** One framework the school sees, or undefined (another school's does not exist for it). */
export async function findFramework(scope: Scope, q: Queryable, id: string): Promise<FrameworkView | undefined> {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select({ f: curricula, archived: frameworkArchived(schoolId) })
    .from(curricula)
    .where(and(eq(curricula.id, id), seen(schoolId, curricula.schoolId)));
  return row ? { ...row.f, archived: Boolean(row.archived) } : undefined;
}

/** Whether a framework the school sees (its own or shipped) already has this code (case-insensitive). */
export async function frameworkCodeTaken(scope: Scope, q: Queryable, code: string, exceptId?: string): Promise<boolean> {
  const schoolId = staffSchool(scope);
  const [row] = await q
    .select({ id: curricula.id })
    .from(curricula)
    .where(
      and(
        seen(schoolId, curricula.schoolId),
        sql`lower(${curricula.code}) = lower(${code})`,
        exceptId ? ne(curricula.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export interface FrameworkCounts {
  areas: Map<string, number>;
  statements: Map<string, number>;
  classes: Map<string, { _id: string; name: string }[]>;
}

/** The live (neither archived nor hidden) area of a statement or aspect row, for the counts. */
const liveNode = (schoolId: string, table: typeof learningAreas | typeof curriculumAspects | typeof curriculumStatements): SQL =>
  and(seen(schoolId, table.schoolId), isNull(table.archivedAt), sql`not ${hiddenFor(schoolId, sql`${table.id}`)}`) as SQL;

/**
 * The live areas and statements of these frameworks in the school's view, and the school's classes
 * (not archived) using each: three statements, whatever the number of frameworks.
 */
export async function frameworkCounts(scope: Scope, q: Queryable, ids: readonly string[]): Promise<FrameworkCounts> {
  const schoolId = staffSchool(scope);
  const out: FrameworkCounts = { areas: new Map(), statements: new Map(), classes: new Map() };
  if (ids.length === 0) return out;
  const list = [...ids];
  const [areaRows, statementRows, classRows] = await Promise.all([
    q
      .select({ id: learningAreas.curriculumId, n: sql<number>`count(*)::int` })
      .from(learningAreas)
      .where(and(inArray(learningAreas.curriculumId, list), liveNode(schoolId, learningAreas)))
      .groupBy(learningAreas.curriculumId),
    q
      .select({ id: curriculumStatements.curriculumId, n: sql<number>`count(*)::int` })
      .from(curriculumStatements)
      .innerJoin(curriculumAspects, eq(curriculumAspects.id, curriculumStatements.aspectId))
      .innerJoin(learningAreas, eq(learningAreas.id, curriculumAspects.areaId))
      .where(
        and(
          inArray(curriculumStatements.curriculumId, list),
          liveNode(schoolId, curriculumStatements),
          liveNode(schoolId, curriculumAspects),
          liveNode(schoolId, learningAreas),
        ),
      )
      .groupBy(curriculumStatements.curriculumId),
    classesUsing(scope, q, list),
  ]);
  for (const r of areaRows) out.areas.set(r.id, Number(r.n));
  for (const r of statementRows) out.statements.set(r.id, Number(r.n));
  for (const r of classRows) {
    const names = out.classes.get(r.frameworkId) ?? [];
    names.push({ _id: r.classId, name: r.name });
    out.classes.set(r.frameworkId, names);
  }
  return out;
}

/**
 * The school's classes (not archived) that use these frameworks: by their `class_frameworks` rows, or
 * by `class_curriculum_id` for a class that has none.
 */
export async function classesUsing(
  scope: Scope,
  q: Queryable,
  frameworkIds: readonly string[],
): Promise<{ frameworkId: string; classId: string; name: string }[]> {
  const schoolId = staffSchool(scope);
  if (frameworkIds.length === 0) return [];
  const ids = [...frameworkIds];
  const [chosen, main] = await Promise.all([
    q
      .select({ frameworkId: classFrameworks.curriculumId, classId: classes.id, name: classes.name })
      .from(classFrameworks)
      .innerJoin(classes, eq(classes.id, classFrameworks.classId))
      .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt), inArray(classFrameworks.curriculumId, ids))),
    q
      .select({ frameworkId: sql<string>`${classes.classCurriculumId}`, classId: classes.id, name: classes.name })
      .from(classes)
      .where(
        and(
          eq(classes.schoolId, schoolId),
          isNull(classes.archivedAt),
          inArray(classes.classCurriculumId, ids),
          sql`not exists (select 1 from ${classFrameworks} where ${classFrameworks.classId} = ${classes.id})`,
        ),
      ),
  ]);
  return [...chosen, ...main].sort((x, y) => x.name.localeCompare(y.name) || x.classId.localeCompare(y.classId));
}

export type FrameworkValues = Pick<typeof curricula.$inferInsert, 'id' | 'name' | 'code' | 'description'>;

/** A new framework of the scope's school. */
export async function insertFramework(scope: Scope, q: Queryable, values: FrameworkValues, now: Date): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.insert(curricula).values({ ...values, schoolId, updatedAt: now });
}

/** Changes one of the school's own frameworks (shipped rows are never written). */
export async function updateFramework(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<Pick<typeof curricula.$inferInsert, 'name' | 'code' | 'description' | 'archivedAt'>>,
  now: Date,
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q
    .update(curricula)
    .set({ ...set, updatedAt: now })
    .where(and(eq(curricula.id, id), eq(curricula.schoolId, schoolId)));
}

/** Hides (archives for the school) or shows again a shipped framework or node. */
export async function setHidden(scope: Scope, q: Queryable, nodeId: string, hidden: boolean): Promise<void> {
  const schoolId = staffSchool(scope);
  if (hidden) await q.insert(curriculumHidden).values({ schoolId, nodeId }).onConflictDoNothing();
  else await q.delete(curriculumHidden).where(and(eq(curriculumHidden.schoolId, schoolId), eq(curriculumHidden.nodeId, nodeId)));
}

// ------------------------------------------------------------------ trees

export type AreaView = AreaRow & { archived: boolean };
export type AspectView = AspectRow & { archived: boolean };
export type StatementView = StatementRow & { archived: boolean };

export interface TreeRows {
  areas: AreaView[];
  aspects: AspectView[];
  statements: StatementView[];
}

const archivedOf = (schoolId: string, table: typeof learningAreas | typeof curriculumAspects | typeof curriculumStatements) =>
  sql<boolean>`(${table.archivedAt} is not null or ${hiddenFor(schoolId, sql`${table.id}`)})`;

/** Every node of these frameworks in the school's view (shipped and its own), archived ones marked, ordered by position. */
export async function treeRows(scope: Scope, q: Queryable, frameworkIds: readonly string[]): Promise<TreeRows> {
  const schoolId = staffSchool(scope);
  if (frameworkIds.length === 0) return { areas: [], aspects: [], statements: [] };
  const ids = [...frameworkIds];
  const [areas, aspects, statements] = await Promise.all([
    q
      .select({ n: learningAreas, archived: archivedOf(schoolId, learningAreas) })
      .from(learningAreas)
      .where(and(inArray(learningAreas.curriculumId, ids), seen(schoolId, learningAreas.schoolId)))
      .orderBy(asc(learningAreas.position), asc(learningAreas.code), asc(learningAreas.id)),
    q
      .select({ n: curriculumAspects, archived: archivedOf(schoolId, curriculumAspects) })
      .from(curriculumAspects)
      .where(and(inArray(curriculumAspects.curriculumId, ids), seen(schoolId, curriculumAspects.schoolId)))
      .orderBy(asc(curriculumAspects.position), asc(curriculumAspects.code), asc(curriculumAspects.id)),
    q
      .select({ n: curriculumStatements, archived: archivedOf(schoolId, curriculumStatements) })
      .from(curriculumStatements)
      .where(and(inArray(curriculumStatements.curriculumId, ids), seen(schoolId, curriculumStatements.schoolId)))
      .orderBy(asc(curriculumStatements.position), asc(curriculumStatements.version), asc(curriculumStatements.id)),
  ]);
  return {
    areas: areas.map((r) => ({ ...r.n, archived: Boolean(r.archived) })),
    aspects: aspects.map((r) => ({ ...r.n, archived: Boolean(r.archived) })),
    statements: statements.map((r) => ({ ...r.n, archived: Boolean(r.archived) })),
  };
}

/**
 * How many of the school's observations, stories and units are tagged with each statement: one
 * grouped statement per link table.
 */
export async function taggedCounts(scope: Scope, q: Queryable, statementIds: readonly string[]): Promise<Map<string, number>> {
  const schoolId = staffSchool(scope);
  const out = new Map<string, number>();
  if (statementIds.length === 0) return out;
  const ids = [...statementIds];
  const results = await Promise.all([
    q
      .select({ id: observationStatements.statementId, n: sql<number>`count(*)::int` })
      .from(observationStatements)
      .innerJoin(observations, eq(observations.id, observationStatements.observationId))
      .where(and(inArray(observationStatements.statementId, ids), eq(observations.schoolId, schoolId)))
      .groupBy(observationStatements.statementId),
    q
      .select({ id: storyStatements.statementId, n: sql<number>`count(*)::int` })
      .from(storyStatements)
      .innerJoin(stories, eq(stories.id, storyStatements.storyId))
      .where(and(inArray(storyStatements.statementId, ids), eq(stories.schoolId, schoolId)))
      .groupBy(storyStatements.statementId),
    q
      .select({ id: unitStatements.statementId, n: sql<number>`count(*)::int` })
      .from(unitStatements)
      .innerJoin(units, eq(units.id, unitStatements.unitId))
      .where(and(inArray(unitStatements.statementId, ids), eq(units.schoolId, schoolId)))
      .groupBy(unitStatements.statementId),
  ]);
  for (const rows of results) for (const r of rows) out.set(r.id, (out.get(r.id) ?? 0) + Number(r.n));
  return out;
}

// ------------------------------------------------------------------ nodes

export type NodeKind = 'area' | 'aspect' | 'statement';
export type NodeView =
  | { kind: 'area'; row: AreaView }
  | { kind: 'aspect'; row: AspectView }
  | { kind: 'statement'; row: StatementView };

const tableOf = (kind: NodeKind) =>
  kind === 'area' ? learningAreas : kind === 'aspect' ? curriculumAspects : curriculumStatements;

/** One node of this kind in the school's view (shipped or its own), or undefined. */
export async function findNode(scope: Scope, q: Queryable, kind: NodeKind, id: string): Promise<NodeView | undefined> {
  const schoolId = staffSchool(scope);
  if (kind === 'area') {
    const [r] = await q
      .select({ n: learningAreas, archived: archivedOf(schoolId, learningAreas) })
      .from(learningAreas)
      .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
      .where(and(eq(learningAreas.id, id), seen(schoolId, learningAreas.schoolId), seen(schoolId, curricula.schoolId)));
    return r ? { kind, row: { ...r.n, archived: Boolean(r.archived) } } : undefined;
  }
  if (kind === 'aspect') {
    const [r] = await q
      .select({ n: curriculumAspects, archived: archivedOf(schoolId, curriculumAspects) })
      .from(curriculumAspects)
      .innerJoin(curricula, eq(curricula.id, curriculumAspects.curriculumId))
      .where(and(eq(curriculumAspects.id, id), seen(schoolId, curriculumAspects.schoolId), seen(schoolId, curricula.schoolId)));
    return r ? { kind, row: { ...r.n, archived: Boolean(r.archived) } } : undefined;
  }
  const [r] = await q
    .select({ n: curriculumStatements, archived: archivedOf(schoolId, curriculumStatements) })
    .from(curriculumStatements)
    .innerJoin(curricula, eq(curricula.id, curriculumStatements.curriculumId))
    .where(
      and(eq(curriculumStatements.id, id), seen(schoolId, curriculumStatements.schoolId), seen(schoolId, curricula.schoolId)),
    );
  return r ? { kind, row: { ...r.n, archived: Boolean(r.archived) } } : undefined;
}

/** Whether a live node of this kind in the framework (school's view) already has this code. */
export async function nodeCodeTaken(
  scope: Scope,
  q: Queryable,
  kind: NodeKind,
  frameworkId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> {
  const schoolId = staffSchool(scope);
  const t = tableOf(kind);
  const [row] = await q
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.curriculumId, frameworkId),
        seen(schoolId, t.schoolId),
        isNull(t.archivedAt),
        sql`lower(${t.code}) = lower(${code})`,
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The next position among a parent's children in the school's view (areas: the framework's). */
export async function nextPosition(
  scope: Scope,
  q: Queryable,
  kind: NodeKind,
  frameworkId: string,
  parentId: string | null,
): Promise<number> {
  const schoolId = staffSchool(scope);
  const t = tableOf(kind);
  const parent =
    kind === 'aspect'
      ? eq(curriculumAspects.areaId, parentId ?? '')
      : kind === 'statement'
        ? eq(curriculumStatements.aspectId, parentId ?? '')
        : undefined;
  const [row] = await q
    .select({ n: sql<number>`coalesce(max(${t.position}), -1)::int` })
    .from(t)
    .where(and(eq(t.curriculumId, frameworkId), seen(schoolId, t.schoolId), parent));
  return Number(row?.n ?? -1) + 1;
}

export type AreaValues = Omit<typeof learningAreas.$inferInsert, 'schoolId' | 'archivedAt'>;
export type AspectValues = Omit<typeof curriculumAspects.$inferInsert, 'schoolId' | 'archivedAt' | 'createdAt'>;
export type StatementValues = Omit<typeof curriculumStatements.$inferInsert, 'schoolId' | 'archivedAt' | 'createdAt'>;

/** New nodes of the scope's school, each kind in one multi-row insert. */
export async function insertNodes(
  scope: Scope,
  q: Queryable,
  nodes: { areas?: AreaValues[]; aspects?: AspectValues[]; statements?: StatementValues[] },
): Promise<void> {
  const schoolId = staffSchool(scope);
  const chunk = <T>(rows: T[], size = 500): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
    return out;
  };
  for (const part of chunk(nodes.areas ?? [])) await q.insert(learningAreas).values(part.map((r) => ({ ...r, schoolId })));
  for (const part of chunk(nodes.aspects ?? [])) await q.insert(curriculumAspects).values(part.map((r) => ({ ...r, schoolId })));
  for (const part of chunk(nodes.statements ?? []))
    await q.insert(curriculumStatements).values(part.map((r) => ({ ...r, schoolId })));
}

export interface NodeSet {
  code?: string;
  name?: string;
  group?: string;
  text?: string;
  ageFromMonths?: number | null;
  ageToMonths?: number | null;
  position?: number;
  archivedAt?: Date | null;
  replacedBy?: string | null;
}

/** Changes one of the school's own nodes (shipped rows are never written). */
export async function updateNode(scope: Scope, q: Queryable, kind: NodeKind, id: string, set: NodeSet): Promise<void> {
  const schoolId = staffSchool(scope);
  if (kind === 'area') {
    const { code, name, group, position, archivedAt } = set;
    await q
      .update(learningAreas)
      .set({ code, name, group, position, archivedAt })
      .where(and(eq(learningAreas.id, id), eq(learningAreas.schoolId, schoolId)));
  } else if (kind === 'aspect') {
    const { code, name, position, archivedAt } = set;
    await q
      .update(curriculumAspects)
      .set({ code, name, position, archivedAt })
      .where(and(eq(curriculumAspects.id, id), eq(curriculumAspects.schoolId, schoolId)));
  } else {
    const { code, text, ageFromMonths, ageToMonths, position, archivedAt, replacedBy } = set;
    await q
      .update(curriculumStatements)
      .set({ code, text, ageFromMonths, ageToMonths, position, archivedAt, replacedBy })
      .where(and(eq(curriculumStatements.id, id), eq(curriculumStatements.schoolId, schoolId)));
  }
}

// ------------------------------------------------------------------ classes

/** Sets a class's frameworks in order, its main framework and its curriculum's label. */
export async function setClassFrameworks(
  scope: Scope,
  q: Queryable,
  classId: string,
  frameworkIds: readonly string[],
  label: string | null,
): Promise<void> {
  const schoolId = staffSchool(scope);
  const [cls] = await q
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  if (!cls) return;
  await q.delete(classFrameworks).where(eq(classFrameworks.classId, classId));
  if (frameworkIds.length)
    await q.insert(classFrameworks).values(frameworkIds.map((curriculumId, position) => ({ classId, curriculumId, position })));
  await q
    .update(classes)
    .set({ classCurriculumId: frameworkIds[0] ?? null, curriculum: label })
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
}
