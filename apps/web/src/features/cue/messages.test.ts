import { readFileSync } from 'node:fs';
import { CUE_MESSAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';

type Catalog = { [key: string]: string | Catalog };
const en = JSON.parse(readFileSync(new URL('../../../public/locales/en/cue.json', import.meta.url), 'utf8')) as Catalog;
const at = (path: string) =>
  path.split('.').reduce<string | Catalog | undefined>((c, k) => (typeof c === 'object' ? c[k] : undefined), en);

describe("Cue's voice, task and small chat words", () => {
  it('are the specification strings verbatim in English', () => {
    expect(at('voice.sent')).toBe(CUE_MESSAGES.requestSent);
    expect(at('voice.finished')).toBe(CUE_MESSAGES.finished);
    expect(at('voice.failed')).toBe(CUE_MESSAGES.failed);
    expect(at('voice.missingValues')).toBe(CUE_MESSAGES.missingValues);
    expect(at('smallChat.missingContext')).toBe(CUE_MESSAGES.missingContext);
    expect(at('smallChat.failed')).toBe(CUE_MESSAGES.failedResponse);
    expect(at('smallChat.title')).toBe('AI Chat');
    expect(at('smallChat.empty')).toBe('Start a conversation...');
    expect(at('smallChat.placeholder')).toBe('Type your message...');
    expect(at('smallChat.sending')).toBe('Sending');
  });
});
