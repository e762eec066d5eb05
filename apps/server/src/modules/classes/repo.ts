import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { classes, classStaff, classStudents, schools } from '../../platform/db/schema.js';

/** Classes of one school: all of them, or only those the staff member is assigned to. */
export async function listSchoolClasses(q: Queryable, schoolId: string, onlyForUserId: string | null) {
  const scope = and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt));
  const rows = onlyForUserId
    ? await q
        .select({ cls: classes, schoolName: schools.name })
        .from(classes)
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .innerJoin(classStaff, and(eq(classStaff.classId, classes.id), eq(classStaff.userId, onlyForUserId)))
        .where(scope)
        .orderBy(asc(classes.name))
    : await q
        .select({ cls: classes, schoolName: schools.name })
        .from(classes)
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .where(scope)
        .orderBy(asc(classes.name));
  if (rows.length === 0) return [];
  const counts = await q
    .select({ classId: classStudents.classId, n: count() })
    .from(classStudents)
    .where(
      inArray(
        classStudents.classId,
        rows.map((r) => r.cls.id),
      ),
    )
    .groupBy(classStudents.classId);
  const byClass = new Map(counts.map((c) => [c.classId, Number(c.n)]));
  return rows.map((r) => ({ ...r, studentCount: byClass.get(r.cls.id) ?? 0 }));
}
export type ClassRow = Awaited<ReturnType<typeof listSchoolClasses>>[number];
