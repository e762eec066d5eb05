import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { childRowReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { type Keyset, keysetAfter, keysetOrder, keysetPage } from '../../platform/db/keyset.js';
import {
  classes,
  classStudents,
  libraryCopies,
  libraryItems,
  libraryLoans,
  libraryReservations,
  librarySettings,
  students,
  users,
} from '../../platform/db/schema.js';

const reach = childRowReach;

const schoolOf = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : ['']);

/** Which children a list shows: every child of the school, or those of these classes. */
export type Reach = { all: true } | { all: false; classIds: string[] };

const inReach = (r: Reach, student: AnyPgColumn): SQL | undefined =>
  r.all
    ? undefined
    : inArray(
        student,
        sql`(select ${classStudents.studentId} from ${classStudents} where ${inArray(classStudents.classId, orNone(r.classIds))})`,
      );

// ---------------------------------------------------------------- settings

export async function settings(scope: Scope, q: Queryable, schoolId = schoolOf(scope)) {
  const [row] = await q.select().from(librarySettings).where(eq(librarySettings.schoolId, schoolId));
  return row ?? null;
}

/** Every school, for the daily notices' jobs put on the queue at start. */
/**
 * The schools that send overdue notices, read at start before any request (so before any scope: the
 * marker says so, as the kiosk's token lookup does); a school gets its settings row on first use.
 */
export async function schoolsSendingNotices(scope: 'system', q: Queryable): Promise<string[]> {
  void scope;
  return (
    await q.select({ id: librarySettings.schoolId }).from(librarySettings).where(eq(librarySettings.overdueNotices, true))
  ).map((r) => r.id);
}

// ---------------------------------------------------------------- copies

const COPY = {
  id: libraryCopies.id,
  itemId: libraryCopies.itemId,
  barcode: libraryCopies.barcode,
  status: libraryCopies.status,
  note: libraryCopies.note,
  reservedFor: libraryCopies.reservedFor,
  itemTitle: libraryItems.title,
  itemArchivedAt: libraryItems.archivedAt,
};
export type CopyRow = {
  id: string;
  itemId: string;
  barcode: string;
  status: string;
  note: string | null;
  reservedFor: string | null;
};

export async function copyByBarcode(scope: Scope, q: Queryable, barcode: string) {
  const [row] = await q
    .select(COPY)
    .from(libraryCopies)
    .innerJoin(libraryItems, eq(libraryItems.id, libraryCopies.itemId))
    // A scanner or a hand may type the label's letters in either case.
    .where(
      and(eq(libraryCopies.schoolId, schoolOf(scope)), sql`upper(${libraryCopies.barcode}) = ${barcode.trim().toUpperCase()}`),
    )
    .orderBy(sql`${libraryCopies.barcode} = ${barcode.trim()} desc`)
    .limit(1);
  return row ?? null;
}

export async function copyById(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select(COPY)
    .from(libraryCopies)
    .innerJoin(libraryItems, eq(libraryItems.id, libraryCopies.itemId))
    .where(and(eq(libraryCopies.schoolId, schoolOf(scope)), eq(libraryCopies.id, id)));
  return row ?? null;
}

export async function item(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select({ id: libraryItems.id, title: libraryItems.title, archivedAt: libraryItems.archivedAt })
    .from(libraryItems)
    .where(and(eq(libraryItems.schoolId, schoolOf(scope)), eq(libraryItems.id, id)));
  return row ?? null;
}

/** An available copy of an item (a reservation made while one is on the shelf keeps it at once). */
export async function availableCopy(scope: Scope, q: Queryable, itemId: string) {
  const [row] = await q
    .select({ id: libraryCopies.id })
    .from(libraryCopies)
    .where(
      and(eq(libraryCopies.schoolId, schoolOf(scope)), eq(libraryCopies.itemId, itemId), eq(libraryCopies.status, 'available')),
    )
    .orderBy(asc(libraryCopies.barcode))
    .limit(1);
  return row?.id ?? null;
}

/** Moves a copy from one of `from` to a status; false when its status had changed meanwhile. */
export async function setCopy(
  scope: Scope,
  q: Queryable,
  id: string,
  values: { status: string; reservedFor?: string | null; note?: string | null },
  from?: readonly string[],
): Promise<boolean> {
  const done = await q
    .update(libraryCopies)
    .set(values)
    .where(
      and(
        eq(libraryCopies.schoolId, schoolOf(scope)),
        eq(libraryCopies.id, id),
        from ? inArray(libraryCopies.status, [...from]) : undefined,
      ),
    )
    .returning({ id: libraryCopies.id });
  return done.length > 0;
}

