import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { memberName } from '../../platform/db/names.js';
import {
  classes,
  classStaff,
  daySchedules,
  memberships,
  schoolResources,
  timetableLessons,
  timetableMappings,
  timetableRuns,
  timetableSettings,
  timetableSubjects,
  timetableTeachers,
  users,
} from '../../platform/db/schema.js';

/*
 * The timetable's SQL. Every read and write carries the staff member's school (a family's read of a
 * class's week carries the classes of their children).
 */

export type SettingsRow = typeof timetableSettings.$inferSelect;
export type SubjectRow = typeof timetableSubjects.$inferSelect;
export type TeacherRow = typeof timetableTeachers.$inferSelect;
export type RunRow = typeof timetableRuns.$inferSelect;

const orNone = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['']);

// ------------------------------------------------------------------ settings and outline

export async function settings(scope: Scope, q: Queryable): Promise<SettingsRow | null> {
  const [row] = await q
    .select()
    .from(timetableSettings)
    .where(eq(timetableSettings.schoolId, staffSchool(scope)));
  return row ?? null;
}

/** The settings of the school of a class a family's child is in (null: not one of theirs, or none kept). */
export async function settingsOfChildClass(scope: Scope, q: Queryable, classId: string) {
  const mine = await scope.childClassIds();
  if (!mine.includes(classId)) return null;
  const [row] = await q
    .select({ schoolId: classes.schoolId, share: timetableSettings.shareWithFamilies, scheduleId: timetableSettings.scheduleId })
    .from(classes)
    .leftJoin(timetableSettings, eq(timetableSettings.schoolId, classes.schoolId))
    .where(and(eq(classes.id, classId), inArray(classes.id, orNone(mine))));
  return row ?? null;
}

export async function saveSettings(scope: Scope, q: Queryable, set: Partial<typeof timetableSettings.$inferInsert>) {
  await q
    .insert(timetableSettings)
    .values({ schoolId: staffSchool(scope), ...set })
    .onConflictDoUpdate({ target: timetableSettings.schoolId, set: { ...set, updatedAt: new Date() } });
}

/** A live day schedule of the school. */
export async function schedule(scope: Scope, q: Queryable, id: string) {
  const [row] = await q
    .select({ id: daySchedules.id, name: daySchedules.name, cycle: daySchedules.cycle, days: daySchedules.days })
    .from(daySchedules)
    .where(and(eq(daySchedules.id, id), eq(daySchedules.schoolId, staffSchool(scope)), isNull(daySchedules.archivedAt)));
  return row ?? null;
}

/** The schedule of a family's child's class's school (the family reads the outline through it). */
export async function scheduleOfChildClass(scope: Scope, q: Queryable, classId: string, scheduleId: string) {
  const mine = await scope.childClassIds();
  const [row] = await q
    .select({ id: daySchedules.id, name: daySchedules.name, cycle: daySchedules.cycle, days: daySchedules.days })
    .from(daySchedules)
    .innerJoin(classes, eq(classes.schoolId, daySchedules.schoolId))
    .where(and(eq(daySchedules.id, scheduleId), eq(classes.id, classId), inArray(classes.id, orNone(mine))));
  return row ?? null;
}

// ------------------------------------------------------------------ subjects

export async function subjects(scope: Scope, q: Queryable, ids?: readonly string[]) {
  return q
    .select({
      row: timetableSubjects,
      classes: sql<number>`(select count(*)::int from timetable_mappings m where m.subject_id = "timetable_subjects"."id")`,
    })
    .from(timetableSubjects)
    .where(and(eq(timetableSubjects.schoolId, staffSchool(scope)), ids ? inArray(timetableSubjects.id, orNone(ids)) : undefined))
    .orderBy(asc(timetableSubjects.name), asc(timetableSubjects.id));
}

