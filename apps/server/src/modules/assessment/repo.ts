import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { assessmentPeriods, memberships, users } from '../../platform/db/schema.js';

export type PeriodRow = typeof assessmentPeriods.$inferSelect & { lockedByName: string | null };

/** Staff routes only reach their own school's assessment data. */
export const staffSchoolId = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');

const PERIOD_COLUMNS = {
  id: assessmentPeriods.id,
  schoolId: assessmentPeriods.schoolId,
  name: assessmentPeriods.name,
  startDate: assessmentPeriods.startDate,
  endDate: assessmentPeriods.endDate,
  lockedAt: assessmentPeriods.lockedAt,
  lockedBy: assessmentPeriods.lockedBy,
  createdAt: assessmentPeriods.createdAt,
  lockedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

/** The periods of a school, oldest first. `schoolId`: a family's child's school (staff: their own). */
export async function periods(scope: Scope, q: Queryable, schoolId = staffSchoolId(scope)): Promise<PeriodRow[]> {
  return q
    .select(PERIOD_COLUMNS)
    .from(assessmentPeriods)
    .leftJoin(users, eq(users.id, assessmentPeriods.lockedBy))
    .where(eq(assessmentPeriods.schoolId, schoolId))
    .orderBy(asc(assessmentPeriods.startDate));
}

export async function periodById(
  scope: Scope,
  q: Queryable,
  id: string,
  schoolId = staffSchoolId(scope),
): Promise<PeriodRow | undefined> {
  const [row] = await q
    .select(PERIOD_COLUMNS)
    .from(assessmentPeriods)
    .leftJoin(users, eq(users.id, assessmentPeriods.lockedBy))
    .where(and(eq(assessmentPeriods.schoolId, schoolId), eq(assessmentPeriods.id, id)));
  return row;
}

/** Periods of the school overlapping start..end, other than `exceptId`. */
export async function overlapping(scope: Scope, q: Queryable, start: string, end: string, exceptId?: string): Promise<number> {
  const rows = await q
    .select({ id: assessmentPeriods.id })
    .from(assessmentPeriods)
    .where(
      and(
        eq(assessmentPeriods.schoolId, staffSchoolId(scope)),
        lte(assessmentPeriods.startDate, end),
        gte(assessmentPeriods.endDate, start),
        exceptId ? ne(assessmentPeriods.id, exceptId) : undefined,
      ),
    );
  return rows.length;
}

/** Inserts periods for the scope's school; a period already starting on the same day is kept as it is. */
export async function insertPeriods(
  scope: Scope,
  q: Queryable,
  rows: { id: string; name: string; startDate: string; endDate: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await q
    .insert(assessmentPeriods)
    .values(rows.map((r) => ({ ...r, schoolId: staffSchoolId(scope) })))
    .onConflictDoNothing();
}

export async function updatePeriod(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<typeof assessmentPeriods.$inferInsert, 'name' | 'startDate' | 'endDate' | 'lockedAt' | 'lockedBy'>>,
): Promise<void> {
  await q
    .update(assessmentPeriods)
    .set(patch)
    .where(and(eq(assessmentPeriods.schoolId, staffSchoolId(scope)), eq(assessmentPeriods.id, id)));
}

/**
 * Names of the caller's school's staff by user id (who changed a grade, signed a comment off, wrote a
 * reflection): only members of the school are named, so an id from elsewhere finds nothing.
 */
export async function staffNames(scope: Scope, q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const members = q
    .select({ id: memberships.userId })
    .from(memberships)
    .where(eq(memberships.schoolId, staffSchoolId(scope)));
  const rows = await q
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), inArray(users.id, members)));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}