// ---------------------------------------------------------------- loans

const checkedOutBy = alias(users, 'loan_out_by');
const returnedBy = alias(users, 'loan_back_by');
const className = sql<
  string | null
>`(select ${classes.name} from ${classStudents} inner join ${classes} on ${classes.id} = ${classStudents.classId} where ${classStudents.studentId} = ${students.id} order by ${classes.name} limit 1)`;

const LOAN = {
  loan: libraryLoans,
  barcode: libraryCopies.barcode,
  title: libraryItems.title,
  authors: libraryItems.authors,
  isbn13: libraryItems.isbn13,
  student: {
    id: students.id,
    schoolId: students.schoolId,
    firstName: students.firstName,
    lastName: students.lastName,
    profilePicture: students.profilePicture,
  },
  className,
  outBy: { id: checkedOutBy.id, firstName: checkedOutBy.firstName, lastName: checkedOutBy.lastName },
  backBy: { id: returnedBy.id, firstName: returnedBy.firstName, lastName: returnedBy.lastName },
};

export interface LoanFilter {
  ids?: readonly string[];
  studentIds?: readonly string[];
  classId?: string;
  itemId?: string;
  copyId?: string;
  /** open, overdue (open and due before `today`), returned, lost or all. */
  status?: 'open' | 'overdue' | 'returned' | 'lost' | 'all';
  today?: string;
  reach?: Reach;
  /** Open loans due on or before this day whose last notice is older than `noticedBefore` (or none). */
  noticeDue?: { dueOnOrBefore: string; noticedBefore: Date };
}

async function loanWhere(scope: Scope, f: LoanFilter): Promise<SQL | undefined> {
  const status =
    f.status === 'overdue'
      ? and(eq(libraryLoans.status, 'open'), lt(libraryLoans.dueOn, f.today ?? ''))
      : f.status && f.status !== 'all'
        ? eq(libraryLoans.status, f.status)
        : undefined;
  return and(
    await reach(scope, libraryLoans.schoolId, libraryLoans.studentId),
    f.ids ? inArray(libraryLoans.id, orNone(f.ids)) : undefined,
    f.studentIds ? inArray(libraryLoans.studentId, orNone(f.studentIds)) : undefined,
    f.classId
      ? inArray(
          libraryLoans.studentId,
          sql`(select ${classStudents.studentId} from ${classStudents} where ${classStudents.classId} = ${f.classId})`,
        )
      : undefined,
    f.itemId ? eq(libraryLoans.itemId, f.itemId) : undefined,
    f.copyId ? eq(libraryLoans.copyId, f.copyId) : undefined,
    status,
    f.reach ? inReach(f.reach, libraryLoans.studentId) : undefined,
    f.noticeDue
      ? and(
          eq(libraryLoans.status, 'open'),
          lte(libraryLoans.dueOn, f.noticeDue.dueOnOrBefore),
          or(isNull(libraryLoans.noticeSentAt), lte(libraryLoans.noticeSentAt, f.noticeDue.noticedBefore)),
        )
      : undefined,
  );
}

export type LoanRow = Awaited<ReturnType<typeof loans>>[number];

/** Loans with their copy, item, child and the staff who lent and took them back: newest first, the earliest due first, or the latest returned first. */
export async function loans(
  scope: Scope,
  q: Queryable,
  f: LoanFilter,
  page?: { limit: number; offset: number },
  order: 'newest' | 'oldestDue' | 'returned' = 'newest',
) {
  const query = loanSelect(q)
    .where(await loanWhere(scope, f))
    .orderBy(
      ...(order === 'newest'
        ? keysetOrder(NEWEST)
        : order === 'returned'
          ? [desc(libraryLoans.returnedAt), desc(libraryLoans.id)]
          : [asc(libraryLoans.dueOn), asc(libraryLoans.checkedOutAt)]),
    );
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** The loans with what the answers show of them (their copy, item, child and staff). */
const loanSelect = (q: Queryable) =>
  q
    .select(LOAN)
    .from(libraryLoans)
    .innerJoin(libraryCopies, eq(libraryCopies.id, libraryLoans.copyId))
    .innerJoin(libraryItems, eq(libraryItems.id, libraryLoans.itemId))
    .innerJoin(students, eq(students.id, libraryLoans.studentId))
    .leftJoin(checkedOutBy, eq(checkedOutBy.id, libraryLoans.checkedOutBy))
    .leftJoin(returnedBy, eq(returnedBy.id, libraryLoans.returnedBy));

/** Newest first: the lists' order. */
const NEWEST: Keyset<{ loan: { id: string; checkedOutAt: Date } }> = [
  { by: libraryLoans.checkedOutAt, desc: true, of: (r) => r.loan.checkedOutAt },
  { by: libraryLoans.id, desc: true, of: (r) => r.loan.id },
];

/**
 * A page of loans, newest first, and the cursor reading on after it (`cursor`: read on after that row
 * instead of at the offset).
 */
export async function loanPage(
  scope: Scope,
  q: Queryable,
  f: LoanFilter,
  page: { limit: number; offset: number; cursor?: string },
): Promise<{ rows: LoanRow[]; nextCursor: string | null }> {
  const rows = await loanSelect(q)
    .where(and(await loanWhere(scope, f), keysetAfter(NEWEST, page.cursor)))
    .orderBy(...keysetOrder(NEWEST))
    .limit(page.limit + 1)
    .offset(page.cursor ? 0 : page.offset);
  return keysetPage<LoanRow>(NEWEST, rows, page.limit);
}

export async function loanCount(scope: Scope, q: Queryable, f: LoanFilter): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(libraryLoans)
    .where(await loanWhere(scope, f));
  return row?.n ?? 0;
}

