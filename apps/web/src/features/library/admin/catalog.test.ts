import { COPY_STATUSES, LIBRARY_ITEM_KINDS } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode, keysInComponent } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the library management catalog',
  ns: 'libraryAdmin',
  keys: () => [
    ...keysInCode('library', ['admin']),
    // Keys built from the contract's values and the page's own lists.
    ...LIBRARY_ITEM_KINDS.map((k) => `kinds.${k}`),
    ...COPY_STATUSES.map((s) => `statuses.${s}`),
    ...['catalogue', 'import', 'rules', 'labels'].map((k) => `tabs.${k}`),
    ...['first', 'previous', 'next', 'last'].map((c) => `pager.${c}`),
    // The scan field's camera words, asked of the page's namespace.
    ...keysInComponent('ScanField.tsx'),
  ],
  minKeys: 120,
  messages: {
    // The contract's messages live in the `library` namespace; this one says the screen's own words.
    title: 'say the screen in its own words, the contract messages staying in the library namespace',
    check: (en) => expect(en.messages).toBeUndefined(),
  },
});
