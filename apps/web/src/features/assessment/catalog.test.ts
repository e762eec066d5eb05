import { ASSESSMENT_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the assessment catalogs',
  ns: 'assessment',
  // What every assessment page shares (periods, evidence) and the contract's messages.
  keys: () => [...keysInCode('assessment', ['components']), ...Object.keys(ASSESSMENT_MESSAGES).map((m) => `messages.${m}`)],
  minKeys: 50,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(ASSESSMENT_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
