import type { RolePermission } from '@cue/contract';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStaff,
  curricula,
  learningAreas,
  libraryUnits,
  memberships,
  planActivities,
  planningResources,
  roles,
  schools,
  unitAreas,
  unitClasses,
  unitResources,
  unitStatements,
  units,
  users,
} from '../../platform/db/schema.js';
import { prefixTsQuery } from '../../platform/search.js';

const CLASS_MANAGER: RolePermission = 'admin_portal.classes';

export type UnitRow = typeof units.$inferSelect;
export type LibraryRow = typeof libraryUnits.$inferSelect;
export type ResourceRow = Omit<typeof planningResources.$inferSelect, 'search'>;
export type ResourceInsert = Omit<typeof planningResources.$inferInsert, 'search'>;
export type AreaRow = { id: string; code: string; name: string; group: string; curriculumId: string; curriculum: string };

const staffSchoolId = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');
const none = (ids: readonly string[]) => (ids.length ? [...ids] : ['']);
/** A LIKE pattern finding `words` anywhere, the pattern's own symbols in them taken literally. */
const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An area as the answers show it, with its curriculum's name (the query joins `curricula`). */
const AREA_COLUMNS = {
  id: learningAreas.id,
  code: learningAreas.code,
  name: learningAreas.name,
  group: learningAreas.group,
  curriculumId: learningAreas.curriculumId,
  curriculum: curricula.name,
};

/** One page of a list and how many there are in all, both read at once. */
async function withTotal<T>(rows: PromiseLike<T[]>, counted: PromiseLike<{ n: number }[]>) {
  const [list, [total]] = await Promise.all([rows, counted]);
  return { rows: list, total: Number(total?.n ?? 0) };
}

/**
 * The organization a staff member's school belongs to, as a condition on a column holding an
 * organization id: the unit and resource libraries are shared by the schools of one organization.
 */
function organizationReach(scope: Scope, column: typeof libraryUnits.organizationId | typeof planningResources.organizationId) {
  return sql`${column} in (select ${schools.organizationId} from ${schools} where ${schools.id} = ${staffSchoolId(scope)})`;
}
/** The schools of the caller's organization, as a condition on a column holding a school id. */
function organizationSchools(scope: Scope, column: typeof units.schoolId | typeof planActivities.schoolId) {
  return sql`${column} in (select s2.id from ${schools} s2 where s2.organization_id = (select ${schools.organizationId} from ${schools} where ${schools.id} = ${staffSchoolId(scope)}))`;
}

// ------------------------------------------------------------------ classes, areas, people

/** The learning areas of curricula the school reaches (the global ones and its own), in their order. */
export async function areas(scope: Scope, q: Queryable, f: { ids?: readonly string[]; curriculumIds?: readonly string[] }) {
  const where: (SQL | undefined)[] = [or(isNull(curricula.schoolId), eq(curricula.schoolId, staffSchoolId(scope)))];
  if (f.ids) where.push(inArray(learningAreas.id, none(f.ids)));
  if (f.curriculumIds) where.push(inArray(learningAreas.curriculumId, none(f.curriculumIds)));
  return q
    .select(AREA_COLUMNS)
    .from(learningAreas)
    .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
    .where(and(...where))
    .orderBy(asc(curricula.name), asc(learningAreas.position), asc(learningAreas.name));
}

/** Curricula the school reaches: the global ones and its own. */
export async function curriculaOf(scope: Scope, q: Queryable) {
  return q
    .select({ id: curricula.id, name: curricula.name })
    .from(curricula)
    .where(or(isNull(curricula.schoolId), eq(curricula.schoolId, staffSchoolId(scope))))
    .orderBy(asc(curricula.name));
}

export async function classNames(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(inArray(classes.id, [...ids]), await schoolReach(scope, classes.schoolId)));
}