/** A subject of the school with this name, whatever its case (another than `except`). */
export async function subjectNamed(scope: Scope, q: Queryable, name: string, except?: string) {
  const [row] = await q
    .select({ id: timetableSubjects.id })
    .from(timetableSubjects)
    .where(
      and(
        eq(timetableSubjects.schoolId, staffSchool(scope)),
        sql`lower(${timetableSubjects.name}) = lower(${name})`,
        except ? ne(timetableSubjects.id, except) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertSubject(scope: Scope, q: Queryable, row: Omit<typeof timetableSubjects.$inferInsert, 'schoolId'>) {
  await q.insert(timetableSubjects).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateSubject(scope: Scope, q: Queryable, id: string, set: Partial<typeof timetableSubjects.$inferInsert>) {
  await q
    .update(timetableSubjects)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(timetableSubjects.id, id), eq(timetableSubjects.schoolId, staffSchool(scope))));
}

export async function deleteSubject(scope: Scope, q: Queryable, id: string) {
  await q.delete(timetableSubjects).where(and(eq(timetableSubjects.id, id), eq(timetableSubjects.schoolId, staffSchool(scope))));
}

// ------------------------------------------------------------------ mappings

export async function mappings(scope: Scope, q: Queryable, f: { ids?: readonly string[]; classId?: string } = {}) {
  return q
    .select({
      id: timetableMappings.id,
      classId: timetableMappings.classId,
      className: classes.name,
      subjectId: timetableMappings.subjectId,
      subjectName: timetableSubjects.name,
      teacherId: timetableMappings.teacherId,
      teacherName: memberName,
      lessonsPerWeek: timetableMappings.lessonsPerWeek,
      doublePeriods: timetableMappings.doublePeriods,
    })
    .from(timetableMappings)
    .innerJoin(classes, eq(classes.id, timetableMappings.classId))
    .innerJoin(timetableSubjects, eq(timetableSubjects.id, timetableMappings.subjectId))
    .innerJoin(users, eq(users.id, timetableMappings.teacherId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, timetableMappings.teacherId), eq(memberships.schoolId, timetableMappings.schoolId)),
    )
    .where(
      and(
        eq(timetableMappings.schoolId, staffSchool(scope)),
        isNull(classes.archivedAt),
        f.ids ? inArray(timetableMappings.id, orNone(f.ids)) : undefined,
        f.classId ? eq(timetableMappings.classId, f.classId) : undefined,
      ),
    )
    .orderBy(asc(classes.name), asc(timetableSubjects.name), asc(timetableMappings.id));
}

export type MappingRow = Awaited<ReturnType<typeof mappings>>[number];

export async function mappingOf(scope: Scope, q: Queryable, classId: string, subjectId: string, except?: string) {
  const [row] = await q
    .select({ id: timetableMappings.id })
    .from(timetableMappings)
    .where(
      and(
        eq(timetableMappings.schoolId, staffSchool(scope)),
        eq(timetableMappings.classId, classId),
        eq(timetableMappings.subjectId, subjectId),
        except ? ne(timetableMappings.id, except) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertMapping(scope: Scope, q: Queryable, row: Omit<typeof timetableMappings.$inferInsert, 'schoolId'>) {
  await q.insert(timetableMappings).values({ ...row, schoolId: staffSchool(scope) });
}

export async function updateMapping(scope: Scope, q: Queryable, id: string, set: Partial<typeof timetableMappings.$inferInsert>) {
  await q
    .update(timetableMappings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(timetableMappings.id, id), eq(timetableMappings.schoolId, staffSchool(scope))));
}

export async function deleteMapping(scope: Scope, q: Queryable, id: string) {
  await q.delete(timetableMappings).where(and(eq(timetableMappings.id, id), eq(timetableMappings.schoolId, staffSchool(scope))));
}

// ------------------------------------------------------------------ teachers

/** The school's staff members, by name. */
export async function staff(scope: Scope, q: Queryable, ids?: readonly string[]) {
  return q
    .select({ id: users.id, name: memberName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.schoolId, staffSchool(scope)),
        isNull(users.deletedAt),
        ids ? inArray(users.id, orNone(ids)) : undefined,
      ),
    )
    .orderBy(asc(memberName), asc(users.id));
}

export async function teachers(scope: Scope, q: Queryable, ids?: readonly string[]): Promise<TeacherRow[]> {
  return q
    .select()
    .from(timetableTeachers)
    .where(
      and(eq(timetableTeachers.schoolId, staffSchool(scope)), ids ? inArray(timetableTeachers.userId, orNone(ids)) : undefined),
    );
}

export async function saveTeacher(
  scope: Scope,
  q: Queryable,
  userId: string,
  set: Omit<typeof timetableTeachers.$inferInsert, 'schoolId' | 'userId'>,
) {
  await q
    .insert(timetableTeachers)
    .values({ schoolId: staffSchool(scope), userId, ...set })
    .onConflictDoUpdate({
      target: [timetableTeachers.schoolId, timetableTeachers.userId],
      set: { ...set, updatedAt: new Date() },
    });
}

// ------------------------------------------------------------------ classes and rooms

/** The school's live classes with how many children each has. */
export async function classesWithSize(scope: Scope, q: Queryable) {
  return q
    .select({
      id: classes.id,
      name: classes.name,
      size: sql<number>`(select count(*)::int from class_students s where s.class_id = "classes"."id")`,
    })
    .from(classes)
    .where(and(eq(classes.schoolId, staffSchool(scope)), isNull(classes.archivedAt)))
    .orderBy(asc(classes.name), asc(classes.id));
}

/** The live classes the caller is staff of. */
export async function taughtClasses(scope: Scope, q: Queryable) {
  return q
    .select({ id: classes.id })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(eq(classes.schoolId, staffSchool(scope)), eq(classStaff.userId, scope.userId), isNull(classes.archivedAt)));
}

/** The school's live rooms (resources of kind room). */
export async function rooms(scope: Scope, q: Queryable) {
  return q
    .select({
      id: schoolResources.id,
      name: schoolResources.name,
      roomType: schoolResources.roomType,
      capacity: schoolResources.capacity,
    })
    .from(schoolResources)
    .where(
      and(eq(schoolResources.schoolId, staffSchool(scope)), eq(schoolResources.kind, 'room'), isNull(schoolResources.archivedAt)),
    )
    .orderBy(asc(schoolResources.name), asc(schoolResources.id));
}

// ------------------------------------------------------------------ lessons

const lessonColumns = {
  id: timetableLessons.id,
  mappingId: timetableLessons.mappingId,
  length: timetableLessons.length,
  day: timetableLessons.day,
  period: timetableLessons.period,
  roomId: timetableLessons.roomId,
  locked: timetableLessons.locked,
  classId: timetableMappings.classId,
  subjectId: timetableMappings.subjectId,
  teacherId: timetableMappings.teacherId,
};

/** Every lesson of the school's live classes, in a stable order. */
export async function lessons(scope: Scope, q: Queryable) {
  return q
    .select(lessonColumns)
    .from(timetableLessons)
    .innerJoin(timetableMappings, eq(timetableMappings.id, timetableLessons.mappingId))
    .innerJoin(classes, eq(classes.id, timetableMappings.classId))
    .where(and(eq(timetableLessons.schoolId, staffSchool(scope)), isNull(classes.archivedAt)))
    .orderBy(asc(timetableMappings.classId), asc(timetableMappings.subjectId), asc(timetableLessons.id));
}

export type LessonRow = Awaited<ReturnType<typeof lessons>>[number];

export async function lessonsOfMapping(scope: Scope, q: Queryable, mappingId: string) {
  return q
    .select({
      id: timetableLessons.id,
      length: timetableLessons.length,
      day: timetableLessons.day,
      locked: timetableLessons.locked,
    })
    .from(timetableLessons)
    .where(and(eq(timetableLessons.schoolId, staffSchool(scope)), eq(timetableLessons.mappingId, mappingId)));
}

export async function insertLessons(
  scope: Scope,
  q: Queryable,
  rows: {
    id: string;
    mappingId: string;
    length: number;
    day?: string | null;
    period?: number | null;
    roomId?: string | null;
    locked?: boolean;
  }[],
) {
  if (rows.length === 0) return;
  await q.insert(timetableLessons).values(rows.map((r) => ({ ...r, schoolId: staffSchool(scope) })));
}

export async function deleteLessons(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return;
  await q
    .delete(timetableLessons)
    .where(and(eq(timetableLessons.schoolId, staffSchool(scope)), inArray(timetableLessons.id, [...ids])));
}

export async function placeLesson(
  scope: Scope,
  q: Queryable,
  id: string,
  set: { day: string | null; period: number | null; roomId: string | null; locked?: boolean },
) {
  await q
    .update(timetableLessons)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(timetableLessons.id, id), eq(timetableLessons.schoolId, staffSchool(scope))));
}

