import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { classes, classStudents, parentChildren, parents, students, users } from '../../platform/db/schema.js';

/* The reports' reads: the caller's school's children (of one class when given), their classes and parents. */

/** The children of the caller's school (of these classes when given), by name. */
export async function reportStudents(scope: Scope, q: Queryable, classIds?: string[]) {
  return q
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(
      and(
        eq(students.schoolId, staffSchool(scope)),
        classIds
          ? inArray(
              students.id,
              q
                .select({ id: classStudents.studentId })
                .from(classStudents)
                .where(inArray(classStudents.classId, classIds.length ? classIds : [''])),
            )
          : undefined,
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** The current classes of the caller's school's children, by name. */
export async function reportClasses(scope: Scope, q: Queryable) {
  return q
    .select({ studentId: classStudents.studentId, className: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classes.schoolId, staffSchool(scope)), isNull(classes.archivedAt)))
    .orderBy(asc(classes.name));
}

/** The parents of the caller's school's children, as the school recorded them. */
export async function reportParents(scope: Scope, q: Queryable) {
  return q
    .select({
      studentId: parentChildren.studentId,
      relation: parentChildren.relation,
      // As the child's school recorded them; links made before that was kept fall back to the person's.
      firstName: sql<string>`coalesce(${parentChildren.firstName}, ${users.firstName})`,
      lastName: sql<string>`coalesce(${parentChildren.lastName}, ${users.lastName})`,
      phone: sql<string | null>`coalesce(${parentChildren.phone}, ${parents.primaryPhone})`,
      email: sql<string | null>`coalesce(${parentChildren.email}, ${parents.primaryEmail})`,
    })
    .from(parentChildren)
    .innerJoin(students, eq(students.id, parentChildren.studentId))
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(students.schoolId, staffSchool(scope)), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName));
}
