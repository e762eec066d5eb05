import type { ChatMessage } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { clarificationOf } from './clarify';
import { chatReducer, initialChatState } from './stream';

const clarify = {
  kind: 'child',
  sentence: 'Kabir is absent',
  word: 'Kabir',
  options: [
    { label: 'Kabir Khan', value: 'a'.repeat(24) },
    { label: 'Kabir Mehta', value: 'b'.repeat(24) },
  ],
};
const message = (extra: Record<string, unknown>): ChatMessage => ({
  id: 'm'.repeat(24),
  type: 'ai',
  role: 'assistant',
  content: [{ type: 'text', text: 'Which Kabir do you mean?' }],
  additional_kwargs: { agent: 'cue', mode: 'agent', ...extra },
});

describe('a question Cue asks instead of guessing', () => {
  it('is read from a message, leniently', () => {
    expect(clarificationOf(message({ clarify }))).toEqual(clarify);
    expect(clarificationOf(message({}))).toBeUndefined();
    expect(clarificationOf(message({ clarify: { kind: 'nonsense', options: [] } }))).toBeUndefined();
    expect(clarificationOf(message({ clarify: { ...clarify, options: [{ label: 1 }] } }))).toBeUndefined();
  });

  it('reaches the conversation on screen from the stream and from the final update', () => {
    const sent = chatReducer(initialChatState, { type: 'send', id: 'local-1', text: 'Kabir is absent' });
    const streamed = chatReducer(sent, {
      type: 'response',
      payload: { stream_mode: 'messages', data: [message({ clarify })], conversation_id: 'c'.repeat(24) },
    });
    expect(streamed.entries.at(-1)?.clarify).toEqual(clarify);
    const updated = chatReducer(streamed, {
      type: 'response',
      payload: { stream_mode: 'updates', data: { agent: { messages: [message({ clarify })] } }, conversation_id: 'c'.repeat(24) },
    });
    expect(updated.entries.filter((e) => e.role === 'assistant')).toHaveLength(1);
    expect(updated.entries.at(-1)?.clarify?.options.map((o) => o.label)).toEqual(['Kabir Khan', 'Kabir Mehta']);
  });
});
