import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { childRowReach } from '../../platform/auth/reach.js';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStaff,
  classStudents,
  dispersalAlerts,
  dispersalEvents,
  dispersalSettings,
  familyCodes,
  kioskAttempts,
  kiosks,
  oneTimePickups,
  parentChildren,
  parents,
  schools,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * Drop-off and pick-up's SQL. Every function takes the caller's scope first: staff (and a kiosk, which
 * acts as its school's system) reach their school's rows (`school_id` in the WHERE clause); a family
 * only the rows of its own children.
 */

export type SettingsRow = typeof dispersalSettings.$inferSelect;
export type EventInsert = typeof dispersalEvents.$inferInsert;
export type AlertInsert = typeof dispersalAlerts.$inferInsert;
export type PickupRow = typeof oneTimePickups.$inferSelect;
export type KioskRow = typeof kiosks.$inferSelect;
export type FamilyCodeRow = typeof familyCodes.$inferSelect;

const NONE = ['-'];
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : NONE);

const reach = childRowReach;

// ------------------------------------------------------------------ settings

export async function settings(scope: Scope, q: Queryable): Promise<SettingsRow | null> {
  const [row] = await q
    .select()
    .from(dispersalSettings)
    .where(eq(dispersalSettings.schoolId, staffSchool(scope)))
    .limit(1);
  return row ?? null;
}

/** The school's row with its defaults, made once (a second maker's insert does nothing). */
export async function ensureSettings(scope: Scope, q: Queryable): Promise<void> {
  await q
    .insert(dispersalSettings)
    .values({ schoolId: staffSchool(scope) })
    .onConflictDoNothing();
}

export async function saveSettings(
  scope: Scope,
  q: Queryable,
  values: Omit<typeof dispersalSettings.$inferInsert, 'schoolId'>,
): Promise<void> {
  const schoolId = staffSchool(scope);
  await q
    .insert(dispersalSettings)
    .values({ ...values, schoolId })
    .onConflictDoUpdate({ target: dispersalSettings.schoolId, set: values });
}

// ------------------------------------------------------------------ people

/** The children the scope reaches, with their school. */
export async function studentsOf(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      id: students.id,
      schoolId: students.schoolId,
      firstName: students.firstName,
      lastName: students.lastName,
      profilePicture: students.profilePicture,
    })
    .from(students)
    .where(and(inArray(students.id, [...ids]), await reach(scope, students.schoolId, students.id)));
}
export type StudentRow = Awaited<ReturnType<typeof studentsOf>>[number];

/** The classes (not archived) of these children in their own school, with the class's times and days. */
export async function classesOfStudents(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      studentId: classStudents.studentId,
      classId: classes.id,
      name: classes.name,
      days: classes.days,
      startTime: classes.startTime,
      endTime: classes.endTime,
    })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(
      and(
        inArray(classStudents.studentId, [...ids]),
        eq(classes.schoolId, students.schoolId),
        isNull(classes.archivedAt),
        await reach(scope, students.schoolId, students.id),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
}
export type StudentClassRow = Awaited<ReturnType<typeof classesOfStudents>>[number];

/** The staff user ids of these classes of the scope's school. */
export async function classStaffUsers(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await q
    .selectDistinct({ id: classStaff.userId })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(inArray(classStaff.classId, [...classIds]), eq(classes.schoolId, staffSchool(scope))));
  return rows.map((r) => r.id);
}

/** The school's name and logo (for the kiosk's screen and emails). */
export async function schoolOf(scope: Scope, q: Queryable) {
  const [row] = await q
    .select({ id: schools.id, name: schools.name, logo: schools.logo })
    .from(schools)
    .where(eq(schools.id, staffSchool(scope)))
    .limit(1);
  return row ?? null;
}

/** The parent's children (with their school and its name), for the family codes. */
export async function parentChildrenOf(scope: Scope, q: Queryable, parentId: string) {
  return q
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      profilePicture: students.profilePicture,
      schoolId: students.schoolId,
      schoolName: schools.name,
    })
    .from(parentChildren)
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(parentChildren.parentId, parentId), await reach(scope, students.schoolId, students.id)))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

