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

/**
 * The rows about children a scope reaches, as a condition on a table with a school column and a child
 * column: a staff member's own school's rows; for a family, the rows about its own children only.
 */
export async function childRowReach(scope: Scope, schoolColumn: AnyColumn, studentColumn: AnyColumn): Promise<SQL> {
  if (scope.kind === 'staff') return eq(schoolColumn, scope.schoolId ?? '');
  const kids = [...(await scope.childIds())];
  return kids.length ? inArray(studentColumn, kids) : sql`false`;
}
