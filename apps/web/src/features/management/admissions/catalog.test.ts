import {
  ADMISSION_FORM_KINDS,
  ADMISSION_MESSAGES,
  ADMISSION_SOURCES,
  ADMISSION_STAGES,
  FORM_FIELD_TYPES,
  LANGUAGES,
} from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the admissions catalog',
  ns: 'admissions',
  keys: () => [
    ...keysInCode('management', ['admissions']),
    ...ADMISSION_STAGES.map((s) => `stages.${s}`),
    ...ADMISSION_SOURCES.map((s) => `sources.${s}`),
    ...ADMISSION_FORM_KINDS.map((k) => `kinds.${k}`),
    ...FORM_FIELD_TYPES.map((f) => `fieldTypes.${f}`),
    ...LANGUAGES.map((l) => `languages.${l}`),
    ...['first', 'previous', 'next', 'last'].map((c) => `pager.${c}`),
    ...['board', 'list', 'forms', 'report'].map((tab) => `tabs.${tab}`),
    ...Object.keys(ADMISSION_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 150,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(ADMISSION_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
