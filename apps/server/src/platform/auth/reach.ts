import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { students } from '../db/schema.js';
import type { Scope } from './scope.js';

/**
 * The schools a scope reaches, as a condition on a column holding a school id: a staff member's own
 * school; for a family, the schools of its own children. Repositories put it in their WHERE clause so
 * that no row of another school can come back, whatever ids a caller passes.
 */
export async function schoolReach(scope: Scope, column: AnyColumn): Promise<SQL> {
  if (scope.kind === 'staff') return eq(column, scope.schoolId ?? '');
  const kids = [...(await scope.childIds())];
  if (kids.length === 0) return sql`false`;
  return sql`${column} in (select ${students.schoolId} from ${students} where ${inArray(students.id, kids)})`;
}
