import type {
  createObservationRequestSchema,
  ObservationEntry,
  observationListQuerySchema,
  updateObservationRequestSchema,
} from '@cue/contract';
import { ERROR_CODES } from '@cue/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import {
  classes,
  classStudents,
  learningAreas,
  media,
  observationAreas,
  observations,
  students,
} from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { signMediaList } from '../../platform/media-urls.js';
import { toDdmmyyyy, toIso } from '../attendance/dates.js';
import type { ClassService } from '../classes/service.js';
import * as commRepo from '../communication/repo.js';
import { parentOfUser } from '../people/repo.js';
import { parentHasChild } from '../users/account-repo.js';

type Row = typeof observations.$inferSelect;

/**
 * Observations: short notes of what a child did, per child, tagged with learning areas, with photos.
 * Staff of the class write and read them; parents read their own child's shared ones (portfolio).
 */
export class ObservationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
  ) {}

  async areasOfClass(auth: AccessClaims, classId: string) {
    await this.classes.detail(auth, classId);
    const [cls] = await this.db.select({ curriculumId: classes.classCurriculumId }).from(classes).where(eq(classes.id, classId));
    if (!cls?.curriculumId) return [];
    const rows = await this.db
      .select()
      .from(learningAreas)
      .where(eq(learningAreas.curriculumId, cls.curriculumId))
      .orderBy(asc(learningAreas.position));
    return rows.map((a) => ({ id: a.id, code: a.code, name: a.name, group: a.group }));
  }

  private async checkAreas(auth: AccessClaims, classId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const allowed = new Set((await this.areasOfClass(auth, classId)).map((a) => a.id));
    const unique = [...new Set(ids)];
    if (unique.some((id) => !allowed.has(id)))
      throw badRequest("learning_area_ids: not areas of the class's curriculum", undefined, 'learning_area_ids');
    return unique;
  }

  private async checkMedia(schoolId: string, links: string[]) {
    if (links.length === 0) return [];
    const found = await this.db
      .select({ url: media.url, kind: media.kind, schoolId: media.schoolId })
      .from(media)
      .where(inArray(media.url, links));
    return links.map((link) => {
      const m = found.find((f) => f.url === link && f.schoolId === schoolId);
      if (!m) throw badRequest('media: attach files uploaded to this school', undefined, 'media');
      return { media_link: m.url, kind: m.kind };
    });
  }

  /** Rows as the contract's entries; staff of the class (the only staff who reach them) edit and delete, parents read. */
  private async present(auth: AccessClaims, rows: Row[]): Promise<ObservationEntry[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [areas, kids, authors] = await Promise.all([
      this.db
        .select({
          observationId: observationAreas.observationId,
          id: learningAreas.id,
          code: learningAreas.code,
          name: learningAreas.name,
          group: learningAreas.group,
        })
        .from(observationAreas)
        .innerJoin(learningAreas, eq(learningAreas.id, observationAreas.learningAreaId))
        .where(inArray(observationAreas.observationId, ids)),
      this.db
        .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(inArray(students.id, [...new Set(rows.map((r) => r.studentId))])),
      commRepo.creatorsOf(this.db, [...new Set(rows.map((r) => r.createdBy))]),
    ]);
    return rows.map((r) => {
      const kid = kids.find((k) => k.id === r.studentId);
      const author = authors.find((a) => a.id === r.createdBy);
      return {
        _id: r.id,
        id: r.id,
        student_id: r.studentId,
        student_name: `${kid?.firstName ?? ''} ${kid?.lastName ?? ''}`.trim(),
        class_id: r.classId,
        date: toDdmmyyyy(r.date),
        title: r.title,
        general_note: r.generalNote,
        type_of_anecdote: r.typeOfAnecdote,
        type: r.type === 'report_card' ? 'report_card' : 'daily',
        report_title: r.reportTitle,
        visibility: r.visibility === 'staff' ? 'staff' : 'family',
        learning_areas: areas
          .filter((a) => a.observationId === r.id)
          .map(({ id, code, name, group }) => ({ id, code, name, group })),
        media: signMediaList(r.media),
        created_by: { id: r.createdBy, first_name: author?.firstName ?? '', last_name: author?.lastName ?? '' },
        created_at: r.createdAt.toISOString(),
        is_saved: true,
        abilities: { can_edit: auth.kind === 'staff', can_delete: auth.kind === 'staff' },
      };
    });
  }

  /** Several children observed together: one entry each, written in one transaction, or none. */
  async create(
    auth: AccessClaims,
    body: z.infer<typeof createObservationRequestSchema>,
  ): Promise<{ observation_entries: ObservationEntry[]; is_saved: boolean }> {
    const schoolId = staffSchool(auth);
    const roster = await this.classes.detail(auth, body.class_id);
    const inClass = new Set(roster.student_list.map((s) => s.id));
    const stranger = body.observation_entries.find((e) => !inClass.has(e.student_id));
    if (stranger)
      throw badRequest(`${stranger.student_id} is not a student of this class`, ERROR_CODES.notInClass, 'observation_entries');
    const areaIds = await this.checkAreas(auth, body.class_id, body.learning_area_ids);
    const attached = await this.checkMedia(
      schoolId,
      body.media.map((m) => m.media_link),
    );
    const groupId = newId();
    const rows = body.observation_entries.map((e) => ({
      id: newId(),
      schoolId,
      classId: body.class_id,
      studentId: e.student_id,
      groupId,
      date: toIso(e.date),
      title: e.title || 'Observation',
      generalNote: e.general_note,
      typeOfAnecdote: e.type_of_anecdote || 'general',
      type: body.type,
      reportTitle: body.type === 'report_card' ? body.report_title : null,
      visibility: body.visibility,
      media: attached,
      createdBy: auth.userId,
    }));
    await this.db.transaction(async (tx) => {
      await tx.insert(observations).values(rows);
      const tags = rows.flatMap((r) => areaIds.map((learningAreaId) => ({ observationId: r.id, learningAreaId })));
      if (tags.length) await tx.insert(observationAreas).values(tags);
    });
    const saved = await this.db
      .select()
      .from(observations)
      .where(eq(observations.groupId, groupId))
      .orderBy(asc(observations.id));
    return { observation_entries: await this.present(auth, saved), is_saved: true };
  }

  private async own(auth: AccessClaims, id: string): Promise<Row> {
    const schoolId = staffSchool(auth);
    const [row] = await this.db
      .select()
      .from(observations)
      .where(and(eq(observations.id, id), eq(observations.schoolId, schoolId)));
    if (!row) throw notFound();
    await this.classes.detail(auth, row.classId);
    return row;
  }

  async update(auth: AccessClaims, id: string, body: z.infer<typeof updateObservationRequestSchema>): Promise<ObservationEntry> {
    const row = await this.own(auth, id);
    const areaIds = body.learning_area_ids ? await this.checkAreas(auth, row.classId, body.learning_area_ids) : undefined;
    await this.db.transaction(async (tx) => {
      await tx
        .update(observations)
        .set({
          ...(body.date ? { date: toIso(body.date) } : {}),
          ...(body.title !== undefined ? { title: body.title || 'Observation' } : {}),
          ...(body.general_note ? { generalNote: body.general_note } : {}),
          ...(body.type_of_anecdote ? { typeOfAnecdote: body.type_of_anecdote } : {}),
          ...(body.visibility ? { visibility: body.visibility } : {}),
          ...(body.report_title !== undefined ? { reportTitle: body.report_title } : {}),
          updatedAt: this.clock.now(),
        })
        .where(eq(observations.id, id));
      if (areaIds) {
        await tx.delete(observationAreas).where(eq(observationAreas.observationId, id));
        if (areaIds.length)
          await tx.insert(observationAreas).values(areaIds.map((learningAreaId) => ({ observationId: id, learningAreaId })));
      }
    });
    const [fresh] = await this.present(auth, await this.db.select().from(observations).where(eq(observations.id, id)));
    if (!fresh) throw notFound();
    return fresh;
  }

  async remove(auth: AccessClaims, id: string): Promise<void> {
    await this.own(auth, id);
    await this.db.delete(observations).where(eq(observations.id, id));
  }

  async addMedia(auth: AccessClaims, id: string, links: string[]): Promise<ObservationEntry> {
    const row = await this.own(auth, id);
    const attached = await this.checkMedia(row.schoolId, links);
    const merged = [...row.media, ...attached.filter((a) => !row.media.some((m) => m.media_link === a.media_link))];
    await this.db.update(observations).set({ media: merged, updatedAt: this.clock.now() }).where(eq(observations.id, id));
    const [fresh] = await this.present(auth, await this.db.select().from(observations).where(eq(observations.id, id)));
    if (!fresh) throw notFound();
    return fresh;
  }

  /** Staff: the classes they may see. Parents: their own children's observations shared with the family. */
  async list(auth: AccessClaims, q: z.infer<typeof observationListQuerySchema>) {
    const conditions = [];
    if (auth.kind === 'parent') {
      const parent = await parentOfUser(this.db, auth.userId);
      if (!parent) return { items: [], total: 0, page: q.page, page_size: q.page_size };
      const kids = (await this.db.query.parentChildren.findMany({ where: (pc, { eq: is }) => is(pc.parentId, parent.id) })).map(
        (k) => k.studentId,
      );
      if (q.student_id && !kids.includes(q.student_id)) throw notFound();
      conditions.push(
        inArray(observations.studentId, q.student_id ? [q.student_id] : kids.length ? kids : ['']),
        eq(observations.visibility, 'family'),
      );
    } else {
      const schoolId = staffSchool(auth);
      conditions.push(eq(observations.schoolId, schoolId));
      if (q.class_id) {
        await this.classes.detail(auth, q.class_id);
        conditions.push(eq(observations.classId, q.class_id));
      } else {
        const visible = (await this.classes.staffClasses(auth)).map((c) => c.id);
        conditions.push(inArray(observations.classId, visible.length ? visible : ['']));
      }
      if (q.student_id) conditions.push(eq(observations.studentId, q.student_id));
    }
    if (q.type) conditions.push(eq(observations.type, q.type));
    if (q.date) conditions.push(eq(observations.date, toIso(q.date)));
    if (q.report_title) conditions.push(eq(observations.reportTitle, q.report_title));
    if (q.search)
      conditions.push(
        sql`to_tsvector('simple', ${observations.title} || ' ' || ${observations.generalNote}) @@ plainto_tsquery('simple', ${q.search})`,
      );
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(observations).where(where);
    const rows = await this.db
      .select()
      .from(observations)
      .where(where)
      .orderBy(desc(observations.date), desc(observations.createdAt))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    return { items: await this.present(auth, rows), total: Number(total?.n ?? 0), page: q.page, page_size: q.page_size };
  }

  /** How many observations each child of a class has dated from `fromIso` to `toIso` (children with none are left out). */
  async countsByChild(auth: AccessClaims, classId: string, fromIso: string, toIso: string): Promise<Map<string, number>> {
    await this.classes.detail(auth, classId);
    const rows = await this.db
      .select({ studentId: observations.studentId, n: count() })
      .from(observations)
      .where(
        and(
          eq(observations.schoolId, staffSchool(auth)),
          eq(observations.classId, classId),
          gte(observations.date, fromIso),
          lte(observations.date, toIso),
        ),
      )
      .groupBy(observations.studentId);
    return new Map(rows.map((r) => [r.studentId, Number(r.n)]));
  }

  /** Parents: how many observations of their child, shared with the family, are dated `fromIso` or later. */
  async sharedSince(auth: AccessClaims, studentId: string, fromIso: string): Promise<number> {
    const parent = auth.kind === 'parent' ? await parentOfUser(this.db, auth.userId) : null;
    if (!parent || !(await parentHasChild(this.db, parent.id, studentId))) throw notFound();
    const [row] = await this.db
      .select({ n: count() })
      .from(observations)
      .where(and(eq(observations.studentId, studentId), eq(observations.visibility, 'family'), gte(observations.date, fromIso)));
    return Number(row?.n ?? 0);
  }

  /** How many observations a child has per learning area, so that gaps show. */
  async coverage(auth: AccessClaims, studentId: string) {
    if (auth.kind === 'parent') {
      const parent = await parentOfUser(this.db, auth.userId);
      if (!parent || !(await parentHasChild(this.db, parent.id, studentId))) throw notFound();
    }
    const [kid] = await this.db.select({ schoolId: students.schoolId }).from(students).where(eq(students.id, studentId));
    if (!kid || (auth.kind === 'staff' && kid.schoolId !== auth.schoolId)) throw notFound();
    const [cls] = await this.db
      .select({ id: classes.id, curriculumId: classes.classCurriculumId })
      .from(classes)
      .innerJoin(classStudents, and(eq(classStudents.classId, classes.id), eq(classStudents.studentId, studentId)))
      .limit(1);
    if (auth.kind === 'staff' && cls) await this.classes.detail(auth, cls.id);
    const areas = cls?.curriculumId
      ? await this.db
          .select()
          .from(learningAreas)
          .where(eq(learningAreas.curriculumId, cls.curriculumId))
          .orderBy(asc(learningAreas.position))
      : [];
    const visibility = auth.kind === 'parent' ? [eq(observations.visibility, 'family')] : [];
    const counts = await this.db
      .select({ areaId: observationAreas.learningAreaId, n: count(), last: sql<string>`max(${observations.date})` })
      .from(observationAreas)
      .innerJoin(observations, eq(observations.id, observationAreas.observationId))
      .where(and(eq(observations.studentId, studentId), ...visibility))
      .groupBy(observationAreas.learningAreaId);
    return areas.map((a) => {
      const c = counts.find((x) => x.areaId === a.id);
      return {
        id: a.id,
        code: a.code,
        name: a.name,
        group: a.group,
        observations: Number(c?.n ?? 0),
        last_date: c?.last ? toDdmmyyyy(String(c.last)) : null,
      };
    });
  }
}
