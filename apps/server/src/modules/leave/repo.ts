import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import { memberName } from '../../platform/db/names.js';
import {
  classes,
  classStaff,
  classStudents,
  leaveCover,
  leaveDecisions,
  leaveLineManagers,
  leaveRequestDays,
  leaveRequests,
  leaveSettings,
  leaveTypes,
  memberships,
  roles,
  users,
} from '../../platform/db/schema.js';

/*
 * The leave portal's SQL. Every read carries the staff member's school. Days are half-days.
 */

export type SettingsRow = typeof leaveSettings.$inferSelect;
export type TypeRow = typeof leaveTypes.$inferSelect;
export type RequestRow = typeof leaveRequests.$inferSelect;
export type DecisionRow = typeof leaveDecisions.$inferSelect;

const orNone = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['']);

export async function settings(scope: Scope, q: Queryable): Promise<SettingsRow | null> {
  const [row] = await q
    .select()
    .from(leaveSettings)
    .where(eq(leaveSettings.schoolId, staffSchool(scope)));
  return row ?? null;
}

export async function saveSettings(scope: Scope, q: Queryable, set: Partial<typeof leaveSettings.$inferInsert>): Promise<void> {
  await q
    .insert(leaveSettings)
    .values({ schoolId: staffSchool(scope), ...set })
    .onConflictDoUpdate({ target: leaveSettings.schoolId, set: { ...set, updatedAt: new Date() } });
}

// ------------------------------------------------------------------ types

export async function types(scope: Scope, q: Queryable, f: { ids?: readonly string[]; includeArchived?: boolean } = {}) {
  return q
    .select()
    .from(leaveTypes)
    .where(
      and(
        eq(leaveTypes.schoolId, staffSchool(scope)),
        f.ids ? inArray(leaveTypes.id, orNone(f.ids)) : undefined,
        f.includeArchived ? undefined : isNull(leaveTypes.archivedAt),
      ),
    )
    .orderBy(asc(leaveTypes.position), asc(leaveTypes.name), asc(leaveTypes.id));
}

export async function insertType(scope: Scope, q: Queryable, row: Omit<typeof leaveTypes.$inferInsert, 'schoolId'>) {
  await q.insert(leaveTypes).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateType(scope: Scope, q: Queryable, id: string, set: Partial<typeof leaveTypes.$inferInsert>) {
  const rows = await q
    .update(leaveTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(leaveTypes.id, id), eq(leaveTypes.schoolId, staffSchool(scope))))
    .returning({ id: leaveTypes.id });
  return rows.length > 0;
}

/** A live type of the school with this name (another than `except`). */
export async function typeNamed(scope: Scope, q: Queryable, name: string, except?: string) {
  const [row] = await q
    .select({ id: leaveTypes.id })
    .from(leaveTypes)
    .where(
      and(
        eq(leaveTypes.schoolId, staffSchool(scope)),
        isNull(leaveTypes.archivedAt),
        sql`lower(${leaveTypes.name}) = lower(${name})`,
        except ? sql`${leaveTypes.id} <> ${except}` : undefined,
      ),
    );
  return row ?? null;
}

// ------------------------------------------------------------------ staff and line managers

export interface StaffMember {
  id: string;
  name: string;
  role: string;
}

/** The school's staff (its memberships), by name. */
export async function staff(scope: Scope, q: Queryable, ids?: readonly string[]): Promise<StaffMember[]> {
  return q
    .select({ id: users.id, name: memberName, role: roles.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.schoolId, staffSchool(scope)),
        isNull(users.deletedAt),
        ids ? inArray(users.id, orNone(ids)) : undefined,
      ),
    )
    .orderBy(asc(memberName), asc(users.id));
}

export interface ClassOfStaff {
  staffId: string;
  classId: string;
  name: string;
  days: string[];
}

/** The live classes these staff members are staff of (all the school's staff when none named). */
export async function classesOfStaff(scope: Scope, q: Queryable, staffIds?: readonly string[]): Promise<ClassOfStaff[]> {
  return q
    .select({ staffId: classStaff.userId, classId: classes.id, name: classes.name, days: classes.days })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(
      and(
        eq(classes.schoolId, staffSchool(scope)),
        isNull(classes.archivedAt),
        staffIds ? inArray(classStaff.userId, orNone(staffIds)) : undefined,
      ),
    );
}

/** Children enrolled in each class. */
export async function childCounts(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await q
    .select({ classId: classStudents.classId, n: sql<string>`count(*)` })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classes.schoolId, staffSchool(scope)), inArray(classStudents.classId, orNone(classIds))))
    .groupBy(classStudents.classId);
  return new Map(rows.map((r) => [r.classId, Number(r.n)]));
}

