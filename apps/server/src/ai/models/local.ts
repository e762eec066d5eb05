import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage, type ToolMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { newId } from '../../platform/ids.js';
import { thisTurn } from '../agent/turn.js';
import { type EngineContext, question, understand } from '../engine/engine.js';

/** What the local model knows of the class it is talking about; passed per run, never to a third party. */
export interface LocalModelContext extends EngineContext {
  classIds: string[];
}

interface PlannedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

interface Plan {
  text: string;
  calls: PlannedCall[];
}

const textOf = (m: BaseMessage): string =>
  typeof m.content === 'string'
    ? m.content
    : m.content.map((part) => (typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');

/** The sentence the teacher typed is the last human message. */
const lastHuman = (messages: BaseMessage[]): string => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && m._getType() === 'human') return textOf(m);
  }
  return '';
};

const SUMMARY: Record<string, (args: Record<string, unknown>) => string> = {
  mark_attendance: (a) => `Here is the attendance for ${String(a.date)}. Check it and mark it complete.`,
  create_observation: (a) =>
    `I drafted ${(a.observation_entries as unknown[]).length === 1 ? 'an observation' : `${(a.observation_entries as unknown[]).length} observations`}. Check and save.`,
  draft_announcement: (a) =>
    a.schedule_later
      ? `I drafted an announcement to send on ${String(a.date)} at ${String(a.time)}.`
      : 'I drafted an announcement. Check it, then save it as a draft or send it.',
  mentioned_students: () => 'These are the children you mentioned.',
};

/**
 * The offline, deterministic model: our own language engine behind LangChain's chat-model interface,
 * so that the agent graph, streaming and tools are the same whichever provider a school uses.
 * First turn: the sentence becomes tool calls (drafts for cards, or a question over the class's
 * records). After a question's tool result: the answer, with its sources.
 */
export class LocalChatModel extends BaseChatModel {
  constructor(
    private readonly ctx: LocalModelContext,
    params: BaseChatModelParams = {},
  ) {
    super(params);
  }

  _llmType(): string {
    return 'cue-local';
  }

  private plan(messages: BaseMessage[]): Plan {
    const last = messages.at(-1);
    if (last && last._getType() === 'tool') {
      const answers = thisTurn(messages).filter((m): m is ToolMessage => m._getType() === 'tool' && m.name === 'class_question');
      const text = answers
        .map((m) => {
          try {
            return String((JSON.parse(textOf(m)) as { answer?: string }).answer ?? '');
          } catch {
            return textOf(m);
          }
        })
        .filter(Boolean)
        .join('\n\n');
      return { text: text || 'I could not find anything for that.', calls: [] };
    }
    const sentence = lastHuman(messages);
    const asked = question(sentence, this.ctx);
    if (asked) return { text: '', calls: [{ id: newId(), name: 'class_question', args: { ...asked } }] };
    const calls = understand(sentence, this.ctx, this.ctx.classIds).map((c) => ({
      id: newId(),
      name: c.name,
      args: c.args as unknown as Record<string, unknown>,
    }));
    if (calls.length === 0)
      return {
        text: 'I can mark attendance, note observations, draft announcements and answer questions about your class. Try "Mark everyone present except Kabir".',
        calls: [],
      };
    return { text: calls.map((c) => SUMMARY[c.name]?.(c.args) ?? '').join(' '), calls };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const { text, calls } = this.plan(messages);
    const message = new AIMessage({ content: text, tool_calls: calls.map((c) => ({ ...c, type: 'tool_call' as const })) });
    return { generations: [{ text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const { text, calls } = this.plan(messages);
    const id = newId();
    const emit = async (message: AIMessageChunk, token: string) => {
      const chunk = new ChatGenerationChunk({ message, text: token });
      await runManager?.handleLLMNewToken(token, undefined, undefined, undefined, undefined, { chunk });
      return chunk;
    };
    // Tool calls first (a card can start drawing at once), then the words, a few at a time.
    for (const [index, call] of calls.entries()) {
      const json = JSON.stringify(call.args);
      const step = Math.max(64, Math.ceil(json.length / 4));
      for (let at = 0; at < json.length; at += step) {
        yield await emit(
          new AIMessageChunk({
            id,
            content: '',
            tool_call_chunks: [
              {
                type: 'tool_call_chunk',
                index,
                ...(at === 0 ? { id: call.id, name: call.name } : {}),
                args: json.slice(at, at + step),
              },
            ],
          }),
          '',
        );
      }
    }
    const words = text.match(/\S+\s*/g) ?? [];
    for (let at = 0; at < words.length; at += 6) {
      const piece = words.slice(at, at + 6).join('');
      yield await emit(new AIMessageChunk({ id, content: piece }), piece);
    }
  }

  override bindTools(): this {
    return this;
  }
}
