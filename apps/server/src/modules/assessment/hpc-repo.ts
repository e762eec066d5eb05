import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable, Tx } from '../../platform/db/client.js';
import { assessmentPeriods, hpcCards, students, users } from '../../platform/db/schema.js';
import { staffSchoolId } from './repo.js';

export type CardRow = typeof hpcCards.$inferSelect;
export type CardWithAuthor = CardRow & { updatedByName: string | null };

/** A child's card of a period, with the name of who saved it last. */
export async function card(scope: Scope, q: Queryable, studentId: string, periodId: string): Promise<CardWithAuthor | undefined> {
  const [row] = await q
    .select({ card: hpcCards, first: users.firstName, last: users.lastName })
    .from(hpcCards)
    .leftJoin(users, eq(users.id, hpcCards.updatedBy))
    .where(and(eq(hpcCards.schoolId, staffSchoolId(scope)), eq(hpcCards.studentId, studentId), eq(hpcCards.periodId, periodId)));
  if (!row) return undefined;
  return { ...row.card, updatedByName: row.first === null ? null : `${row.first} ${row.last ?? ''}`.trim() };
}

/** The cards of these children in a period. */
export async function cardsOf(scope: Scope, q: Queryable, studentIds: readonly string[], periodId: string): Promise<CardRow[]> {
  if (studentIds.length === 0) return [];
  return q
    .select()
    .from(hpcCards)
    .where(
      and(
        eq(hpcCards.schoolId, staffSchoolId(scope)),
        inArray(hpcCards.studentId, [...studentIds]),
        eq(hpcCards.periodId, periodId),
      ),
    );
}

/** Every card of a child, oldest period first. */
export async function cardsOfChild(scope: Scope, q: Queryable, studentId: string): Promise<CardRow[]> {
  const rows = await q
    .select({ card: hpcCards })
    .from(hpcCards)
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, hpcCards.periodId))
    .where(and(eq(hpcCards.schoolId, staffSchoolId(scope)), eq(hpcCards.studentId, studentId)))
    .orderBy(asc(assessmentPeriods.startDate));
  return rows.map((r) => r.card);
}

/**
 * The card of a child and period locked for this transaction, made empty first when there is none: two
 * teachers saving at once each wait for the other and merge into what the other saved.
 */
export async function lockCard(
  scope: Scope,
  tx: Tx,
  row: { id: string; studentId: string; periodId: string; classId: string },
): Promise<CardRow> {
  const schoolId = staffSchoolId(scope);
  await tx
    .insert(hpcCards)
    .values({ ...row, schoolId, status: 'in_progress' })
    .onConflictDoNothing({ target: [hpcCards.studentId, hpcCards.periodId] });
  const [locked] = await tx
    .select()
    .from(hpcCards)
    .where(and(eq(hpcCards.schoolId, schoolId), eq(hpcCards.studentId, row.studentId), eq(hpcCards.periodId, row.periodId)))
    .for('update');
  if (!locked) throw new Error('progress card vanished');
  return locked;
}

export async function saveCard(
  scope: Scope,
  tx: Tx,
  id: string,
  patch: Pick<CardRow, 'ratings' | 'self' | 'narrative' | 'status' | 'classId' | 'updatedBy' | 'updatedAt'>,
): Promise<void> {
  await tx
    .update(hpcCards)
    .set(patch)
    .where(and(eq(hpcCards.schoolId, staffSchoolId(scope)), eq(hpcCards.id, id)));
}

/** Names and pictures of these children of the staff member's school. */
export async function studentsOf(
  scope: Scope,
  q: Queryable,
  ids: readonly string[],
): Promise<{ id: string; name: string; profilePicture: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: students.id, first: students.firstName, last: students.lastName, profilePicture: students.profilePicture })
    .from(students)
    .where(and(eq(students.schoolId, staffSchoolId(scope)), inArray(students.id, [...ids])));
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`.trim(), profilePicture: r.profilePicture }));
}
