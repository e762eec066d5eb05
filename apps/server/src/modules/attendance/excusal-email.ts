import { ddmmyyyyFromIso } from '@cue/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { classes, classStaff, excusals, students, users } from '../../platform/db/schema.js';
import type { EmailTemplateService, SystemScope } from '../email-templates/service.js';

/** The job that emails a class's staff when a family reports an absence (payload: school_id, excusal_id). */
export const ABSENCE_EMAIL_JOB = 'attendance.absence-email';

/** A reported absence as its email tells it: the child, the class, the dates, the reason, who reported it. */
async function reportedAbsence(s: SystemScope, q: Queryable, excusalId: string) {
  const [row] = await q
    .select({
      classId: excusals.classId,
      className: classes.name,
      childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
      parentName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      fromDate: excusals.fromDate,
      toDate: excusals.toDate,
      reason: excusals.reason,
    })
    .from(excusals)
    .innerJoin(classes, eq(classes.id, excusals.classId))
    .innerJoin(students, eq(students.id, excusals.studentId))
    .innerJoin(users, eq(users.id, excusals.requestedBy))
    .where(and(eq(excusals.id, excusalId), eq(classes.schoolId, s.schoolId)))
    .limit(1);
  return row ?? null;
}

/** The class's staff who have an email address. */
async function classStaffWithEmail(s: SystemScope, q: Queryable, classId: string) {
  return q
    .select({ userId: users.id, firstName: users.firstName, email: users.email })
    .from(classStaff)
    .innerJoin(classes, eq(classes.id, classStaff.classId))
    .innerJoin(users, eq(users.id, classStaff.userId))
    .where(
      and(eq(classStaff.classId, classId), eq(classes.schoolId, s.schoolId), isNotNull(users.email), isNull(users.deletedAt)),
    )
    .orderBy(users.id);
}

/** The job: each of the class's staff with an address gets the absence_reported email, in their language. */
export async function sendAbsenceEmails(
  q: Queryable,
  emailTemplates: EmailTemplateService,
  payload: Record<string, unknown>,
): Promise<void> {
  const schoolId = String(payload.school_id ?? '');
  const excusalId = String(payload.excusal_id ?? '');
  if (!schoolId || !excusalId) return;
  const system: SystemScope = { kind: 'system', schoolId };
  const absence = await reportedAbsence(system, q, excusalId);
  if (!absence) return;
  for (const member of await classStaffWithEmail(system, q, absence.classId)) {
    if (!member.email) continue;
    await emailTemplates.send(system, {
      key: 'absence_reported',
      to: member.email,
      userId: member.userId,
      values: {
        first_name: member.firstName,
        child_name: absence.childName,
        class_name: absence.className,
        from_date: ddmmyyyyFromIso(absence.fromDate),
        to_date: ddmmyyyyFromIso(absence.toDate),
        reason: absence.reason,
        parent_name: absence.parentName,
      },
    });
  }
}