/** The lessons of one class for a family (their child's class), with the names a week shows. */
export async function classLessonsForFamily(scope: Scope, q: Queryable, classId: string) {
  const mine = await scope.childClassIds();
  return q
    .select({ ...lessonColumns, subjectName: timetableSubjects.name, roomName: schoolResources.name, teacherName: memberName })
    .from(timetableLessons)
    .innerJoin(timetableMappings, eq(timetableMappings.id, timetableLessons.mappingId))
    .innerJoin(timetableSubjects, eq(timetableSubjects.id, timetableMappings.subjectId))
    .innerJoin(users, eq(users.id, timetableMappings.teacherId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, timetableMappings.teacherId), eq(memberships.schoolId, timetableMappings.schoolId)),
    )
    .leftJoin(schoolResources, eq(schoolResources.id, timetableLessons.roomId))
    .where(and(eq(timetableMappings.classId, classId), inArray(timetableMappings.classId, orNone(mine))));
}

export async function className(scope: Scope, q: Queryable, classId: string) {
  const mine = scope.kind === 'parent' ? await scope.childClassIds() : null;
  const [row] = await q
    .select({ name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, classId), mine ? inArray(classes.id, orNone(mine)) : eq(classes.schoolId, staffSchool(scope))));
  return row?.name ?? null;
}

