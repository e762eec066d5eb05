import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  assessmentPeriods,
  assessmentTasks,
  classes,
  gradeScales,
  grades,
  hpcCards,
  type ReportCommentRow,
  reportEntries,
  reportSets,
  reportTemplates,
  students,
} from '../../platform/db/schema.js';
import { staffSchoolId } from './repo.js';

/*
 * Report cards' tables, and read-only views of the gradebook's and progress cards' tables that a
 * report prints (its grades table and HPC page). Every query holds the staff scope's school, or (the
 * families' list) the parent's own children.
 */

export type TemplateRow = typeof reportTemplates.$inferSelect;
export type SetRow = typeof reportSets.$inferSelect;
export type EntryRow = typeof reportEntries.$inferSelect;

const none = ['-'];
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : none);

// ---------------------------------------------------------------- templates

export async function templates(scope: Scope, q: Queryable): Promise<TemplateRow[]> {
  return q
    .select()
    .from(reportTemplates)
    .where(eq(reportTemplates.schoolId, staffSchoolId(scope)))
    .orderBy(asc(reportTemplates.createdAt), asc(reportTemplates.id));
}

export async function templateById(scope: Scope, q: Queryable, id: string): Promise<TemplateRow | undefined> {
  const [row] = await q
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.schoolId, staffSchoolId(scope)), eq(reportTemplates.id, id)));
  return row;
}

export async function insertTemplate(
  scope: Scope,
  q: Queryable,
  row: Omit<typeof reportTemplates.$inferInsert, 'schoolId'>,
): Promise<void> {
  // The default template's id is made from the school: a second request making it at once adds nothing.
  await q
    .insert(reportTemplates)
    .values({ ...row, schoolId: staffSchoolId(scope) })
    .onConflictDoNothing();
}

export async function updateTemplate(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<TemplateRow, 'name' | 'sections' | 'showLogo' | 'headName' | 'archivedAt'>>,
): Promise<void> {
  await q
    .update(reportTemplates)
    .set(patch)
    .where(and(eq(reportTemplates.schoolId, staffSchoolId(scope)), eq(reportTemplates.id, id)));
}

// ---------------------------------------------------------------- sets and entries

export async function sets(
  scope: Scope,
  q: Queryable,
  filter: { classIds?: readonly string[]; classId?: string; periodId?: string },
): Promise<SetRow[]> {
  return q
    .select()
    .from(reportSets)
    .where(
      and(
        eq(reportSets.schoolId, staffSchoolId(scope)),
        filter.classId ? eq(reportSets.classId, filter.classId) : undefined,
        filter.periodId ? eq(reportSets.periodId, filter.periodId) : undefined,
        filter.classIds ? inArray(reportSets.classId, orNone(filter.classIds)) : undefined,
      ),
    )
    .orderBy(desc(reportSets.createdAt), asc(reportSets.id));
}

export async function setById(scope: Scope, q: Queryable, id: string): Promise<SetRow | undefined> {
  const [row] = await q
    .select()
    .from(reportSets)
    .where(and(eq(reportSets.schoolId, staffSchoolId(scope)), eq(reportSets.id, id)));
  return row;
}

export async function setOfClassPeriod(scope: Scope, q: Queryable, classId: string, periodId: string) {
  const [row] = await q
    .select({ id: reportSets.id })
    .from(reportSets)
    .where(
      and(eq(reportSets.schoolId, staffSchoolId(scope)), eq(reportSets.classId, classId), eq(reportSets.periodId, periodId)),
    );
  return row;
}

/** A new set and its entries, in one transaction (`q` is the transaction). */
export async function insertSet(
  scope: Scope,
  q: Queryable,
  set: Omit<typeof reportSets.$inferInsert, 'schoolId'>,
  entries: { id: string; studentId: string; comments: ReportCommentRow[] }[],
): Promise<void> {
  const schoolId = staffSchoolId(scope);
  await q.insert(reportSets).values({ ...set, schoolId });
  if (entries.length)
    await q.insert(reportEntries).values(entries.map((e) => ({ ...e, setId: set.id, schoolId, updatedBy: set.createdBy })));
}

export async function updateSet(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<SetRow, 'status' | 'language' | 'exportId' | 'lockedAt' | 'lockedBy' | 'sharedAt'>>,
): Promise<void> {
  await q
    .update(reportSets)
    .set(patch)
    .where(and(eq(reportSets.schoolId, staffSchoolId(scope)), eq(reportSets.id, id)));
}

export type EntryWithStudent = EntryRow & { firstName: string; lastName: string; profilePicture: string | null };

const ENTRY_COLUMNS = {
  id: reportEntries.id,
  setId: reportEntries.setId,
  schoolId: reportEntries.schoolId,
  studentId: reportEntries.studentId,
  comments: reportEntries.comments,
  teacherNote: reportEntries.teacherNote,
  pdfKey: reportEntries.pdfKey,
  updatedBy: reportEntries.updatedBy,
  updatedAt: reportEntries.updatedAt,
  firstName: students.firstName,
  lastName: students.lastName,
  profilePicture: students.profilePicture,
};

