import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the library desk catalog',
  ns: 'libraryDesk',
  // Student-wise, book-wise and an item's page, with the pager's controls named by their position.
  keys: () => [...keysInCode('library', ['desk']), ...['first', 'previous', 'next', 'last'].map((c) => `pager.${c}`)],
  minKeys: 80,
  messages: {
    title: 'say the desk toasts around the contract message',
    check: (en) => {
      const students = en.students as Record<string, string>;
      // The lending toast reads "Checked out: due 04-12-2026" with the contract's message first.
      expect(students.checkedOut).toBe('{{message}}: due {{date}}');
    },
  },
});
