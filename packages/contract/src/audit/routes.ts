import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditPageSchema } from '../academic/audit.js';
import { ddmmyyyySchema, envelope, idSchema } from '../common.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';

/**
 * The school's audit log (issue 30): who changed what and when, for the admin who manages permissions.
 * It reads the platform's audit trail (sign-ins, permission and staff changes, data exports, deletions,
 * the academic setup and management) with Cue's writes and the safeguarding view's openings.
 */
export const AUDIT_LOG_READER = 'admin_portal.permissions' as const;

const filterShape = {
  q: z.string().trim().max(100).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
  actor_id: idSchema.optional(),
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
};
const dayKey = (ddmmyyyy: string) => ddmmyyyy.split('-').reverse().join('');
const inOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || dayKey(f.from) <= dayKey(f.to);
const ORDER = { message: 'The start date must be on or before the end date', path: ['to'] };

/** The entries to read: text in the label or the person's name, an action, a kind of thing, a person, days (the school's). */
export const auditLogFilterSchema = z.object(filterShape).refine(inOrder, ORDER);
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = z
  .object({
    ...filterShape,
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine(inOrder, ORDER);

/** At most this many entries go into one export; narrow the filter for more. */
export const AUDIT_LOG_EXPORT_MAX = 10_000;

const reader = { access: 'staff', permission: AUDIT_LOG_READER } as const;

export const AUDIT_LOG_ROUTES = routeTable({
  /** Newest first, `limit` (50) at a time; `next_cursor` reads the older ones. */
  auditLog: { method: 'GET', path: '/api/audit_log', ...reader, query: auditLogQuerySchema, response: envelope(auditPageSchema) },
  /** The entries of a filter as CSV (at most 10,000, newest first); the export is itself logged. */
  auditLogCsv: { method: 'GET', path: '/api/audit_log/export', ...reader, query: auditLogFilterSchema, response: FILE_RESPONSE },
});
