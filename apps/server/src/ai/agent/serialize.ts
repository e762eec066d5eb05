import type { ChatContentPart, ChatMessage } from '@cue/contract';
import type { AIMessage, AIMessageChunk, BaseMessage, ToolMessage } from '@langchain/core/messages';

const ROLE = { human: 'user', ai: 'assistant', tool: 'tool' } as const;

function parts(content: BaseMessage['content']): ChatContentPart[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content.flatMap((p) => {
    if (typeof p === 'string') return [{ type: 'text' as const, text: p }];
    if (p.type !== 'text' || typeof (p as { text?: unknown }).text !== 'string') return [];
    const part = p as { text: string; annotations?: { title: string; url: string }[] };
    return [{ type: 'text' as const, text: part.text, ...(part.annotations ? { annotations: part.annotations } : {}) }];
  });
}

/** A LangChain message (or chunk) as the socket carries it: plain JSON with the fields the client reads. */
export function serialize(message: BaseMessage, mode: string): ChatMessage {
  const type = message._getType() as 'human' | 'ai' | 'tool';
  const out: ChatMessage = {
    id: message.id ?? '',
    type,
    role: ROLE[type] ?? 'assistant',
    content: parts(message.content),
    additional_kwargs: { agent: 'cue', mode, ...(message.additional_kwargs as ChatMessage['additional_kwargs']) },
  };
  if (type === 'ai') {
    const ai = message as AIMessage & Partial<Pick<AIMessageChunk, 'tool_call_chunks'>>;
    out.tool_calls = (ai.tool_calls ?? []).map((c) => ({ id: c.id ?? '', name: c.name, args: c.args }));
    if (ai.tool_call_chunks?.length)
      out.tool_call_chunks = ai.tool_call_chunks.map((c) => ({ id: c.id, name: c.name, args: c.args, index: c.index }));
  }
  if (type === 'tool') {
    out.tool_call_id = (message as ToolMessage).tool_call_id;
    out.name = message.name;
  }
  return out;
}
