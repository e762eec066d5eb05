import {
  ASSESSMENT_MESSAGES,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type Reflection,
  type RolePermission,
  type reflectionChangeSchema,
  type reflectionQuerySchema,
  type reflectionRequestSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { signMediaList, unsignedMedia } from '../../platform/media-urls.js';
import type { PlanningService } from '../planning/service.js';
import * as repo from './reflection-repo.js';
import type { AssessmentService } from './service.js';

type ReflectionBody = z.infer<typeof reflectionRequestSchema>;
type ReflectionChange = z.infer<typeof reflectionChangeSchema>;

const CLASS_MANAGER: RolePermission = 'admin_portal.classes';

/**
 * Assessment: teachers' and children's reflections per unit or period (issue 23). A class's staff write
 * them (a child's is about one child of the class, told to or written with the teacher); the writer or
 * a class manager changes them; nothing of a locked period changes. Teachers read their classes',
 * class managers every class's.
 */
export class ReflectionService {
  constructor(
    readonly db: Db,
    readonly assessment: AssessmentService,
    readonly planning: PlanningService,
  ) {}

  private async manager(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(CLASS_MANAGER);
  }

  async list(scope: Scope, q: z.infer<typeof reflectionQuerySchema>) {
    staffSchool(scope);
    if (q.class_id) await requireAccess(scope, 'class', [q.class_id]);
    if (q.student_id) await requireAccess(scope, 'child', [q.student_id]);
    const classIds = (await this.manager(scope)) ? undefined : [...(await scope.taughtClassIds())];
    const { rows, total, nextCursor } = await repo.list(scope, this.db, {
      classIds,
      classId: q.class_id,
      studentId: q.student_id,
      unitId: q.unit_id,
      periodId: q.period_id,
      authorKind: q.author_kind,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
      cursor: q.cursor,
    });
    return { items: await this.present(scope, rows), total, page: q.page, page_size: q.page_size, next_cursor: nextCursor };
  }

  /** A child's reflections dated fromIso..toIso, newest first (the child's record). */
  async ofChild(scope: Scope, studentId: string, fromIso: string, toIso: string, limit = 500): Promise<Reflection[]> {
    await requireAccess(scope, 'child', [studentId]);
    const { rows } = await repo.list(scope, this.db, { studentId, from: fromIso, to: toIso, limit, offset: 0 });
    return this.present(scope, rows);
  }

  private async present(scope: Scope, rows: repo.ReflectionRow[]): Promise<Reflection[]> {
    if (rows.length === 0) return [];
    const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
    const [names, unitTitles, periods, manager] = await Promise.all([
      repo.names(scope, this.db, {
        classIds: unique(rows.map((r) => r.classId)),
        studentIds: unique(rows.map((r) => r.studentId)),
        userIds: unique(rows.map((r) => r.createdBy)),
      }),
      this.planning.unitTitles(scope, unique(rows.map((r) => r.unitId))),
      this.assessment.periodRows(scope),
      this.manager(scope),
    ]);
    const locked = new Set(periods.filter((p) => p.lockedAt).map((p) => p.id));
    return rows.map((r) => {
      const mayChange = (r.createdBy === scope.userId || manager) && !(r.periodId && locked.has(r.periodId));
      return {
        _id: r.id,
        class_id: r.classId,
        class_name: names.classes.get(r.classId) ?? '',
        author_kind: r.authorKind === 'child' ? 'child' : 'teacher',
        student_id: r.studentId,
        student_name: r.studentId ? (names.students.get(r.studentId) ?? null) : null,
        unit_id: r.unitId,
        unit_title: r.unitId ? (unitTitles.get(r.unitId)?.title ?? null) : null,
        period_id: r.periodId,
        date: ddmmyyyyFromIso(r.date),
        body: r.body,
        media: signMediaList(r.media),
        created_by: names.users.get(r.createdBy) ?? '',
        created_at: r.createdAt.toISOString(),
        abilities: { can_edit: mayChange, can_delete: mayChange },
      };
    });
  }

  private async presentOne(scope: Scope, id: string): Promise<Reflection> {
    const row = await repo.byId(scope, this.db, id);
    if (!row) throw notFound();
    const [one] = await this.present(scope, [row]);
    return one as Reflection;
  }

  /** The child, unit, period and files a reflection names, checked against its class. */
  private async checked(
    scope: Scope,
    classId: string,
    body: {
      author_kind: 'teacher' | 'child';
      student_id?: string | null;
      unit_id?: string | null;
      period_id?: string | null;
      date: string;
      media?: { media_link: string; kind: string }[];
    },
  ) {
    if (body.author_kind === 'child' && !body.student_id)
      throw badRequest(ASSESSMENT_MESSAGES.childOfReflection, ERROR_CODES.validation, 'student_id');
    if (body.student_id) {
      const classesOf = await scope.childrenInSchool([body.student_id]);
      if (!(classesOf.get(body.student_id) ?? []).includes(classId))
        throw badRequest(`${body.student_id} is not a student of this class`, ERROR_CODES.notInClass, 'student_id');
    }
    if (body.unit_id) {
      const unit = (await this.planning.unitTitles(scope, [body.unit_id])).get(body.unit_id);
      if (!unit?.classIds.includes(classId)) throw badRequest(ASSESSMENT_MESSAGES.unitOfClass, ERROR_CODES.validation, 'unit_id');
    }
    const date = isoFromWire(body.date, 'date');
    const period = body.period_id
      ? await this.assessment.period(scope, body.period_id)
      : await this.assessment.periodOfDay(scope, date);
    if (period) this.assessment.assertOpen(period);
    const links = (body.media ?? []).map((m) => unsignedMedia(m.media_link));
    const files = await repo.schoolFiles(scope, this.db, links);
    const media = links.map((link) => {
      const file = files.find((f) => f.url === link);
      if (!file) throw badRequest(ASSESSMENT_MESSAGES.schoolFiles, ERROR_CODES.validation, 'media');
      return { media_link: file.url, kind: file.kind };
    });
    return { date, periodId: period?.id ?? null, media };
  }

  async create(scope: Scope, body: ReflectionBody): Promise<Reflection> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [body.class_id]);
    const { date, periodId, media } = await this.checked(scope, body.class_id, body);
    const id = newId();
    await repo.insert(scope, this.db, {
      id,
      classId: body.class_id,
      studentId: body.student_id ?? null,
      unitId: body.unit_id ?? null,
      periodId,
      authorKind: body.author_kind,
      date,
      body: body.body,
      media,
      createdBy: scope.userId,
    });
    return this.presentOne(scope, id);
  }

  /** A reflection the caller may change: its writer's, or any for a class manager; none of a locked period. */
  private async changeable(scope: Scope, id: string): Promise<repo.ReflectionRow> {
    staffSchool(scope);
    const row = await repo.byId(scope, this.db, id);
    if (!row) throw notFound();
    const manager = await this.manager(scope);
    if (!manager) {
      await requireAccess(scope, 'class', [row.classId]);
      if (row.createdBy !== scope.userId) throw forbidden();
    }
    if (row.periodId) this.assessment.assertOpen(await this.assessment.period(scope, row.periodId));
    return row;
  }

  async update(scope: Scope, id: string, change: ReflectionChange): Promise<Reflection> {
    const row = await this.changeable(scope, id);
    const next = {
      author_kind: change.author_kind ?? (row.authorKind === 'child' ? ('child' as const) : ('teacher' as const)),
      student_id: change.student_id !== undefined ? change.student_id : row.studentId,
      unit_id: change.unit_id !== undefined ? change.unit_id : row.unitId,
      // A new date finds its own period unless one is named.
      period_id: change.period_id !== undefined ? change.period_id : change.date ? undefined : row.periodId,
      date: change.date ?? ddmmyyyyFromIso(row.date),
      media: change.media ?? row.media,
    };
    const { date, periodId, media } = await this.checked(scope, row.classId, next);
    await repo.update(scope, this.db, id, {
      authorKind: next.author_kind,
      studentId: next.student_id ?? null,
      unitId: next.unit_id ?? null,
      periodId,
      date,
      media,
      body: change.body ?? row.body,
      updatedAt: new Date(),
    });
    return this.presentOne(scope, id);
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.changeable(scope, id);
    await repo.remove(scope, this.db, id);
  }
}
