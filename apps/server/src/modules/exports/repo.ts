import { and, eq } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { fileExports } from '../../platform/db/schema.js';
import { forbidden } from '../../platform/errors.js';

export type ExportRow = typeof fileExports.$inferSelect;

/**
 * The school an export belongs to: a staff member's own school; for a parent, the school of the
 * document they asked about (carried on their scope by the service and the job).
 */
function exportSchool(scope: Scope): string {
  if (scope.kind === 'parent') {
    if (!scope.schoolId) throw forbidden();
    return scope.schoolId;
  }
  return staffSchool(scope);
}

export async function insertExport(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof fileExports.$inferInsert, 'schoolId' | 'requestedBy'>,
) {
  await q.insert(fileExports).values({ ...row, schoolId: exportSchool(scope), requestedBy: scope.userId });
}

/**
 * An export the scope's person asked for: staff, in their school; a parent, any of their own (a family's
 * documents belong to the schools of their children, not to the school they are signed in to).
 */
export async function findExport(scope: Scope, q: Queryable, id: string): Promise<ExportRow | null> {
  const mine = and(eq(fileExports.id, id), eq(fileExports.requestedBy, scope.userId));
  const [row] = await q
    .select()
    .from(fileExports)
    .where(scope.kind === 'parent' ? mine : and(mine, eq(fileExports.schoolId, staffSchool(scope))))
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
    .where(and(eq(fileExports.id, id), eq(fileExports.schoolId, exportSchool(scope)), eq(fileExports.requestedBy, scope.userId)));
}
