import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { childRowReach } from '../../platform/auth/reach.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import {
  careEntries,
  carelogSettings,
  careSummarySubscriptions,
  classes,
  classStaff,
  classStudents,
  incidents,
  medicineDoses,
  medicines,
  memberships,
  parents,
  students,
  users,
} from '../../platform/db/schema.js';

/*
 * The carelog's SQL. Every function takes the request's scope first: staff reach their school's rows
 * (`school_id` in the WHERE clause), a family only the rows of its own children.
 */

export type EntryInsert = typeof careEntries.$inferInsert;
export type MedicineInsert = typeof medicines.$inferInsert;
export type DoseInsert = typeof medicineDoses.$inferInsert;
export type IncidentInsert = typeof incidents.$inferInsert;
export type SettingsRow = typeof carelogSettings.$inferSelect;

const NONE = ['-'];
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : NONE);
const staffSchoolId = (scope: Scope) => (scope.kind === 'staff' && scope.schoolId ? scope.schoolId : '');

const reach = childRowReach;

const studentName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;
const personName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

// ------------------------------------------------------------------ people

/** The children of a class of the scope's school (its roster), by first name. */
export async function classChildren(scope: Scope, q: Queryable, classId: string) {
  return q
    .select({ id: students.id, name: studentName, photo: students.profilePicture })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.classId, classId), eq(classes.schoolId, staffSchoolId(scope))))
    .orderBy(asc(students.firstName), asc(students.lastName));
}

/** The children the scope reaches with their school and the classes of that school they are in. */
export async function studentsOf(scope: Scope, q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const where =
    scope.kind === 'staff'
      ? eq(students.schoolId, staffSchoolId(scope))
      : inArray(students.id, orNone([...(await scope.childIds())]));
  // The classes as one text (ids are hex): both drivers read it alike, unlike an array.
  const rows = await q
    .select({
      id: students.id,
      schoolId: students.schoolId,
      name: studentName,
      // Named in full: a column alone in a select list is written without its table, which inside the
      // subquery would mean the subquery's own tables.
      classIds: sql<string | null>`(select string_agg(cs.class_id, ',' order by cs.class_id) from class_students cs
        inner join classes c on c.id = cs.class_id
        where cs.student_id = "students"."id" and c.school_id = "students"."school_id")`,
    })
    .from(students)
    .where(and(inArray(students.id, [...ids]), where));
  return rows.map((r) => ({ ...r, classIds: r.classIds ? r.classIds.split(',') : [] }));
}

/** User ids of the staff of these classes (of the scope's school, or of the family's children's classes). */
export async function classStaffUsers(scope: Scope, q: Queryable, classIds: readonly string[]): Promise<string[]> {
  if (classIds.length === 0) return [];
  const allowed =
    scope.kind === 'staff'
      ? eq(classes.schoolId, staffSchoolId(scope))
      : inArray(classes.id, orNone([...(await scope.childClassIds())]));
  const rows = await q
    .selectDistinct({ id: classStaff.userId })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .where(and(inArray(classStaff.classId, [...classIds]), allowed));
  return rows.map((r) => r.id);
}

/** Whether a person is a member of staff of the scope's school. */
export async function isSchoolStaff(scope: Scope, q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.schoolId, staffSchoolId(scope))))
    .limit(1);
  return !!row;
}

