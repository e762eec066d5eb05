import type {
  ClassDetail,
  createObservationRequestSchema,
  ObservationEntry,
  observationListQuerySchema,
  StatementRef,
  updateObservationRequestSchema,
} from '@cue/contract';
import { ERROR_CODES } from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { signMedia } from '../../platform/media-urls.js';
import type { ClassService } from '../classes/service.js';
import type { CurriculumService } from '../curriculum/service.js';
import { orderedStatements, presentArea, presentCoverage, presentObservation } from './presenter.js';
import * as repo from './repo.js';

type Row = repo.ObservationRow;

/** One area's statements shown by a child's observations of a period, with how many observations and the latest day (ISO). */
export interface StatementsByArea {
  framework: StatementRef['framework'];
  area: StatementRef['area'];
  statements: (StatementRef & { observations: number; last_date: string })[];
}
const empty = (q: { page: number; page_size: number }) => ({
  items: [],
  total: 0,
  page: q.page,
  page_size: q.page_size,
  next_cursor: null,
});

/**
 * Observations: short notes of what a child did, per child, tagged with learning areas, with photos.
 * Staff of the class write and read them; parents read their own child's shared ones (portfolio).
 */
export class ObservationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
    private readonly curriculum: CurriculumService,
  ) {}

  /** The live learning areas of all the class's frameworks (the class must be the caller's). */
  async areasOfClass(auth: Scope, classId: string) {
    staffSchool(auth);
    await requireAccess(auth, 'class', [classId]);
    return this.areasOfClasses(auth, [classId]).then((m) => m.get(classId) ?? []);
  }

  /**
   * Each class's learning areas: the live areas of every framework it uses, in the class's order of its
   * frameworks (archived or hidden areas are not offered for new tagging). Two queries for any number of classes.
   */
  private async areasOfClasses(auth: Scope, classIds: string[]) {
    const frameworks = await this.curriculum.frameworksOfClasses(auth, classIds);
    const areas = await repo.liveAreasOfCurricula(auth, this.db, [...new Set([...frameworks.values()].flat())]);
    const out = new Map<string, ReturnType<typeof presentArea>[]>();
    for (const id of classIds)
      out.set(
        id,
        (frameworks.get(id) ?? []).flatMap((f) => areas.filter((a) => a.curriculumId === f).map(presentArea)),
      );
    return out;
  }

  /**
   * Learning areas must be areas of the frameworks of every class written to; those in `keep` (already
   * on the record) stay even when archived since.
   */
  private async checkAreas(auth: Scope, classIds: string[], ids: string[], keep: readonly string[] = []) {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const added = unique.filter((id) => !keep.includes(id));
    if (added.length === 0) return unique;
    for (const areas of (await this.areasOfClasses(auth, [...new Set(classIds)])).values()) {
      const allowed = new Set(areas.map((a) => a.id));
      if (added.some((id) => !allowed.has(id)))
        throw badRequest("learning_area_ids: not areas of the class's curriculum", undefined, 'learning_area_ids');
    }
    return unique;
  }

  /** Each observation's statements in order, with ONE read of the statements for the whole page. */
  private async statementsOf(auth: Scope, ids: readonly string[]): Promise<Map<string, StatementRef[]>> {
    const links = await repo.statementIdsOf(auth, this.db, ids);
    const refs = await this.curriculum.statementRefs(
      auth,
      links.map((l) => l.statementId),
    );
    const byObservation = new Map<string, string[]>();
    for (const l of links) byObservation.set(l.observationId, [...(byObservation.get(l.observationId) ?? []), l.statementId]);
    return new Map([...byObservation].map(([id, statementIds]) => [id, orderedStatements(statementIds, refs)]));
  }

  private async checkMedia(auth: Scope, links: string[]) {
    const found = await repo.schoolMedia(auth, this.db, links);
    return links.map((link) => {
      const m = found.find((f) => f.url === link);
      if (!m) throw badRequest('media: attach files uploaded to this school', undefined, 'media');
      return { media_link: m.url, kind: m.kind };
    });
  }

  private async present(auth: Scope, rows: Row[]): Promise<ObservationEntry[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [areas, kids, authors, statements] = await Promise.all([
      repo.areasOf(auth, this.db, ids),
      repo.childNames(auth, this.db, [...new Set(rows.map((r) => r.studentId))]),
      repo.authorNames(auth, this.db, [...new Set(rows.map((r) => r.createdBy))]),
      this.statementsOf(auth, ids),
    ]);
    const ctx = {
      areas,
      children: new Map(kids.map((k) => [k.id, k])),
      authors: new Map(authors.map((a) => [a.id, a])),
      statements,
    };
    return rows.map((r) => presentObservation(auth, r, ctx));
  }

  /**
   * The class each child is written under: the one given (every child must be in it), else the child's
   * own class that the caller teaches (a child the caller does not teach is refused).
   */
  private async classesOfEntries(auth: Scope, classId: string | undefined, studentIds: string[]): Promise<Map<string, string>> {
    if (classId) {
      const roster = await this.classes.detail(auth, classId);
      const inClass = new Set(roster.student_list.map((s) => s.id));
      const stranger = studentIds.find((id) => !inClass.has(id));
      if (stranger) throw badRequest(`${stranger} is not a student of this class`, ERROR_CODES.notInClass, 'observation_entries');
      return new Map(studentIds.map((id) => [id, classId]));
    }
    await requireAccess(auth, 'teach', studentIds);
    const [classesOf, taught] = await Promise.all([auth.childrenInSchool(studentIds), auth.taughtClassIds()]);
    const out = new Map<string, string>();
    for (const id of studentIds) {
      const own = classesOf.get(id) ?? [];
      const chosen = own.find((c) => taught.has(c)) ?? own[0];
      if (!chosen) throw badRequest(`${id} is not a student of a class`, ERROR_CODES.notInClass, 'observation_entries');
      out.set(id, chosen);
    }
    return out;
  }

  /** Several children observed together: one entry each, written in one transaction, or none. */
  async create(
    auth: Scope,
    body: z.infer<typeof createObservationRequestSchema>,
  ): Promise<{ observation_entries: ObservationEntry[]; is_saved: boolean }> {
    staffSchool(auth);
    const classOf = await this.classesOfEntries(
      auth,
      body.class_id,
      body.observation_entries.map((e) => e.student_id),
    );
    const areaIds = await this.checkAreas(auth, [...classOf.values()], body.learning_area_ids);
    const statementIds = body.statement_ids?.length
      ? await this.curriculum.checkStatements(auth, [...new Set(classOf.values())], body.statement_ids)
      : [];
    const attached = await this.checkMedia(
      auth,
      body.media.map((m) => m.media_link),
    );
    const groupId = newId();
    const rows = body.observation_entries.map((e) => ({
      id: newId(),
      schoolId: staffSchool(auth),
      classId: classOf.get(e.student_id) as string,
      studentId: e.student_id,
      groupId,
      date: isoFromWire(e.date),
      title: e.title || 'Observation',
      generalNote: e.general_note,
      typeOfAnecdote: e.type_of_anecdote || 'general',
      type: body.type,
      reportTitle: body.type === 'report_card' ? body.report_title : null,
      visibility: body.visibility,
      media: attached,
      createdBy: auth.userId,
    }));
    await this.db.transaction((tx) => repo.insert(auth, tx, rows, areaIds, statementIds));
    const saved = await repo.byGroup(auth, this.db, groupId);
    return { observation_entries: await this.present(auth, saved), is_saved: true };
  }

  /** An observation of the school whose class the caller works with. */
  private async own(auth: Scope, id: string): Promise<Row> {
    staffSchool(auth);
    const row = await repo.find(auth, this.db, id);
    if (!row) throw notFound();
    await this.classes.detail(auth, row.classId);
    return row;
  }

  private async fresh(auth: Scope, id: string): Promise<ObservationEntry> {
    const row = await repo.find(auth, this.db, id);
    const [presented] = row ? await this.present(auth, [row]) : [];
    if (!presented) throw notFound();
    return presented;
  }

  async update(auth: Scope, id: string, body: z.infer<typeof updateObservationRequestSchema>): Promise<ObservationEntry> {
    const row = await this.own(auth, id);
    // What the observation already carries stays allowed, even archived since (the form sends it back).
    const areaIds = body.learning_area_ids
      ? await this.checkAreas(
          auth,
          [row.classId],
          body.learning_area_ids,
          (await repo.areasOf(auth, this.db, [id])).map((a) => a.id),
        )
      : undefined;
    const statementIds = body.statement_ids
      ? await this.curriculum.checkStatements(
          auth,
          [row.classId],
          body.statement_ids,
          (await repo.statementIdsOf(auth, this.db, [id])).map((l) => l.statementId),
        )
      : undefined;
    const set = {
      ...(body.date ? { date: isoFromWire(body.date) } : {}),
      ...(body.title !== undefined ? { title: body.title || 'Observation' } : {}),
      ...(body.general_note ? { generalNote: body.general_note } : {}),
      ...(body.type_of_anecdote ? { typeOfAnecdote: body.type_of_anecdote } : {}),
      ...(body.visibility ? { visibility: body.visibility } : {}),
      ...(body.report_title !== undefined ? { reportTitle: body.report_title } : {}),
      updatedAt: this.clock.now(),
    };
    await this.db.transaction((tx) => repo.update(auth, tx, id, set, areaIds, statementIds));
    return this.fresh(auth, id);
  }

  async remove(auth: Scope, id: string): Promise<void> {
    const row = await this.own(auth, id);
    await this.db.transaction(async (tx) => {
      await repo.remove(auth, tx, id);
      await recordAudit(auth, tx, {
        action: 'delete',
        entityType: 'observation',
        entityId: id,
        label: row.title,
        before: { student_id: row.studentId, class_id: row.classId, title: row.title },
      });
    });
  }

  async addMedia(auth: Scope, id: string, links: string[]): Promise<ObservationEntry> {
    const row = await this.own(auth, id);
    const attached = await this.checkMedia(auth, links);
    const merged = [...row.media, ...attached.filter((a) => !row.media.some((m) => m.media_link === a.media_link))];
    await repo.update(auth, this.db, id, { media: merged, updatedAt: this.clock.now() }, undefined);
    return this.fresh(auth, id);
  }

  /** Staff: the classes they may see. Parents: their own children's observations shared with the family. */
  async list(auth: Scope, q: z.infer<typeof observationListQuerySchema>) {
    let classIds: string[] | undefined;
    if (auth.kind === 'parent') {
      if (q.student_id) await requireAccess(auth, 'child', [q.student_id]);
      else if ((await auth.childIds()).size === 0) return empty(q);
    } else {
      staffSchool(auth);
      if (q.class_id) {
        await this.classes.detail(auth, q.class_id);
        classIds = [q.class_id];
      } else classIds = (await this.classes.staffClasses(auth)).map((c) => c.id);
    }
    const { rows, total, nextCursor } = await repo.list(auth, this.db, {
      classIds,
      studentId: q.student_id,
      type: q.type,
      date: q.date ? isoFromWire(q.date) : undefined,
      reportTitle: q.report_title,
      statementId: q.statement_id,
      search: q.search,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
      cursor: q.cursor,
    });
    return { items: await this.present(auth, rows), total, page: q.page, page_size: q.page_size, next_cursor: nextCursor };
  }

  /**
   * How many observations each child of these classes (read through the classes service for the caller)
   * has dated from `fromIso` to `toIso`, per class (children with none are left out). One statement.
   */
  async countsByChild(
    auth: Scope,
    classes: ClassDetail[],
    fromIso: string,
    toIso: string,
  ): Promise<Map<string, Map<string, number>>> {
    const counts = new Map(classes.map((c) => [c.id, new Map<string, number>()]));
    for (const r of await repo.countsByChild(auth, this.db, [...counts.keys()], fromIso, toIso))
      if (r.classId) counts.get(r.classId)?.set(r.studentId, Number(r.n));
    return counts;
  }

  /** Parents: how many observations of their child, shared with the family, are dated `fromIso` or later. */
  async sharedSince(auth: Scope, studentId: string, fromIso: string): Promise<number> {
    if (auth.kind !== 'parent') throw notFound();
    await requireAccess(auth, 'child', [studentId]);
    return repo.countSince(auth, this.db, studentId, fromIso);
  }

  /**
   * The children of a class with no observation in a learning area (found by its name) from `fromIso`
   * to `toIso`: the assistant's question. Null when no such area is known.
   */
  async unobservedInArea(auth: Scope, classId: string, areaName: string, fromIso: string, toIso: string) {
    const detail = await this.classes.detail(auth, classId);
    const normal = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z]+/g, ' ')
        .trim();
    const target = normal(areaName);
    const [curricula, areas] = await Promise.all([
      repo.curriculaOfClasses(auth, this.db, [classId]),
      repo.usableAreas(auth, this.db),
    ]);
    const candidates = areas.filter((a) => normal(a.name) === target || normal(a.name).includes(target));
    const area = candidates.find((a) => a.curriculumId === curricula.get(classId)) ?? candidates[0];
    if (!area) return null;
    const seen = new Set(await repo.observedInArea(auth, this.db, classId, area.id, fromIso, toIso));
    return { area: area.name, missing: detail.student_list.filter((s) => !seen.has(s.id)).map((s) => s.id) };
  }

  /**
   * The report card's "statements shown this period": the statements tagged on ALL the school's
   * observations of a child dated `fromIso` to `toIso` (shared with the family or not), each with how many
   * observations show it and the latest date (ISO), grouped by framework and area in the records' order.
   */
  async statementsOfChild(auth: Scope, studentId: string, fromIso: string, toIso: string): Promise<StatementsByArea[]> {
    staffSchool(auth);
    await requireAccess(auth, 'child', [studentId]);
    return (await this.statementsByChild(auth, [studentId], fromIso, toIso)).get(studentId) ?? [];
  }

  /**
   * `statementsOfChild` for every child of a class at once (the report cards of a class): the caller must
   * reach the class. Two reads whatever the number of children.
   */
  async statementsOfClassChildren(
    auth: Scope,
    classId: string,
    fromIso: string,
    toIso: string,
  ): Promise<Map<string, StatementsByArea[]>> {
    const roster = await this.classes.detail(auth, classId);
    return this.statementsByChild(
      auth,
      roster.student_list.map((s) => s.id),
      fromIso,
      toIso,
    );
  }

  private async statementsByChild(
    auth: Scope,
    studentIds: readonly string[],
    fromIso: string,
    toIso: string,
  ): Promise<Map<string, StatementsByArea[]>> {
    const out = new Map<string, StatementsByArea[]>();
    if (studentIds.length === 0) return out;
    const rows = await repo.statementsOfChildren(auth, this.db, studentIds, fromIso, toIso);
    const refs = await this.curriculum.statementRefs(
      auth,
      rows.map((r) => r.statementId),
    );
    for (const studentId of new Set(studentIds)) {
      const mine = rows.filter((r) => r.studentId === studentId);
      const counts = new Map(mine.map((r) => [r.statementId, { n: Number(r.n), last: String(r.last) }]));
      const groups: StatementsByArea[] = [];
      for (const ref of orderedStatements([...counts.keys()], refs)) {
        let group = groups.at(-1);
        if (!group || group.area._id !== ref.area._id || group.framework._id !== ref.framework._id) {
          group = { framework: ref.framework, area: ref.area, statements: [] };
          groups.push(group);
        }
        const c = counts.get(ref._id);
        group.statements.push({ ...ref, observations: c?.n ?? 0, last_date: c?.last ?? '' });
      }
      out.set(studentId, groups);
    }
    return out;
  }

  /** How many observations a child has per learning area, so that gaps show. */
  async coverage(auth: Scope, studentId: string) {
    await requireAccess(auth, 'child', [studentId]);
    const cls = await repo.classOfChild(auth, this.db, studentId);
    const [areas, counts] = await Promise.all([
      cls?.curriculumId ? repo.areasOfCurriculum(auth, this.db, cls.curriculumId) : Promise.resolve([]),
      repo.coverageCounts(auth, this.db, studentId),
    ]);
    return presentCoverage(areas, counts);
  }

  /**
   * Assessment's evidence: these children's observations dated fromIso..toIso (or, with `ids`, those
   * observations), newest first, with their areas and first photo. Staff who reach every child only.
   */
  async evidenceOf(
    auth: Scope,
    studentIds: readonly string[],
    fromIso: string | null,
    toIso: string | null,
    ids?: readonly string[],
  ) {
    staffSchool(auth);
    await requireAccess(auth, 'child', studentIds);
    const range = fromIso && toIso ? { from: fromIso, to: toIso } : null;
    const rows = await repo.evidenceOf(auth, this.db, studentIds, range, ids);
    return rows.map((r) => ({
      id: r.id,
      studentId: r.studentId,
      date: r.date,
      title: r.title,
      text: r.generalNote,
      thumbnail: signMedia(r.media.find((m) => m.kind === 'image')?.media_link ?? r.media[0]?.media_link ?? null),
      areaIds: r.areas.map((a) => a.id),
      areaCodes: r.areas.map((a) => a.code),
    }));
  }
}
