import type { AuditEntityType } from '@cue/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import { auditLog, users } from '../../platform/db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

/** Newest first, for the academic trail (its table's columns) and the school's log (its union's `e`). */
const TRAIL_ORDER: Keyset<AuditRow> = [
  { by: auditLog.at, desc: true, of: (r) => r.at },
  { by: auditLog.id, desc: true, of: (r) => r.id },
];
const LOG_ORDER: Keyset<AuditRow> = [
  { by: sql.raw('e.at'), kind: 'timestamp', desc: true, of: (r) => r.at },
  { by: sql.raw('e.id'), kind: 'text', desc: true, of: (r) => r.id },
];

/** The scope's school's entries of these entity types, newest first, `limit` at a time, and the cursor of the next page. */
export async function entries(
  scope: Scope,
  q: Queryable,
  filter: { entityTypes: readonly AuditEntityType[]; entityId?: string; cursor?: string; limit: number },
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const schoolId = staffSchool(scope);
  if (filter.entityTypes.length === 0) return { rows: [], nextCursor: null };
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.schoolId, schoolId),
    inArray(auditLog.entityType, [...filter.entityTypes]),
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    keysetAfter(TRAIL_ORDER, filter.cursor),
  ];
  const rows = await q
    .select({ entry: auditLog, actorName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(...keysetOrder(TRAIL_ORDER))
    .limit(filter.limit + 1);
  return keysetPage(
    TRAIL_ORDER,
    rows.map((r) => ({ ...r.entry, actorName: r.actorName })),
    filter.limit,
  );
}

/** What the school's audit log is asked for: instants already in the school's zone. */
export interface LogFilter {
  q?: string;
  action?: string;
  entityType?: string;
  actorId?: string;
  since?: Date;
  before?: Date;
  cursor?: string;
  limit: number;
}

interface LogRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** The acting person's name, one expression for what is shown and what is searched (a missing part is no name lost). */
const ACTOR_NAME = sql`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The school's whole audit log, newest first: the platform's trail with Cue's writes (`ai_audit`) and
 * the safeguarding view's openings and exports (`chat_audit`) read as entries of their own. One more
 * `limit` at a time, and the cursor of the next page.
 */
export async function schoolLog(
  scope: Scope,
  q: Queryable,
  filter: LogFilter,
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const schoolId = staffSchool(scope);
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(sql`e.action = ${filter.action}`);
  if (filter.entityType) conditions.push(sql`e.entity_type = ${filter.entityType}`);
  if (filter.actorId) conditions.push(sql`e.actor_id = ${filter.actorId}`);
  if (filter.since) conditions.push(sql`e.at >= ${filter.since.toISOString()}`);
  if (filter.before) conditions.push(sql`e.at < ${filter.before.toISOString()}`);
  if (filter.q) {
    const like = likePattern(filter.q);
    conditions.push(sql`(e.label ilike ${like} or e.entity_id = ${filter.q} or ${ACTOR_NAME} ilike ${like})`);
  }
  const after = keysetAfter(LOG_ORDER, filter.cursor);
  if (after) conditions.push(after);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await q.execute(sql`
    select e.*, ${ACTOR_NAME} as actor_name
    from (
      select id, at, actor_id, action, entity_type, entity_id, label, before, after
      from audit_log where school_id = ${schoolId}
      union all
      select c.id, c.created_at, c.user_id, c.action, 'conversation', c.conversation_id,
        coalesce(nullif(cc.title, ''), cc.kind), null::jsonb, null::jsonb
      from chat_audit c left join chat_conversations cc on cc.id = c.conversation_id
      where c.school_id = ${schoolId}
      union all
      select id, created_at, user_id, 'cue_save', 'cue_action', tool_call_id, tool || ': ' || sentence, args, result
      from ai_audit where school_id = ${schoolId}
    ) e
    left join users u on u.id = e.actor_id
    ${where}
    order by ${sql.join(keysetOrder(LOG_ORDER), sql`, `)}
    limit ${filter.limit + 1}`);
  const rows = (result as unknown as { rows: LogRow[] }).rows;
  const logRows = rows.map((r) => ({
    id: r.id,
    schoolId,
    at: new Date(r.at),
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    label: r.label,
    before: r.before ?? null,
    after: r.after ?? null,
  }));
  return keysetPage(LOG_ORDER, logRows, filter.limit);
}
