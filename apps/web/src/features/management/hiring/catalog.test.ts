import { readFileSync } from 'node:fs';
import { EMPLOYMENT_TYPES, HIRING_MESSAGES, HIRING_STAGES, LANGUAGES, OPENING_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

/**
 * The keys the public job pages ask of the hiring catalog. They are read file by file: the public
 * folder's admission form speaks the publicForms catalog.
 */
const PUBLIC_FILES = ['PublicJobsPage.tsx', 'PublicJobPage.tsx', 'PublicJobFrame.tsx'];
const publicKeys = () =>
  PUBLIC_FILES.flatMap((file) =>
    [...readFileSync(new URL(`../public/${file}`, import.meta.url), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map(
      (m) => m[1] as string,
    ),
  );

describeCatalogs({
  title: 'the hiring catalog',
  ns: 'hiring',
  keys: () => [
    ...keysInCode('management', ['hiring']),
    ...publicKeys(),
    ...HIRING_STAGES.map((s) => `stages.${s}`),
    ...OPENING_STATUSES.map((s) => `status.${s}`),
    ...EMPLOYMENT_TYPES.map((k) => `types.${k}`),
    ...LANGUAGES.map((l) => `languages.${l}`),
    // A CV refused before upload (cvProblem's names).
    'public.cvType',
    'public.cvSize',
    ...Object.keys(HIRING_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 150,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(HIRING_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
