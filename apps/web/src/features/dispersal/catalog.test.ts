import { DISPERSAL_ALERT_KINDS, DISPERSAL_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the drop-off and pick-up catalog',
  ns: 'dispersal',
  // The staff's page, what every screen shares, and the contract's messages.
  keys: () => [
    ...keysInCode('dispersal', ['desk', 'components']),
    // Keys built from the contract's values.
    ...DISPERSAL_ALERT_KINDS.map((kind) => `alerts.kind.${kind}`),
    ...['parent', 'collector', 'one_time'].map((kind) => `adultKind.${kind}`),
    ...Object.keys(DISPERSAL_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 20,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(DISPERSAL_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
