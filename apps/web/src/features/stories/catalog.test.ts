import { STORY_MESSAGES, STORY_REACTIONS, STORY_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the stories catalogs',
  ns: 'stories',
  keys: () => [
    ...keysInCode('stories'),
    ...STORY_STATUSES.map((s) => `status.${s}`),
    ...STORY_REACTIONS.map((r) => `reactions.${r}`),
    ...['first', 'previous', 'next', 'last'].map((c) => `pagination.${c}`),
  ],
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => expect(en.messages).toEqual({ ...STORY_MESSAGES }),
  },
});
