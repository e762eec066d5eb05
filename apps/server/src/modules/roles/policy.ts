import { ERROR_CODES, MESSAGES } from '@cue/contract';
import { AppError } from '../../platform/errors.js';

/**
 * What a person holds in a school (their role's permissions, and whether that role is one of the
 * organization's super admin roles), or what a role would give.
 */
export interface Standing {
  permissions: Iterable<string>;
  superAdmin: boolean;
}

/** Whether `actor` holds at least everything `other` holds. */
export function covers(actor: Standing, other: Standing): boolean {
  if (other.superAdmin && !actor.superAdmin) return false;
  const held = actor.permissions instanceof Set ? (actor.permissions as ReadonlySet<string>) : new Set(actor.permissions);
  for (const p of other.permissions) if (!held.has(p)) return false;
  return true;
}

const exceeded = (message: string) => new AppError(403, message, ERROR_CODES.privilegeExceeded);

/** Nobody grants a permission (or a super admin role) they do not hold themselves. */
export function assertCanGrant(actor: Standing, granted: Standing): void {
  if (!covers(actor, granted)) throw exceeded(MESSAGES.privilegeGrant);
}

/** Nobody changes, demotes, removes or acts as a person who holds more than they do. */
export function assertCanActOn(actor: Standing, target: Standing): void {
  if (!covers(actor, target)) throw exceeded(MESSAGES.privilegeTarget);
}
