import type { AuditEntityType } from '@cue/contract';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { auditLog, users } from '../../platform/db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || !id ? null : { at: date, id };
}

/** The scope's school's entries of these entity types, newest first: one more than `limit` tells that more follow. */
export async function entries(
  scope: Scope,
  q: Queryable,
  filter: { entityTypes: readonly AuditEntityType[]; entityId?: string; cursor?: string; limit: number },
): Promise<AuditRow[]> {
  const schoolId = staffSchool(scope);
  if (filter.entityTypes.length === 0) return [];
  const after = decodeCursor(filter.cursor);
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.schoolId, schoolId),
    inArray(auditLog.entityType, [...filter.entityTypes]),
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    after ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id))) : undefined,
  ];
  const rows = await q
    .select({ entry: auditLog, actorName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit + 1);
  return rows.map((r) => ({ ...r.entry, actorName: r.actorName }));
}

/** The cursor that reads the entries older than this one. */
export const cursorAfter = (scope: Scope, row: AuditRow): string => {
  staffSchool(scope);
  return encodeCursor(row.at, row.id);
};
