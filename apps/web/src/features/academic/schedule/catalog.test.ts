import {
  DAY_SCHEDULE_CYCLES,
  DAY_SCHEDULE_MESSAGES,
  DAY_SCHEDULE_TARGETS,
  DAY_SLOT_KINDS,
  SCHEDULE_WEEKDAYS,
} from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the day schedule catalog',
  ns: 'daySchedule',
  keys: () => [
    ...keysInCode('academic', ['schedule']),
    ...DAY_SLOT_KINDS.map((k) => `kinds.${k}`),
    ...DAY_SCHEDULE_TARGETS.map((k) => `targets.${k}`),
    ...DAY_SCHEDULE_CYCLES.map((k) => `cycles.${k}`),
    ...SCHEDULE_WEEKDAYS.map((d) => `weekdays.${d}`),
    ...Object.keys(DAY_SCHEDULE_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 60,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(DAY_SCHEDULE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
