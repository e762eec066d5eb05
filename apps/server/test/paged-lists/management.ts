import type { PagedContext, PagedList } from './support.js';

/** Admissions, hiring, fees, leave and pick-ups. */
export function managementLists(_ctx: PagedContext): PagedList[] {
  return [];
}