/** The entries of sets, children in name order. */
export async function entriesOfSets(scope: Scope, q: Queryable, setIds: readonly string[]): Promise<EntryWithStudent[]> {
  return q
    .select(ENTRY_COLUMNS)
    .from(reportEntries)
    .innerJoin(students, eq(students.id, reportEntries.studentId))
    .where(and(eq(reportEntries.schoolId, staffSchoolId(scope)), inArray(reportEntries.setId, orNone(setIds))))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

export async function entryById(scope: Scope, q: Queryable, id: string): Promise<EntryWithStudent | undefined> {
  const [row] = await q
    .select(ENTRY_COLUMNS)
    .from(reportEntries)
    .innerJoin(students, eq(students.id, reportEntries.studentId))
    .where(and(eq(reportEntries.schoolId, staffSchoolId(scope)), eq(reportEntries.id, id)));
  return row;
}

export async function updateEntry(
  scope: Scope,
  q: Queryable,
  id: string,
  patch: Partial<Pick<EntryRow, 'comments' | 'teacherNote' | 'pdfKey' | 'updatedBy' | 'updatedAt'>>,
): Promise<void> {
  await q
    .update(reportEntries)
    .set(patch)
    .where(and(eq(reportEntries.schoolId, staffSchoolId(scope)), eq(reportEntries.id, id)));
}

/** Clears the PDFs of a set's entries; answers the keys that were there. */
export async function clearPdfs(scope: Scope, q: Queryable, setId: string): Promise<string[]> {
  const rows = await q
    .update(reportEntries)
    .set({ pdfKey: null })
    .where(and(eq(reportEntries.schoolId, staffSchoolId(scope)), eq(reportEntries.setId, setId), isNotNull(reportEntries.pdfKey)))
    .returning({ key: reportEntries.pdfKey });
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

// ---------------------------------------------------------------- what a report prints (read only)

export interface GradeOfChild {
  taskId: string;
  title: string;
  subject: string;
  learningAreaId: string | null;
  dueDate: string;
  studentId: string;
  value: string;
  scaleKind: string;
  maxPoints: number | null;
  levels: { code: string; label: string; value: number }[];
  evidence: { kind: 'observation' | 'story' | 'media'; id: string }[];
}

/** The gradebook's grades of these children on the class's tasks of a period (read only). */
export async function gradesOfChildren(
  scope: Scope,
  q: Queryable,
  classId: string,
  periodId: string,
  studentIds: readonly string[],
): Promise<GradeOfChild[]> {
  const rows = await q
    .select({
      taskId: assessmentTasks.id,
      title: assessmentTasks.title,
      subject: assessmentTasks.subject,
      learningAreaId: assessmentTasks.learningAreaId,
      dueDate: assessmentTasks.dueDate,
      studentId: grades.studentId,
      value: grades.value,
      scaleKind: gradeScales.kind,
      maxPoints: gradeScales.maxPoints,
      levels: gradeScales.levels,
      evidence: grades.evidence,
    })
    .from(grades)
    .innerJoin(assessmentTasks, eq(assessmentTasks.id, grades.taskId))
    .innerJoin(gradeScales, eq(gradeScales.id, assessmentTasks.scaleId))
    .where(
      and(
        eq(assessmentTasks.schoolId, staffSchoolId(scope)),
        eq(assessmentTasks.classId, classId),
        eq(assessmentTasks.periodId, periodId),
        inArray(grades.studentId, orNone(studentIds)),
      ),
    )
    .orderBy(asc(assessmentTasks.dueDate), asc(assessmentTasks.title));
  return rows.map((r) => ({ ...r, dueDate: String(r.dueDate) }));
}

export type HpcCardRow = Pick<typeof hpcCards.$inferSelect, 'studentId' | 'ratings' | 'self' | 'narrative' | 'status'>;

/** The progress cards of these children in a period (read only). */
export async function hpcCardsOf(
  scope: Scope,
  q: Queryable,
  periodId: string,
  studentIds: readonly string[],
): Promise<HpcCardRow[]> {
  return q
    .select({
      studentId: hpcCards.studentId,
      ratings: hpcCards.ratings,
      self: hpcCards.self,
      narrative: hpcCards.narrative,
      status: hpcCards.status,
    })
    .from(hpcCards)
    .where(
      and(
        eq(hpcCards.schoolId, staffSchoolId(scope)),
        eq(hpcCards.periodId, periodId),
        inArray(hpcCards.studentId, orNone(studentIds)),
      ),
    );
}

/** Shared reports of the parent's own children that have their PDF, newest first. */
export async function familyReports(scope: Scope, q: Queryable) {
  const mine = scope.kind === 'parent' ? [...(await scope.childIds())] : [];
  return q
    .select({
      id: reportEntries.id,
      schoolId: reportEntries.schoolId,
      studentId: reportEntries.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      className: classes.name,
      periodName: assessmentPeriods.name,
      language: reportSets.language,
      sharedAt: reportSets.sharedAt,
      pdfKey: reportEntries.pdfKey,
    })
    .from(reportEntries)
    .innerJoin(reportSets, eq(reportSets.id, reportEntries.setId))
    .innerJoin(students, eq(students.id, reportEntries.studentId))
    .innerJoin(classes, eq(classes.id, reportSets.classId))
    .innerJoin(assessmentPeriods, eq(assessmentPeriods.id, reportSets.periodId))
    .where(
      and(
        inArray(reportEntries.studentId, orNone(mine)),
        eq(reportSets.status, 'shared'),
        isNotNull(reportEntries.pdfKey),
        isNotNull(reportSets.sharedAt),
      ),
    )
    .orderBy(desc(reportSets.sharedAt), asc(students.firstName));
}
