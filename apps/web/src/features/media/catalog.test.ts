import { MEDIA_MESSAGES, MEDIA_PRIVACY } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the gallery catalogs',
  ns: 'media',
  keys: () => [...keysInCode('media'), ...MEDIA_PRIVACY.flatMap((p) => [`privacy.${p}`, `privacyShort.${p}`])],
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => expect(en.messages).toEqual({ ...MEDIA_MESSAGES }),
  },
});
