import type { Scope } from '../../platform/auth/scope.js';

/** Admins of students and parents: they edit a child's record. */
export const managesStudents = async (scope: Scope): Promise<boolean> =>
  scope.kind === 'staff' && (await scope.rolePermissions()).has('admin_portal.students');

/**
 * Medical details: the child's family; staff who teach one of the child's classes; admins of students;
 * holders of admin_portal.medical_records. (The caller already passed `requireAccess(scope, 'child')`.)
 */
export async function canSeeMedical(scope: Scope, studentId: string): Promise<boolean> {
  if (scope.kind === 'parent') return true;
  const held = await scope.rolePermissions();
  if (held.has('admin_portal.students') || held.has('admin_portal.medical_records')) return true;
  const [taught, classesOf] = await Promise.all([scope.taughtClassIds(), scope.childrenInSchool([studentId])]);
  return (classesOf.get(studentId) ?? []).some((c) => taught.has(c));
}

/** People who must not collect a child, and why: admins only. */
export const canSeeNotAllowed = managesStudents;
/** A family's proposed changes are accepted or declined by admins of students. */
export const canDecide = managesStudents;
