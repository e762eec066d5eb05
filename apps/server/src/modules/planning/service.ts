import {
  addDays,
  daysBetween,
  ddmmyyyyFromIso,
  ERROR_CODES,
  frameworkOf,
  isHttpUrl,
  LIBRARY_EDITOR,
  type LibraryUnit,
  type libraryQuerySchema,
  type libraryUnitRequestSchema,
  PLANNING_MESSAGES,
  PLANNING_PAGE_SIZE,
  type PlanningArea,
  type PlanningFramework,
  type PlanningResource,
  type PlanningResourceRequest,
  type RolePermission,
  type resourceQuerySchema,
  todayIn,
  UNIT_FIELD_KINDS,
  type Unit,
  type UnitChange,
  type UnitCreate,
  type UnitFieldKey,
  type UnitListQuery,
  type UnitMovePreview,
  type UnitPage,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { prepareUpload } from '../../platform/media-metadata.js';
import type { MediaStore } from '../../platform/storage.js';
import type { CurriculumService } from '../curriculum/service.js';
import type { ExportService } from '../exports/service.js';
import { orderedStatements } from '../observations/presenter.js';
import type { SchoolService } from '../school/service.js';
import { classDays, closedReason, holidays, nextSchoolDay } from './days.js';
import { presentArea, presentLibraryUnit, presentResource, presentUnit } from './presenter.js';
import * as repo from './repo.js';

type Page<T> = { items: T[]; total: number; page: number; page_size: number; next_cursor: string | null };
/** The page's size and where it starts: after the cursor's row, or at its number. */
const paging = (query: { page: number; page_size?: number; cursor?: string }) => {
  const size = query.page_size ?? PLANNING_PAGE_SIZE;
  return { limit: size, offset: (query.page - 1) * size, cursor: query.cursor };
};
type LibraryQuery = z.infer<typeof libraryQuerySchema>;
type LibraryRequest = z.infer<typeof libraryUnitRequestSchema>;
type ResourceQuery = z.infer<typeof resourceQuerySchema>;

const CLASS_MANAGER: RolePermission = 'admin_portal.classes';
/**
 * The keys a unit's change is versioned by: its own (`dates` is start and end together) and each planner
 * field. The EYFS planner's `resources` list and the unit's linked `resources` share one key: a change to
 * either is seen as a change to both, which can only refuse a change it could have kept, never lose one.
 */
const UNIT_KEYS = ['title', 'status', 'dates', 'classes', 'areas', 'resources', 'statements'] as const;
const FIELD_KEYS = Object.keys(UNIT_FIELD_KINDS) as UnitFieldKey[];

const unique = <T>(values: readonly T[]) => [...new Set(values)];
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = unique(a);
  const y = new Set(b);
  return x.length === y.size && x.every((v) => y.has(v));
};
const escapeKey = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'file';

/** Only the fields with a value (a strict partial object never carries others, but `undefined` may slip through). */
function cleanFields(fields: Record<string, unknown> | undefined): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(fields ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
}

interface MovePlan {
  start: string;
  end: string;
  shift: number;
  activities: { id: string; title: string; from: string; to: string; adjusted: 'holiday' | 'closed_day' | null }[];
}

/**
 * Planning (issue 22): units and projects of a school's classes with their framework's fields, saved key
 * by key so that collaborators do not lose each other's changes; moving a unit with its activities; the
 * unit library (the global one and the organization's) and the organization's resource library. A
 * class's staff plan for their classes (`requireAccess` 'class'), class managers for every class; the
 * organization's library is edited by holders of academic_setup.resource_management (the route's
 * permission).
 */
