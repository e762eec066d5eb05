import { STORY_PAGE_SIZE } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { activeFilters, paramsFromQuery, queryFromParams, withFilter } from './filters';
import { barPercents, moveItem, sameOrder, showDay } from './format';

const read = (search: string) => queryFromParams(new URLSearchParams(search));

describe('the library filters in the address', () => {
  it('read what the server accepts and drop the rest', () => {
    expect(
      read(
        'class_id=c1&student_id=s1&status=published&kind=journal&from_date=01-09-2026&to_date=31-02-2026&page=3&search=%20sand%20',
      ),
    ).toEqual({
      class_id: 'c1',
      student_id: 's1',
      status: 'published',
      kind: 'journal',
      from_date: '01-09-2026',
      search: 'sand',
      page: 3,
      page_size: STORY_PAGE_SIZE,
    });
    expect(read('status=archived&kind=photo&page=0&page_size=500&tag_id=a%20b&from_date=2026-09-01')).toEqual({
      page: 1,
      page_size: STORY_PAGE_SIZE,
    });
    expect(read('page_size=50').page_size).toBe(50);
  });

  it('write back only what narrows the list, so the same link opens the same view', () => {
    const query = read('author_id=u1&area_id=a1&class_id=c1&page=2&page_size=50&search=paint');
    const params = paramsFromQuery(query);
    expect(read(params.toString())).toEqual(query);
    expect(paramsFromQuery({ page: 1, page_size: STORY_PAGE_SIZE, search: '  ' }).toString()).toBe('');
  });

  it('go back to page 1 when a filter changes, and forget the child and area of another class', () => {
    const query = read('class_id=c1&student_id=s1&area_id=a1&author_id=u1&page=4');
    const next = withFilter(query, 'class_id', 'c2');
    expect(next).toEqual({ class_id: 'c2', author_id: 'u1', page: 1, page_size: STORY_PAGE_SIZE });
    expect(withFilter(query, 'page', 5).page).toBe(5);
    expect(withFilter(query, 'student_id', null)).not.toHaveProperty('student_id');
    expect(withFilter(query, 'class_id', 'c1').student_id).toBe('s1');
    expect(activeFilters(query)).toBe(4);
    expect(activeFilters(read(''))).toBe(0);
  });
});

describe('the story pages helpers', () => {
  it('move a tag up or down within the list, never past its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  });

  it('size the bars by their share of the largest, all empty when nothing was counted', () => {
    expect(barPercents([0, 2, 4])).toEqual([0, 50, 100]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
  });

  it('show a wire day in the reader’s language', () => {
    expect(showDay('09-03-2026', 'en')).toBe('Mar 9, 2026');
    expect(showDay('31-02-2026', 'en')).toBe('31-02-2026');
    expect(showDay(null, 'en')).toBe('');
  });
});
