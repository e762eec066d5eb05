import {
  isDdmmyyyy,
  STORY_KINDS,
  STORY_PAGE_SIZE,
  STORY_STATUSES,
  type StoryKind,
  type StoryListQuery,
  type StoryStatus,
} from '@cue/contract';

/**
 * The library's filters live in the page's address (`/all-stories?class_id=…&status=published&page=2`)
 * under the names the server reads, so a copied link opens the same view. What the address holds is
 * read defensively: a value the server would refuse (an unknown status, a malformed day, page 0) is
 * dropped rather than sent.
 */

/** The filters that are ids of things (a class, a child, a tag, an area, an author). */
export const ID_FILTERS = ['class_id', 'student_id', 'tag_id', 'area_id', 'author_id'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const positive = (value: string | null, max: number): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};

/** The list's query from the address: only what the server would accept; page 1 and the usual size by default. */
export function queryFromParams(params: URLSearchParams): StoryListQuery {
  const query: StoryListQuery = { page: positive(params.get('page'), 100_000) ?? 1, page_size: STORY_PAGE_SIZE };
  const size = positive(params.get('page_size'), 100);
  if (size) query.page_size = size;
  for (const key of ID_FILTERS) {
    const value = params.get(key);
    if (value && ID.test(value)) query[key] = value;
  }
  const status = params.get('status');
  if (status && (STORY_STATUSES as readonly string[]).includes(status)) query.status = status as StoryStatus;
  const kind = params.get('kind');
  if (kind && (STORY_KINDS as readonly string[]).includes(kind)) query.kind = kind as StoryKind;
  for (const key of ['from_date', 'to_date'] as const) {
    const value = params.get(key);
    if (value && isDdmmyyyy(value)) query[key] = value;
  }
  const search = params.get('search')?.trim().slice(0, 200);
  if (search) query.search = search;
  return query;
}

/** The address's query of a list query: defaults (page 1, the usual page size) and empty filters left out. */
export function paramsFromQuery(query: Partial<StoryListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ...ID_FILTERS.map((key) => [key, query[key]] as [string, string | undefined]),
    ['status', query.status],
    ['kind', query.kind],
    ['from_date', query.from_date],
    ['to_date', query.to_date],
    ['search', query.search?.trim() || undefined],
    ['page', query.page && query.page > 1 ? query.page : undefined],
    ['page_size', query.page_size && query.page_size !== STORY_PAGE_SIZE ? query.page_size : undefined],
  ];
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

/**
 * The query after one filter changed: any change of what is listed goes back to page 1 (page N of
 * another list means nothing); choosing another class drops the child and the area of the old one (an author may write in several).
 */
export function withFilter<K extends keyof StoryListQuery>(
  query: StoryListQuery,
  key: K,
  value: StoryListQuery[K] | null,
): StoryListQuery {
  const next: StoryListQuery = { ...query };
  if (value === null || value === undefined || value === '') delete next[key];
  else next[key] = value as StoryListQuery[K];
  if (key !== 'page') next.page = 1;
  if (key === 'class_id' && value !== query.class_id) {
    delete next.student_id;
    delete next.area_id;
  }
  return next;
}

/** How many filters narrow the list (for "Clear filters"). */
export const activeFilters = (query: StoryListQuery): number =>
  [...ID_FILTERS, 'status', 'kind', 'from_date', 'to_date', 'search'].filter(
    (key) => query[key as keyof StoryListQuery] !== undefined,
  ).length;
