import { z } from 'zod';
import { idSchema } from '../common.js';

/*
 * The audit trail of the academic setup (issue 25): who changed what and when, with the values before
 * and after. The table is the platform's (`audit_log`); the operations issue's admin audit log reads it
 * too.
 */

export const AUDIT_ENTITY_TYPES = [
  'curriculum_framework',
  'curriculum_node',
  'class_frameworks',
  'day_schedule',
  'resource',
  'resource_booking',
  'email_template',
  // Management (issue 26).
  'admission_form',
  'admission_application',
  'job_opening',
  'job_application',
  'job_interview',
  'fee_settings',
  'fee_structure',
  'fee_discount',
  'invoice_run',
  'invoice',
  'payment',
  'credit_note',
  // Leave (issue 27).
  'leave_settings',
  'leave_type',
  'line_managers',
  'leave_request',
  'leave_cover',
  'staff_attendance',
  // Timetable (issue 28).
  'timetable_subject',
  'timetable_mapping',
  'timetable_teacher',
  'timetable_outline',
  'timetable_lesson',
  'timetable_run',
  // The admin's audit log (issue 30): sign-ins, permissions, staff, exports, deletions, Cue's writes and
  // safeguarding openings of conversations.
  'session',
  'role',
  'staff_member',
  'export',
  'communication',
  'observation',
  'conversation',
  'cue_action',
  'audit_log',
  // Data protection: a child's data erased, the school's retention settings and their daily run.
  'student',
  'retention',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'restore',
  'reset',
  'cancel',
  'import',
  'copy',
  'reorder',
  // Management (issue 26): a pipeline move, an enrolment, a hire, invoices issued, a payment voided.
  'stage',
  'enrol',
  'hire',
  'issue',
  'revise',
  'void',
  // Timetable (issue 28): a run's timetable written, a lesson moved.
  'generate',
  'move',
  'delete',
  // The admin's audit log (issue 30): a sign-in, a data export, a conversation opened through the
  // safeguarding view, a write Cue made for a teacher.
  'sign_in',
  'export',
  'open',
  'cue_save',
  'erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  _id: idSchema,
  at: z.string(),
  actor: z.object({ _id: idSchema, name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string(),
  /** A short human label of the thing changed ("EYFS", "Music room", "announcement (ar)"). */
  label: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entity_id: z.string().trim().max(80).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
/** Newest first; `next_cursor` reads the older ones. */
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
