import { and, asc, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { classes, memberships, resourceBookings, schoolResources, users } from '../../platform/db/schema.js';

/* Every query carries the caller's school. */

export type ResourceRow = typeof schoolResources.$inferSelect;
export type ResourceListed = ResourceRow & { upcomingBookings: number };
export type BookingRow = typeof resourceBookings.$inferSelect;
export interface BookingListed extends BookingRow {
  resourceName: string;
  resourceKind: string;
  className: string | null;
  bookerName: string;
}

/** "Now" on the school's clock: bookings ending after it are upcoming. */
export interface SchoolNow {
  day: string;
  minute: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A booking that is not cancelled and has not ended by `now`. */
const upcoming = (now: SchoolNow) =>
  and(
    isNull(resourceBookings.cancelledAt),
    or(gt(resourceBookings.date, now.day), and(eq(resourceBookings.date, now.day), gt(resourceBookings.endMinute, now.minute))),
  );

/**
 * The school's resources matching the filter, by name, each with its count of upcoming bookings
 * (counted per resource in the same query).
 */
export async function listResources(
  scope: Scope,
  q: Queryable,
  filter: { q?: string; kind?: string; includeArchived?: boolean; ids?: string[]; now: SchoolNow },
): Promise<ResourceListed[]> {
  const like = filter.q ? `%${escapeLike(filter.q)}%` : null;
  const where: (SQL | undefined)[] = [
    eq(schoolResources.schoolId, staffSchool(scope)),
    filter.includeArchived || filter.ids ? undefined : isNull(schoolResources.archivedAt),
    filter.ids ? inArray(schoolResources.id, filter.ids) : undefined,
    filter.kind ? eq(schoolResources.kind, filter.kind) : undefined,
    like
      ? or(ilike(schoolResources.name, like), ilike(schoolResources.roomType, like), ilike(schoolResources.location, like))
      : undefined,
  ];
  const counts = q
    .select({ resourceId: resourceBookings.resourceId, n: sql<number>`count(*)::int`.as('n') })
    .from(resourceBookings)
    .where(and(eq(resourceBookings.schoolId, staffSchool(scope)), upcoming(filter.now)))
    .groupBy(resourceBookings.resourceId)
    .as('upcoming_counts');
  const rows = await q
    .select({ r: schoolResources, upcoming: sql<number>`coalesce(${counts.n}, 0)` })
    .from(schoolResources)
    .leftJoin(counts, eq(counts.resourceId, schoolResources.id))
    .where(and(...where))
    .orderBy(asc(sql`lower(${schoolResources.name})`), asc(schoolResources.id));
  return rows.map((row) => ({ ...row.r, upcomingBookings: Number(row.upcoming) }));
}

/** A live resource of the school with this name (any case), other than `exceptId`. */
export async function liveNamed(scope: Scope, q: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await q
    .select({ id: schoolResources.id })
    .from(schoolResources)
    .where(
      and(
        eq(schoolResources.schoolId, staffSchool(scope)),
        isNull(schoolResources.archivedAt),
        sql`lower(${schoolResources.name}) = lower(${name})`,
        exceptId ? ne(schoolResources.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Takes the resource's row lock until the transaction ends: bookings of one resource (and changes of
 * its quantity) are checked and written one at a time, so two that fit alone cannot both pass.
 */
export async function lockResource(scope: Scope, q: Queryable, id: string): Promise<ResourceRow | null> {
  const [row] = await q
    .select()
    .from(schoolResources)
    .where(and(eq(schoolResources.id, id), eq(schoolResources.schoolId, staffSchool(scope))))
    .for('update');
  return row ?? null;
}

export async function insertResource(scope: Scope, q: Queryable, row: Omit<typeof schoolResources.$inferInsert, 'schoolId'>) {
  await q.insert(schoolResources).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateResource(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<typeof schoolResources.$inferInsert>,
): Promise<void> {
  await q
    .update(schoolResources)
    .set(set)
    .where(and(eq(schoolResources.id, id), eq(schoolResources.schoolId, staffSchool(scope))));
}

/** Bookings' times and quantities (not cancelled) of a resource on a day that overlap [start, end). */
export async function overlapping(
  scope: Scope,
  q: Queryable,
  resourceId: string,
  date: string,
  start: number,
  end: number,
): Promise<{ id: string; startMinute: number; endMinute: number; quantity: number }[]> {
  return q
    .select({
      id: resourceBookings.id,
      startMinute: resourceBookings.startMinute,
      endMinute: resourceBookings.endMinute,
      quantity: resourceBookings.quantity,
    })
    .from(resourceBookings)
    .where(
      and(
        eq(resourceBookings.schoolId, staffSchool(scope)),
        eq(resourceBookings.resourceId, resourceId),
        eq(resourceBookings.date, date),
        isNull(resourceBookings.cancelledAt),
        lt(resourceBookings.startMinute, end),
        gt(resourceBookings.endMinute, start),
      ),
    );
}

/** The resource's upcoming bookings' days, times and quantities (not cancelled, not ended by `now`). */
export async function upcomingOf(
  scope: Scope,
  q: Queryable,
  resourceId: string,
  now: SchoolNow,
): Promise<{ date: string; startMinute: number; endMinute: number; quantity: number }[]> {
  return q
    .select({
      date: resourceBookings.date,
      startMinute: resourceBookings.startMinute,
      endMinute: resourceBookings.endMinute,
      quantity: resourceBookings.quantity,
    })
    .from(resourceBookings)
    .where(and(eq(resourceBookings.schoolId, staffSchool(scope)), eq(resourceBookings.resourceId, resourceId), upcoming(now)));
}

/**
 * The school's bookings matching the filter, with their resource's, class's and booker's names
 * (the booker as the school knows them), by day and start.
 */
export async function listBookings(
  scope: Scope,
  q: Queryable,
  filter: {
    ids?: string[];
    from?: string;
    to?: string;
    resourceId?: string;
    classId?: string;
    includeCancelled?: boolean;
    date?: string;
    overlapping?: { start: number; end: number };
  },
): Promise<BookingListed[]> {
  const schoolId = staffSchool(scope);
  const where: (SQL | undefined)[] = [
    eq(resourceBookings.schoolId, schoolId),
    filter.ids ? inArray(resourceBookings.id, filter.ids) : undefined,
    filter.from ? gte(resourceBookings.date, filter.from) : undefined,
    filter.to ? lte(resourceBookings.date, filter.to) : undefined,
    filter.date ? eq(resourceBookings.date, filter.date) : undefined,
    filter.resourceId ? eq(resourceBookings.resourceId, filter.resourceId) : undefined,
    filter.classId ? eq(resourceBookings.classId, filter.classId) : undefined,
    filter.includeCancelled || filter.ids ? undefined : isNull(resourceBookings.cancelledAt),
    filter.overlapping ? lt(resourceBookings.startMinute, filter.overlapping.end) : undefined,
    filter.overlapping ? gt(resourceBookings.endMinute, filter.overlapping.start) : undefined,
  ];
  const rows = await q
    .select({
      b: resourceBookings,
      resourceName: schoolResources.name,
      resourceKind: schoolResources.kind,
      className: classes.name,
      bookerName: sql<string>`trim(coalesce(${memberships.firstName}, ${users.firstName}) || ' ' || coalesce(${memberships.lastName}, ${users.lastName}))`,
    })
    .from(resourceBookings)
    .innerJoin(schoolResources, eq(schoolResources.id, resourceBookings.resourceId))
    .innerJoin(users, eq(users.id, resourceBookings.bookedBy))
    .leftJoin(memberships, and(eq(memberships.userId, resourceBookings.bookedBy), eq(memberships.schoolId, schoolId)))
    .leftJoin(classes, eq(classes.id, resourceBookings.classId))
    .where(and(...where))
    .orderBy(asc(resourceBookings.date), asc(resourceBookings.startMinute), asc(schoolResources.name), asc(resourceBookings.id));
  return rows.map((r) => ({
    ...r.b,
    resourceName: r.resourceName,
    resourceKind: r.resourceKind,
    className: r.className,
    bookerName: r.bookerName,
  }));
}

export async function insertBooking(scope: Scope, q: Queryable, row: Omit<typeof resourceBookings.$inferInsert, 'schoolId'>) {
  await q.insert(resourceBookings).values({ ...row, schoolId: staffSchool(scope) });
}

/** Cancels a booking that is not cancelled yet; whether it did. */
export async function cancelBooking(scope: Scope, q: Queryable, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(resourceBookings)
    .set({ cancelledAt: at, cancelledBy: by })
    .where(
      and(eq(resourceBookings.id, id), eq(resourceBookings.schoolId, staffSchool(scope)), isNull(resourceBookings.cancelledAt)),
    )
    .returning({ id: resourceBookings.id });
  return rows.length > 0;
}
