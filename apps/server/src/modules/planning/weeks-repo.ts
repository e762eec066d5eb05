import type { PlanningArea } from '@cue/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { planActivities, unitAreas, unitClasses, units } from '../../platform/db/schema.js';
import { presentArea } from './presenter.js';
import * as unitRepo from './repo.js';

/*
 * What the weekly plan, the term plan and the insights read: the class's activities and units, the
 * learning areas of its curriculum, the organization's resources, and the evidence (observations and
 * stories) counted per area, per child and per unit in grouped statements.
 */

export type ActivityRow = typeof planActivities.$inferSelect;
export type ActivityValues = Pick<
  ActivityRow,
  'classId' | 'date' | 'startTime' | 'endTime' | 'title' | 'description' | 'unitId' | 'areaIds' | 'resourceIds'
>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The learning areas of a curriculum the school reaches (a global framework or its own), in order. */
export async function curriculumAreas(scope: Scope, q: Queryable, curriculumId: string | null): Promise<PlanningArea[]> {
  if (!curriculumId) return [];
  return (await unitRepo.areas(scope, q, { curriculumIds: [curriculumId] })).map(presentArea);
}

export interface UnitRef {
  id: string;
  kind: string;
  title: string;
  status: string;
  startDate: string;
  endDate: string;
  version: number;
}

/** A unit as the weekly and term plans name it. */
const UNIT_REF_COLUMNS = {
  id: units.id,
  kind: units.kind,
  title: units.title,
  status: units.status,
  startDate: units.startDate,
  endDate: units.endDate,
  version: units.version,
};

/** Units of a class (of the scope's school) overlapping from..to, by start. */
export async function classUnits(scope: Scope, q: Queryable, classId: string, from: string, to: string): Promise<UnitRef[]> {
  return q
    .select(UNIT_REF_COLUMNS)
    .from(units)
    .innerJoin(unitClasses, and(eq(unitClasses.unitId, units.id), eq(unitClasses.classId, classId)))
    .where(and(await schoolReach(scope, units.schoolId), lte(units.startDate, to), gte(units.endDate, from)))
    .orderBy(asc(units.startDate), asc(units.title));
}

/** A unit of the scope's school linked to this class, or null. */
export async function unitOfClass(scope: Scope, q: Queryable, unitId: string, classId: string): Promise<UnitRef | null> {
  const [row] = await q
    .select(UNIT_REF_COLUMNS)
    .from(units)
    .innerJoin(unitClasses, and(eq(unitClasses.unitId, units.id), eq(unitClasses.classId, classId)))
    .where(and(await schoolReach(scope, units.schoolId), eq(units.id, unitId)))
    .limit(1);
  return row ?? null;
}