export class PlanningService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly storage: MediaStore,
    readonly events: EventBus,
    readonly exports: ExportService,
    readonly curriculum: CurriculumService,
  ) {}

  // ------------------------------------------------------------------ rules

  private async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  /** Whether the caller plans for a unit of these classes: a class manager, or staff of one of them. */
  private async plansFor(scope: Scope, classIds: readonly string[]): Promise<boolean> {
    if (scope.kind !== 'staff') return false;
    if ((await scope.rolePermissions()).has(CLASS_MANAGER)) return true;
    const taught = await scope.taughtClassIds();
    return classIds.some((id) => taught.has(id));
  }

  /** A unit of the caller's school it plans for (another school's: 404; one of another class: 403). */
  private async reachable(scope: Scope, q: Queryable, id: string, lock = false) {
    staffSchool(scope);
    const [row] = await repo.unitsByIds(scope, q, [id], lock);
    if (!row) throw notFound();
    const classIds = (await repo.classesOfUnits(scope, q, [id])).get(id) ?? [];
    if (!(await this.plansFor(scope, classIds))) throw forbidden();
    return { row, classIds };
  }

  /**
   * The classes a unit is planned for, all of one curriculum: that curriculum and its framework. Classes
   * the caller may not plan for are refused (`requireAccess`), `checked` ones are not asked again.
   */
  private async classesFor(scope: Scope, q: Queryable, classIds: readonly string[], checked: readonly string[] = []) {
    if (classIds.length === 0) throw badRequest(PLANNING_MESSAGES.classesRequired, ERROR_CODES.validation, 'class_ids');
    await requireAccess(
      scope,
      'class',
      classIds.filter((id) => !checked.includes(id)),
    );
    const days = [...(await classDays(scope, q, classIds)).values()];
    if (days.length !== classIds.length) throw notFound();
    const curricula = unique(days.map((d) => d.curriculumId));
    if (curricula.length > 1)
      throw badRequest(
        'class_ids: these classes follow different curricula; plan a unit for classes of one',
        ERROR_CODES.validation,
        'class_ids',
      );
    const first = days[0];
    return { curriculumId: first?.curriculumId ?? null, framework: frameworkOf(first?.curriculumName) };
  }

  /** Areas must be of the classes' curriculum (insights count them against it). */
  private async checkAreas(scope: Scope, q: Queryable, curriculumId: string | null, areaIds: readonly string[]) {
    if (areaIds.length === 0) return;
    const rows = await repo.areas(scope, q, { ids: areaIds });
    if (rows.length !== areaIds.length || rows.some((r) => r.curriculumId !== curriculumId))
      throw badRequest(PLANNING_MESSAGES.areasOfClass, ERROR_CODES.validation, 'area_ids');
  }

  private async checkResources(scope: Scope, q: Queryable, resourceIds: readonly string[]) {
    if (resourceIds.length === 0) return;
    if ((await repo.resourcesByIds(scope, q, resourceIds)).length !== resourceIds.length)
      throw badRequest('resource_ids: not resources of the library', ERROR_CODES.validation, 'resource_ids');
  }

  private checkDates(start: string, end: string) {
    if (end < start) throw badRequest(PLANNING_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'end_date');
  }

  private async present(scope: Scope, rows: readonly repo.UnitRow[]): Promise<Unit[]> {
    const extras = await repo.unitExtras(scope, this.db, rows);
    // One read of the statements for the whole page.
    const refs = await this.curriculum.statementRefs(scope, [...extras.statementIds.values()].flat());
    return Promise.all(
      rows.map(async (r) => {
        const can = await this.plansFor(
          scope,
          (extras.classes.get(r.id) ?? []).map((c) => c.id),
        );
        return presentUnit(
          r,
          extras,
          { can_edit: can, can_delete: can },
          orderedStatements(extras.statementIds.get(r.id) ?? [], refs),
        );
      }),
    );
  }

  private async presentOne(scope: Scope, id: string): Promise<Unit> {
    const rows = await repo.unitsByIds(scope, this.db, [id]);
    const [unit] = await this.present(scope, rows);
    if (!unit) throw notFound();
    return unit;
  }

  private async nameOf(scope: Scope): Promise<string> {
    const [me] = await repo.peopleNames(scope, this.db, [scope.userId]);
    return me ? `${me.firstName} ${me.lastName}`.trim() : '';
  }

  /** Tells the staff of the unit's classes (an open planner takes the change in). */
  private async announce(scope: Scope, unitId: string, version: number, changed: string[], classIds: readonly string[]) {
    const schoolId = staffSchool(scope);
    const userIds = await repo.staffOfClasses(scope, this.db, classIds);
    this.events.publish('unit.updated', {
      schoolId,
      unitId,
      version,
      changed,
      by: { id: scope.userId, name: await this.nameOf(scope) },
      userIds,
    });
  }

  // ------------------------------------------------------------------ units

  async listUnits(scope: Scope, query: UnitListQuery): Promise<UnitPage> {
    staffSchool(scope);
    if (query.class_id) await requireAccess(scope, 'class', [query.class_id]);
    const manager = (await scope.rolePermissions()).has(CLASS_MANAGER);
    const from = optionalIso(query.from_date, 'from_date');
    const to = optionalIso(query.to_date, 'to_date');
    if (from && to && to < from) throw badRequest(PLANNING_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'to_date');
    const page = paging(query);
    const { rows, total, nextCursor } = await repo.listUnits(scope, this.db, {
      classIds: manager ? undefined : [...(await scope.taughtClassIds())],
      classId: query.class_id,
      kind: query.kind,
      status: query.status,
      from,
      to,
      search: query.search || undefined,
      ...page,
    });
    return {
      items: await this.present(scope, rows),
      total,
      page: query.page,
      page_size: page.limit,
      next_cursor: nextCursor,
    };
  }

  async getUnit(scope: Scope, id: string): Promise<Unit> {
    await this.reachable(scope, this.db, id);
    return this.presentOne(scope, id);
  }

  async createUnit(scope: Scope, input: UnitCreate): Promise<Unit> {
    const schoolId = staffSchool(scope);
    if (!input.title) throw badRequest(PLANNING_MESSAGES.titleRequired, ERROR_CODES.validation, 'title');
    const classIds = unique(input.class_ids);
    const { curriculumId, framework } = await this.classesFor(scope, this.db, classIds);
    const start = isoFromWire(input.start_date, 'start_date');
    const end = isoFromWire(input.end_date, 'end_date');
    this.checkDates(start, end);
    const areaIds = unique(input.area_ids);
    const resourceIds = unique(input.resource_ids);
    await this.checkAreas(scope, this.db, curriculumId, areaIds);
    await this.checkResources(scope, this.db, resourceIds);
    const statementIds = input.statement_ids?.length
      ? await this.curriculum.checkStatements(scope, classIds, input.statement_ids)
      : [];
    const id = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertUnit(scope, tx, {
        id,
        schoolId,
        kind: input.kind,
        framework,
        curriculumId,
        title: input.title,
        status: input.status,
        startDate: start,
        endDate: end,
        fields: cleanFields(input.fields),
        ...this.firstVersion(scope),
      });
      await repo.setUnitLinks(scope, tx, id, { classIds, areaIds, resourceIds, statementIds });
    });
    return this.presentOne(scope, id);
  }

  /**
   * Saves what an editor changed on `base_version`, key by key, in one transaction with the unit's row
   * locked: a key someone else changed since that version is a conflict (409 naming it, nothing saved);
   * every other changed key is saved and gets the new version. A value equal to the stored one is no
   * change (and no conflict), so two people saving the same text do not refuse each other.
   */
  async updateUnit(scope: Scope, id: string, change: UnitChange): Promise<Unit> {
    const { classIds: before } = await this.reachable(scope, this.db, id);
    // What the scope reads about its person (permissions, classes) is read here: inside the transaction
    // only the transaction's connection may be used.
    const added = change.class_ids ? unique(change.class_ids).filter((c) => !before.includes(c)) : [];
    await requireAccess(scope, 'class', added);
    // Statements are checked against the classes the unit will have, before the transaction (the curriculum
    // reads through its own connection); those the unit carries already stay allowed, archived or not.
    const checkedStatements =
      change.statement_ids === undefined
        ? undefined
        : await this.curriculum.checkStatements(
            scope,
            change.class_ids ? unique(change.class_ids) : before,
            change.statement_ids,
            (await repo.unitLinkIds(scope, this.db, id)).statementIds,
          );
    const saved = await this.db.transaction(async (tx) => {
      const { row, classIds: storedClasses } = await this.reachable(scope, tx, id, true);
      const links = await repo.unitLinkIds(scope, tx, id);
      const changed: string[] = [];
      const set: Partial<typeof row> = {};

      if (change.title !== undefined && change.title !== row.title) {
        if (!change.title) throw badRequest(PLANNING_MESSAGES.titleRequired, ERROR_CODES.validation, 'title');
        changed.push('title');
        set.title = change.title;
      }
      if (change.status !== undefined && change.status !== row.status) {
        changed.push('status');
        set.status = change.status;
      }
      if (change.start_date !== undefined || change.end_date !== undefined) {
        const start = change.start_date ? isoFromWire(change.start_date, 'start_date') : row.startDate;
        const end = change.end_date ? isoFromWire(change.end_date, 'end_date') : row.endDate;
        if (start !== row.startDate || end !== row.endDate) {
          this.checkDates(start, end);
          changed.push('dates');
          set.startDate = start;
          set.endDate = end;
        }
      }
      let classIds = storedClasses;
      let curriculumId = row.curriculumId;
      if (change.class_ids !== undefined && !sameSet(change.class_ids, storedClasses)) {
        classIds = unique(change.class_ids);
        const cls = await this.classesFor(scope, tx, classIds, [...storedClasses, ...added]);
        changed.push('classes');
        curriculumId = cls.curriculumId;
        set.curriculumId = cls.curriculumId;
        set.framework = cls.framework;
      }
      let areaIds = links.areaIds;
      if (change.area_ids !== undefined && !sameSet(change.area_ids, links.areaIds)) {
        areaIds = unique(change.area_ids);
        changed.push('areas');
      }
      // A unit moved to classes of another curriculum keeps only areas of that one: the editor sends them.
      if (changed.includes('areas') || changed.includes('classes')) await this.checkAreas(scope, tx, curriculumId, areaIds);
      if (checkedStatements !== undefined && !sameSet(checkedStatements, links.statementIds)) changed.push('statements');
      let resourceIds = links.resourceIds;
      if (change.resource_ids !== undefined && !sameSet(change.resource_ids, links.resourceIds)) {
        resourceIds = unique(change.resource_ids);
        await this.checkResources(scope, tx, resourceIds);
        changed.push('resources');
      }
      const fields: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(cleanFields(change.fields))) {
        if (JSON.stringify(value) === JSON.stringify(row.fields[key])) continue;
        fields[key] = value;
        if (!changed.includes(key)) changed.push(key);
      }

      const conflicts = changed.filter((key) => (row.fieldVersions[key] ?? 0) > change.base_version);
      if (conflicts.length)
        throw new AppError(
          409,
          PLANNING_MESSAGES.editConflict,
          ERROR_CODES.editConflict,
          conflicts.map((field) => ({ field, message: PLANNING_MESSAGES.editConflict })),
        );
      if (changed.length === 0) return null;

      const version = row.version + 1;
      await repo.updateUnit(scope, tx, id, {
        ...set,
        version,
        fieldVersions: { ...row.fieldVersions, ...Object.fromEntries(changed.map((k) => [k, version])) },
        updatedBy: scope.userId,
        updatedAt: this.clock.now(),
      });
      if (Object.keys(fields).length) await repo.mergeUnitFields(scope, tx, id, fields);
      await repo.setUnitLinks(scope, tx, id, {
        classIds: changed.includes('classes') ? classIds : undefined,
        areaIds: changed.includes('areas') ? areaIds : undefined,
        resourceIds: change.resource_ids !== undefined && changed.includes('resources') ? resourceIds : undefined,
        statementIds: changed.includes('statements') ? checkedStatements : undefined,
      });
      return { version, changed, classIds: unique([...storedClasses, ...classIds]) };
    });
    if (saved) await this.announce(scope, id, saved.version, saved.changed, saved.classIds);
    return this.presentOne(scope, id);
  }

  async deleteUnit(scope: Scope, id: string): Promise<void> {
    await this.reachable(scope, this.db, id);
    await repo.deleteUnit(scope, this.db, id);
  }

  // ------------------------------------------------------------------ moving a unit

  /**
   * Where a unit and its activities land when it starts on `start` instead: every day shifts by the same
   * calendar days; an activity landing on a holiday or a day its class does not meet goes to the class's
   * next school day.
   */
  private async movePlan(scope: Scope, q: Queryable, row: repo.UnitRow, start: string): Promise<MovePlan> {
    const shift = daysBetween(row.startDate, start);
    const activities = await repo.unitActivities(scope, q, row.id);
    const days = await classDays(scope, q, unique(activities.map((a) => a.classId)));
    const off = new Map<string, ReadonlyMap<string, string>>();
    for (const classId of days.keys()) {
      const targets = activities.filter((a) => a.classId === classId).map((a) => addDays(a.date, shift));
      const from = targets.reduce((a, b) => (b < a ? b : a));
      const to = addDays(
        targets.reduce((a, b) => (b > a ? b : a)),
        60,
      );
      off.set(classId, await holidays(scope, q, classId, from, to));
    }
    return {
      start,
      end: addDays(row.endDate, shift),
      shift,
      activities: activities.map((a) => {
        const target = addDays(a.date, shift);
        const cls = days.get(a.classId);
        const closed = cls ? closedReason(cls, off.get(a.classId) ?? new Map(), target) : null;
        return {
          id: a.id,
          title: a.title,
          from: a.date,
          to: cls && closed ? nextSchoolDay(cls, off.get(a.classId) ?? new Map(), target) : target,
          adjusted: closed,
        };
      }),
    };
  }

  async previewMove(scope: Scope, id: string, startDate: string): Promise<UnitMovePreview> {
    const { row } = await this.reachable(scope, this.db, id);
    const plan = await this.movePlan(scope, this.db, row, isoFromWire(startDate, 'start_date'));
    const wire = ddmmyyyyFromIso;
    return {
      start_date: wire(plan.start),
      end_date: wire(plan.end),
      shift_days: plan.shift,
      activities: plan.activities.map((a) => ({
        _id: a.id,
        title: a.title,
        from: wire(a.from),
        to: wire(a.to),
        adjusted: a.adjusted,
      })),
    };
  }

  /** Moves the unit's dates and every activity of it as the preview says, in one transaction. */
  async moveUnit(scope: Scope, id: string, startDate: string): Promise<Unit> {
    const start = isoFromWire(startDate, 'start_date');
    // The scope's permissions and classes are read before the transaction (its connection only inside).
    await this.reachable(scope, this.db, id);
    const saved = await this.db.transaction(async (tx) => {
      const { row, classIds } = await this.reachable(scope, tx, id, true);
      const plan = await this.movePlan(scope, tx, row, start);
      const moved = plan.activities.filter((a) => a.to !== a.from);
      if (plan.shift === 0 && moved.length === 0) return null;
      const now = this.clock.now();
      const version = row.version + 1;
      await repo.updateUnit(scope, tx, id, {
        startDate: plan.start,
        endDate: plan.end,
        version,
        fieldVersions: { ...row.fieldVersions, dates: version },
        updatedBy: scope.userId,
        updatedAt: now,
      });
      for (const a of moved) await repo.moveActivity(scope, tx, a.id, a.to, now);
      return { version, classIds };
    });
    if (saved) await this.announce(scope, id, saved.version, ['dates'], saved.classIds);
    return this.presentOne(scope, id);
  }

  // ------------------------------------------------------------------ frameworks

  async frameworks(scope: Scope): Promise<{ _id: string; name: string; framework: PlanningFramework; areas: PlanningArea[] }[]> {
    staffSchool(scope);
    const curricula = await repo.curriculaOf(scope, this.db);
    const areas = await repo.areas(scope, this.db, { curriculumIds: curricula.map((c) => c.id) });
    return curricula.map((c) => ({
      _id: c.id,
      name: c.name,
      framework: frameworkOf(c.name),
      areas: areas.filter((a) => a.curriculumId === c.id).map(presentArea),
    }));
  }

  // ------------------------------------------------------------------ unit library

  private async libraryEditor(scope: Scope): Promise<boolean> {
    return scope.kind === 'staff' && (await scope.rolePermissions()).has(LIBRARY_EDITOR);
  }

  private async presentLibrary(scope: Scope, rows: readonly repo.LibraryRow[]): Promise<LibraryUnit[]> {
    const [areas, copies, editor] = await Promise.all([
      repo.areas(scope, this.db, { ids: unique(rows.flatMap((r) => r.areaIds)) }),
      repo.libraryCopies(
        scope,
        this.db,
        rows.map((r) => r.id),
      ),
      this.libraryEditor(scope),
    ]);
    const byId = new Map(areas.map((a) => [a.id, a]));
    return rows.map((r) =>
      presentLibraryUnit(r, byId, copies.get(r.id) ?? 0, { can_edit: editor && r.organizationId !== null, can_copy: true }),
    );
  }

  /** A library unit the caller reads (the global library, its organization's); another organization's is 404. */
  private async libraryRow(scope: Scope, id: string, { archived = false } = {}): Promise<repo.LibraryRow> {
    staffSchool(scope);
    const row = await repo.libraryById(scope, this.db, id);
    if (!row || (row.archivedAt && !archived)) throw notFound();
    return row;
  }

  /** A library unit the caller may change: its organization's (a global one is read-only). */
  private async ownLibraryRow(scope: Scope, id: string): Promise<repo.LibraryRow> {
    const row = await this.libraryRow(scope, id);
    if (row.organizationId === null) throw new AppError(403, PLANNING_MESSAGES.globalReadOnly, ERROR_CODES.globalLibraryReadOnly);
    return row;
  }

  /** A library unit's values as the request gives them, its title present and its areas ones the school reaches. */
  private async libraryValues(scope: Scope, input: LibraryRequest) {
    if (!input.title) throw badRequest(PLANNING_MESSAGES.titleRequired, ERROR_CODES.validation, 'title');
    const areaIds = unique(input.area_ids);
    await this.checkLibraryAreas(scope, areaIds);
    return {
      kind: input.kind,
      framework: input.framework,
      title: input.title,
      summary: input.summary,
      ageRange: input.age_range,
      weeks: input.weeks,
      fields: cleanFields(input.fields),
      areaIds,
    };
  }

  /** A new row's author and times: made and last changed now. */
  private madeBy(scope: Scope) {
    const now = this.clock.now();
    return { createdBy: scope.userId, createdAt: now, updatedAt: now };
  }

  /** A new unit's first version: every key at version 1, made and last changed by the caller now. */
  private firstVersion(scope: Scope) {
    return {
      version: 1,
      fieldVersions: Object.fromEntries([...UNIT_KEYS, ...FIELD_KEYS].map((k) => [k, 1])),
      ...this.madeBy(scope),
      updatedBy: scope.userId,
    };
  }

  /** Library areas may be of any curriculum the school reaches (the library is not one class's). */
  private async checkLibraryAreas(scope: Scope, areaIds: readonly string[]) {
    if (areaIds.length === 0) return;
    if ((await repo.areas(scope, this.db, { ids: areaIds })).length !== areaIds.length)
      throw badRequest(PLANNING_MESSAGES.areasOfClass, ERROR_CODES.validation, 'area_ids');
  }

  async listLibrary(scope: Scope, query: LibraryQuery): Promise<Page<LibraryUnit>> {
    staffSchool(scope);
    const page = paging(query);
    const { rows, total, nextCursor } = await repo.listLibrary(scope, this.db, {
      scope: query.scope,
      framework: query.framework,
      search: query.search || undefined,
      ...page,
    });
    return {
      items: await this.presentLibrary(scope, rows),
      total,
      page: query.page,
      page_size: page.limit,
      next_cursor: nextCursor,
    };
  }

  async getLibraryUnit(scope: Scope, id: string): Promise<LibraryUnit> {
    const row = await this.libraryRow(scope, id, { archived: true });
    const [out] = await this.presentLibrary(scope, [row]);
    return out as LibraryUnit;
  }

  async createLibraryUnit(scope: Scope, input: LibraryRequest): Promise<LibraryUnit> {
    staffSchool(scope);
    const values = await this.libraryValues(scope, input);
    const id = newId();
    await repo.insertLibrary(scope, this.db, { id, ...values, version: 1, ...this.madeBy(scope) });
    return this.getLibraryUnit(scope, id);
  }

  /** Saves a library unit as a new version: units copied from it keep theirs and can tell a newer one exists. */
  async updateLibraryUnit(scope: Scope, id: string, input: LibraryRequest): Promise<LibraryUnit> {
    const row = await this.ownLibraryRow(scope, id);
    const values = await this.libraryValues(scope, input);
    await repo.updateLibrary(scope, this.db, id, {
      ...values,
      version: row.version + 1,
      updatedAt: this.clock.now(),
    });
    return this.getLibraryUnit(scope, id);
  }

  /** Archives a library unit: it leaves the list; copies keep their link to it. */
  async archiveLibraryUnit(scope: Scope, id: string): Promise<void> {
    await this.ownLibraryRow(scope, id);
    await repo.updateLibrary(scope, this.db, id, { archivedAt: this.clock.now() });
  }

  /**
   * A library unit copied into classes the caller plans for, from `start_date` for the library unit's
   * weeks (Monday to the Friday of its last week), with its fields, the areas of the classes' curriculum,
   * and the link to the original and the version copied.
   */
  async copyLibraryUnit(scope: Scope, id: string, input: { class_ids: string[]; start_date: string }): Promise<Unit> {
    const schoolId = staffSchool(scope);
    const row = await this.libraryRow(scope, id);
    const classIds = unique(input.class_ids);
    const { curriculumId, framework } = await this.classesFor(scope, this.db, classIds);
    const start = isoFromWire(input.start_date, 'start_date');
    const end = addDays(start, row.weeks * 7 - 3);
    const areaIds = (await repo.areas(scope, this.db, { ids: row.areaIds }))
      .filter((a) => a.curriculumId === curriculumId)
      .map((a) => a.id);
    const today = await this.today(scope);
    const unitId = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertUnit(scope, tx, {
        id: unitId,
        schoolId,
        kind: row.kind,
        framework,
        curriculumId,
        title: row.title,
        status: start <= today && today <= end ? 'running' : 'planned',
        startDate: start,
        endDate: end,
        fields: { ...row.fields },
        sourceLibraryId: row.id,
        sourceVersion: row.version,
        ...this.firstVersion(scope),
      });
      await repo.setUnitLinks(scope, tx, unitId, { classIds, areaIds });
    });
    return this.presentOne(scope, unitId);
  }

  /** A class's unit shared with the organization: a new library unit as long as the unit (whole weeks). */
  async publishUnit(scope: Scope, unitId: string): Promise<LibraryUnit> {
    staffSchool(scope);
    const { row } = await this.reachable(scope, this.db, unitId);
    const { areaIds } = await repo.unitLinkIds(scope, this.db, unitId);
    const weeks = Math.min(52, Math.max(1, Math.ceil((daysBetween(row.startDate, row.endDate) + 1) / 7)));
    const fields = row.fields;
    const summary = [fields.central_idea, fields.driving_question].find((v) => typeof v === 'string' && v) as string | undefined;
    const id = newId();
    await repo.insertLibrary(scope, this.db, {
      id,
      kind: row.kind,
      framework: row.framework,
      title: row.title,
      summary: summary ?? '',
      ageRange: '',
      weeks,
      fields: { ...fields },
      areaIds,
      version: 1,
      ...this.madeBy(scope),
    });
    return this.getLibraryUnit(scope, id);
  }

  // ------------------------------------------------------------------ resource library

  /** The creator, or a holder of the library permission in a school of the organization, edits a resource. */
  private async resourceAbilities(scope: Scope, row: repo.ResourceRow): Promise<PlanningResource['abilities']> {
    const can = row.createdBy === scope.userId || (await this.libraryEditor(scope));
    return { can_edit: can, can_delete: can };
  }

  private async presentResources(scope: Scope, rows: readonly repo.ResourceRow[]): Promise<PlanningResource[]> {
    const [areas, uses, people] = await Promise.all([
      repo.areas(scope, this.db, { ids: unique(rows.flatMap((r) => r.areaIds)) }),
      repo.resourceUses(
        scope,
        this.db,
        rows.map((r) => r.id),
      ),
      repo.peopleNames(
        scope,
        this.db,
        rows.map((r) => r.createdBy),
      ),
    ]);
    const byId = new Map(areas.map((a) => [a.id, a]));
    const names = new Map(people.map((p) => [p.id, p]));
    return Promise.all(
      rows.map(async (r) =>
        presentResource(r, byId, uses.get(r.id) ?? 0, names.get(r.createdBy), await this.resourceAbilities(scope, r)),
      ),
    );
  }

  private async resourceRow(scope: Scope, id: string): Promise<repo.ResourceRow> {
    staffSchool(scope);
    const [row] = await repo.resourcesByIds(scope, this.db, [id]);
    if (!row) throw notFound();
    return row;
  }

  private async ownResourceRow(scope: Scope, id: string): Promise<repo.ResourceRow> {
    const row = await this.resourceRow(scope, id);
    await requireAccess(scope, 'creator', [row.createdBy], { orPermission: LIBRARY_EDITOR });
    return row;
  }

  /** A resource's request made ready to save: a link or a video needs an http(s) address. */
  private async checkResource(scope: Scope, input: PlanningResourceRequest) {
    if (!input.title) throw badRequest(PLANNING_MESSAGES.titleRequired, ERROR_CODES.validation, 'title');
    const url = input.url ? input.url : null;
    if ((input.kind === 'link' || input.kind === 'video') && !isHttpUrl(url))
      throw badRequest(PLANNING_MESSAGES.resourceLinkRequired, ERROR_CODES.validation, 'url');
    if (url !== null && !isHttpUrl(url)) throw badRequest(PLANNING_MESSAGES.resourceLinkRequired, ERROR_CODES.validation, 'url');
    if (input.age_from_months !== null && input.age_to_months !== null && input.age_to_months < input.age_from_months)
      throw badRequest('age_to_months: must not be below age_from_months', ERROR_CODES.validation, 'age_to_months');
    const areaIds = unique(input.area_ids);
    await this.checkLibraryAreas(scope, areaIds);
    return {
      kind: input.kind,
      title: input.title,
      description: input.description,
      url,
      author: input.author,
      tags: unique(input.tags),
      areaIds,
      ageFromMonths: input.age_from_months,
      ageToMonths: input.age_to_months,
    };
  }

  async listResources(scope: Scope, query: ResourceQuery): Promise<Page<PlanningResource>> {
    staffSchool(scope);
    const page = paging(query);
    const { rows, total, nextCursor } = await repo.listResources(scope, this.db, {
      search: query.search || undefined,
      kind: query.kind,
      tag: query.tag || undefined,
      areaId: query.area_id,
      ageMonths: query.age_months,
      ...page,
    });
    return {
      items: await this.presentResources(scope, rows),
      total,
      page: query.page,
      page_size: page.limit,
      next_cursor: nextCursor,
    };
  }

  async getResource(scope: Scope, id: string): Promise<PlanningResource> {
    const [out] = await this.presentResources(scope, [await this.resourceRow(scope, id)]);
    return out as PlanningResource;
  }

  async createResource(scope: Scope, input: PlanningResourceRequest): Promise<PlanningResource> {
    staffSchool(scope);
    const values = await this.checkResource(scope, input);
    const id = newId();
    await repo.insertResource(scope, this.db, { id, ...values, ...this.madeBy(scope) });
    return this.getResource(scope, id);
  }

  /** A document or an image stored as a `file` resource named after the file (the stored link is signed when shown). */
  async uploadResource(scope: Scope, file: UploadedFile): Promise<PlanningResource> {
    const schoolId = staffSchool(scope);
    const prepared = await prepareUpload(file.bytes, file.mimetype, false);
    if (prepared.kind === 'video') throw badRequest('Add a video as a link', ERROR_CODES.validation, 'file');
    const id = newId();
    const name = file.filename.trim().slice(0, 200) || 'file';
    const link = await this.storage.put(
      `planning/${schoolId}/${id}-${escapeKey(name.replace(/\.[^.]*$/, ''))}.${prepared.ext}`,
      prepared.bytes,
      prepared.contentType,
      { uploadedBy: scope.userId, schoolId, kind: prepared.kind, name },
    );
    await repo.insertResource(scope, this.db, {
      id,
      kind: 'file',
      title: name,
      fileLink: link,
      fileName: name,
      ...this.madeBy(scope),
    });
    return this.getResource(scope, id);
  }

  async updateResource(scope: Scope, id: string, input: PlanningResourceRequest): Promise<PlanningResource> {
    const row = await this.ownResourceRow(scope, id);
    const values = await this.checkResource(scope, input);
    // An uploaded file stays the resource's while it is a file; made a link, its file is no longer shown.
    await repo.updateResource(scope, this.db, id, {
      ...values,
      fileLink: values.kind === 'file' ? row.fileLink : null,
      fileName: values.kind === 'file' ? row.fileName : null,
      updatedAt: this.clock.now(),
    });
    return this.getResource(scope, id);
  }

  /** Archives a resource: it leaves the library; units and activities that used it keep their link. */
  async deleteResource(scope: Scope, id: string): Promise<void> {
    await this.ownResourceRow(scope, id);
    await repo.updateResource(scope, this.db, id, { archivedAt: this.clock.now() });
  }

  /** Titles and classes of units of the school, by id (assessment's reflections name units). */
  async unitTitles(scope: Scope, ids: readonly string[]): Promise<Map<string, { title: string; classIds: string[] }>> {
    const rows = await repo.unitTitles(scope, this.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, { title: r.title, classIds: r.classIds }]));
  }
}