/** The staff of these classes of the school (who hear that a unit of theirs changed). */
export async function staffOfClasses(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<string[]> {
  if (classIds.length === 0) return [];
  const [taught, managers] = await Promise.all([
    q
      .selectDistinct({ userId: classStaff.userId })
      .from(classStaff)
      .innerJoin(classes, eq(classes.id, classStaff.classId))
      .where(and(inArray(classStaff.classId, [...classIds]), await schoolReach(scope, classes.schoolId))),
    // Class managers plan for every class of the school, so an open planner of theirs hears changes too.
    q
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(
        and(
          await schoolReach(scope, memberships.schoolId),
          sql`${roles.permissions} @> ${JSON.stringify([CLASS_MANAGER])}::jsonb`,
        ),
      ),
  ]);
  return [...new Set([...taught, ...managers].map((r) => r.userId))];
}

/** Names of people (the author of a change): users are not a school's, the ids come from rows already reached. */
export async function peopleNames(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0 || scope.kind !== 'staff') return [];
  return q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

// ------------------------------------------------------------------ units

export interface UnitFilter {
  /** Units of any of these classes (undefined: every class of the school). */
  classIds?: readonly string[];
  classId?: string;
  kind?: string;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

function ofClasses(ids: readonly string[]): SQL {
  return sql`exists (select 1 from ${unitClasses} where ${unitClasses.unitId} = ${units.id} and ${inArray(unitClasses.classId, none(ids))})`;
}

/** The latest start first, then by title. */
const UNIT_ORDER: Keyset<UnitRow> = [
  { by: units.startDate, desc: true, of: (r) => r.startDate },
  { by: units.title, of: (r) => r.title },
  { by: units.id, of: (r) => r.id },
];

export async function listUnits(
  scope: Scope,
  q: Queryable,
  f: UnitFilter,
): Promise<{ rows: UnitRow[]; total: number; nextCursor: string | null }> {
  const where: (SQL | undefined)[] = [await schoolReach(scope, units.schoolId)];
  if (f.classIds) where.push(ofClasses(f.classIds));
  if (f.classId) where.push(ofClasses([f.classId]));
  if (f.kind) where.push(eq(units.kind, f.kind));
  if (f.status) where.push(eq(units.status, f.status));
  // Overlapping the period: starts before its end and ends after its start.
  if (f.to) where.push(lte(units.startDate, f.to));
  if (f.from) where.push(gte(units.endDate, f.from));
  if (f.search) where.push(ilike(units.title, containing(f.search)));
  const { rows, total } = await withTotal(
    q
      .select()
      .from(units)
      .where(and(...where, keysetAfter(UNIT_ORDER, f.cursor)))
      .orderBy(...keysetOrder(UNIT_ORDER))
      .limit(f.limit + 1)
      .offset(f.cursor ? 0 : f.offset),
    q
      .select({ n: count() })
      .from(units)
      .where(and(...where)),
  );
  return { ...keysetPage(UNIT_ORDER, rows, f.limit), total };
}

/** Units of the school by id; `lock` holds their rows until the transaction ends (a change read and saved as one). */
export async function unitsByIds(scope: Scope, q: Queryable, ids: readonly string[], lock = false): Promise<UnitRow[]> {
  if (ids.length === 0) return [];
  const query = q
    .select()
    .from(units)
    .where(and(inArray(units.id, [...ids]), await schoolReach(scope, units.schoolId)));
  return lock ? query.for('update') : query;
}

/** The classes of each unit. */
export async function classesOfUnits(scope: Scope, q: Queryable, unitIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (unitIds.length === 0) return out;
  const rows = await q
    .select({ unitId: unitClasses.unitId, classId: unitClasses.classId })
    .from(unitClasses)
    .innerJoin(classes, eq(classes.id, unitClasses.classId))
    .where(and(inArray(unitClasses.unitId, [...unitIds]), await schoolReach(scope, classes.schoolId)))
    .orderBy(asc(classes.name));
  for (const r of rows) out.set(r.unitId, [...(out.get(r.unitId) ?? []), r.classId]);
  return out;
}

export interface UnitExtras {
  classes: Map<string, { id: string; name: string }[]>;
  areas: Map<string, AreaRow[]>;
  resources: Map<string, { id: string; title: string; kind: string; url: string | null; fileLink: string | null }[]>;
  activities: Map<string, number>;
  people: Map<string, { firstName: string; lastName: string }>;
  sources: Map<string, { id: string; title: string; organizationId: string | null; version: number }>;
  /** The ids of each unit's statements (the service reads them as statements, once per page). */
  statementIds: Map<string, string[]>;
}

/** What the answer shows with each unit: classes, areas, resources, activity count, names, the library original. */
export async function unitExtras(scope: Scope, q: Queryable, rows: readonly UnitRow[]): Promise<UnitExtras> {
  const ids = rows.map((r) => r.id);
  const school = await schoolReach(scope, units.schoolId);
  const mine = sql`${inArray(units.id, none(ids))} and ${school}`;
  const [classRows, areaRows, resourceRows, activityRows, people, sources, statementRows] = await Promise.all([
    q
      .select({ unitId: unitClasses.unitId, id: classes.id, name: classes.name })
      .from(unitClasses)
      .innerJoin(units, eq(units.id, unitClasses.unitId))
      .innerJoin(classes, eq(classes.id, unitClasses.classId))
      .where(mine)
      .orderBy(asc(classes.name)),
    q
      .select({ unitId: unitAreas.unitId, ...AREA_COLUMNS })
      .from(unitAreas)
      .innerJoin(units, eq(units.id, unitAreas.unitId))
      .innerJoin(learningAreas, eq(learningAreas.id, unitAreas.learningAreaId))
      .innerJoin(curricula, eq(curricula.id, learningAreas.curriculumId))
      .where(mine)
      .orderBy(asc(learningAreas.position)),
    q
      .select({
        unitId: unitResources.unitId,
        id: planningResources.id,
        title: planningResources.title,
        kind: planningResources.kind,
        url: planningResources.url,
        fileLink: planningResources.fileLink,
      })
      .from(unitResources)
      .innerJoin(units, eq(units.id, unitResources.unitId))
      .innerJoin(planningResources, eq(planningResources.id, unitResources.resourceId))
      .where(mine)
      .orderBy(asc(planningResources.title)),
    q
      .select({ unitId: planActivities.unitId, n: count() })
      .from(planActivities)
      .where(and(inArray(planActivities.unitId, none(ids)), await schoolReach(scope, planActivities.schoolId)))
      .groupBy(planActivities.unitId),
    peopleNames(
      scope,
      q,
      rows.flatMap((r) => [r.createdBy, r.updatedBy]),
    ),
    librarySources(
      scope,
      q,
      rows.flatMap((r) => (r.sourceLibraryId ? [r.sourceLibraryId] : [])),
    ),
    q
      .select({ unitId: unitStatements.unitId, statementId: unitStatements.statementId })
      .from(unitStatements)
      .innerJoin(units, eq(units.id, unitStatements.unitId))
      .where(mine),
  ]);
  const group = <T extends { unitId: string | null }>(list: T[]) => {
    const out = new Map<string, Omit<T, 'unitId'>[]>();
    for (const { unitId, ...rest } of list) if (unitId) out.set(unitId, [...(out.get(unitId) ?? []), rest]);
    return out;
  };
  return {
    classes: group(classRows),
    areas: group(areaRows),
    resources: group(resourceRows),
    activities: new Map(activityRows.flatMap((r) => (r.unitId ? [[r.unitId, Number(r.n)]] : []))),
    people: new Map(people.map((p) => [p.id, p])),
    sources: new Map(sources.map((s) => [s.id, s])),
    statementIds: new Map([...group(statementRows)].map(([id, list]) => [id, list.map((s) => s.statementId)])),
  };
}

/** The library originals of copied units, archived ones too (the copy still names where it came from). */
async function librarySources(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      id: libraryUnits.id,
      title: libraryUnits.title,
      organizationId: libraryUnits.organizationId,
      version: libraryUnits.version,
    })
    .from(libraryUnits)
    .where(
      and(
        inArray(libraryUnits.id, [...new Set(ids)]),
        or(isNull(libraryUnits.organizationId), organizationReach(scope, libraryUnits.organizationId)),
      ),
    );
}

