import type { ClassDetail, Excusal } from '@cue/contract';
import { ERROR_CODES } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { ClassService } from '../classes/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import { ABSENCE_EMAIL_JOB, sendAbsenceEmails } from './excusal-email.js';
import { presentExcusal } from './presenter.js';
import * as repo from './repo.js';
import type { AttendanceService } from './service.js';

/** Absences reported ahead by parents, approved or declined by the class's staff. Dates are ISO. */
export class ExcusalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly classes: ClassService,
    private readonly attendance: AttendanceService,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    emailTemplates: EmailTemplateService,
  ) {
    jobs.handle(ABSENCE_EMAIL_JOB, (payload) => sendAbsenceEmails(db, emailTemplates, payload));
  }

  private async list(auth: Scope, where: Parameters<typeof repo.listExcusals>[2]): Promise<Excusal[]> {
    return (await repo.listExcusals(auth, this.db, where)).map(presentExcusal);
  }

  async create(
    auth: Scope,
    classId: string,
    body: { student_id: string; from: string; to: string; reason: string },
  ): Promise<Excusal> {
    await this.attendance.assertParentOfChildInClass(auth, classId, body.student_id);
    const { from, to } = body;
    if (from > to) throw badRequest('from_date must not come after to_date', undefined, 'to_date');
    const schoolId = await this.attendance.schoolOfChild(auth, body.student_id);
    // The school's today: a parent in the evening of the school's day can still report that day.
    const today = await this.attendance.today(auth, schoolId);
    if (to < today) throw badRequest('An absence can be reported for today or later', undefined, 'to_date');
    const id = newId();
    const written = await repo.insertExcusal(auth, this.db, {
      id,
      classId,
      studentId: body.student_id,
      requestedBy: auth.userId,
      fromDate: from,
      toDate: to,
      reason: body.reason,
    });
    if (!written) throw notFound();
    this.events.publish('excusal.updated', { schoolId, classId, studentId: body.student_id, status: 'pending' });
    // The class's staff are emailed by a job (retried by the queue; the family does not wait on it).
    await this.jobs.schedule(`absence-email:${id}`, ABSENCE_EMAIL_JOB, this.clock.now(), { school_id: schoolId, excusal_id: id });
    const [created] = await this.list(auth, { id });
    if (!created) throw notFound();
    return created;
  }

  async forParent(auth: Scope, classId: string, studentId: string): Promise<Excusal[]> {
    await this.attendance.assertParentOfChildInClass(auth, classId, studentId);
    return this.list(auth, { classIds: [classId], studentId });
  }

  /** A class's reported absences (only those of one status when given: 'pending' waits for a decision). */
  async forClass(auth: Scope, classId: string, status?: Excusal['status']): Promise<Excusal[]> {
    await this.classes.detail(auth, classId);
    return this.list(auth, { classIds: [classId], status });
  }

  /** The excusals of these classes (read through the classes service for the caller), per class, in one statement. */
  async forClasses(auth: Scope, classes: ClassDetail[], status?: Excusal['status']): Promise<Map<string, Excusal[]>> {
    const byClass = new Map(classes.map((c) => [c.id, [] as Excusal[]]));
    for (const e of await this.list(auth, { classIds: [...byClass.keys()], status })) byClass.get(e.class_id)?.push(e);
    return byClass;
  }

  async decide(auth: Scope, classId: string, excusalId: string, status: 'approved' | 'rejected'): Promise<Excusal> {
    const roster = await this.classes.detail(auth, classId);
    const studentId = await repo.decideExcusal(auth, this.db, {
      id: excusalId,
      classId,
      status,
      by: auth.userId,
      at: this.clock.now(),
    });
    if (!studentId) throw new AppError(404, 'Not found', ERROR_CODES.notFound);
    this.events.publish('excusal.updated', { schoolId: roster.school_info.id, classId, studentId, status });
    const [updated] = await this.list(auth, { id: excusalId });
    if (!updated) throw notFound();
    return updated;
  }
}