export async function openLoanOfCopy(scope: Scope, q: Queryable, copyId: string) {
  const [row] = await loans(scope, q, { copyId, status: 'open' });
  return row ?? null;
}

export async function insertLoan(scope: Scope, q: Queryable, row: typeof libraryLoans.$inferInsert): Promise<void> {
  await q.insert(libraryLoans).values({ ...row, schoolId: schoolOf(scope) });
}

/** Changes an open loan; false when it was closed meanwhile (or `renewals` moved on). */
export async function updateOpenLoan(
  scope: Scope,
  q: Queryable,
  id: string,
  values: Partial<typeof libraryLoans.$inferInsert>,
  renewals?: number,
): Promise<boolean> {
  const done = await q
    .update(libraryLoans)
    .set(values)
    .where(
      and(
        eq(libraryLoans.schoolId, schoolOf(scope)),
        eq(libraryLoans.id, id),
        eq(libraryLoans.status, 'open'),
        renewals === undefined ? undefined : eq(libraryLoans.renewals, renewals),
      ),
    )
    .returning({ id: libraryLoans.id });
  return done.length > 0;
}

export async function markNoticed(scope: Scope, q: Queryable, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await q
    .update(libraryLoans)
    .set({ noticeSentAt: at })
    .where(and(eq(libraryLoans.schoolId, schoolOf(scope)), inArray(libraryLoans.id, [...ids])));
}

/** Per child: open loans, overdue ones and active reservations, in one query. */
export async function countsOf(scope: Scope, q: Queryable, studentIds: readonly string[], today: string) {
  const rows = await q
    .select({
      id: students.id,
      // Written out: in a one-table select the builder leaves columns unqualified, and "id" would be the subquery's own.
      open: sql<number>`(select count(*)::int from library_loans l where l.student_id = "students"."id" and l.status = 'open')`,
      overdue: sql<number>`(select count(*)::int from library_loans l where l.student_id = "students"."id" and l.status = 'open' and l.due_on < ${today})`,
      reservations: sql<number>`(select count(*)::int from library_reservations r where r.student_id = "students"."id" and r.status in ('waiting', 'ready'))`,
    })
    .from(students)
    .where(and(await reach(scope, students.schoolId, students.id), inArray(students.id, orNone(studentIds))));
  return new Map(
    rows.map((r) => [r.id, { open: Number(r.open), overdue: Number(r.overdue), reservations: Number(r.reservations) }]),
  );
}

