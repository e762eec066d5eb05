import { and, eq } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { fileExports } from '../../platform/db/schema.js';

export type ExportRow = typeof fileExports.$inferSelect;

export async function insertExport(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof fileExports.$inferInsert, 'schoolId' | 'requestedBy'>,
) {
  await q.insert(fileExports).values({ ...row, schoolId: staffSchool(scope), requestedBy: scope.userId });
}

/** An export the scope's person asked for, in their school. */
export async function findExport(scope: Scope, q: Queryable, id: string): Promise<ExportRow | null> {
  const [row] = await q
    .select()
    .from(fileExports)
    .where(and(eq(fileExports.id, id), eq(fileExports.schoolId, staffSchool(scope)), eq(fileExports.requestedBy, scope.userId)))
    .limit(1);
  return row ?? null;
}

export async function updateExport(
  scope: Scope,
  q: Queryable,
  id: string,
  values: Partial<Pick<ExportRow, 'status' | 'progress' | 'fileLink' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await q
    .update(fileExports)
    .set(values)
    .where(and(eq(fileExports.id, id), eq(fileExports.schoolId, staffSchool(scope)), eq(fileExports.requestedBy, scope.userId)));
}
