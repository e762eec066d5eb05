import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the family library catalog',
  ns: 'libraryFamily',
  keys: () => keysInCode('library', ['family']),
  minKeys: 15,
  messages: {
    title: 'say the empty state and the overdue days',
    check: (en) => {
      const loans = en.loans as Record<string, string>;
      expect(loans.none).toBe('No books borrowed');
      expect(loans.overdue_other).toContain('{{count}}');
    },
  },
});
