import { LIBRARY_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the library catalog',
  ns: 'library',
  // What every library screen shares and the contract's messages.
  keys: () => [...keysInCode('library', ['components']), ...Object.keys(LIBRARY_MESSAGES).map((m) => `messages.${m}`)],
  minKeys: 40,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(LIBRARY_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
