import { STORY_KINDS, STORY_MESSAGES, STORY_REACTIONS, STORY_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { type Catalog, describeCatalogs, keysInCode, keysInComponent } from '../../lib/catalog-test';

/** The stories' messages these screens may be answered, each verbatim in English. */
const storyMessages = {
  title: "hold the contract's messages verbatim in English (those the screens may be answered)",
  check: (en: Catalog) => {
    const messages = en.messages as Record<string, string>;
    expect(Object.keys(messages).length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries(messages))
      expect(text, name).toBe(STORY_MESSAGES[name as keyof typeof STORY_MESSAGES]);
  },
};

describeCatalogs({
  title: 'the storyInsights catalogs',
  ns: 'storyInsights',
  keys: () => [
    ...keysInCode('story-insights'),
    ...STORY_STATUSES.map((s) => `status.${s}`),
    ...STORY_KINDS.flatMap((k) => [`kind.${k}`, `kindFilter.${k}`]),
  ],
  messages: storyMessages,
});

describeCatalogs({
  title: 'the journal catalogs',
  ns: 'journal',
  keys: () => [
    ...keysInCode('journal'),
    ...keysInComponent('DayNav.tsx'),
    ...STORY_REACTIONS.map((r) => `reactions.${r}`),
    ...['draft', 'pending', 'published'].map((s) => `status.${s}`),
  ],
  messages: storyMessages,
});
