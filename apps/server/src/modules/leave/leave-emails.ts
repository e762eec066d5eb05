import { ddmmyyyyFromIso, LEAVE_MANAGER, type LeaveStatus, PAGE_PATHS, pagePath } from '@cue/contract';
import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import { days } from './presenter.js';
import * as repo from './repo.js';

const LEAVE_EMAIL_JOB = 'leave-email';

/**
 * The leave portal's emails (issue 27), sent by a job after the request or decision is saved: a request
 * waiting for a step goes to whoever decides it (the line manager, else every leave manager; the leave
 * managers for the second step), a decision to the applicant. A job that finds the request moved on
 * since sends nothing.
 */
export class LeaveEmails {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly emailTemplates: EmailTemplateService,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
    readonly publicUrl = '',
  ) {
    jobs.handle(LEAVE_EMAIL_JOB, (payload) => this.send(payload));
  }

  /** Queues the email of a request now in `status`. */
  async queue(schoolId: string, requestId: string, status: LeaveStatus): Promise<void> {
    await this.jobs.schedule(`leave-email:${requestId}:${status}`, LEAVE_EMAIL_JOB, this.clock.now(), {
      schoolId,
      requestId,
      status,
    });
    void this.jobs.runDue().catch(() => undefined);
  }

  private scopeOf(schoolId: string, userId = ''): Scope {
    return this.scopes.of({ userId, kind: 'staff', schoolId, sessionId: 'job:leave-email', isTemp: false });
  }

  private link(path: string): string {
    return `${this.publicUrl.replace(/\/+$/, '')}${path}`;
  }

  private async send(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.schoolId);
    const scope = this.scopeOf(schoolId);
    const [row] = await repo.requests(scope, this.db, { ids: [String(payload.requestId)] });
    if (!row || row.status !== payload.status) return;
    const [[type], members, managers] = await Promise.all([
      repo.types(scope, this.db, { ids: [row.leaveTypeId], includeArchived: true }),
      repo.staff(scope, this.db),
      repo.managers(scope, this.db, row.staffId),
    ]);
    const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? '';
    const common = {
      leave_type: type?.name ?? '',
      start_date: ddmmyyyyFromIso(row.startDate),
      end_date: ddmmyyyyFromIso(row.endDate),
    };
    let to: string[];
    let key: 'leave_requested' | 'leave_approved' | 'leave_declined';
    let values: Record<string, string>;
    if (row.status === 'pending' || row.status === 'pending_admin') {
      key = 'leave_requested';
      const manager = row.status === 'pending' ? managers[0]?.managerId : undefined;
      if (manager) to = [manager];
      else {
        const held = await Promise.all(
          members.map(async (m) => ((await this.scopeOf(schoolId, m.id).rolePermissions()).has(LEAVE_MANAGER) ? m.id : null)),
        );
        to = held.filter((id): id is string => id !== null && id !== row.staffId);
      }
      values = {
        ...common,
        staff_name: nameOf(row.staffId),
        days: String(days(row.days)),
        reason: row.reason,
        link: this.link(pagePath.leaveRequest(row.id)),
      };
    } else if (row.status === 'approved' || row.status === 'declined') {
      key = row.status === 'approved' ? 'leave_approved' : 'leave_declined';
      const decision = (await repo.decisionsOf(scope, this.db, [row.id])).at(-1);
      if (!decision) return;
      to = [row.staffId];
      values = { ...common, decided_by: nameOf(decision.byId), note: decision.note, link: this.link(PAGE_PATHS.myLeave) };
    } else return;
    const people = await repo.contacts(scope, this.db, to);
    await this.emailTemplates.sendEach(
      { kind: 'system', schoolId },
      key,
      people.flatMap((p) => (p.email ? [{ to: p.email, userId: p.id, values: { ...values, first_name: p.firstName } }] : [])),
    );
  }
}
