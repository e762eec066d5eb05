import {
  ADMISSIONS_MANAGER,
  AUDIT_LOG_EXPORT_MAX,
  type AuditEntityType,
  type AuditLogFilter,
  addDays,
  CURRICULUM_EDITOR,
  DAY_SCHEDULE_EDITOR,
  ddmmyyyyFromIso,
  EMAIL_TEMPLATE_EDITOR,
  FEE_MANAGER,
  HIRING_MANAGER,
  LEAVE_MANAGER,
  RESOURCE_MANAGER,
  type RolePermission,
  STAFF_ATTENDANCE_MANAGER,
} from '@cue/contract';
import { recordAudit, recordSchoolAudit } from '../../platform/audit.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { toCsv } from '../../platform/csv.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden } from '../../platform/errors.js';
import { instantToZoned, zonedToInstant } from '../../platform/zoned.js';
import type { SchoolService } from '../school/service.js';
import { presentAuditEntry } from './presenter.js';
import * as repo from './repo.js';

/** Which permission reads the audit entries of each entity type. */
const READER: Partial<Record<AuditEntityType, RolePermission>> = {
  curriculum_framework: CURRICULUM_EDITOR,
  curriculum_node: CURRICULUM_EDITOR,
  class_frameworks: CURRICULUM_EDITOR,
  day_schedule: DAY_SCHEDULE_EDITOR,
  resource: RESOURCE_MANAGER,
  resource_booking: RESOURCE_MANAGER,
  email_template: EMAIL_TEMPLATE_EDITOR,
  admission_form: ADMISSIONS_MANAGER,
  admission_application: ADMISSIONS_MANAGER,
  job_opening: HIRING_MANAGER,
  job_application: HIRING_MANAGER,
  job_interview: HIRING_MANAGER,
  fee_settings: FEE_MANAGER,
  fee_structure: FEE_MANAGER,
  fee_discount: FEE_MANAGER,
  invoice_run: FEE_MANAGER,
  invoice: FEE_MANAGER,
  payment: FEE_MANAGER,
  credit_note: FEE_MANAGER,
  leave_settings: LEAVE_MANAGER,
  leave_type: LEAVE_MANAGER,
  line_managers: LEAVE_MANAGER,
  leave_request: LEAVE_MANAGER,
  leave_cover: LEAVE_MANAGER,
  staff_attendance: STAFF_ATTENDANCE_MANAGER,
  timetable_subject: DAY_SCHEDULE_EDITOR,
  timetable_mapping: DAY_SCHEDULE_EDITOR,
  timetable_teacher: DAY_SCHEDULE_EDITOR,
  timetable_outline: DAY_SCHEDULE_EDITOR,
  timetable_lesson: DAY_SCHEDULE_EDITOR,
  timetable_run: DAY_SCHEDULE_EDITOR,
};

/** The audit trail as people read it: each entity type's entries only for holders of its permission. */
export class AuditService {
  constructor(
    readonly db: Db,
    private readonly school: SchoolService,
  ) {}

  async academic(scope: Scope, query: { entity_type?: AuditEntityType; entity_id?: string; cursor?: string; limit?: number }) {
    const held = await scope.rolePermissions();
    const readable = (Object.keys(READER) as AuditEntityType[]).filter((t) => {
      const reader = READER[t];
      return reader !== undefined && held.has(reader);
    });
    if (query.entity_type && !readable.includes(query.entity_type)) throw forbidden();
    const limit = query.limit ?? 50;
    const { rows, nextCursor } = await repo.entries(scope, this.db, {
      entityTypes: query.entity_type ? [query.entity_type] : readable,
      entityId: query.entity_id,
      cursor: query.cursor,
      limit,
    });
    return { items: rows.map(presentAuditEntry), next_cursor: nextCursor };
  }

  /** The school's audit log (issue 30), newest first, `limit` at a time; days are the school's. */
  async log(scope: Scope, query: AuditLogFilter & { cursor?: string; limit?: number }) {
    const limit = query.limit ?? 50;
    const { rows, nextCursor } = await repo.schoolLog(scope, this.db, {
      ...(await this.filterOf(scope, query)),
      cursor: query.cursor,
      limit,
    });
    return { items: rows.map(presentAuditEntry), next_cursor: nextCursor };
  }

  /**
   * The entries of a filter as CSV (at most AUDIT_LOG_EXPORT_MAX, newest first), times in the school's
   * zone. The export is itself an entry of the log, written before the file is given.
   */
  async csv(scope: Scope, filter: AuditLogFilter): Promise<string> {
    const zone = await this.school.timeZone(scope);
    const { rows } = await repo.schoolLog(scope, this.db, {
      ...(await this.filterOf(scope, filter)),
      limit: AUDIT_LOG_EXPORT_MAX,
    });
    const asked = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
    await recordAudit(scope, this.db, {
      action: 'export',
      entityType: 'audit_log',
      entityId: 'audit_log',
      // The reader's language names it (the kind's name); the count is in `after`.
      label: '',
      after: { filter: asked, entries: rows.length },
    });
    const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
    return toCsv([
      ['When', 'Who', 'Action', 'Type', 'What', 'Item', 'Before', 'After'],
      ...rows.map((r) => {
        const at = instantToZoned(r.at, zone);
        return [
          `${at.date} ${at.time}`,
          r.actorName ?? (r.actorId ? '' : 'System'),
          r.action,
          r.entityType,
          r.label,
          r.entityId,
          json(r.before),
          json(r.after),
        ];
      }),
    ]);
  }

  /** A staff member signed in to a school: an entry of its log, by them. */
  async signedIn(claims: AccessClaims, method: string): Promise<void> {
    await recordAudit(claims, this.db, {
      action: 'sign_in',
      entityType: 'session',
      entityId: claims.sessionId || claims.userId,
      // How, in `after`: the reader's language names it.
      label: '',
      after: { method },
    });
  }

  /** A parent signed in: an entry, by them, in the log of each school one of their children is at. */
  async parentSignedIn(userId: string, schoolIds: readonly string[], method: string): Promise<void> {
    for (const schoolId of schoolIds)
      await recordSchoolAudit(schoolId, userId, this.db, {
        action: 'sign_in',
        entityType: 'session',
        entityId: userId,
        label: '',
        after: { method, as: 'parent' },
      });
  }

  private async filterOf(scope: Scope, filter: AuditLogFilter) {
    const zone = filter.from || filter.to ? await this.school.timeZone(scope) : 'UTC';
    const dayStart = (ddmmyyyy: string) => zonedToInstant(ddmmyyyy, '12:00 AM', zone);
    const to = filter.to ? isoFromWire(filter.to) : null;
    return {
      q: filter.q || undefined,
      action: filter.action,
      entityType: filter.entity_type,
      actorId: filter.actor_id,
      since: filter.from ? dayStart(filter.from) : undefined,
      before: to ? zonedToInstant(ddmmyyyyFromIso(addDays(to, 1)), '12:00 AM', zone) : undefined,
    };
  }
}
