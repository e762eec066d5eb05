import {
  ADMISSIONS_MANAGER,
  type AuditEntityType,
  CURRICULUM_EDITOR,
  DAY_SCHEDULE_EDITOR,
  EMAIL_TEMPLATE_EDITOR,
  FEE_MANAGER,
  HIRING_MANAGER,
  LEAVE_MANAGER,
  RESOURCE_MANAGER,
  type RolePermission,
  STAFF_ATTENDANCE_MANAGER,
} from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/client.js';
import { forbidden } from '../../platform/errors.js';
import { presentAuditEntry } from './presenter.js';
import * as repo from './repo.js';

/** Which permission reads the audit entries of each entity type. */
const READER: Record<AuditEntityType, RolePermission> = {
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
  constructor(readonly db: Db) {}

  async academic(scope: Scope, query: { entity_type?: AuditEntityType; entity_id?: string; cursor?: string; limit?: number }) {
    const held = await scope.rolePermissions();
    const readable = (Object.keys(READER) as AuditEntityType[]).filter((t) => held.has(READER[t]));
    if (query.entity_type && !readable.includes(query.entity_type)) throw forbidden();
    const limit = query.limit ?? 50;
    const rows = await repo.entries(scope, this.db, {
      entityTypes: query.entity_type ? [query.entity_type] : readable,
      entityId: query.entity_id,
      cursor: query.cursor,
      limit,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(presentAuditEntry),
      next_cursor: rows.length > limit && last ? repo.cursorAfter(scope, last) : null,
    };
  }
}
