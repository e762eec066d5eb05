import { CURRICULUM_MESSAGES, CURRICULUM_NODE_KINDS } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';
import { AGE_BAND_KEYS } from './format';

describeCatalogs({
  title: 'the curriculum catalog',
  ns: 'curriculum',
  // The screens' keys, those built from a value (node kinds, import counts, age bands) and the contract's messages.
  keys: () => [
    ...keysInCode('academic', ['curriculum']),
    ...CURRICULUM_NODE_KINDS.map((k) => `node.editTitle.${k}`),
    ...CURRICULUM_NODE_KINDS.map((k) => `node.addTitle.${k}`),
    ...['areas', 'aspects', 'statements'].map((k) => `import.counts.${k}`),
    ...AGE_BAND_KEYS,
    ...Object.keys(CURRICULUM_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 100,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(CURRICULUM_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
