import type { AuditAction, AuditEntityType, AuditEntry } from '@cue/contract';
import type { AuditRow } from './repo.js';

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName ?? '' } : null,
  action: row.action as AuditAction,
  entity_type: row.entityType as AuditEntityType,
  entity_id: row.entityId,
  label: row.label,
  before: row.before ?? null,
  after: row.after ?? null,
});