export async function insertUnit(scope: Scope, q: Queryable, row: typeof units.$inferInsert): Promise<void> {
  if (row.schoolId !== staffSchoolId(scope)) throw new Error('a unit belongs to the school of the one creating it');
  await q.insert(units).values(row);
}

export async function updateUnit(scope: Scope, q: Queryable, id: string, set: Partial<typeof units.$inferInsert>) {
  await q
    .update(units)
    .set(set)
    .where(and(eq(units.id, id), await schoolReach(scope, units.schoolId)));
}

/** Merges changed planner fields into the stored ones key by key (a field nobody sent stays as saved). */
export async function mergeUnitFields(scope: Scope, q: Queryable, id: string, patch: Record<string, unknown>) {
  await q
    .update(units)
    .set({ fields: sql`${units.fields} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(units.id, id), await schoolReach(scope, units.schoolId)));
}

/** Replaces a unit's classes, areas or resources (the unit is the school's: checked by the caller in the same transaction). */
export async function setUnitLinks(
  scope: Scope,
  q: Queryable,
  id: string,
  links: {
    classIds?: readonly string[];
    areaIds?: readonly string[];
    resourceIds?: readonly string[];
    statementIds?: readonly string[];
  },
) {
  const [unit] = await unitsByIds(scope, q, [id]);
  if (!unit) return;
  if (links.classIds) {
    await q.delete(unitClasses).where(eq(unitClasses.unitId, unit.id));
    if (links.classIds.length)
      await q.insert(unitClasses).values(links.classIds.map((classId) => ({ unitId: unit.id, classId })));
  }
  if (links.areaIds) {
    await q.delete(unitAreas).where(eq(unitAreas.unitId, unit.id));
    if (links.areaIds.length)
      await q.insert(unitAreas).values(links.areaIds.map((learningAreaId) => ({ unitId: unit.id, learningAreaId })));
  }
  if (links.resourceIds) {
    await q.delete(unitResources).where(eq(unitResources.unitId, unit.id));
    if (links.resourceIds.length)
      await q.insert(unitResources).values(links.resourceIds.map((resourceId) => ({ unitId: unit.id, resourceId })));
  }
  if (links.statementIds) {
    await q.delete(unitStatements).where(eq(unitStatements.unitId, unit.id));
    if (links.statementIds.length)
      await q.insert(unitStatements).values(links.statementIds.map((statementId) => ({ unitId: unit.id, statementId })));
  }
}

/** The area, resource and statement ids of a unit (what a change is compared with). */
export async function unitLinkIds(scope: Scope, q: Queryable, id: string) {
  const [unit] = await unitsByIds(scope, q, [id]);
  if (!unit) return { areaIds: [], resourceIds: [], statementIds: [] };
  const [a, r, s] = await Promise.all([
    q.select({ id: unitAreas.learningAreaId }).from(unitAreas).where(eq(unitAreas.unitId, unit.id)),
    q.select({ id: unitResources.resourceId }).from(unitResources).where(eq(unitResources.unitId, unit.id)),
    q.select({ id: unitStatements.statementId }).from(unitStatements).where(eq(unitStatements.unitId, unit.id)),
  ]);
  return { areaIds: a.map((x) => x.id), resourceIds: r.map((x) => x.id), statementIds: s.map((x) => x.id) };
}

/** Deletes a unit; its activities stay in the week, unlinked (the foreign key sets them null). */
export async function deleteUnit(scope: Scope, q: Queryable, id: string) {
  await q.delete(units).where(and(eq(units.id, id), await schoolReach(scope, units.schoolId)));
}

/** The activities of a unit, in date order. */
export async function unitActivities(scope: Scope, q: Queryable, unitId: string) {
  return q
    .select({ id: planActivities.id, classId: planActivities.classId, title: planActivities.title, date: planActivities.date })
    .from(planActivities)
    .where(and(eq(planActivities.unitId, unitId), await schoolReach(scope, planActivities.schoolId)))
    .orderBy(asc(planActivities.date), asc(planActivities.startTime), asc(planActivities.id));
}

export async function moveActivity(scope: Scope, q: Queryable, id: string, date: string, now: Date) {
  await q
    .update(planActivities)
    .set({ date, updatedAt: now })
    .where(and(eq(planActivities.id, id), await schoolReach(scope, planActivities.schoolId)));
}

// ------------------------------------------------------------------ unit library

const libraryReach = (scope: Scope) =>
  or(isNull(libraryUnits.organizationId), organizationReach(scope, libraryUnits.organizationId)) as SQL;

export interface LibraryFilter {
  scope?: 'global' | 'organization';
  framework?: string;
  search?: string;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

/** The organization's own first, then the global library; by title. */
const LIBRARY_ORDER: Keyset<LibraryRow> = [
  { by: sql`${libraryUnits.organizationId} is null`, kind: 'boolean', of: (r) => r.organizationId === null },
  { by: libraryUnits.title, of: (r) => r.title },
  { by: libraryUnits.id, of: (r) => r.id },
];

/** The global library and the caller's organization's, archived units left out. */
export async function listLibrary(scope: Scope, q: Queryable, f: LibraryFilter) {
  const where: (SQL | undefined)[] = [libraryReach(scope), isNull(libraryUnits.archivedAt)];
  if (f.scope === 'global') where.push(isNull(libraryUnits.organizationId));
  if (f.scope === 'organization') where.push(organizationReach(scope, libraryUnits.organizationId));
  if (f.framework) where.push(eq(libraryUnits.framework, f.framework));
  if (f.search) {
    const like = containing(f.search);
    where.push(or(ilike(libraryUnits.title, like), ilike(libraryUnits.summary, like)));
  }
  const { rows, total } = await withTotal(
    q
      .select()
      .from(libraryUnits)
      .where(and(...where, keysetAfter(LIBRARY_ORDER, f.cursor)))
      .orderBy(...keysetOrder(LIBRARY_ORDER))
      .limit(f.limit + 1)
      .offset(f.cursor ? 0 : f.offset),
    q
      .select({ n: count() })
      .from(libraryUnits)
      .where(and(...where)),
  );
  return { ...keysetPage(LIBRARY_ORDER, rows, f.limit), total };
}

/** A library unit the caller reaches (the global library, or its organization's), archived ones too. */
export async function libraryById(scope: Scope, q: Queryable, id: string): Promise<LibraryRow | null> {
  const [row] = await q
    .select()
    .from(libraryUnits)
    .where(and(eq(libraryUnits.id, id), libraryReach(scope)));
  return row ?? null;
}

/** How many units of the caller's organization were copied from each library unit. */
export async function libraryCopies(scope: Scope, q: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: units.sourceLibraryId, n: count() })
    .from(units)
    .where(and(inArray(units.sourceLibraryId, [...ids]), organizationSchools(scope, units.schoolId)))
    .groupBy(units.sourceLibraryId);
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.n)]] : [])));
}

/** Inserts a unit into the caller's organization's library. */
export async function insertLibrary(scope: Scope, q: Queryable, row: Omit<typeof libraryUnits.$inferInsert, 'organizationId'>) {
  const [school] = await q
    .select({ organizationId: schools.organizationId })
    .from(schools)
    .where(eq(schools.id, staffSchoolId(scope)));
  if (!school) throw new Error('a library unit needs the school of the one creating it');
  await q.insert(libraryUnits).values({ ...row, organizationId: school.organizationId, schoolId: staffSchoolId(scope) });
}

/** Changes a unit of the caller's organization's library (never a global one). */
export async function updateLibrary(scope: Scope, q: Queryable, id: string, set: Partial<typeof libraryUnits.$inferInsert>) {
  await q
    .update(libraryUnits)
    .set(set)
    .where(and(eq(libraryUnits.id, id), organizationReach(scope, libraryUnits.organizationId)));
}

// ------------------------------------------------------------------ resource library

export interface ResourceFilter {
  search?: string;
  kind?: string;
  tag?: string;
  areaId?: string;
  ageMonths?: number;
  limit: number;
  offset: number;
  /** Read on after the row of this cursor (the offset is then not used). */
  cursor?: string;
}

const RESOURCE_COLUMNS = {
  id: planningResources.id,
  organizationId: planningResources.organizationId,
  schoolId: planningResources.schoolId,
  kind: planningResources.kind,
  title: planningResources.title,
  description: planningResources.description,
  url: planningResources.url,
  fileLink: planningResources.fileLink,
  fileName: planningResources.fileName,
  author: planningResources.author,
  tags: planningResources.tags,
  areaIds: planningResources.areaIds,
  ageFromMonths: planningResources.ageFromMonths,
  ageToMonths: planningResources.ageToMonths,
  createdBy: planningResources.createdBy,
  createdAt: planningResources.createdAt,
  updatedAt: planningResources.updatedAt,
  archivedAt: planningResources.archivedAt,
};

/** By title. */
const RESOURCE_ORDER: Keyset<ResourceRow> = [
  { by: planningResources.title, of: (r) => r.title },
  { by: planningResources.id, of: (r) => r.id },
];

export async function listResources(scope: Scope, q: Queryable, f: ResourceFilter) {
  const where: (SQL | undefined)[] = [
    organizationReach(scope, planningResources.organizationId),
    isNull(planningResources.archivedAt),
  ];
  // Words typed are prefixes: "caterp" finds "Caterpillar" (a search box, not a query language).
  const words = f.search ? prefixTsQuery(f.search) : null;
  if (words) where.push(sql`${planningResources.search} @@ to_tsquery('simple', ${words})`);
  if (f.kind) where.push(eq(planningResources.kind, f.kind));
  if (f.tag) where.push(sql`${planningResources.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.areaId) where.push(sql`${planningResources.areaIds} @> ${JSON.stringify([f.areaId])}::jsonb`);
  if (f.ageMonths !== undefined)
    where.push(
      or(isNull(planningResources.ageFromMonths), lte(planningResources.ageFromMonths, f.ageMonths)),
      or(isNull(planningResources.ageToMonths), gte(planningResources.ageToMonths, f.ageMonths)),
    );
  const { rows, total } = await withTotal(
    q
      .select(RESOURCE_COLUMNS)
      .from(planningResources)
      .where(and(...where, keysetAfter(RESOURCE_ORDER, f.cursor)))
      .orderBy(...keysetOrder(RESOURCE_ORDER))
      .limit(f.limit + 1)
      .offset(f.cursor ? 0 : f.offset),
    q
      .select({ n: count() })
      .from(planningResources)
      .where(and(...where)),
  );
  return { ...keysetPage(RESOURCE_ORDER, rows, f.limit), total };
}

/** Resources of the caller's organization by id (`archived`: archived ones too). */
export async function resourcesByIds(
  scope: Scope,
  q: Queryable,
  ids: readonly string[],
  archived = false,
): Promise<ResourceRow[]> {
  if (ids.length === 0) return [];
  return q
    .select(RESOURCE_COLUMNS)
    .from(planningResources)
    .where(
      and(
        inArray(planningResources.id, [...ids]),
        organizationReach(scope, planningResources.organizationId),
        archived ? undefined : isNull(planningResources.archivedAt),
      ),
    );
}

/** Units and activities of the organization's schools using each resource. */
export async function resourceUses(scope: Scope, q: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const [byUnits, byActivities] = await Promise.all([
    q
      .select({ id: unitResources.resourceId, n: count() })
      .from(unitResources)
      .innerJoin(units, eq(units.id, unitResources.unitId))
      .where(and(inArray(unitResources.resourceId, [...ids]), organizationSchools(scope, units.schoolId)))
      .groupBy(unitResources.resourceId),
    q
      .select({ id: sql<string>`r.id`, n: count() })
      .from(planActivities)
      .innerJoin(
        sql`jsonb_array_elements_text(${planActivities.resourceIds}) as r(id)`,
        sql`r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .where(organizationSchools(scope, planActivities.schoolId))
      .groupBy(sql`r.id`),
  ]);
  for (const r of [...byUnits, ...byActivities]) out.set(r.id, (out.get(r.id) ?? 0) + Number(r.n));
  return out;
}

/** Inserts a resource into the caller's organization's library. */
export async function insertResource(scope: Scope, q: Queryable, row: Omit<ResourceInsert, 'organizationId' | 'schoolId'>) {
  const [school] = await q
    .select({ organizationId: schools.organizationId })
    .from(schools)
    .where(eq(schools.id, staffSchoolId(scope)));
  if (!school) throw new Error('a resource needs the school of the one creating it');
  await q.insert(planningResources).values({ ...row, organizationId: school.organizationId, schoolId: staffSchoolId(scope) });
}

export async function updateResource(scope: Scope, q: Queryable, id: string, set: Partial<ResourceInsert>) {
  await q
    .update(planningResources)
    .set(set)
    .where(and(eq(planningResources.id, id), organizationReach(scope, planningResources.organizationId)));
}

/** Titles and classes of the school's units (other modules name units: assessment's reflections). */
export async function unitTitles(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      id: units.id,
      title: units.title,
      classIds: sql<
        string[]
      >`coalesce((select json_agg(uc.class_id) from ${unitClasses} uc where uc.unit_id = "units"."id"), '[]'::json)`,
    })
    .from(units)
    .where(and(eq(units.schoolId, staffSchoolId(scope)), inArray(units.id, [...ids])));
}
