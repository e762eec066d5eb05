import { CHAT_KINDS, CHAT_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the chat catalogs',
  ns: 'chat',
  keys: () => [...keysInCode('chat'), ...CHAT_KINDS.map((k) => `kind.${k}`)],
  minKeys: 100,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => expect(en.messages).toEqual({ ...CHAT_MESSAGES }),
  },
});
