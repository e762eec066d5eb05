import { COPY_STATUSES, LIBRARY_ITEM_KINDS, LIBRARY_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode, keysInComponent } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the library catalog',
  ns: 'library',
  // What every library screen shares (the scan field's words among them) and the contract's messages.
  keys: () => [
    ...keysInCode('library', ['components']),
    ...keysInComponent('ScanField.tsx'),
    ...LIBRARY_ITEM_KINDS.map((k) => `kinds.${k}`),
    ...COPY_STATUSES.map((s) => `copyStatus.${s}`),
    ...Object.keys(LIBRARY_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 40,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(LIBRARY_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
