import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from './search.js';

describe('prefixTsQuery', () => {
  it('makes every word a required prefix', () => {
    expect(prefixTsQuery('Caterp')).toBe('caterp:*');
    expect(prefixTsQuery('  hungry   caterp ')).toBe('hungry:* & caterp:*');
  });
  it('keeps words of any script and drops the query syntax a person might type', () => {
    expect(prefixTsQuery('كتاب & (x) | !')).toBe('كتاب:* & x:*');
    expect(prefixTsQuery("'):* ||")).toBeNull();
  });
});