// ------------------------------------------------------------------ events

const recorder = sql<
  string | null
>`(select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)::text
  from users u where u.id = ${dispersalEvents.recordedBy})`;
const kioskName = sql<string | null>`(select k.name from kiosks k where k.id = ${dispersalEvents.kioskId})`;

const eventColumns = { event: dispersalEvents, recorder, kioskName };

/** Events (not voided) of these children on one day, oldest first. */
export async function eventsOfDay(scope: Scope, q: Queryable, studentIds: readonly string[], date: string) {
  if (studentIds.length === 0) return [];
  return q
    .select(eventColumns)
    .from(dispersalEvents)
    .where(
      and(
        inArray(dispersalEvents.studentId, [...studentIds]),
        eq(dispersalEvents.date, date),
        isNull(dispersalEvents.voidedAt),
        await reach(scope, dispersalEvents.schoolId, dispersalEvents.studentId),
      ),
    )
    .orderBy(asc(dispersalEvents.at), asc(dispersalEvents.createdAt));
}
export type EventRow = Awaited<ReturnType<typeof eventsOfDay>>[number];

/** A child's events, newest first. */
const CHILD_EVENT_ORDER: Keyset<EventRow> = [
  { by: dispersalEvents.at, desc: true, of: (r) => r.event.at },
  { by: dispersalEvents.createdAt, desc: true, of: (r) => r.event.createdAt },
  { by: dispersalEvents.id, desc: true, of: (r) => r.event.id },
];

/** Events (not voided) of one child, newest first, between two days when given: a page, from `offset` or after `cursor`. */
export async function eventsOfChild(
  scope: Scope,
  q: Queryable,
  studentId: string,
  f: { from?: string; to?: string; limit: number; offset: number; cursor?: string },
): Promise<{ rows: EventRow[]; nextCursor: string | null; total: number }> {
  const where = and(
    eq(dispersalEvents.studentId, studentId),
    isNull(dispersalEvents.voidedAt),
    f.from ? gte(dispersalEvents.date, f.from) : undefined,
    f.to ? lte(dispersalEvents.date, f.to) : undefined,
    await reach(scope, dispersalEvents.schoolId, dispersalEvents.studentId),
  );
  const [rows, [total]] = await Promise.all([
    q
      .select(eventColumns)
      .from(dispersalEvents)
      .where(and(where, keysetAfter(CHILD_EVENT_ORDER, f.cursor)))
      .orderBy(...keysetOrder(CHILD_EVENT_ORDER))
      .limit(f.limit + 1)
      .offset(f.cursor ? 0 : f.offset),
    q.select({ n: count() }).from(dispersalEvents).where(where),
  ]);
  return { ...keysetPage(CHILD_EVENT_ORDER, rows, f.limit), total: total?.n ?? 0 };
}

export async function eventById(scope: Scope, q: Queryable, id: string): Promise<EventRow | null> {
  const [row] = await q
    .select(eventColumns)
    .from(dispersalEvents)
    .where(and(eq(dispersalEvents.id, id), await reach(scope, dispersalEvents.schoolId, dispersalEvents.studentId)))
    .limit(1);
  return row ?? null;
}

export async function insertEvents(scope: Scope, q: Queryable, rows: EventInsert[]): Promise<void> {
  const schoolId = staffSchool(scope);
  if (rows.some((r) => r.schoolId !== schoolId)) throw new Error('an event of another school');
  if (rows.length) await q.insert(dispersalEvents).values(rows);
}

