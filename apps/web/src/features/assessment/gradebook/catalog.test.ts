import { REPORT_SECTION_KINDS, SCALE_KINDS, TASK_KINDS, TASK_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the gradebook catalogs',
  ns: 'gradebook',
  // The gradebook's and the setup's screens, with the keys built from the contract's kinds and statuses.
  keys: () => [
    ...keysInCode('assessment', ['gradebook']),
    ...TASK_KINDS.map((k) => `kinds.${k}`),
    ...TASK_STATUSES.map((s) => `statuses.${s}`),
    ...SCALE_KINDS.flatMap((k) => [`scales.kinds.${k}`, `scales.kindHints.${k}`]),
    ...REPORT_SECTION_KINDS.map((k) => `templates.kinds.${k}`),
    ...['periods', 'scales', 'templates'].map((tab) => `setup.tabs.${tab}`),
  ],
  minKeys: 150,
  messages: {
    title: "keep the contract's messages in the shared catalog, not here",
    check: (en) => expect(en.messages).toBeUndefined(),
  },
});
