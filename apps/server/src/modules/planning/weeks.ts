import {
  addDays,
  daysBetween,
  ddmmyyyyFromIso,
  ERROR_CODES,
  eachDay,
  type FileExport,
  PLANNING_MESSAGES,
  type PlanActivity,
  type PlanActivityRequest,
  type PlanningArea,
  type PlanningInsights,
  type PlanningInsightsQuery,
  type TermPlan,
  termsBetween,
  todayIn,
  type UnitStatus,
  type WeekCopyResult,
  type WeeklyPlan,
  weekdayOf,
  weekStart,
} from '@cue/contract';
import { requireAccess, type Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import { hhmmOfWire, isoFromWire, optionalIso, wireOfHhmm } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';
import { type ClassDays, classDays, closedReason, holidays } from './days.js';
import { presentResourceRef } from './presenter.js';
import type { PlanningService } from './service.js';
import { type WeekPdfLanguage, weekPlanPdf } from './week-pdf.js';
import * as repo from './weeks-repo.js';

/** Days from one ISO day to another, both counted. */
const dayCount = (from: string, to: string) => daysBetween(from, to) + 1;

/** What presenting activities needs: the class's areas, the units' titles and the resources by id. */
interface ActivityContext {
  areas: ReadonlyMap<string, PlanningArea>;
  units: ReadonlyMap<string, string>;
  resources: ReadonlyMap<string, repo.ResourceRef>;
}

function presentActivity(r: repo.ActivityRow, ctx: ActivityContext): PlanActivity {
  const unitTitle = r.unitId ? ctx.units.get(r.unitId) : undefined;
  return {
    _id: r.id,
    class_id: r.classId,
    date: ddmmyyyyFromIso(r.date),
    start_time: wireOfHhmm(r.startTime),
    end_time: wireOfHhmm(r.endTime),
    title: r.title,
    description: r.description,
    unit: r.unitId && unitTitle !== undefined ? { _id: r.unitId, name: unitTitle } : null,
    areas: r.areaIds.flatMap((id) => {
      const area = ctx.areas.get(id);
      return area ? [area] : [];
    }),
    resources: r.resourceIds.flatMap((id) => {
      const res = ctx.resources.get(id);
      return res ? [presentResourceRef(res)] : [];
    }),
    updated_at: r.updatedAt.toISOString(),
    // Whoever reaches a class's plan plans for it (its staff and class managers).
    abilities: { can_edit: true },
  };
}

/**
 * The week's activities of a class (the weekly plan), term plans and planning insights (issue 22). A
 * class's staff plan for their classes, class managers for every class (`requireAccess` 'class'); units
 * are read in this module's own repository (their tables belong to planning).
 */
export class WeekPlanService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly exports: ExportService,
    readonly planning: PlanningService,
  ) {
    exports.register('weekly_plan', (scope, params, progress) =>
      this.buildWeekPdf(scope, params.classId ?? '', params.week ?? '', (params.language ?? 'en') as WeekPdfLanguage, progress),
    );
  }

  private async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  /** The class (checked: another school's 404, another class 403). */
  private async classOf(scope: Scope, classId: string): Promise<ClassDays> {
    await requireAccess(scope, 'class', [classId]);
    const cls = (await classDays(scope, this.db, [classId])).get(classId);
    if (!cls) throw notFound();
    return cls;
  }

  /** What presenting these activities needs; `known`: the class's areas when already read. */
  private async context(
    scope: Scope,
    cls: ClassDays,
    rows: readonly repo.ActivityRow[],
    known?: PlanningArea[],
  ): Promise<ActivityContext> {
    const [areas, units, resources] = await Promise.all([
      known ?? repo.curriculumAreas(scope, this.db, cls.curriculumId),
      repo.unitTitles(
        scope,
        this.db,
        rows.flatMap((r) => (r.unitId ? [r.unitId] : [])),
      ),
      repo.organizationResources(
        scope,
        this.db,
        rows.flatMap((r) => r.resourceIds),
      ),
    ]);
    return { areas: new Map(areas.map((a) => [a._id, a])), units, resources };
  }

  async weeklyPlan(scope: Scope, classId: string, week: string | undefined): Promise<WeeklyPlan> {
    const cls = await this.classOf(scope, classId);
    const monday = weekStart(optionalIso(week, 'week') ?? (await this.today(scope)));
    const sunday = addDays(monday, 6);
    const [rows, off, units, areas] = await Promise.all([
      repo.classActivities(scope, this.db, classId, monday, sunday),
      holidays(scope, this.db, classId, monday, sunday),
      repo.classUnits(scope, this.db, classId, monday, sunday),
      repo.curriculumAreas(scope, this.db, cls.curriculumId),
    ]);
    const ctx = await this.context(scope, cls, rows, areas);
    return {
      class: {
        _id: cls.id,
        name: cls.name,
        framework: cls.framework,
        start_time: wireOfHhmm(cls.startTime),
        end_time: wireOfHhmm(cls.endTime),
      },
      week_start: ddmmyyyyFromIso(monday),
      days: eachDay(monday, sunday).map((day) => ({
        date: ddmmyyyyFromIso(day),
        weekday: weekdayOf(day),
        open: cls.weekdays.has(weekdayOf(day)),
        holiday: off.get(day) ?? null,
        activities: rows.filter((r) => r.date === day).map((r) => presentActivity(r, ctx)),
      })),
      units: units.map((u) => ({ _id: u.id, name: u.title, status: u.status as UnitStatus })),
      areas,
      abilities: { can_edit: true },
    };
  }

  /** Checks an activity against its class's days, hours, units, areas and the organization's resources. */
  private async activityValues(scope: Scope, input: PlanActivityRequest): Promise<repo.ActivityValues> {
    const cls = await this.classOf(scope, input.class_id);
    if (!input.title.trim()) throw badRequest(PLANNING_MESSAGES.activityTitleRequired, ERROR_CODES.validation, 'title');
    const date = isoFromWire(input.date);
    const start = hhmmOfWire(input.start_time);
    const end = hhmmOfWire(input.end_time);
    if (!start) throw badRequest('start_time: not a time', ERROR_CODES.validation, 'start_time');
    if (!end) throw badRequest('end_time: not a time', ERROR_CODES.validation, 'end_time');
    if (end <= start) throw badRequest(PLANNING_MESSAGES.endTimeBeforeStart, ERROR_CODES.validation, 'end_time');
    const off = await holidays(scope, this.db, cls.id, date, date);
    const closed = closedReason(cls, off, date);
    if (closed === 'holiday') throw badRequest(PLANNING_MESSAGES.holiday, ERROR_CODES.holiday, 'date');
    if (closed === 'closed_day') throw badRequest(PLANNING_MESSAGES.outsideClassDay, ERROR_CODES.outsideClassDay, 'date');
    if (start < cls.startTime || end > cls.endTime)
      throw badRequest(PLANNING_MESSAGES.outsideClassHours, ERROR_CODES.outsideClassHours, 'start_time');
    if (input.unit_id && !(await repo.unitOfClass(scope, this.db, input.unit_id, cls.id)))
      throw badRequest(PLANNING_MESSAGES.unitOfClass, ERROR_CODES.validation, 'unit_id');
    const areaIds = [...new Set(input.area_ids)];
    if (areaIds.length) {
      const areas = new Set((await repo.curriculumAreas(scope, this.db, cls.curriculumId)).map((a) => a._id));
      if (!areaIds.every((id) => areas.has(id)))
        throw badRequest(PLANNING_MESSAGES.areasOfClass, ERROR_CODES.validation, 'area_ids');
    }
    const resourceIds = [...new Set(input.resource_ids)];
    if (resourceIds.length) {
      const found = await repo.organizationResources(scope, this.db, resourceIds);
      if (found.size !== resourceIds.length) throw notFound();
    }
    return {
      classId: cls.id,
      date,
      startTime: start,
      endTime: end,
      title: input.title.trim(),
      description: input.description,
      unitId: input.unit_id,
      areaIds,
      resourceIds,
    };
  }

  private async presentOne(scope: Scope, id: string): Promise<PlanActivity> {
    const row = await repo.findActivity(scope, this.db, id);
    if (!row) throw notFound();
    const cls = (await classDays(scope, this.db, [row.classId])).get(row.classId);
    if (!cls) throw notFound();
    return presentActivity(row, await this.context(scope, cls, [row]));
  }

  async createActivity(scope: Scope, input: PlanActivityRequest): Promise<PlanActivity> {
    const values = await this.activityValues(scope, input);
    const id = newId();
    await repo.insertActivities(scope, this.db, [{ ...values, id, createdAt: this.clock.now() }]);
    return this.presentOne(scope, id);
  }

  /** The activity, its class checked (another school's 404, another class 403). */
  private async activityOf(scope: Scope, id: string): Promise<repo.ActivityRow> {
    const row = await repo.findActivity(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'class', [row.classId]);
    return row;
  }

  async updateActivity(scope: Scope, id: string, input: PlanActivityRequest): Promise<PlanActivity> {
    await this.activityOf(scope, id);
    const values = await this.activityValues(scope, input);
    await repo.updateActivity(scope, this.db, id, { ...values, updatedAt: this.clock.now() });
    return this.presentOne(scope, id);
  }

  async deleteActivity(scope: Scope, id: string): Promise<void> {
    await this.activityOf(scope, id);
    await repo.deleteActivity(scope, this.db, id);
  }

  async copyWeek(scope: Scope, classId: string, input: { from_week: string; to_week: string }): Promise<WeekCopyResult> {
    const cls = await this.classOf(scope, classId);
    const from = weekStart(isoFromWire(input.from_week, 'from_week'));
    const to = weekStart(isoFromWire(input.to_week, 'to_week'));
    if (from === to) throw badRequest(PLANNING_MESSAGES.sameWeek, ERROR_CODES.validation, 'to_week');
    const [rows, off] = await Promise.all([
      repo.classActivities(scope, this.db, classId, from, addDays(from, 6)),
      holidays(scope, this.db, classId, to, addDays(to, 6)),
    ]);
    if (rows.length === 0) throw badRequest(PLANNING_MESSAGES.nothingToCopy, ERROR_CODES.validation, 'from_week');
    const shift = dayCount(from, to) - 1;
    const now = this.clock.now();
    const skipped: WeekCopyResult['skipped'] = [];
    const copies: Parameters<typeof repo.insertActivities>[2] = [];
    for (const r of rows) {
      const date = addDays(r.date, shift);
      const reason = closedReason(cls, off, date);
      if (reason) {
        skipped.push({ title: r.title, date: ddmmyyyyFromIso(date), reason });
        continue;
      }
      copies.push({
        id: newId(),
        createdAt: now,
        classId,
        date,
        startTime: r.startTime,
        endTime: r.endTime,
        title: r.title,
        description: r.description,
        unitId: r.unitId,
        areaIds: r.areaIds,
        resourceIds: r.resourceIds,
      });
    }
    // All of the week or nothing: one statement in one transaction.
    await this.db.transaction(async (tx) => {
      await repo.insertActivities(scope, tx, copies);
    });
    return { copied: copies.length, skipped };
  }

  async weekPdf(scope: Scope, classId: string, input: { week: string; language: 'en' | 'ar' | 'he' }): Promise<FileExport> {
    // Checked now, so that the person hears at once that they may not; the job reads the plan as them again.
    await this.classOf(scope, classId);
    const week = weekStart(isoFromWire(input.week, 'week'));
    return this.exports.start(scope, 'weekly_plan', { classId, week, language: input.language });
  }

  private async buildWeekPdf(
    scope: Scope,
    classId: string,
    week: string,
    language: WeekPdfLanguage,
    progress: (share: number) => Promise<void>,
  ): Promise<{ name: string; pdf: Buffer }> {
    const plan = await this.weeklyPlan(scope, classId, ddmmyyyyFromIso(week));
    await progress(0.3);
    const pdf = await weekPlanPdf(plan, language, progress);
    return { name: `weekly-plan-${plan.class.name}-${plan.week_start}.pdf`, pdf };
  }

  /** The class's academic year holding a day: its recorded year, else 1 September to 31 August around it. */
  private yearAround(cls: ClassDays, day: string): { start: string; end: string } {
    if (cls.yearStart && cls.yearEnd && cls.yearStart <= day && day <= cls.yearEnd)
      return { start: cls.yearStart, end: cls.yearEnd };
    const year = Number(day.slice(0, 4));
    const startYear = day.slice(5) >= '09-01' ? year : year - 1;
    return { start: `${startYear}-09-01`, end: `${startYear + 1}-08-31` };
  }

  async termPlan(scope: Scope, classId: string, date: string | undefined): Promise<TermPlan> {
    const cls = await this.classOf(scope, classId);
    const day = optionalIso(date) ?? (await this.today(scope));
    const year = this.yearAround(cls, day);
    const [units, areas] = await Promise.all([
      repo.classUnits(scope, this.db, classId, year.start, year.end),
      repo.curriculumAreas(scope, this.db, cls.curriculumId),
    ]);
    const ids = units.map((u) => u.id);
    const [counts, unitAreas] = await Promise.all([
      repo.unitActivityCounts(scope, this.db, ids),
      repo.unitAreaIds(scope, this.db, ids),
    ]);
    const byId = new Map(areas.map((a) => [a._id, a]));
    return {
      class: { _id: cls.id, name: cls.name },
      year_start: ddmmyyyyFromIso(year.start),
      year_end: ddmmyyyyFromIso(year.end),
      terms: termsBetween(year.start, year.end).map((t) => ({
        name: t.name,
        start: ddmmyyyyFromIso(t.start),
        end: ddmmyyyyFromIso(t.end),
      })),
      units: units.map((u) => ({
        _id: u.id,
        name: u.title,
        kind: u.kind as TermPlan['units'][number]['kind'],
        status: u.status as UnitStatus,
        start_date: ddmmyyyyFromIso(u.startDate),
        end_date: ddmmyyyyFromIso(u.endDate),
        activity_count: counts.get(u.id) ?? 0,
        areas: (unitAreas.get(u.id) ?? []).flatMap((id) => {
          const a = byId.get(id);
          return a ? [a] : [];
        }),
        version: u.version,
      })),
      abilities: { can_edit: true },
    };
  }

  async insights(scope: Scope, query: PlanningInsightsQuery): Promise<PlanningInsights> {
    const cls = await this.classOf(scope, query.class_id);
    const today = await this.today(scope);
    // The term holding today (terms clipped to the year, not to the day).
    const term = termsBetween(`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`).find(
      (x) => x.start <= today && today <= x.end,
    );
    const from = optionalIso(query.from_date, 'from_date') ?? term?.start ?? today;
    const to = optionalIso(query.to_date, 'to_date') ?? today;
    if (to < from) throw badRequest(PLANNING_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'to_date');
    const [areas, counts, children, units, progress] = await Promise.all([
      repo.curriculumAreas(scope, this.db, cls.curriculumId),
      repo.insightCounts(scope, this.db, cls.id, from, to),
      repo.roster(scope, this.db, cls.id),
      repo.classUnits(scope, this.db, cls.id, from, to),
      repo.unitProgress(scope, this.db, cls.id, from, to, today),
    ]);
    const areaRows = areas.map((a) => {
      const planned_units = counts.unitsByArea.get(a._id) ?? 0;
      const planned_activities = counts.activitiesByArea.get(a._id) ?? 0;
      const observations = counts.observationsByArea.get(a._id) ?? 0;
      const stories = counts.storiesByArea.get(a._id) ?? 0;
      const planned = planned_units + planned_activities > 0;
      const evidenced = observations + stories > 0;
      const coverage = planned
        ? evidenced
          ? 'planned_and_evidenced'
          : 'planned_not_evidenced'
        : evidenced
          ? 'evidenced_not_planned'
          : 'neither';
      return { ...a, planned_units, planned_activities, observations, stories, coverage } as const;
    });
    const plannedIds = areaRows.filter((a) => a.planned_units + a.planned_activities > 0).map((a) => a._id);
    const areaIds = new Set(areas.map((a) => a._id));
    return {
      class: { _id: cls.id, name: cls.name },
      from_date: ddmmyyyyFromIso(from),
      to_date: ddmmyyyyFromIso(to),
      totals: {
        units: units.length,
        activities: counts.activityTotal,
        observations: counts.observationTotal,
        stories: counts.storyTotal,
        areas_planned: plannedIds.length,
        areas_evidenced: areaRows.filter((a) => a.observations + a.stories > 0).length,
      },
      areas: areaRows,
      children: children.map((c) => {
        const mine = counts.childAreas.get(c.id) ?? new Map<string, number>();
        return {
          _id: c.id,
          name: c.name,
          observations: counts.observationsByChild.get(c.id) ?? 0,
          by_area: Object.fromEntries([...mine].filter(([id]) => areaIds.has(id))),
          planned_missing: plannedIds.filter((id) => !mine.get(id)).length,
        };
      }),
      units: units.map((u) => {
        const p = progress.get(u.id);
        const total = dayCount(u.startDate, u.endDate);
        const gone = today < u.startDate ? 0 : today > u.endDate ? total : dayCount(u.startDate, today);
        return {
          _id: u.id,
          name: u.title,
          status: u.status as UnitStatus,
          start_date: ddmmyyyyFromIso(u.startDate),
          end_date: ddmmyyyyFromIso(u.endDate),
          elapsed: Math.round((gone / total) * 100),
          activities: p?.activities ?? 0,
          activities_done: p?.done ?? 0,
          evidence: p?.evidence ?? 0,
        };
      }),
    };
  }

  async insightsCsv(scope: Scope, query: PlanningInsightsQuery): Promise<string> {
    const data = await this.insights(scope, query);
    const rows: (string | number | null)[][] = [
      ['Class', data.class.name, 'From', data.from_date, 'To', data.to_date],
      [],
      ['Areas'],
      ['Area', 'Group', 'Planned units', 'Planned activities', 'Observations', 'Stories', 'Coverage'],
      ...data.areas.map((a) => [a.name, a.group, a.planned_units, a.planned_activities, a.observations, a.stories, a.coverage]),
      [],
      ['Children'],
      ['Child', 'Observations', 'Planned areas without evidence', ...data.areas.map((a) => a.name)],
      ...data.children.map((c) => [c.name, c.observations, c.planned_missing, ...data.areas.map((a) => c.by_area[a._id] ?? 0)]),
      [],
      ['Units'],
      ['Unit', 'Status', 'Start', 'End', 'Elapsed %', 'Activities', 'Activities done', 'Evidence'],
      ...data.units.map((u) => [
        u.name,
        u.status,
        u.start_date,
        u.end_date,
        u.elapsed,
        u.activities,
        u.activities_done,
        u.evidence,
      ]),
    ];
    return toCsv(rows);
  }
}
