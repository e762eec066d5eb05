import type { AuditAction, AuditEntityType, AuditEntry } from '@cue/contract';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from './auth/scope.js';
import type { Queryable } from './db/client.js';
import { auditLog, users } from './db/schema.js';
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

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || !id ? null : { at: date, id };
}

/** The scope's school's entries of these entity types, newest first, a page at a time (by a cursor on the index). */
export async function auditPage(
  scope: Scope,
  q: Queryable,
  filter: { entityTypes: readonly AuditEntityType[]; entityId?: string; cursor?: string; limit: number },
): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const schoolId = staffSchool(scope);
  if (filter.entityTypes.length === 0) return { items: [], next_cursor: null };
  const after = decodeCursor(filter.cursor);
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.schoolId, schoolId),
    inArray(auditLog.entityType, [...filter.entityTypes]),
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    after ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id))) : undefined,
  ];
  const rows = await q
    .select({
      entry: auditLog,
      actorName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry, actorName }) => ({
      _id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
      action: entry.action as AuditAction,
      entity_type: entry.entityType as AuditEntityType,
      entity_id: entry.entityId,
      label: entry.label,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
    next_cursor: rows.length > filter.limit && last ? encodeCursor(last.entry.at, last.entry.id) : null,
  };
}
