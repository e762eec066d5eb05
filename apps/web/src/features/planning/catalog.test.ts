import { PLANNING_FRAMEWORKS, PLANNING_MESSAGES, UNIT_CHOICES, UNIT_FIELD_KINDS, UNIT_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the planning catalogs',
  ns: 'planning',
  // Every key planning's screens ask for, with the keys built from the contract's values.
  keys: () => [
    ...keysInCode('planning'),
    ...Object.keys(UNIT_FIELD_KINDS).map((k) => `fields.${k}`),
    ...Object.entries(UNIT_CHOICES).flatMap(([field, values]) => values.map((v) => `choices.${field}.${v}`)),
    ...UNIT_STATUSES.map((s) => `common.statuses.${s}`),
    ...[...PLANNING_FRAMEWORKS, 'project'].map((f) => `common.frameworks.${f}`),
    ...['first', 'previous', 'next', 'last'].map((c) => `units.pagination.${c}`),
    ...Object.keys(PLANNING_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 100,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(PLANNING_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
