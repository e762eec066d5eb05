import { and, asc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { classes, daySchedules, divisions } from '../../platform/db/schema.js';

/* Every query carries the caller's school. */

export type ScheduleRow = typeof daySchedules.$inferSelect;
export type ScheduleListed = ScheduleRow & { divisionName: string | null; className: string | null };

const listedColumns = { s: daySchedules, divisionName: divisions.name, className: classes.name };

/** The school's schedules with their division's and class's names (archived ones when asked), by name. */
export async function listSchedules(
  scope: Scope,
  q: Queryable,
  options: { includeArchived?: boolean; id?: string } = {},
): Promise<ScheduleListed[]> {
  const where: (SQL | undefined)[] = [
    eq(daySchedules.schoolId, staffSchool(scope)),
    options.includeArchived || options.id ? undefined : isNull(daySchedules.archivedAt),
    options.id ? eq(daySchedules.id, options.id) : undefined,
  ];
  const rows = await q
    .select(listedColumns)
    .from(daySchedules)
    .leftJoin(divisions, eq(divisions.id, daySchedules.divisionId))
    .leftJoin(classes, eq(classes.id, daySchedules.classId))
    .where(and(...where))
    .orderBy(asc(daySchedules.name), asc(daySchedules.id));
  return rows.map((r) => ({ ...r.s, divisionName: r.divisionName, className: r.className }));
}

export async function findSchedule(scope: Scope, q: Queryable, id: string): Promise<ScheduleListed | null> {
  return (await listSchedules(scope, q, { id }))[0] ?? null;
}

/** The live schedules that may apply to a class: its own, its division's, the school's. */
export async function candidatesFor(
  scope: Scope,
  q: Queryable,
  cls: { id: string; divisionId: string | null },
): Promise<ScheduleRow[]> {
  return q
    .select()
    .from(daySchedules)
    .where(
      and(
        eq(daySchedules.schoolId, staffSchool(scope)),
        isNull(daySchedules.archivedAt),
        or(
          eq(daySchedules.target, 'school'),
          and(eq(daySchedules.target, 'class'), eq(daySchedules.classId, cls.id)),
          cls.divisionId ? and(eq(daySchedules.target, 'division'), eq(daySchedules.divisionId, cls.divisionId)) : undefined,
        ),
      ),
    );
}

/**
 * Serialises the writes of the school's schedules until the transaction ends, so that "one live
 * schedule per target" checked inside it cannot be passed by two writers at once.
 */
export async function lockSchoolSchedules(scope: Scope, q: Queryable): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`day_schedules:${staffSchool(scope)}`}))`);
}

/** Another live schedule of the same target (the school; a division; a class), if any. */
export async function liveOfTarget(
  scope: Scope,
  q: Queryable,
  target: { target: string; divisionId: string | null; classId: string | null },
  exceptId?: string,
): Promise<{ id: string } | null> {
  const [row] = await q
    .select({ id: daySchedules.id })
    .from(daySchedules)
    .where(
      and(
        eq(daySchedules.schoolId, staffSchool(scope)),
        isNull(daySchedules.archivedAt),
        eq(daySchedules.target, target.target),
        target.target === 'division' && target.divisionId ? eq(daySchedules.divisionId, target.divisionId) : undefined,
        target.target === 'class' && target.classId ? eq(daySchedules.classId, target.classId) : undefined,
        exceptId ? ne(daySchedules.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSchedule(scope: Scope, q: Queryable, row: Omit<typeof daySchedules.$inferInsert, 'schoolId'>) {
  await q.insert(daySchedules).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateSchedule(scope: Scope, q: Queryable, id: string, set: Partial<typeof daySchedules.$inferInsert>) {
  await q
    .update(daySchedules)
    .set(set)
    .where(and(eq(daySchedules.id, id), eq(daySchedules.schoolId, staffSchool(scope))));
}
