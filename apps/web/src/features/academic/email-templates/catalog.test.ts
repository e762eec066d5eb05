import { EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATE_MESSAGES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';
import { EMAIL_AREAS } from './templateText';

describeCatalogs({
  title: 'the email templates catalog',
  ns: 'emailTemplates',
  // The pages' own words, each email's name and description, its audience, its area and the contract's messages.
  keys: () => [
    ...keysInCode('academic', ['email-templates']),
    ...EMAIL_TEMPLATE_KEYS.flatMap((k) => [`keys.${k}.name`, `keys.${k}.description`]),
    ...['family', 'staff', 'anyone'].map((a) => `audience.${a}`),
    ...EMAIL_AREAS.map((a) => `areas.${a}`),
    ...Object.keys(EMAIL_TEMPLATE_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 60,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(EMAIL_TEMPLATE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
