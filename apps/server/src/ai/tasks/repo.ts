import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { cueTasks } from '../../platform/db/schema.js';

/*
 * Cue's tasks: each is the person's own, in their school. The job that runs a task acts with the scope
 * of the person who gave the command.
 */

export type TaskRow = typeof cueTasks.$inferSelect;
export type TaskInsert = typeof cueTasks.$inferInsert;

const mine = (scope: Scope) => and(eq(cueTasks.userId, scope.userId), eq(cueTasks.schoolId, staffSchool(scope)));

export async function insert(scope: Scope, q: Queryable, row: Omit<TaskInsert, 'schoolId' | 'userId'>): Promise<void> {
  await q.insert(cueTasks).values({ ...row, schoolId: staffSchool(scope), userId: scope.userId });
}

/** One of the caller's tasks. */
export async function find(scope: Scope, q: Queryable, id: string): Promise<TaskRow | null> {
  const [row] = await q
    .select()
    .from(cueTasks)
    .where(and(eq(cueTasks.id, id), mine(scope)));
  return row ?? null;
}

export async function update(
  scope: Scope,
  q: Queryable,
  id: string,
  set: { state: Record<string, unknown>; status: string; updatedAt: Date },
): Promise<void> {
  await q
    .update(cueTasks)
    .set(set)
    .where(and(eq(cueTasks.id, id), mine(scope)));
}

/** The caller's unfinished tasks and those updated since `since`, newest first. */
export async function recent(scope: Scope, q: Queryable, since: Date, limit: number): Promise<TaskRow[]> {
  return q
    .select()
    .from(cueTasks)
    .where(and(mine(scope), or(inArray(cueTasks.status, ['queued', 'running']), gte(cueTasks.updatedAt, since))))
    .orderBy(desc(cueTasks.createdAt))
    .limit(limit);
}
