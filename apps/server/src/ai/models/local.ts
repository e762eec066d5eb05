import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage, type ToolMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { newId } from '../../platform/ids.js';
import { thisTurn } from '../agent/turn.js';
import { type Clarification, type EngineContext, type Resolution, respond } from '../engine/engine.js';
import { unfinishedOf } from '../engine/guards.js';
import { type Locale, reply } from '../engine/replies.js';

/** What the local model knows of the class it is talking about; passed per run, never to a third party. */
export interface LocalModelContext extends EngineContext {
  classIds: string[];
  /** The teacher's interface language: the language of Cue's own sentences (English when not said). */
  locale?: Locale;
}

interface PlannedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

interface Plan {
  text: string;
  calls: PlannedCall[];
  /** One short question with its choices, instead of guessing (the answer completes the draft). */
  clarify?: Clarification;
  /** Names spoken of that are not children of the class. */
  notFound?: string[];
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

/**
 * The message to read and what is already known of it: the sentence typed, or, when the teacher
 * answers the question Cue just asked (a button, or typing one of the choices), the sentence that
 * question was about, with the answer.
 */
function toRead(messages: BaseMessage[]): { sentence: string; resolution: Resolution } {
  let human = -1;
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]?._getType() === 'human') {
      human = i;
      break;
    }
  const sentence = human >= 0 ? textOf(messages[human] as BaseMessage) : '';
  const asked = messages
    .slice(0, Math.max(0, human))
    .reverse()
    .find((m) => m._getType() === 'ai' || m._getType() === 'human');
  const clarify = asked?._getType() === 'ai' ? (asked.additional_kwargs.clarify as Clarification | undefined) : undefined;
  if (!clarify) return { sentence, resolution: {} };
  const answer = String((messages[human] as BaseMessage).additional_kwargs.answer ?? '');
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const chosen =
    clarify.options.find((o) => answer !== '' && o.value === answer) ??
    clarify.options.find((o) => norm(o.label) === norm(sentence) || norm(o.value) === norm(sentence));
  if (!chosen) return { sentence, resolution: {} };
  if (clarify.kind === 'child' && clarify.word)
    return { sentence: clarify.sentence, resolution: { child: { word: clarify.word, id: chosen.value } } };
  if (clarify.kind === 'date' && clarify.word)
    return { sentence: clarify.sentence, resolution: { date: { word: clarify.word, date: chosen.value } } };
  if (clarify.kind === 'intent')
    return { sentence: clarify.sentence, resolution: { intent: chosen.value as Resolution['intent'] } };
  return { sentence, resolution: {} };
}

const QUESTION: Record<Clarification['kind'], (c: Clarification, l: Locale) => string> = {
  child: (c, l) => reply(l, 'clarifyChild', { word: c.word ?? '' }),
  date: (_c, l) => reply(l, 'clarifyDate'),
  intent: (_c, l) => reply(l, 'clarifyIntent'),
};

const SUMMARY: Record<string, (args: Record<string, unknown>, l: Locale) => string> = {
  mark_attendance: (a, l) => reply(l, 'attendance', { date: String(a.date) }),
  create_observation: (a, l) => {
    const count = (a.observation_entries as unknown[]).length;
    return count === 1 ? reply(l, 'observationOne') : reply(l, 'observationMany', { count });
  },
  draft_announcement: (a, l) =>
    a.schedule_later ? reply(l, 'announcementLater', { date: String(a.date), time: String(a.time) }) : reply(l, 'announcement'),
  mentioned_students: (_a, l) => reply(l, 'mentioned'),
  log_care: (a, l) => {
    const children = new Set((a.care_entries as { student_id: string }[]).map((e) => e.student_id)).size;
    return children === 1 ? reply(l, 'careOne') : reply(l, 'careMany', { count: children });
  },
};

/** What a reply carries besides its words: the question asked and the names not found. */
const extras = (plan: Plan): Record<string, unknown> => ({
  ...(plan.clarify ? { clarify: plan.clarify } : {}),
  ...(plan.notFound?.length ? { not_found: plan.notFound } : {}),
});

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
    const locale = this.ctx.locale ?? 'en';
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
      return { text: text || reply(locale, 'nothingFound'), calls: [] };
    }
    const { sentence, resolution } = toRead(messages);
    const read = respond(sentence || lastHuman(messages), this.ctx, this.ctx.classIds, resolution);
    if (read.clarify) return { text: QUESTION[read.clarify.kind](read.clarify, locale), calls: [], clarify: read.clarify };
    if (read.guard) return { text: reply(locale, read.guard, { start: unfinishedOf(sentence) }), calls: [] };
    const calls = read.calls.map((c) => ({ id: newId(), name: c.name, args: c.args as unknown as Record<string, unknown> }));
    if (calls.some((c) => c.name === 'class_question')) return { text: '', calls };
    // Attendance is never drafted with a name that is no child of the class: the teacher corrects it first.
    const missing = read.notFound.length
      ? reply(locale, read.attendanceHeld ? 'notFoundAttendance' : 'notFound', { names: read.notFound })
      : '';
    // Care asked for where the school keeps no carelog: said in the teacher's language, nothing drafted for it.
    const careOff = read.careOff ? reply(locale, 'noCare') : '';
    if (calls.length === 0)
      return { text: [careOff, missing].filter(Boolean).join(' ') || reply(locale, 'help'), calls: [], notFound: read.notFound };
    return {
      text: [...calls.map((c) => SUMMARY[c.name]?.(c.args, locale) ?? ''), careOff, missing].filter(Boolean).join(' '),
      calls,
      notFound: read.notFound,
    };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const plan = this.plan(messages);
    const message = new AIMessage({
      content: plan.text,
      tool_calls: plan.calls.map((c) => ({ ...c, type: 'tool_call' as const })),
      additional_kwargs: extras(plan),
    });
    return { generations: [{ text: plan.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const plan = this.plan(messages);
    const { text, calls } = plan;
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
      // The question and its choices travel with the first words (the card draws the buttons).
      yield await emit(
        new AIMessageChunk({ id, content: piece, ...(at === 0 ? { additional_kwargs: extras(plan) } : {}) }),
        piece,
      );
    }
  }

  override bindTools(): this {
    return this;
  }
}