/** Units of the scope's school by id, for naming an activity's unit. */
export async function unitTitles(scope: Scope, q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: units.id, title: units.title })
    .from(units)
    .where(and(await schoolReach(scope, units.schoolId), inArray(units.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Each unit's learning area ids. */
export async function unitAreaIds(scope: Scope, q: Queryable, unitIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (unitIds.length === 0) return out;
  const rows = await q
    .select({ unitId: unitAreas.unitId, areaId: unitAreas.learningAreaId })
    .from(unitAreas)
    .innerJoin(units, eq(units.id, unitAreas.unitId))
    .where(and(await schoolReach(scope, units.schoolId), inArray(unitAreas.unitId, [...unitIds])));
  for (const r of rows) out.set(r.unitId, [...(out.get(r.unitId) ?? []), r.areaId]);
  return out;
}

/** How many activities each unit has (of any class of the school). */
export async function unitActivityCounts(scope: Scope, q: Queryable, unitIds: readonly string[]): Promise<Map<string, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await q
    .select({ unitId: planActivities.unitId, n: sql<number>`count(*)::int` })
    .from(planActivities)
    .where(and(await schoolReach(scope, planActivities.schoolId), inArray(planActivities.unitId, [...unitIds])))
    .groupBy(planActivities.unitId);
  return new Map(rows.map((r) => [r.unitId ?? '', Number(r.n)]));
}

export type ResourceRef = unitRepo.ResourceRow;

/** Resources of the scope's organization (not archived) with these ids. */
export async function organizationResources(
  scope: Scope,
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, ResourceRef>> {
  const rows = await unitRepo.resourcesByIds(scope, q, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The class's activities between two days, by day and start time. */
export async function classActivities(
  scope: Scope,
  q: Queryable,
  classId: string,
  from: string,
  to: string,
): Promise<ActivityRow[]> {
  return q
    .select()
    .from(planActivities)
    .where(
      and(
        await schoolReach(scope, planActivities.schoolId),
        eq(planActivities.classId, classId),
        gte(planActivities.date, from),
        lte(planActivities.date, to),
      ),
    )
    .orderBy(asc(planActivities.date), asc(planActivities.startTime), asc(planActivities.title));
}

export async function findActivity(scope: Scope, q: Queryable, id: string): Promise<ActivityRow | null> {
  const [row] = await q
    .select()
    .from(planActivities)
    .where(and(await schoolReach(scope, planActivities.schoolId), eq(planActivities.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertActivities(
  scope: Scope,
  q: Queryable,
  rows: (ActivityValues & { id: string; createdAt: Date })[],
): Promise<void> {
  if (rows.length === 0) return;
  const schoolId = staffSchool(scope);
  await q.insert(planActivities).values(rows.map((r) => ({ ...r, schoolId, createdBy: scope.userId, updatedAt: r.createdAt })));
}

export async function updateActivity(
  scope: Scope,
  q: Queryable,
  id: string,
  values: ActivityValues & { updatedAt: Date },
): Promise<void> {
  await q
    .update(planActivities)
    .set(values)
    .where(and(eq(planActivities.schoolId, staffSchool(scope)), eq(planActivities.id, id)));
}

export async function deleteActivity(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(planActivities).where(and(eq(planActivities.schoolId, staffSchool(scope)), eq(planActivities.id, id)));
}

// ---------------------------------------------------------------------------------------------------
// Insights: every figure in one grouped statement each, whatever the number of children and areas.

/** Evidence that counts: published or accepted stories (a draft is not yet a record). */
const STORY_EVIDENCE = sql`s.status in ('published', 'accepted')`;

export interface InsightCounts {
  /** area → units of the class overlapping the period tagged with it. */
  unitsByArea: Map<string, number>;
  /** area → activities of the period with it (their own or their unit's). */
  activitiesByArea: Map<string, number>;
  observationsByArea: Map<string, number>;
  storiesByArea: Map<string, number>;
  /** student → observations of the period. */
  observationsByChild: Map<string, number>;
  /** student → area → observations and stories naming them. */
  childAreas: Map<string, Map<string, number>>;
  activityTotal: number;
  observationTotal: number;
  storyTotal: number;
}

const countMap = (rows: { k: string; n: number | string }[]) => new Map(rows.map((r) => [r.k, Number(r.n)]));

/** The grouped figures of a class's insights for from..to (ISO days). */
export async function insightCounts(
  scope: Scope,
  q: Queryable,
  classId: string,
  from: string,
  to: string,
): Promise<InsightCounts> {
  const school = staffSchool(scope);
  const inPeriod = (date: SQL) => sql`${date} between ${from}::date and ${to}::date`;
  const [unitsRows, activityRows, obsRows, storyRows, storyChildRows, totals] = await Promise.all([
    q.execute(sql`
      select ua.learning_area_id as k, count(distinct u.id)::int as n
      from units u
      join unit_classes uc on uc.unit_id = u.id and uc.class_id = ${classId}
      join unit_areas ua on ua.unit_id = u.id
      where u.school_id = ${school} and u.start_date <= ${to}::date and u.end_date >= ${from}::date
      group by ua.learning_area_id`),
    q.execute(sql`
      select x.k, count(distinct x.id)::int as n from (
        select a.id, e.value as k
        from plan_activities a cross join lateral jsonb_array_elements_text(a.area_ids) e(value)
        where a.school_id = ${school} and a.class_id = ${classId} and ${inPeriod(sql`a.date`)}
        union
        select a.id, ua.learning_area_id as k
        from plan_activities a join unit_areas ua on ua.unit_id = a.unit_id
        where a.school_id = ${school} and a.class_id = ${classId} and ${inPeriod(sql`a.date`)}
      ) x group by x.k`),
    // One pass over the period's observations: per child and area, and per child (an observation with
    // two areas counts once for the child).
    q.execute(sql`
      select o.student_id as s, oa.learning_area_id as a, count(distinct o.id)::int as n,
        grouping(oa.learning_area_id)::int as per_child
      from observations o left join observation_areas oa on oa.observation_id = o.id
      where o.school_id = ${school} and o.class_id = ${classId} and ${inPeriod(sql`o.date`)}
      group by grouping sets ((o.student_id, oa.learning_area_id), (o.student_id))`),
    q.execute(sql`
      select sa.area_id as k, count(*)::int as n
      from stories s join story_areas sa on sa.story_id = s.id
      where s.school_id = ${school} and s.class_id = ${classId} and ${inPeriod(sql`s.story_date`)} and ${STORY_EVIDENCE}
      group by sa.area_id`),
    q.execute(sql`
      select sc.student_id as s, sa.area_id as a, count(*)::int as n
      from stories s join story_children sc on sc.story_id = s.id join story_areas sa on sa.story_id = s.id
      where s.school_id = ${school} and s.class_id = ${classId} and ${inPeriod(sql`s.story_date`)} and ${STORY_EVIDENCE}
      group by sc.student_id, sa.area_id`),
    q.execute(sql`
      select
        (select count(*)::int from plan_activities a
          where a.school_id = ${school} and a.class_id = ${classId} and ${inPeriod(sql`a.date`)}) as activities,
        (select count(*)::int from stories s
          where s.school_id = ${school} and s.class_id = ${classId} and ${inPeriod(sql`s.story_date`)}
            and ${STORY_EVIDENCE}) as stories`),
  ]);
  const childAreas = new Map<string, Map<string, number>>();
  const add = (child: string, area: string, n: number) => {
    const m = childAreas.get(child) ?? new Map<string, number>();
    m.set(area, (m.get(area) ?? 0) + n);
    childAreas.set(child, m);
  };
  const observationsByArea = new Map<string, number>();
  const observationsByChild = new Map<string, number>();
  let observationTotal = 0;
  for (const r of rowsOf<{ s: string; a: string | null; n: number | string; per_child: number | string }>(obsRows)) {
    const n = Number(r.n);
    if (Number(r.per_child) === 1) {
      observationsByChild.set(r.s, n);
      observationTotal += n;
    } else if (r.a) {
      observationsByArea.set(r.a, (observationsByArea.get(r.a) ?? 0) + n);
      add(r.s, r.a, n);
    }
  }
  for (const r of rowsOf<{ s: string; a: string; n: number | string }>(storyChildRows)) add(r.s, r.a, Number(r.n));
  const [t] = rowsOf<{ activities: number | string; stories: number | string }>(totals);
  return {
    unitsByArea: countMap(rowsOf(unitsRows)),
    activitiesByArea: countMap(rowsOf(activityRows)),
    observationsByArea,
    storiesByArea: countMap(rowsOf(storyRows)),
    observationsByChild,
    childAreas,
    activityTotal: Number(t?.activities ?? 0),
    observationTotal,
    storyTotal: Number(t?.stories ?? 0),
  };
}

/** The class's roster: children of the scope's school in the class, by name. */
export async function roster(scope: Scope, q: Queryable, classId: string): Promise<{ id: string; name: string }[]> {
  const rows = await q.execute(sql`
    select s.id, trim(s.first_name || ' ' || s.last_name) as name
    from class_students cs join students s on s.id = cs.student_id
    where cs.class_id = ${classId} and s.school_id = ${staffSchool(scope)}
    order by s.first_name, s.last_name`);
  return rowsOf<{ id: string; name: string }>(rows);
}

export interface UnitProgressRow {
  id: string;
  activities: number;
  done: number;
  evidence: number;
}

/**
 * For the class's units overlapping from..to: activities, those done by `today`, and the evidence (the
 * class's observations and stories in the unit's areas within the unit's dates).
 */
export async function unitProgress(
  scope: Scope,
  q: Queryable,
  classId: string,
  from: string,
  to: string,
  today: string,
): Promise<Map<string, UnitProgressRow>> {
  const school = staffSchool(scope);
  // Evidence is matched to units in one pass: the period's tagged observations and stories joined to
  // the units' areas, kept when within the unit's own dates.
  const result = await q.execute(sql`
    with cu as (
      select u.id, u.start_date, u.end_date from units u
      join unit_classes uc on uc.unit_id = u.id and uc.class_id = ${classId}
      where u.school_id = ${school} and u.start_date <= ${to}::date and u.end_date >= ${from}::date
    ),
    span as (select min(start_date) as first, max(end_date) as last from cu),
    ev as (
      select 'o' || o.id as id, o.date as day, oa.learning_area_id as area
      from observations o join observation_areas oa on oa.observation_id = o.id, span
      where o.school_id = ${school} and o.class_id = ${classId} and o.date between span.first and span.last
      union all
      select 's' || s.id, s.story_date, sa.area_id
      from stories s join story_areas sa on sa.story_id = s.id, span
      where s.school_id = ${school} and s.class_id = ${classId} and s.story_date between span.first and span.last
        and ${STORY_EVIDENCE}
    ),
    evidence as (
      select cu.id, count(distinct ev.id)::int as n
      from cu join unit_areas ua on ua.unit_id = cu.id
      join ev on ev.area = ua.learning_area_id and ev.day between cu.start_date and cu.end_date
      group by cu.id
    ),
    acts as (
      select a.unit_id as id, count(*)::int as n, count(*) filter (where a.date <= ${today}::date)::int as done
      from plan_activities a
      where a.school_id = ${school} and a.class_id = ${classId} and a.unit_id in (select id from cu)
      group by a.unit_id
    )
    select cu.id, coalesce(acts.n, 0) as activities, coalesce(acts.done, 0) as done, coalesce(evidence.n, 0) as evidence
    from cu left join acts on acts.id = cu.id left join evidence on evidence.id = cu.id`);
  return new Map(
    rowsOf<{ id: string; activities: number; done: number; evidence: number }>(result).map((r) => [
      r.id,
      { id: r.id, activities: Number(r.activities), done: Number(r.done), evidence: Number(r.evidence) },
    ]),
  );
}
