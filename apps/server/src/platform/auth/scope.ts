import { forbidden } from '../errors.js';
import type { AccessClaims } from './tokens.js';

/** The school a staff caller works in; anyone else is refused. Every school-scoped service starts here. */
export function staffSchool(auth: AccessClaims): string {
  if (auth.kind !== 'staff' || !auth.schoolId) throw forbidden();
  return auth.schoolId;
}