/** Names of people the scope's rows refer to (staff who recorded, parents who signed). */
export async function peopleNames(scope: Scope, q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  void scope;
  const rows = await q
    .select({ id: users.id, name: personName(users) })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ------------------------------------------------------------------ entries

const staffUser = alias(users, 'care_staff');
const ENTRY_COLUMNS = {
  entry: careEntries,
  studentName,
  staffName: personName(staffUser),
};
export type EntryRow = typeof careEntries.$inferSelect & { studentName: string; staffName: string };
const flatEntry = (r: { entry: typeof careEntries.$inferSelect; studentName: string; staffName: string }): EntryRow => ({
  ...r.entry,
  studentName: r.studentName,
  staffName: r.staffName,
});

export interface EntryFilter {
  ids?: readonly string[];
  classId?: string;
  studentIds?: readonly string[];
  day?: string;
  kind?: string;
}

export async function entries(scope: Scope, q: Queryable, f: EntryFilter): Promise<EntryRow[]> {
  const where: (SQL | undefined)[] = [await reach(scope, careEntries.schoolId, careEntries.studentId)];
  if (f.ids) where.push(inArray(careEntries.id, orNone(f.ids)));
  if (f.classId) where.push(eq(careEntries.classId, f.classId));
  if (f.studentIds) where.push(inArray(careEntries.studentId, orNone(f.studentIds)));
  if (f.day) where.push(eq(careEntries.day, f.day));
  if (f.kind) where.push(eq(careEntries.kind, f.kind));
  const rows = await q
    .select(ENTRY_COLUMNS)
    .from(careEntries)
    .innerJoin(students, eq(students.id, careEntries.studentId))
    .innerJoin(staffUser, eq(staffUser.id, careEntries.staffId))
    .where(and(...where))
    .orderBy(
      asc(careEntries.day),
      asc(careEntries.minute),
      asc(students.firstName),
      asc(careEntries.createdAt),
      asc(careEntries.id),
    );
  return rows.map(flatEntry);
}

export async function insertEntries(scope: Scope, q: Queryable, rows: EntryInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const school = staffSchoolId(scope);
  await q.insert(careEntries).values(rows.map((r) => ({ ...r, schoolId: school })));
}

export async function updateEntry(scope: Scope, q: Queryable, id: string, set: Partial<EntryInsert>): Promise<void> {
  await q
    .update(careEntries)
    .set(set)
    .where(and(eq(careEntries.id, id), eq(careEntries.schoolId, staffSchoolId(scope))));
}

export async function deleteEntry(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q.delete(careEntries).where(and(eq(careEntries.id, id), eq(careEntries.schoolId, staffSchoolId(scope))));
}

// ------------------------------------------------------------------ medicines

const consenter = alias(users, 'med_consenter');
const creator = alias(users, 'med_creator');
export type MedicineRow = typeof medicines.$inferSelect & { studentName: string; consentName: string; createdName: string };

export interface MedicineFilter {
  ids?: readonly string[];
  studentIds?: readonly string[];
  status?: 'active' | 'ended';
  /** Only records in use on this ISO day. */
  onDay?: string;
}

export async function medicineRows(scope: Scope, q: Queryable, f: MedicineFilter): Promise<MedicineRow[]> {
  const where: (SQL | undefined)[] = [await reach(scope, medicines.schoolId, medicines.studentId)];
  if (f.ids) where.push(inArray(medicines.id, orNone(f.ids)));
  if (f.studentIds) where.push(inArray(medicines.studentId, orNone(f.studentIds)));
  if (f.status) where.push(eq(medicines.status, f.status));
  if (f.onDay) where.push(lte(medicines.fromDate, f.onDay), gte(medicines.toDate, f.onDay));
  const rows = await q
    .select({
      medicine: medicines,
      studentName,
      consentName: sql<string>`coalesce(trim(${consenter.firstName} || ' ' || ${consenter.lastName}), '')`,
      createdName: personName(creator),
    })
    .from(medicines)
    .innerJoin(students, eq(students.id, medicines.studentId))
    .innerJoin(creator, eq(creator.id, medicines.createdBy))
    .leftJoin(consenter, eq(consenter.id, medicines.consentBy))
    .where(and(...where))
    .orderBy(asc(students.firstName), desc(medicines.createdAt), asc(medicines.id));
  return rows.map((r) => ({ ...r.medicine, studentName: r.studentName, consentName: r.consentName, createdName: r.createdName }));
}

export async function insertMedicine(scope: Scope, q: Queryable, row: MedicineInsert): Promise<void> {
  // A family's record goes to its own child's school (checked by the service); staff write their own school's.
  if (scope.kind === 'staff' && row.schoolId !== staffSchoolId(scope)) throw new Error('medicine of another school');
  await q.insert(medicines).values(row);
}

export async function updateMedicine(scope: Scope, q: Queryable, id: string, set: Partial<MedicineInsert>): Promise<void> {
  await q
    .update(medicines)
    .set(set)
    .where(and(eq(medicines.id, id), await reach(scope, medicines.schoolId, medicines.studentId)));
}

const giver = alias(users, 'dose_giver');
const witness = alias(users, 'dose_witness');
export type DoseRow = typeof medicineDoses.$inferSelect & { givenName: string; witnessName: string | null; medicineName: string };

/** Doses of these medicine records (or of these children on one day), oldest first. */
export async function doseRows(
  scope: Scope,
  q: Queryable,
  f: { medicineIds?: readonly string[]; studentIds?: readonly string[]; day?: string; ids?: readonly string[] },
): Promise<DoseRow[]> {
  const where: (SQL | undefined)[] = [await reach(scope, medicines.schoolId, medicines.studentId)];
  if (f.medicineIds) where.push(inArray(medicineDoses.medicineId, orNone(f.medicineIds)));
  if (f.studentIds) where.push(inArray(medicineDoses.studentId, orNone(f.studentIds)));
  if (f.ids) where.push(inArray(medicineDoses.id, orNone(f.ids)));
  if (f.day) where.push(eq(medicineDoses.day, f.day));
  const rows = await q
    .select({
      dose: medicineDoses,
      medicineName: medicines.name,
      givenName: personName(giver),
      witnessName: sql<
        string | null
      >`case when ${witness.id} is null then null else trim(${witness.firstName} || ' ' || ${witness.lastName}) end`,
    })
    .from(medicineDoses)
    .innerJoin(medicines, eq(medicines.id, medicineDoses.medicineId))
    .innerJoin(giver, eq(giver.id, medicineDoses.givenBy))
    .leftJoin(witness, eq(witness.id, medicineDoses.witnessId))
    .where(and(...where))
    .orderBy(asc(medicineDoses.day), asc(medicineDoses.minute), asc(medicineDoses.createdAt));
  return rows.map((r) => ({ ...r.dose, medicineName: r.medicineName, givenName: r.givenName, witnessName: r.witnessName }));
}

/** Adds a dose to a medicine record the scope reaches (a family: its own child's). */
/** Takes the medicine's row lock until the transaction ends (doses of one medicine are given one at a time). */
export async function lockMedicine(scope: Scope, q: Queryable, id: string): Promise<void> {
  await q
    .select({ id: medicines.id })
    .from(medicines)
    .where(and(eq(medicines.id, id), eq(medicines.schoolId, staffSchoolId(scope))))
    .for('update');
}

/** The school's staff (who may witness a dose), by name. */
export async function schoolStaff(scope: Scope, q: Queryable): Promise<{ id: string; name: string }[]> {
  const rows = await q
    .select({
      id: users.id,
      name: sql<string>`trim(coalesce(${memberships.firstName}, ${users.firstName}) || ' ' || coalesce(${memberships.lastName}, ${users.lastName}))`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.schoolId, staffSchoolId(scope)), isNull(users.deletedAt)));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

export async function insertDose(scope: Scope, q: Queryable, row: DoseInsert): Promise<void> {
  const [owner] = await q
    .select({ id: medicines.id })
    .from(medicines)
    .where(and(eq(medicines.id, row.medicineId), await reach(scope, medicines.schoolId, medicines.studentId)))
    .limit(1);
  if (!owner) throw new Error('dose of a medicine out of reach');
  await q.insert(medicineDoses).values(row);
}

// ------------------------------------------------------------------ incidents

const incidentStaff = alias(users, 'incident_staff');
export type IncidentRow = typeof incidents.$inferSelect & { studentName: string; staffName: string };

export interface IncidentFilter {
  ids?: readonly string[];
  classIds?: readonly string[];
  classId?: string;
  studentIds?: readonly string[];
  state?: 'all' | 'unacknowledged' | 'unreviewed' | 'regulator';
  from?: string;
  to?: string;
  day?: string;
}

export async function incidentRows(scope: Scope, q: Queryable, f: IncidentFilter): Promise<IncidentRow[]> {
  const where: (SQL | undefined)[] = [await reach(scope, incidents.schoolId, incidents.studentId)];
  if (f.ids) where.push(inArray(incidents.id, orNone(f.ids)));
  if (f.classIds) where.push(inArray(incidents.classId, orNone(f.classIds)));
  if (f.classId) where.push(eq(incidents.classId, f.classId));
  if (f.studentIds) where.push(inArray(incidents.studentId, orNone(f.studentIds)));
  if (f.from) where.push(gte(incidents.day, f.from));
  if (f.to) where.push(lte(incidents.day, f.to));
  if (f.day) where.push(eq(incidents.day, f.day));
  if (f.state === 'unacknowledged') where.push(isNull(incidents.acknowledgedAt));
  if (f.state === 'unreviewed') where.push(isNull(incidents.reviewedAt));
  if (f.state === 'regulator') where.push(eq(incidents.serious, true), isNull(incidents.regulatorOn));
  const rows = await q
    .select({ incident: incidents, studentName, staffName: personName(incidentStaff) })
    .from(incidents)
    .innerJoin(students, eq(students.id, incidents.studentId))
    .innerJoin(incidentStaff, eq(incidentStaff.id, incidents.staffId))
    .where(and(...where))
    .orderBy(desc(incidents.day), desc(incidents.minute), desc(incidents.createdAt));
  return rows.map((r) => ({ ...r.incident, studentName: r.studentName, staffName: r.staffName }));
}

export async function insertIncident(scope: Scope, q: Queryable, row: IncidentInsert): Promise<void> {
  await q.insert(incidents).values({ ...row, schoolId: staffSchoolId(scope) });
}

/** Changes a report the scope reaches; `unlessSet` makes it a one-time change (review, acknowledgement). */
export async function updateIncident(
  scope: Scope,
  q: Queryable,
  id: string,
  set: Partial<IncidentInsert>,
  unlessSet?: 'reviewedAt' | 'acknowledgedAt' | 'regulatorOn',
): Promise<boolean> {
  const once = unlessSet ? isNull(incidents[unlessSet]) : undefined;
  const rows = await q
    .update(incidents)
    .set(set)
    .where(and(eq(incidents.id, id), await reach(scope, incidents.schoolId, incidents.studentId), once))
    .returning({ id: incidents.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ settings and summaries

export async function settings(scope: Scope, q: Queryable, schoolId = staffSchoolId(scope)): Promise<SettingsRow | null> {
  // A family reads the settings of its own children's schools only.
  if (scope.kind === 'parent') {
    const mine = await studentsOf(scope, q, [...(await scope.childIds())]);
    if (!mine.some((s) => s.schoolId === schoolId)) return null;
  }
  const [row] = await q.select().from(carelogSettings).where(eq(carelogSettings.schoolId, schoolId)).limit(1);
  return row ?? null;
}

export async function saveSettings(
  scope: Scope,
  q: Queryable,
  set: Omit<typeof carelogSettings.$inferInsert, 'schoolId'>,
): Promise<void> {
  const schoolId = staffSchoolId(scope);
  await q
    .insert(carelogSettings)
    .values({ ...set, schoolId })
    .onConflictDoUpdate({ target: carelogSettings.schoolId, set });
}

/** Whether the caller (a family member) asked for a summary of this child's day. */
export async function subscribed(scope: Scope, q: Queryable, studentId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: careSummarySubscriptions.studentId })
    .from(careSummarySubscriptions)
    .where(and(eq(careSummarySubscriptions.userId, scope.userId), eq(careSummarySubscriptions.studentId, studentId)))
    .limit(1);
  return !!row;
}

export async function setSubscription(scope: Scope, q: Queryable, studentId: string, enabled: boolean, at: Date): Promise<void> {
  if (!(await scope.childIds()).has(studentId)) throw new Error('not the family of this child');
  if (enabled)
    await q.insert(careSummarySubscriptions).values({ userId: scope.userId, studentId, createdAt: at }).onConflictDoNothing();
  else
    await q
      .delete(careSummarySubscriptions)
      .where(and(eq(careSummarySubscriptions.userId, scope.userId), eq(careSummarySubscriptions.studentId, studentId)));
}

/** The subscriptions of the scope's school, with the address of each family member. */
export async function subscribersOfSchool(scope: Scope, q: Queryable) {
  return q
    .select({
      userId: careSummarySubscriptions.userId,
      studentId: careSummarySubscriptions.studentId,
      email: sql<string | null>`coalesce(${parents.primaryEmail}, ${users.email})`,
      firstName: users.firstName,
    })
    .from(careSummarySubscriptions)
    .innerJoin(students, eq(students.id, careSummarySubscriptions.studentId))
    .innerJoin(users, and(eq(users.id, careSummarySubscriptions.userId), isNull(users.deletedAt)))
    .innerJoin(parents, eq(parents.userId, users.id))
    .where(and(eq(students.schoolId, staffSchoolId(scope)), isNotNull(users.id)));
}

/** One child's carelog counts from `from` to `to` (ISO days) in the staff caller's school, in one statement. */
export async function childCounts(scope: Scope, q: Queryable, studentId: string, from: string, to: string) {
  const schoolId = staffSchoolId(scope);
  const entries = (kinds: string[]) =>
    sql<number>`(select count(*) from ${careEntries} ce where ce.school_id = ${schoolId} and ce.student_id = ${studentId}
      and ce.day between ${from} and ${to} and ce.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}))`.mapWith(Number);
  const [row] = await q
    .select({
      meals: entries(['meal', 'bottle']),
      naps: entries(['nap']),
      nappies: entries(['nappy', 'toilet']),
      medicines: sql<number>`(select count(*) from ${medicineDoses} d join ${medicines} m on m.id = d.medicine_id
        where m.school_id = ${schoolId} and d.student_id = ${studentId} and d.day between ${from} and ${to} and not d.at_home)`.mapWith(
        Number,
      ),
      incidents: sql<number>`(select count(*) from ${incidents} i where i.school_id = ${schoolId} and i.student_id = ${studentId}
        and i.day between ${from} and ${to})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { meals: 0, naps: 0, nappies: 0, medicines: 0, incidents: 0 };
}
