import type { PagedContext, PagedList } from './support.js';

/** Observations, stories, reflections, media and the children's list and record. */
export function learningLists(_ctx: PagedContext): PagedList[] {
  return [];
}
