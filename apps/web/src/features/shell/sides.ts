import { getSession, switchToParent, switchToStaff } from '../../lib/session';

/** Dual-role people work on the staff side after choosing a class or a dashboard link (spec section 4). */
export function toStaffSide(): void {
  if (getSession()?.role === 'both') switchToStaff();
}

/** Dual-role people follow their children on the parent side. */
export function toParentSide(): void {
  if (getSession()?.role === 'both') switchToParent();
}