/** The school's line managers (of one member when named). */
export async function managers(scope: Scope, q: Queryable, staffId?: string) {
  return q
    .select({ staffId: leaveLineManagers.staffId, managerId: leaveLineManagers.managerId })
    .from(leaveLineManagers)
    .where(and(eq(leaveLineManagers.schoolId, staffSchool(scope)), staffId ? eq(leaveLineManagers.staffId, staffId) : undefined));
}

export async function setManager(scope: Scope, q: Queryable, staffId: string, managerId: string | null): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.delete(leaveLineManagers).where(and(eq(leaveLineManagers.schoolId, schoolId), eq(leaveLineManagers.staffId, staffId)));
  if (managerId) await q.insert(leaveLineManagers).values({ schoolId, staffId, managerId });
}

// ------------------------------------------------------------------ requests

/** Holds the member's row until the transaction ends, so their applications are decided one at a time. */
export async function lockMember(scope: Scope, q: Queryable, staffId: string): Promise<void> {
  staffSchool(scope);
  await q.execute(sql`select 1 from ${users} where ${users.id} = ${staffId} for update`);
}

export async function insertRequest(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof leaveRequests.$inferInsert, 'schoolId'>,
  days: readonly { date: string; portion: string }[],
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q.insert(leaveRequests).values({ ...row, schoolId });
  if (days.length > 0)
    await q
      .insert(leaveRequestDays)
      .values(days.map((d) => ({ requestId: row.id, schoolId, staffId: row.staffId, date: d.date, portion: d.portion })));
}

export async function setDocument(
  scope: Scope,
  q: Queryable,
  id: string,
  doc: { key: string; name: string; mime: string; size: number },
): Promise<void> {
  await q
    .update(leaveRequests)
    .set({ documentKey: doc.key, documentName: doc.name, documentMime: doc.mime, documentSize: doc.size, updatedAt: new Date() })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.schoolId, staffSchool(scope))));
}

export async function setStatus(scope: Scope, q: Queryable, id: string, status: string): Promise<void> {
  await q
    .update(leaveRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.schoolId, staffSchool(scope))));
}

