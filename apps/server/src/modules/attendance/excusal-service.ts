import type { createExcusalRequestSchema, Excusal } from '@cue/contract';
import { ERROR_CODES } from '@cue/contract';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { excusals, students, users } from '../../platform/db/schema.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { ClassService } from '../classes/service.js';
import { toDdmmyyyy, toIso } from './dates.js';
import type { AttendanceService } from './service.js';

const decider = alias(users, 'decider');

/** Absences reported ahead by parents, approved or declined by the class's staff. */
export class ExcusalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
    private readonly attendance: AttendanceService,
    private readonly events: EventBus,
  ) {}

  private async list(where: ReturnType<typeof and>): Promise<Excusal[]> {
    const rows = await this.db
      .select({
        e: excusals,
        s: { id: students.id, firstName: students.firstName, lastName: students.lastName, schoolId: students.schoolId },
        d: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
      })
      .from(excusals)
      .innerJoin(students, eq(students.id, excusals.studentId))
      .leftJoin(decider, eq(decider.id, excusals.decidedBy))
      .where(where)
      .orderBy(desc(excusals.fromDate), desc(excusals.createdAt));
    return rows.map(({ e, s, d }) => ({
      id: e.id,
      student: { id: s.id, first_name: s.firstName, last_name: s.lastName },
      class_id: e.classId,
      from_date: toDdmmyyyy(e.fromDate),
      to_date: toDdmmyyyy(e.toDate),
      reason: e.reason,
      status: e.status as Excusal['status'],
      created_at: e.createdAt.toISOString(),
      decided_by: d?.id ? { id: d.id, first_name: d.firstName ?? '', last_name: d.lastName ?? '' } : null,
    }));
  }

  async create(auth: AccessClaims, classId: string, body: z.infer<typeof createExcusalRequestSchema>): Promise<Excusal> {
    await this.attendance.assertParentOfChildInClass(auth, classId, body.student_id);
    const from = toIso(body.from_date, 'from_date');
    const to = toIso(body.to_date, 'to_date');
    if (from > to) throw badRequest('from_date must not come after to_date', undefined, 'to_date');
    const [student] = await this.db
      .select({ schoolId: students.schoolId })
      .from(students)
      .where(eq(students.id, body.student_id));
    // The school's today: a parent in the evening of the school's day can still report that day.
    const today = await this.attendance.today(student?.schoolId ?? '');
    if (to < today) throw badRequest('An absence can be reported for today or later', undefined, 'to_date');
    const id = newId();
    await this.db.insert(excusals).values({
      id,
      classId,
      studentId: body.student_id,
      requestedBy: auth.userId,
      fromDate: from,
      toDate: to,
      reason: body.reason,
    });
    this.events.publish('excusal.updated', {
      schoolId: student?.schoolId ?? '',
      classId,
      studentId: body.student_id,
      status: 'pending',
    });
    const [created] = await this.list(eq(excusals.id, id));
    if (!created) throw notFound();
    return created;
  }

  async forParent(auth: AccessClaims, classId: string, studentId: string): Promise<Excusal[]> {
    await this.attendance.assertParentOfChildInClass(auth, classId, studentId);
    return this.list(and(eq(excusals.classId, classId), eq(excusals.studentId, studentId)));
  }

  /** A class's reported absences (only those of one status when given: 'pending' waits for a decision). */
  async forClass(auth: AccessClaims, classId: string, status?: Excusal['status']): Promise<Excusal[]> {
    await this.classes.detail(auth, classId);
    return this.list(status ? and(eq(excusals.classId, classId), eq(excusals.status, status)) : eq(excusals.classId, classId));
  }

  async decide(auth: AccessClaims, classId: string, excusalId: string, status: 'approved' | 'rejected'): Promise<Excusal> {
    const roster = await this.classes.detail(auth, classId);
    const rows = await this.db
      .update(excusals)
      .set({ status, decidedBy: auth.userId, decidedAt: this.clock.now() })
      .where(and(eq(excusals.id, excusalId), eq(excusals.classId, classId)))
      .returning({ studentId: excusals.studentId });
    if (rows.length === 0) throw new AppError(404, 'Not found', ERROR_CODES.notFound);
    this.events.publish('excusal.updated', {
      schoolId: roster.school_info.id,
      classId,
      studentId: rows[0]?.studentId ?? '',
      status,
    });
    const [updated] = await this.list(eq(excusals.id, excusalId));
    if (!updated) throw notFound();
    return updated;
  }
}
