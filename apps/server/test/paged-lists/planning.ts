import type { PagedContext, PagedList } from './support.js';

/** Planning units, the unit library, planning resources, the library's items and loans, and chat messages. */
export function planningLists(_ctx: PagedContext): PagedList[] {
  return [];
}