// ------------------------------------------------------------------ runs

export async function insertRun(scope: Scope, q: Queryable, row: Omit<typeof timetableRuns.$inferInsert, 'schoolId'>) {
  await q.insert(timetableRuns).values({ ...row, schoolId: staffSchool(scope) });
}

export async function run(scope: Scope, q: Queryable, id: string): Promise<RunRow | null> {
  const [row] = await q
    .select()
    .from(timetableRuns)
    .where(and(eq(timetableRuns.id, id), eq(timetableRuns.schoolId, staffSchool(scope))));
  return row ?? null;
}

export async function latestRun(scope: Scope, q: Queryable): Promise<RunRow | null> {
  const [row] = await q
    .select()
    .from(timetableRuns)
    .where(eq(timetableRuns.schoolId, staffSchool(scope)))
    .orderBy(desc(timetableRuns.createdAt), desc(timetableRuns.id))
    .limit(1);
  return row ?? null;
}

/** The school's runs still queued or running. */
export async function activeRuns(scope: Scope, q: Queryable): Promise<RunRow[]> {
  return q
    .select()
    .from(timetableRuns)
    .where(and(eq(timetableRuns.schoolId, staffSchool(scope)), inArray(timetableRuns.status, ['queued', 'running'])));
}

/** Runs by this person since a moment (the task panel's replay). */
export async function runsOf(scope: Scope, q: Queryable, since: Date): Promise<RunRow[]> {
  return q
    .select()
    .from(timetableRuns)
    .where(
      and(
        eq(timetableRuns.schoolId, staffSchool(scope)),
        eq(timetableRuns.startedBy, scope.userId),
        sql`${timetableRuns.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(desc(timetableRuns.createdAt))
    .limit(10);
}

export async function updateRun(scope: Scope, q: Queryable, id: string, set: Partial<typeof timetableRuns.$inferInsert>) {
  await q
    .update(timetableRuns)
    .set(set)
    .where(and(eq(timetableRuns.id, id), eq(timetableRuns.schoolId, staffSchool(scope))));
}

export async function runNames(scope: Scope, q: Queryable, ids: readonly string[]) {
  return staff(scope, q, ids);
}
