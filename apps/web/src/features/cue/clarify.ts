import type { ChatClarification, ChatMessage } from '@cue/contract';

const KINDS = ['child', 'date', 'intent'] as const;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The question Cue asked instead of guessing, when a message carries one (read leniently, as streamed JSON). */
export function clarificationOf(message: Pick<ChatMessage, 'additional_kwargs'> | undefined): ChatClarification | undefined {
  const c = isRecord(message?.additional_kwargs) ? message.additional_kwargs.clarify : undefined;
  if (!isRecord(c) || !KINDS.includes(c.kind as (typeof KINDS)[number]) || !Array.isArray(c.options)) return undefined;
  const options = c.options.filter(
    (o): o is { label: string; value: string } => isRecord(o) && typeof o.label === 'string' && typeof o.value === 'string',
  );
  if (options.length === 0) return undefined;
  return {
    kind: c.kind as ChatClarification['kind'],
    sentence: typeof c.sentence === 'string' ? c.sentence : '',
    ...(typeof c.word === 'string' ? { word: c.word } : {}),
    options,
  };
}
