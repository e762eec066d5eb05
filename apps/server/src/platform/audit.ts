import type { AuditAction, AuditEntityType } from '@cue/contract';
import { type Scope, staffSchool } from './auth/scope.js';
import type { Queryable } from './db/client.js';
import { auditLog } from './db/schema.js';
import { newId } from './ids.js';

/**
 * The platform's audit trail: who changed what and when, with the values before and after. A service
 * records the change with the same transaction handle that writes it, so that a change and its entry
 * land together or not at all. Entries are never changed or deleted.
 */
export interface AuditChange {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** A short human label of the thing changed ("EYFS", "Music room", "announcement (ar)"). */
  label: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry for the scope's school, by the scope's person (a job's system scope: no person). */
export async function recordAudit(scope: Scope, q: Queryable, change: AuditChange): Promise<void> {
  const schoolId = staffSchool(scope);
  const actor = scope.userId && /^[0-9a-f]{24}$/.test(scope.userId) ? scope.userId : null;
  await q.insert(auditLog).values({
    id: newId(),
    schoolId,
    actorId: actor,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    label: change.label.slice(0, 300),
    before: change.before === undefined ? null : (change.before as object),
    after: change.after === undefined ? null : (change.after as object),
  });
}