export async function lockRequest(scope: Scope, q: Queryable, id: string): Promise<RequestRow | null> {
  const [row] = await q
    .select()
    .from(leaveRequests)
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export interface RequestFilter {
  ids?: readonly string[];
  staffIds?: readonly string[];
  statuses?: readonly string[];
  from?: string;
  to?: string;
}

const requestWhere = (scope: Scope, f: RequestFilter): SQL | undefined =>
  and(
    eq(leaveRequests.schoolId, staffSchool(scope)),
    f.ids ? inArray(leaveRequests.id, orNone(f.ids)) : undefined,
    f.staffIds ? inArray(leaveRequests.staffId, orNone(f.staffIds)) : undefined,
    f.statuses ? inArray(leaveRequests.status, orNone(f.statuses)) : undefined,
    f.from ? gte(leaveRequests.endDate, f.from) : undefined,
    f.to ? lte(leaveRequests.startDate, f.to) : undefined,
  );

/** The requests' order: the latest first day first, then the latest asked. */
export const REQUEST_ORDER: Keyset<RequestRow> = [
  { by: leaveRequests.startDate, desc: true, of: (r) => r.startDate },
  { by: leaveRequests.createdAt, desc: true, of: (r) => r.createdAt },
  { by: leaveRequests.id, desc: true, of: (r) => r.id },
];

/** Every request matching, in the list's order (those after the row of `after`, a cursor of the list, when given). */
export async function requests(scope: Scope, q: Queryable, f: RequestFilter, after?: string) {
  return q
    .select()
    .from(leaveRequests)
    .where(and(requestWhere(scope, f), keysetAfter(REQUEST_ORDER, after)))
    .orderBy(...keysetOrder(REQUEST_ORDER));
}

/** A page of the requests matching: `limit` of them from `offset`, or after `cursor`. */
export async function requestPage(
  scope: Scope,
  q: Queryable,
  f: RequestFilter,
  page: { offset: number; limit: number; cursor?: string },
): Promise<{ rows: RequestRow[]; nextCursor: string | null }> {
  const rows = await q
    .select()
    .from(leaveRequests)
    .where(and(requestWhere(scope, f), keysetAfter(REQUEST_ORDER, page.cursor)))
    .orderBy(...keysetOrder(REQUEST_ORDER))
    .limit(page.limit + 1)
    .offset(page.cursor ? 0 : page.offset);
  return keysetPage(REQUEST_ORDER, rows, page.limit);
}

export async function requestCount(scope: Scope, q: Queryable, f: RequestFilter): Promise<number> {
  const [row] = await q.select({ n: sql<string>`count(*)` }).from(leaveRequests).where(requestWhere(scope, f));
  return Number(row?.n ?? 0);
}

export async function decisionsOf(scope: Scope, q: Queryable, requestIds: readonly string[]) {
  return q
    .select()
    .from(leaveDecisions)
    .where(and(eq(leaveDecisions.schoolId, staffSchool(scope)), inArray(leaveDecisions.requestId, orNone(requestIds))))
    .orderBy(asc(leaveDecisions.createdAt), asc(leaveDecisions.id));
}

export async function insertDecision(scope: Scope, q: Queryable, row: Omit<typeof leaveDecisions.$inferInsert, 'schoolId'>) {
  await q.insert(leaveDecisions).values({ ...row, schoolId: staffSchool(scope) });
}

export interface LeaveDay {
  requestId: string;
  staffId: string;
  date: string;
  portion: string;
  status: string;
  typeId: string;
}

/** Days of leave (of these statuses) between two days, of these staff (all when none named). */
export async function leaveDays(
  scope: Scope,
  q: Queryable,
  f: { from: string; to: string; statuses: readonly string[]; staffIds?: readonly string[]; typeId?: string },
): Promise<LeaveDay[]> {
  return q
    .select({
      requestId: leaveRequestDays.requestId,
      staffId: leaveRequestDays.staffId,
      date: leaveRequestDays.date,
      portion: leaveRequestDays.portion,
      status: leaveRequests.status,
      typeId: leaveRequests.leaveTypeId,
    })
    .from(leaveRequestDays)
    .innerJoin(leaveRequests, eq(leaveRequests.id, leaveRequestDays.requestId))
    .where(
      and(
        eq(leaveRequestDays.schoolId, staffSchool(scope)),
        gte(leaveRequestDays.date, f.from),
        lte(leaveRequestDays.date, f.to),
        inArray(leaveRequests.status, orNone(f.statuses)),
        f.staffIds ? inArray(leaveRequestDays.staffId, orNone(f.staffIds)) : undefined,
        f.typeId ? eq(leaveRequests.leaveTypeId, f.typeId) : undefined,
      ),
    )
    .orderBy(asc(leaveRequestDays.date));
}

/** The school's live classes named (one class, or a division's). */
export async function classesInScope(
  scope: Scope,
  q: Queryable,
  f: { classId?: string; divisionId?: string },
): Promise<string[]> {
  const rows = await q
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, staffSchool(scope)),
        isNull(classes.archivedAt),
        f.classId ? eq(classes.id, f.classId) : undefined,
        f.divisionId ? eq(classes.divisionId, f.divisionId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ cover

export type CoverRow = typeof leaveCover.$inferSelect;

/** Substitutes named between two days (of one class when named). */
export async function covers(scope: Scope, q: Queryable, f: { from: string; to: string; classId?: string }): Promise<CoverRow[]> {
  return q
    .select()
    .from(leaveCover)
    .where(
      and(
        eq(leaveCover.schoolId, staffSchool(scope)),
        gte(leaveCover.date, f.from),
        lte(leaveCover.date, f.to),
        f.classId ? eq(leaveCover.classId, f.classId) : undefined,
      ),
    );
}

export async function setCover(
  scope: Scope,
  q: Queryable,
  row: { classId: string; date: string; absentId: string; substituteId: string | null; assignedBy: string },
): Promise<void> {
  const schoolId = staffSchool(scope);
  const where = and(
    eq(leaveCover.schoolId, schoolId),
    eq(leaveCover.classId, row.classId),
    eq(leaveCover.date, row.date),
    eq(leaveCover.absentId, row.absentId),
  );
  await q.delete(leaveCover).where(where);
  if (row.substituteId)
    await q.insert(leaveCover).values({ ...row, substituteId: row.substituteId, schoolId, assignedAt: new Date() });
}

/** Takes off the substitutes named for a member's days between two days (their leave was cancelled). */
export async function clearCover(scope: Scope, q: Queryable, absentId: string, from: string, to: string): Promise<void> {
  await q
    .delete(leaveCover)
    .where(
      and(
        eq(leaveCover.schoolId, staffSchool(scope)),
        eq(leaveCover.absentId, absentId),
        gte(leaveCover.date, from),
        lte(leaveCover.date, to),
      ),
    );
}

/** Where to write to members: their email, first name and id (for their language). */
export async function contacts(scope: Scope, q: Queryable, ids: readonly string[]) {
  return q
    .select({ id: users.id, email: users.email, firstName: sql<string>`coalesce(${memberships.firstName}, ${users.firstName})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.schoolId, staffSchool(scope)), inArray(users.id, orNone(ids)), isNull(users.deletedAt)));
}