/** The open loan of an item by a child, if any. */
export async function openLoanOfItem(scope: Scope, q: Queryable, studentId: string, itemId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: libraryLoans.id })
    .from(libraryLoans)
    .where(
      and(
        eq(libraryLoans.schoolId, schoolOf(scope)),
        eq(libraryLoans.studentId, studentId),
        eq(libraryLoans.itemId, itemId),
        eq(libraryLoans.status, 'open'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------- children

const STUDENT = {
  id: students.id,
  schoolId: students.schoolId,
  firstName: students.firstName,
  lastName: students.lastName,
  profilePicture: students.profilePicture,
};
export type StudentRow = { id: string; schoolId: string; firstName: string; lastName: string; profilePicture: string | null };

export async function studentsByIds(scope: Scope, q: Queryable, ids: readonly string[]): Promise<StudentRow[]> {
  return q
    .select(STUDENT)
    .from(students)
    .where(and(await reach(scope, students.schoolId, students.id), inArray(students.id, orNone(ids))));
}

export async function classChildren(scope: Scope, q: Queryable, classId: string): Promise<StudentRow[]> {
  return q
    .select(STUDENT)
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(students.schoolId, schoolOf(scope)), eq(classStudents.classId, classId)))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

// ---------------------------------------------------------------- reservations

const createdBy = alias(users, 'reservation_by');
const readyCopy = alias(libraryCopies, 'ready_copy');
const RESERVATION = {
  reservation: libraryReservations,
  title: libraryItems.title,
  student: STUDENT,
  readyBarcode: readyCopy.barcode,
  by: { id: createdBy.id, firstName: createdBy.firstName, lastName: createdBy.lastName },
};
export type ReservationRow = Awaited<ReturnType<typeof reservations>>[number];

export async function reservations(
  scope: Scope,
  q: Queryable,
  f: { ids?: readonly string[]; itemId?: string; studentIds?: readonly string[]; statuses?: readonly string[]; reach?: Reach },
) {
  return q
    .select(RESERVATION)
    .from(libraryReservations)
    .innerJoin(libraryItems, eq(libraryItems.id, libraryReservations.itemId))
    .innerJoin(students, eq(students.id, libraryReservations.studentId))
    .leftJoin(readyCopy, eq(readyCopy.id, libraryReservations.readyCopyId))
    .leftJoin(createdBy, eq(createdBy.id, libraryReservations.createdBy))
    .where(
      and(
        await reach(scope, libraryReservations.schoolId, libraryReservations.studentId),
        f.ids ? inArray(libraryReservations.id, orNone(f.ids)) : undefined,
        f.itemId ? eq(libraryReservations.itemId, f.itemId) : undefined,
        f.studentIds ? inArray(libraryReservations.studentId, orNone(f.studentIds)) : undefined,
        f.statuses ? inArray(libraryReservations.status, [...f.statuses]) : undefined,
        f.reach ? inReach(f.reach, libraryReservations.studentId) : undefined,
      ),
    )
    .orderBy(asc(libraryReservations.createdAt), asc(libraryReservations.id));
}

/**
 * The waiting queues of these items of a school (the scope's; a family's child's school, after the
 * caller checked the child is theirs), first in line first: a child's place counts every child waiting.
 */
export async function queues(scope: Scope, q: Queryable, itemIds: readonly string[], schoolId = schoolOf(scope)) {
  const rows = await q
    .select({ id: libraryReservations.id, itemId: libraryReservations.itemId, studentId: libraryReservations.studentId })
    .from(libraryReservations)
    .where(
      and(
        eq(libraryReservations.schoolId, schoolId),
        inArray(libraryReservations.itemId, orNone(itemIds)),
        eq(libraryReservations.status, 'waiting'),
      ),
    )
    .orderBy(asc(libraryReservations.createdAt), asc(libraryReservations.id));
  const out = new Map<string, { id: string; studentId: string }[]>();
  for (const r of rows) out.set(r.itemId, [...(out.get(r.itemId) ?? []), { id: r.id, studentId: r.studentId }]);
  return out;
}

export async function insertReservation(scope: Scope, q: Queryable, row: typeof libraryReservations.$inferInsert): Promise<void> {
  await q.insert(libraryReservations).values({ ...row, schoolId: schoolOf(scope) });
}

export async function setReservation(
  scope: Scope,
  q: Queryable,
  id: string,
  values: Partial<typeof libraryReservations.$inferInsert>,
  from: readonly string[],
): Promise<boolean> {
  const done = await q
    .update(libraryReservations)
    .set(values)
    .where(
      and(
        eq(libraryReservations.schoolId, schoolOf(scope)),
        eq(libraryReservations.id, id),
        inArray(libraryReservations.status, [...from]),
      ),
    )
    .returning({ id: libraryReservations.id });
  return done.length > 0;
}

/** A child's active reservation of an item becomes fulfilled when the child borrows it. */
export async function fulfil(scope: Scope, q: Queryable, studentId: string, itemId: string): Promise<void> {
  await q
    .update(libraryReservations)
    .set({ status: 'fulfilled' })
    .where(
      and(
        eq(libraryReservations.schoolId, schoolOf(scope)),
        eq(libraryReservations.studentId, studentId),
        eq(libraryReservations.itemId, itemId),
        inArray(libraryReservations.status, ['waiting', 'ready']),
      ),
    );
}
