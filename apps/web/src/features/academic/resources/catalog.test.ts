import { RESOURCE_MESSAGES, SCHOOL_RESOURCE_KINDS } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the resources catalog',
  ns: 'schoolResources',
  keys: () => [
    ...keysInCode('academic', ['resources']),
    ...SCHOOL_RESOURCE_KINDS.map((k) => `kinds.${k}`),
    ...Object.keys(RESOURCE_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 80,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(RESOURCE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
