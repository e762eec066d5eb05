import { ADMISSION_MESSAGES, ADMISSION_SOURCES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

// The public folder also holds the job pages, which read the hiring catalog (`public.*` and hiring's
// own messages): only the admission form's keys are this catalog's.
const admissionMessages = new Set(Object.keys(ADMISSION_MESSAGES).map((m) => `messages.${m}`));
const formKeys = () =>
  keysInCode('management', ['public']).filter(
    (key) => !key.startsWith('public.') && (!key.startsWith('messages.') || admissionMessages.has(key)),
  );

describeCatalogs({
  title: 'the public forms catalog',
  ns: 'publicForms',
  keys: () => [
    ...formKeys(),
    ...['required', 'documentMissing', 'email', 'phone', 'date', 'number', 'choice'].map((c) => `check.${c}`),
    ...ADMISSION_SOURCES.map((s) => `sources.${s}`),
    ...admissionMessages,
  ],
  minKeys: 40,
  messages: {
    title: 'hold the admission messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(ADMISSION_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
