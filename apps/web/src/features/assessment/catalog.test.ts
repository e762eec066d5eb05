import { ASSESSMENT_MESSAGES, LEARNING_AREA_NAMES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { catalog, describeCatalogs, keysInCode } from '../../lib/catalog-test';

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

describe("the learning areas' names the server prints", () => {
  it("are the observations catalogs' names in every language", () => {
    for (const lng of ['en', 'ar', 'he'] as const) {
      const areas = catalog('observations', lng).areas as Record<string, string>;
      expect(Object.fromEntries(Object.entries(LEARNING_AREA_NAMES).map(([code, names]) => [code, names[lng]])), lng).toEqual(
        areas,
      );
    }
  });
});
