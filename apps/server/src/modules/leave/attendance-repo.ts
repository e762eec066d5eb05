import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { staffAttendance, staffAttendanceSettings, staffCodes, staffSchedules } from '../../platform/db/schema.js';

/*
 * Staff attendance's SQL. Every read and write carries the member's school.
 */

export type AttendanceSettingsRow = typeof staffAttendanceSettings.$inferSelect;
export type ScheduleRow = typeof staffSchedules.$inferSelect;
export type StaffDayRow = typeof staffAttendance.$inferSelect;

const orNone = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['']);

export async function settings(scope: Scope, q: Queryable): Promise<AttendanceSettingsRow | null> {
  const [row] = await q
    .select()
    .from(staffAttendanceSettings)
    .where(eq(staffAttendanceSettings.schoolId, staffSchool(scope)));
  return row ?? null;
}

export async function saveSettings(
  scope: Scope,
  q: Queryable,
  set: Partial<Omit<typeof staffAttendanceSettings.$inferInsert, 'schoolId'>>,
): Promise<void> {
  await q
    .insert(staffAttendanceSettings)
    .values({ schoolId: staffSchool(scope), ...set })
    .onConflictDoUpdate({ target: staffAttendanceSettings.schoolId, set: { ...set, updatedAt: new Date() } });
}

/** Own schedules of these members (everyone's when none named). */
export async function schedules(scope: Scope, q: Queryable, staffIds?: readonly string[]): Promise<ScheduleRow[]> {
  return q
    .select()
    .from(staffSchedules)
    .where(
      and(
        eq(staffSchedules.schoolId, staffSchool(scope)),
        staffIds ? inArray(staffSchedules.staffId, orNone(staffIds)) : undefined,
      ),
    );
}

export async function replaceSchedule(
  scope: Scope,
  q: Queryable,
  staffId: string,
  days: readonly { weekday: string; start: string; end: string }[],
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.delete(staffSchedules).where(and(eq(staffSchedules.schoolId, schoolId), eq(staffSchedules.staffId, staffId)));
  if (days.length > 0) await q.insert(staffSchedules).values(days.map((d) => ({ ...d, schoolId, staffId })));
}

// ------------------------------------------------------------------ kiosk codes

export async function codes(scope: Scope, q: Queryable, staffIds?: readonly string[]) {
  return q
    .select({ staffId: staffCodes.staffId, code: staffCodes.code })
    .from(staffCodes)
    .where(
      and(eq(staffCodes.schoolId, staffSchool(scope)), staffIds ? inArray(staffCodes.staffId, orNone(staffIds)) : undefined),
    );
}

export async function staffByCode(scope: Scope, q: Queryable, code: string): Promise<string | null> {
  const [row] = await q
    .select({ staffId: staffCodes.staffId })
    .from(staffCodes)
    .where(and(eq(staffCodes.schoolId, staffSchool(scope)), eq(staffCodes.code, code)));
  return row?.staffId ?? null;
}

/** Gives a member this code; false when another member of the school holds it. */
export async function setCode(scope: Scope, q: Queryable, staffId: string, code: string): Promise<boolean> {
  const schoolId = staffSchool(scope);
  const taken = await staffByCode(scope, q, code);
  if (taken && taken !== staffId) return false;
  await q
    .insert(staffCodes)
    .values({ schoolId, staffId, code })
    .onConflictDoUpdate({ target: [staffCodes.schoolId, staffCodes.staffId], set: { code, createdAt: new Date() } });
  return true;
}

// ------------------------------------------------------------------ days

export async function days(
  scope: Scope,
  q: Queryable,
  f: { from: string; to: string; staffIds?: readonly string[] },
): Promise<StaffDayRow[]> {
  return q
    .select()
    .from(staffAttendance)
    .where(
      and(
        eq(staffAttendance.schoolId, staffSchool(scope)),
        gte(staffAttendance.date, f.from),
        lte(staffAttendance.date, f.to),
        f.staffIds ? inArray(staffAttendance.staffId, orNone(f.staffIds)) : undefined,
      ),
    )
    .orderBy(asc(staffAttendance.date));
}

/** The member's day, locked until the transaction ends (a row is made first so two check-ins wait for each other). */
export async function lockDay(scope: Scope, q: Queryable, staffId: string, date: string): Promise<StaffDayRow> {
  const schoolId = staffSchool(scope);
  await q.insert(staffAttendance).values({ schoolId, staffId, date }).onConflictDoNothing();
  const [row] = await q
    .select()
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, schoolId), eq(staffAttendance.staffId, staffId), eq(staffAttendance.date, date)))
    .for('update');
  if (!row) throw new Error('staff day row missing after insert');
  return row;
}

export async function saveDay(
  scope: Scope,
  q: Queryable,
  staffId: string,
  date: string,
  set: Partial<Omit<StaffDayRow, 'schoolId' | 'staffId' | 'date'>>,
): Promise<void> {
  await q
    .update(staffAttendance)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(eq(staffAttendance.schoolId, staffSchool(scope)), eq(staffAttendance.staffId, staffId), eq(staffAttendance.date, date)),
    );
}
