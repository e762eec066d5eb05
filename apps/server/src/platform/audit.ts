import type { AuditAction, AuditEntityType } from '@cue/contract';
import { staffSchool } from './auth/scope.js';
import type { AccessClaims } from './auth/tokens.js';
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
export async function recordAudit(scope: AccessClaims, q: Queryable, change: AuditChange): Promise<void> {
  await recordSchoolAudit(staffSchool(scope), scope.userId, q, change);
}

/** Writes one entry for a school by a person who may not be its staff (a parent's export of their child's document). */
export async function recordSchoolAudit(schoolId: string, actorId: string, q: Queryable, change: AuditChange): Promise<void> {
  const actor = actorId && /^[0-9a-f]{24}$/.test(actorId) ? actorId : null;
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
