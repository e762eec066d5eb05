import {
  ANSWER_KINDS,
  FEEDBACK_KINDS,
  FORM_STATUSES,
  HPC_DOMAINS,
  HPC_LEVELS,
  HPC_SELF_PROMPTS,
  HPC_STATUSES,
  SELF_ANSWERS,
} from '@cue/contract';
import { expect } from 'vitest';
import { type Catalog, describeCatalogs, keysInCode } from '../../../lib/catalog-test';

/** The keys the screens build from the contract's values (`t(`domains.${key}`)`). */
const contractKeys = (): string[] => [
  ...HPC_LEVELS.flatMap((l) => [`levels.${l}.name`, `levels.${l}.meaning`]),
  ...HPC_STATUSES.map((s) => `status.${s}`),
  ...HPC_DOMAINS.map((d) => `domains.${d.key}`),
  ...HPC_DOMAINS.flatMap((d) => d.descriptors.map((x) => `descriptors.${x.key}`)),
  ...HPC_SELF_PROMPTS.map((p) => `self.${p}`),
  ...SELF_ANSWERS.map((a) => `faces.${a}`),
  ...FEEDBACK_KINDS.flatMap((k) => [`kinds.${k}`, `forms.intro.${k}`]),
  ...ANSWER_KINDS.map((k) => `answerKinds.${k}`),
  ...FORM_STATUSES.map((s) => `formStatus.${s}`),
];

describeCatalogs({
  title: 'the progress card and feedback catalogs',
  ns: 'hpc',
  keys: () => [...keysInCode('assessment', ['hpc']), ...contractKeys()],
  minKeys: 150,
  messages: {
    title: "say the card's domains and descriptors in English as the contract writes them",
    check: (en) => {
      const domains = en.domains as Catalog;
      const descriptors = en.descriptors as Catalog;
      for (const d of HPC_DOMAINS) {
        expect(domains[d.key], d.key).toBe(d.name);
        for (const x of d.descriptors) expect(descriptors[x.key], x.key).toBe(x.text);
      }
      // PARAKH's names of the foundational stage's levels.
      const levels = en.levels as Record<string, Catalog>;
      expect(HPC_LEVELS.map((l) => levels[l]?.name)).toEqual(['Stream', 'Mountain', 'Sky']);
    },
  },
});
