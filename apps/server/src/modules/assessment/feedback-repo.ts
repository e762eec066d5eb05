import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schoolReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  assessmentPeriods,
  classes,
  classStudents,
  feedbackForms,
  feedbackResponses,
  media,
  students,
  users,
} from '../../platform/db/schema.js';
import { staffSchoolId } from './repo.js';

export type FormRow = typeof feedbackForms.$inferSelect & {
  periodName: string;
  periodLockedAt: Date | null;
};
export type ResponseRow = typeof feedbackResponses.$inferSelect & { respondentName: string };
export type AnswerRow = ResponseRow['answers'][string];

const FORM_COLUMNS = {
  id: feedbackForms.id,
  schoolId: feedbackForms.schoolId,
  periodId: feedbackForms.periodId,
  kind: feedbackForms.kind,
  title: feedbackForms.title,
  questions: feedbackForms.questions,
  classIds: feedbackForms.classIds,
  status: feedbackForms.status,
  createdBy: feedbackForms.createdBy,
  createdAt: feedbackForms.createdAt,
  periodName: assessmentPeriods.name,
  periodLockedAt: assessmentPeriods.lockedAt,
};

const RESPONSE_COLUMNS = {
  id: feedbackResponses.id,
  formId: feedbackResponses.formId,
  schoolId: feedbackResponses.schoolId,
  studentId: feedbackResponses.studentId,
  respondentId: feedbackResponses.respondentId,
  respondentKind: feedbackResponses.respondentKind,
  answers: feedbackResponses.answers,
  submittedAt: feedbackResponses.submittedAt,
  respondentName: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), '')`,
};

/** The staff member's school's forms, oldest first, of a period and kind when given. */
export async function forms(scope: Scope, q: Queryable, filter: { periodId?: string; kind?: string }): Promise<FormRow[]> {
  return q
    .select(FORM_COLUMNS)
    .from(feedbackForms)
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, feedbackForms.periodId))
    .where(
      and(
        eq(feedbackForms.schoolId, staffSchoolId(scope)),
        filter.periodId ? eq(feedbackForms.periodId, filter.periodId) : undefined,
        filter.kind ? eq(feedbackForms.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(asc(feedbackForms.createdAt), asc(feedbackForms.id));
}

/** A form of a school the scope reaches (a staff member's own; a family's children's schools). */
export async function formById(scope: Scope, q: Queryable, id: string): Promise<FormRow | undefined> {
  const [row] = await q
    .select(FORM_COLUMNS)
    .from(feedbackForms)
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, feedbackForms.periodId))
    .where(and(eq(feedbackForms.id, id), await schoolReach(scope, feedbackForms.schoolId)));
  return row;
}

/** Open parent forms of the schools a family reaches whose period is not locked. */
export async function openParentForms(scope: Scope, q: Queryable): Promise<FormRow[]> {
  return q
    .select(FORM_COLUMNS)
    .from(feedbackForms)
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, feedbackForms.periodId))
    .where(
      and(
        await schoolReach(scope, feedbackForms.schoolId),
        eq(feedbackForms.kind, 'parent'),
        eq(feedbackForms.status, 'open'),
        isNull(assessmentPeriods.lockedAt),
      ),
    )
    .orderBy(asc(assessmentPeriods.startDate), asc(feedbackForms.createdAt));
}

export async function insertForm(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof feedbackForms.$inferInsert, 'schoolId' | 'createdBy'>,
): Promise<void> {
  await q.insert(feedbackForms).values({ ...row, schoolId: staffSchoolId(scope), createdBy: scope.userId });
}

export async function updateForm(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<typeof feedbackForms.$inferInsert, 'periodId' | 'title' | 'questions' | 'classIds' | 'status'>>,
): Promise<void> {
  await q
    .update(feedbackForms)
    .set(patch)
    .where(and(eq(feedbackForms.schoolId, staffSchoolId(scope)), eq(feedbackForms.id, id)));
}

export async function deleteForm(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(feedbackForms).where(and(eq(feedbackForms.schoolId, staffSchoolId(scope)), eq(feedbackForms.id, id)));
}

/** The responses to these forms, newest first, with the respondent's name. */
export async function responsesOfForms(scope: Scope, q: Queryable, formIds: readonly string[]): Promise<ResponseRow[]> {
  if (formIds.length === 0) return [];
  return q
    .select(RESPONSE_COLUMNS)
    .from(feedbackResponses)
    .leftJoin(users, eq(users.id, feedbackResponses.respondentId))
    .where(and(inArray(feedbackResponses.formId, [...formIds]), await schoolReach(scope, feedbackResponses.schoolId)))
    .orderBy(desc(feedbackResponses.submittedAt), desc(feedbackResponses.id));
}

/** A child's responses to the school's forms of one period, newest first. */
export async function responsesOfChildren(
  scope: Scope,
  q: Queryable,
  studentIds: readonly string[],
  periodId: string,
): Promise<(ResponseRow & { formTitle: string; formKind: string; questions: FormRow['questions'] })[]> {
  if (studentIds.length === 0) return [];
  return q
    .select({
      ...RESPONSE_COLUMNS,
      formTitle: feedbackForms.title,
      formKind: feedbackForms.kind,
      questions: feedbackForms.questions,
    })
    .from(feedbackResponses)
    .innerJoin(feedbackForms, eq(feedbackForms.id, feedbackResponses.formId))
    .leftJoin(users, eq(users.id, feedbackResponses.respondentId))
    .where(
      and(
        eq(feedbackResponses.schoolId, staffSchoolId(scope)),
        inArray(feedbackResponses.studentId, [...studentIds]),
        eq(feedbackForms.periodId, periodId),
      ),
    )
    .orderBy(desc(feedbackResponses.submittedAt), desc(feedbackResponses.id));
}

/** Answering again replaces the respondent's previous answers about the child (one row per form, child, respondent). */
export async function upsertResponse(
  scope: Scope,
  q: Queryable,
  row: {
    id: string;
    formId: string;
    schoolId: string;
    studentId: string;
    respondentKind: string;
    answers: ResponseRow['answers'];
    submittedAt: Date;
  },
): Promise<void> {
  await q
    .insert(feedbackResponses)
    .values({ ...row, respondentId: scope.userId })
    .onConflictDoUpdate({
      target: [feedbackResponses.formId, feedbackResponses.studentId, feedbackResponses.respondentId],
      set: { answers: row.answers, submittedAt: row.submittedAt, respondentKind: row.respondentKind },
    });
}

export async function responseOf(
  scope: Scope,
  q: Queryable,
  formId: string,
  studentId: string,
): Promise<ResponseRow | undefined> {
  const [row] = await q
    .select(RESPONSE_COLUMNS)
    .from(feedbackResponses)
    .leftJoin(users, eq(users.id, feedbackResponses.respondentId))
    .where(
      and(
        eq(feedbackResponses.formId, formId),
        eq(feedbackResponses.studentId, studentId),
        eq(feedbackResponses.respondentId, scope.userId),
      ),
    );
  return row;
}

/**
 * The children of these classes (not archived) in the schools the scope reaches, with the class each is
 * listed under (a child in two of the classes comes once, under the first).
 */
export async function childrenOfClasses(
  scope: Scope,
  q: Queryable,
  classIds: readonly string[],
): Promise<{ id: string; name: string; classId: string; schoolId: string }[]> {
  if (classIds.length === 0) return [];
  const rows = await q
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      classId: classStudents.classId,
      schoolId: classes.schoolId,
    })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(
      and(inArray(classStudents.classId, [...classIds]), isNull(classes.archivedAt), await schoolReach(scope, classes.schoolId)),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  const seen = new Set<string>();
  const out: { id: string; name: string; classId: string; schoolId: string }[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), classId: r.classId, schoolId: r.schoolId });
  }
  return out;
}

/** Which of these links are files the scope's person uploaded (signature removed by the caller). */
export async function ownUploads(scope: Scope, q: Queryable, links: readonly string[]): Promise<string[]> {
  if (links.length === 0) return [];
  const rows = await q
    .select({ url: media.url })
    .from(media)
    .where(and(inArray(media.url, [...links]), eq(media.uploadedBy, scope.userId)));
  return rows.map((r) => r.url);
}