/** Marks an event removed; false when it was already. */
export async function voidEvent(scope: Scope, q: Queryable, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(dispersalEvents)
    .set({ voidedAt: at, voidedBy: by })
    .where(and(eq(dispersalEvents.id, id), eq(dispersalEvents.schoolId, staffSchool(scope)), isNull(dispersalEvents.voidedAt)))
    .returning({ id: dispersalEvents.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ alerts

const closer = sql<
  string | null
>`(select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)::text
  from users u where u.id = ${dispersalAlerts.closedBy})`;
const alertKioskName = sql<string | null>`(select k.name from kiosks k where k.id = ${dispersalAlerts.kioskId})`;

export async function insertAlert(scope: Scope, q: Queryable, row: AlertInsert): Promise<void> {
  if (row.schoolId !== staffSchool(scope)) throw new Error('an alert of another school');
  await q.insert(dispersalAlerts).values(row);
}

/** The school's alerts, newest first: open ones only, or all; of these classes (plus those of no class) when given. */
export async function alerts(scope: Scope, q: Queryable, f: { open: boolean; classIds?: readonly string[]; id?: string }) {
  return q
    .select({ alert: dispersalAlerts, student: students, closer, kioskName: alertKioskName })
    .from(dispersalAlerts)
    .leftJoin(students, eq(students.id, dispersalAlerts.studentId))
    .where(
      and(
        eq(dispersalAlerts.schoolId, staffSchool(scope)),
        f.id ? eq(dispersalAlerts.id, f.id) : undefined,
        f.open ? isNull(dispersalAlerts.closedAt) : undefined,
        f.classIds
          ? sql`(${dispersalAlerts.classId} is null or ${inArray(dispersalAlerts.classId, orNone(f.classIds))})`
          : undefined,
      ),
    )
    .orderBy(desc(dispersalAlerts.at))
    .limit(f.open ? 500 : 200);
}
export type AlertRow = Awaited<ReturnType<typeof alerts>>[number];

export async function closeAlert(scope: Scope, q: Queryable, id: string, by: string, at: Date): Promise<void> {
  await q
    .update(dispersalAlerts)
    .set({ closedBy: by, closedAt: at })
    .where(and(eq(dispersalAlerts.id, id), eq(dispersalAlerts.schoolId, staffSchool(scope)), isNull(dispersalAlerts.closedAt)));
}

// ------------------------------------------------------------------ one-time pick-ups

const pickupCreator = sql<
  string | null
>`(select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)::text
  from users u where u.id = ${oneTimePickups.createdBy})`;

/** One-time pick-ups of these children from a day on (today's and later ones, and recent ones). */
export async function pickupsOf(scope: Scope, q: Queryable, studentIds: readonly string[], fromDate: string) {
  if (studentIds.length === 0) return [];
  return q
    .select({ pickup: oneTimePickups, creator: pickupCreator })
    .from(oneTimePickups)
    .where(
      and(
        inArray(oneTimePickups.studentId, [...studentIds]),
        gte(oneTimePickups.date, fromDate),
        await reach(scope, oneTimePickups.schoolId, oneTimePickups.studentId),
      ),
    )
    .orderBy(desc(oneTimePickups.date), desc(oneTimePickups.createdAt));
}
export type PickupWithCreator = Awaited<ReturnType<typeof pickupsOf>>[number];

export async function pickupById(scope: Scope, q: Queryable, id: string): Promise<PickupWithCreator | null> {
  const [row] = await q
    .select({ pickup: oneTimePickups, creator: pickupCreator })
    .from(oneTimePickups)
    .where(and(eq(oneTimePickups.id, id), await reach(scope, oneTimePickups.schoolId, oneTimePickups.studentId)))
    .limit(1);
  return row ?? null;
}

/** The pick-up of the scope's school with this code on this day. */
export async function pickupByCode(scope: Scope, q: Queryable, code: string, date: string): Promise<PickupRow | null> {
  const [row] = await q
    .select()
    .from(oneTimePickups)
    .where(and(eq(oneTimePickups.schoolId, staffSchool(scope)), eq(oneTimePickups.date, date), eq(oneTimePickups.code, code)))
    .limit(1);
  return row ?? null;
}

/** Active (not used, not cancelled) pick-ups of a child on a day. */
export async function activePickupCount(scope: Scope, q: Queryable, studentId: string, date: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(oneTimePickups)
    .where(
      and(
        eq(oneTimePickups.studentId, studentId),
        eq(oneTimePickups.date, date),
        isNull(oneTimePickups.usedAt),
        isNull(oneTimePickups.cancelledAt),
        await reach(scope, oneTimePickups.schoolId, oneTimePickups.studentId),
      ),
    );
  return row?.n ?? 0;
}

/** A new pick-up; false when its code is taken that day at the school (the caller draws another). */
export async function insertPickup(scope: Scope, q: Queryable, row: typeof oneTimePickups.$inferInsert): Promise<boolean> {
  const allowed = scope.kind === 'staff' ? row.schoolId === staffSchool(scope) : (await scope.childIds()).has(row.studentId);
  if (!allowed) throw new Error('a pick-up for a child out of reach');
  const rows = await q.insert(oneTimePickups).values(row).onConflictDoNothing().returning({ id: oneTimePickups.id });
  return rows.length > 0;
}

/** Uses a pick-up's code: false when it was used or cancelled meanwhile (single use). */
export async function usePickup(scope: Scope, q: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(oneTimePickups)
    .set({ usedAt: at })
    .where(
      and(
        eq(oneTimePickups.id, id),
        eq(oneTimePickups.schoolId, staffSchool(scope)),
        isNull(oneTimePickups.usedAt),
        isNull(oneTimePickups.cancelledAt),
      ),
    )
    .returning({ id: oneTimePickups.id });
  return rows.length > 0;
}

export async function cancelPickup(scope: Scope, q: Queryable, id: string, at: Date): Promise<void> {
  await q
    .update(oneTimePickups)
    .set({ cancelledAt: at })
    .where(
      and(
        eq(oneTimePickups.id, id),
        isNull(oneTimePickups.usedAt),
        isNull(oneTimePickups.cancelledAt),
        await reach(scope, oneTimePickups.schoolId, oneTimePickups.studentId),
      ),
    );
}

// ------------------------------------------------------------------ family codes

/** A parent's codes (the scope is the parent's), of these schools. */
export async function familyCodesOf(scope: Scope, q: Queryable, parentId: string): Promise<FamilyCodeRow[]> {
  const own = await scope.parentId();
  if (!own || own !== parentId) return [];
  return q.select().from(familyCodes).where(eq(familyCodes.parentId, parentId));
}

/** A new code; false when the 4 digits (or the secret) are taken at the school (the caller draws again). */
export async function insertFamilyCode(scope: Scope, q: Queryable, row: typeof familyCodes.$inferInsert): Promise<boolean> {
  if ((await scope.parentId()) !== row.parentId) throw new Error('a code of another parent');
  const rows = await q.insert(familyCodes).values(row).onConflictDoNothing().returning({ id: familyCodes.id });
  return rows.length > 0;
}

/** Replaces a code's digits and secret; false on a taken code. */
export async function renewFamilyCode(
  scope: Scope,
  q: Queryable,
  id: string,
  values: { code: string; qrSecret: string; createdAt: Date },
): Promise<boolean> {
  const parentId = await scope.parentId();
  try {
    const rows = await q
      .update(familyCodes)
      .set(values)
      .where(and(eq(familyCodes.id, id), eq(familyCodes.parentId, parentId ?? '-')))
      .returning({ id: familyCodes.id });
    return rows.length > 0;
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || /unique|duplicate/i.test(String(err))) return false;
    throw err;
  }
}

/** The family code of the scope's school with these digits, or with this QR secret. */
export async function familyCodeAt(
  scope: Scope,
  q: Queryable,
  by: { code?: string; secret?: string },
): Promise<FamilyCodeRow | null> {
  const [row] = await q
    .select()
    .from(familyCodes)
    .where(
      and(
        eq(familyCodes.schoolId, staffSchool(scope)),
        by.code !== undefined ? eq(familyCodes.code, by.code) : eq(familyCodes.qrSecret, by.secret ?? ''),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A parent's name and children in the scope's school (for a kiosk's code). */
export async function parentAtSchool(scope: Scope, q: Queryable, parentId: string) {
  return q
    .select({
      studentId: students.id,
      firstName: sql<string>`coalesce(${parentChildren.firstName}, ${users.firstName})`,
      lastName: sql<string>`coalesce(${parentChildren.lastName}, ${users.lastName})`,
      relation: parentChildren.relation,
    })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, and(eq(users.id, parents.userId), isNull(users.deletedAt)))
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .where(and(eq(parentChildren.parentId, parentId), eq(students.schoolId, staffSchool(scope))))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

// ------------------------------------------------------------------ kiosks

const kioskCreator = sql<
  string | null
>`(select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)::text
  from users u where u.id = ${kiosks.createdBy})`;

export async function kioskList(scope: Scope, q: Queryable, id?: string) {
  return q
    .select({ kiosk: kiosks, creator: kioskCreator })
    .from(kiosks)
    .where(and(eq(kiosks.schoolId, staffSchool(scope)), isNull(kiosks.revokedAt), id ? eq(kiosks.id, id) : undefined))
    .orderBy(asc(kiosks.createdAt));
}
export type KioskWithCreator = Awaited<ReturnType<typeof kioskList>>[number];

export async function insertKiosk(scope: Scope, q: Queryable, row: typeof kiosks.$inferInsert): Promise<void> {
  if (row.schoolId !== staffSchool(scope)) throw new Error('a kiosk of another school');
  await q.insert(kiosks).values(row);
}

export async function revokeKiosk(scope: Scope, q: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(kiosks)
    .set({ revokedAt: at })
    .where(and(eq(kiosks.id, id), eq(kiosks.schoolId, staffSchool(scope)), isNull(kiosks.revokedAt)))
    .returning({ id: kiosks.id });
  return rows.length > 0;
}

/**
 * The kiosk holding a token (by its hash). Read before any scope exists (the kiosk's call carries no
 * sign-in): `scope` is the marker 'kiosk-token', and the hash alone names one row.
 */
export async function kioskByToken(scope: 'kiosk-token', q: Queryable, tokenHash: string): Promise<KioskRow | null> {
  void scope;
  const [row] = await q.select().from(kiosks).where(eq(kiosks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function touchKiosk(scope: Scope, q: Queryable, id: string, at: Date): Promise<void> {
  await q
    .update(kiosks)
    .set({ lastSeenAt: at })
    .where(and(eq(kiosks.id, id), eq(kiosks.schoolId, staffSchool(scope))));
}

/** Wrong codes typed at the kiosk since an instant. */
export async function attemptsSince(scope: Scope, q: Queryable, kioskId: string, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(kioskAttempts)
    .innerJoin(kiosks, eq(kiosks.id, kioskAttempts.kioskId))
    .where(and(eq(kioskAttempts.kioskId, kioskId), eq(kiosks.schoolId, staffSchool(scope)), gt(kioskAttempts.at, since)));
  return row?.n ?? 0;
}

/** Records a wrong code, and drops those older than a day (the limit reads the last minute only). */
export async function recordAttempt(scope: Scope, q: Queryable, kioskId: string, id: string, at: Date): Promise<void> {
  void staffSchool(scope);
  await q.insert(kioskAttempts).values({ id, kioskId, at });
  await q
    .delete(kioskAttempts)
    .where(and(eq(kioskAttempts.kioskId, kioskId), lte(kioskAttempts.at, new Date(at.getTime() - 86_400_000))));
}

/** Late pick-ups (a check-out recorded after the class's closing and its grace) per child between two days. */
export async function latePickupCounts(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await q
    .select({ studentId: dispersalEvents.studentId, n: count() })
    .from(dispersalEvents)
    .where(
      and(
        inArray(dispersalEvents.studentId, orNone(studentIds)),
        eq(dispersalEvents.kind, 'out'),
        eq(dispersalEvents.late, true),
        isNull(dispersalEvents.voidedAt),
        gte(dispersalEvents.date, from),
        lte(dispersalEvents.date, to),
        await reach(scope, dispersalEvents.schoolId, dispersalEvents.studentId),
      ),
    )
    .groupBy(dispersalEvents.studentId);
  return new Map(rows.map((r) => [r.studentId, Number(r.n)]));
}
