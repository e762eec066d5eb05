import { getSession, type Side, switchToParent, switchToStaff } from '../../lib/session';

/** Dual-role people work on the staff side after choosing a class or a dashboard link (spec section 4). */
export function toStaffSide(): void {
  if (getSession()?.role === 'both') switchToStaff();
}

/** Dual-role people follow their children on the parent side. */
export function toParentSide(): void {
  if (getSession()?.role === 'both') switchToParent();
}

/**
 * Pages both sides have (the class's day or the child's month, the lists of announcements and
 * homework, the portfolio, the calendar, the child's record, the timetable). For a dual-role person the page's address says which view it
 * is: `?as=parent` the parent's, without it the staff one (decision 18).
 */
const SHARED_PAGES = [
  /^\/housekeeping\/attendance$/,
  /^\/housekeeping\/attendance\/student\/[^/]+$/,
  /^\/housekeeping\/calendar$/,
  /^\/communication\/announcements$/,
  /^\/communication\/homeworks$/,
  /^\/communication\/media$/,
  /^\/communication\/stories(\/[^/]+)?$/,
  /^\/communication\/chat(\/[^/]+)?$/,
  /^\/communication\/carelog(\/incidents\/[^/]+)?$/,
  /^\/communication\/journal$/,
  /^\/assessment\/portfolio$/,
  /^\/students\/[^/]+$/,
  /^\/timetable$/,
];
/** Pages that are neither side's: either side may be in use there. */
const NEUTRAL_PAGES = ['/dashboard', '/account'];
export const SIDE_PARAM = 'as';
/** A navigation's state may name the side to use on a page that is neither side's (the dashboard). */
export const SIDE_STATE = 'side';

/** The side a navigation asked for in its state, if any. */
export function sideOfState(state: unknown): Side | null {
  const side = state && typeof state === 'object' ? (state as Record<string, unknown>)[SIDE_STATE] : null;
  return side === 'staff' || side === 'parent' ? side : null;
}

const normal = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

export const isSharedPage = (pathname: string): boolean => SHARED_PAGES.some((page) => page.test(normal(pathname)));

/**
 * The side a page of the signed-in app belongs to, for a dual-role person: the parent side for a shared
 * page asked `?as=parent`, none for the dashboard and the account page, else the staff side (every
 * other page is a staff page).
 */
export function sideOfPage(pathname: string, search: string): Side | null {
  if (NEUTRAL_PAGES.includes(normal(pathname))) return null;
  if (isSharedPage(pathname)) return new URLSearchParams(search).get(SIDE_PARAM) === 'parent' ? 'parent' : 'staff';
  return 'staff';
}

/** The query of a shared page for a side (the parent's view carries `as=parent`). */
export function searchForSide(search: string, side: Side): string {
  const params = new URLSearchParams(search);
  if (side === 'parent') params.set(SIDE_PARAM, 'parent');
  else params.delete(SIDE_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A link to a shared page's parent view: `as=parent` for a dual-role person, the plain path for a parent. */
export function parentPage(path: string): string {
  if (getSession()?.role !== 'both') return path;
  const [pathname = path, search = ''] = path.split('?');
  return `${pathname}${searchForSide(search, 'parent')}`;
}
