import { AUDIT_ACTIONS } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the academic setup shared catalog',
  ns: 'academic',
  keys: () => [...keysInCode('academic', ['components']), ...AUDIT_ACTIONS.map((a) => `audit.actions.${a}`)],
  minKeys: 15,
  messages: {
    title: 'name every action of the audit trail',
    check: (en) => {
      const actions = (en.audit as Record<string, Record<string, string>>).actions ?? {};
      for (const a of AUDIT_ACTIONS) expect(actions[a], a).toBeTruthy();
    },
  },
});
