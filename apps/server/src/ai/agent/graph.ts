import { type ClassQuestionArgs, DRAFT_TOOLS, type DraftToolName, QUESTION_TOOL, TOOL_ARGS } from '@cue/contract';
import { AIMessage, type BaseMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { newId } from '../../platform/ids.js';
import type { RosterChild } from '../engine/names.js';
import { thisTurn } from './turn.js';

export interface Source {
  title: string;
  url: string;
}

export interface QuestionAnswer {
  answer: string;
  data: unknown;
  sources: Source[];
}

/** One run of the agent: who asks, about which class, with which model. Passed as `configurable.run`. */
/** A chat model with the tools bound (LangChain's interface: ours or an external provider's). */
export interface AgentModel {
  invoke(messages: BaseMessage[], config?: RunnableConfig): Promise<BaseMessage>;
}

export interface AgentRun {
  model: AgentModel;
  /** Instructions for an external model (the roster is given as data, never as instructions). */
  system: string | null;
  roster: RosterChild[];
  classId: string;
  sentence: string;
  mode: string;
  /** The school keeps a carelog (feature `daycare`): `log_care` drafts are kept, otherwise dropped. */
  care: boolean;
  /** Answers a read-only question over the class's records. */
  ask(args: ClassQuestionArgs): Promise<QuestionAnswer>;
  /** Keeps a drafted tool call so that a card can save it later (by the teacher's click only). */
  keep(call: { id: string; name: DraftToolName; args: Record<string, unknown> }): Promise<void>;
}

const runOf = (config: RunnableConfig): AgentRun => {
  const run = (config.configurable as { run?: AgentRun } | undefined)?.run;
  if (!run) throw new Error('The agent needs configurable.run');
  return run;
};

const isId = (v: string) => /^[0-9a-f]{24}$/.test(v);
const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const isDraftTool = (name: string): name is DraftToolName => (DRAFT_TOOLS as readonly string[]).includes(name);

/**
 * Keeps a drafted call inside the class: children must be on the roster, classes the class itself.
 * A model (ours or an external one) never gets to invent a child. Returns null when nothing is left.
 */
function confine(name: DraftToolName, args: Record<string, unknown>, run: AgentRun): Record<string, unknown> | null {
  const parsed = TOOL_ARGS[name].safeParse(args);
  if (!parsed.success) return null;
  const onRoster = new Set(run.roster.map((c) => c.id));
  const value = parsed.data as Record<string, unknown>;
  switch (name) {
    case 'mark_attendance': {
      const list = (value.student_attendance_list as { student_id: string }[]).filter((e) => onRoster.has(e.student_id));
      return list.length ? { ...value, student_attendance_list: list, is_saved: false } : null;
    }
    case 'create_observation': {
      const entries = (value.observation_entries as { student_id: string }[]).filter((e) => onRoster.has(e.student_id));
      return entries.length ? { ...value, observation_entries: entries, is_saved: false } : null;
    }
    case 'draft_announcement':
      return { ...value, classes_ids: (value.classes_ids as string[]).filter((id) => id === run.classId), is_saved: false };
    case 'mentioned_students': {
      const students = (value.students as { id: string }[]).filter((s) => onRoster.has(s.id));
      return students.length ? { ...value, students } : null;
    }
    case 'log_care': {
      // Care is only drafted where the school keeps a carelog (an external model is told the same).
      if (!run.care) return null;
      const entries = (value.care_entries as { student_id: string }[]).filter((e) => onRoster.has(e.student_id));
      return entries.length ? { ...value, care_entries: entries, confirm_allergen: false, is_saved: false } : null;
    }
  }
}

async function agent(state: typeof MessagesAnnotation.State, config: RunnableConfig) {
  const run = runOf(config);
  const input: BaseMessage[] = run.system ? [new SystemMessage(run.system), ...state.messages] : state.messages;
  const reply = await run.model.invoke(input, config);
  const calls = (reply as AIMessage).tool_calls ?? [];
  const replyText = typeof reply.content === 'string' ? reply.content : reply.text;
  // Sources of the questions answered in this turn travel with the answer.
  const sources: Source[] = [];
  for (const m of thisTurn(state.messages)) {
    if (m._getType() === 'tool' && m.name === QUESTION_TOOL) sources.push(...((m.additional_kwargs.sources as Source[]) ?? []));
  }
  return {
    messages: [
      new AIMessage({
        id: reply.id ?? newId(),
        content: [{ type: 'text', text: replyText, ...(sources.length ? { annotations: sources } : {}) }],
        additional_kwargs: {
          agent: 'cue',
          mode: run.mode,
          // A question asked instead of guessing, and the names not found in the class, reach the card.
          ...pick(reply.additional_kwargs, ['clarify', 'not_found']),
        },
        tool_calls: calls.map((c) => ({ ...c, id: c.id && isId(c.id) ? c.id : newId(), type: 'tool_call' as const })),
      }),
    ],
  };
}

async function tools(state: typeof MessagesAnnotation.State, config: RunnableConfig) {
  const run = runOf(config);
  const last = state.messages.at(-1) as AIMessage;
  const kept: NonNullable<AIMessage['tool_calls']> = [];
  const results: ToolMessage[] = [];
  for (const call of last.tool_calls ?? []) {
    const id = call.id ?? newId();
    if (call.name === QUESTION_TOOL) {
      const parsed = TOOL_ARGS.class_question.safeParse(call.args);
      if (!parsed.success) continue;
      const answer = await run.ask(parsed.data);
      kept.push({ ...call, id, args: parsed.data });
      results.push(
        new ToolMessage({
          id: newId(),
          tool_call_id: id,
          name: QUESTION_TOOL,
          // Data for the model to read, never instructions.
          content: JSON.stringify({ answer: answer.answer, data: answer.data }),
          additional_kwargs: { sources: answer.sources, tool_outputs: [{ tool_call_id: id, name: QUESTION_TOOL, ...answer }] },
        }),
      );
      continue;
    }
    if (!isDraftTool(call.name)) continue;
    const args = confine(call.name, call.args, run);
    if (!args) continue;
    await run.keep({ id, name: call.name, args });
    kept.push({ ...call, id, args });
    results.push(
      new ToolMessage({
        id: newId(),
        tool_call_id: id,
        name: call.name,
        content: JSON.stringify({
          status: 'drafted',
          note: 'Shown to the teacher as a card; nothing is saved until they save it.',
        }),
        additional_kwargs: { tool_outputs: [{ tool_call_id: id, name: call.name, args, is_saved: false }] },
      }),
    );
  }
  // Same id: the reducer replaces the model's message with the confined calls.
  const confined = new AIMessage({
    id: last.id,
    content: last.content,
    additional_kwargs: last.additional_kwargs,
    tool_calls: kept,
  });
  return { messages: [confined, ...results] };
}

const lastHasCalls = (state: typeof MessagesAnnotation.State) =>
  ((state.messages.at(-1) as AIMessage | undefined)?.tool_calls?.length ?? 0) > 0 ? 'tools' : END;
const askedQuestion = (state: typeof MessagesAnnotation.State) =>
  thisTurn(state.messages).some((m) => m._getType() === 'tool' && m.name === QUESTION_TOOL) ? 'agent' : END;

/**
 * The assistant's graph: the model reads the conversation and proposes tool calls; the tools node
 * confines drafts to the class and keeps them for the cards, or answers read-only questions, after
 * which the model words the answer. Nothing here writes to the school's records.
 */
export const agentGraph = new StateGraph(MessagesAnnotation)
  .addNode('agent', agent)
  .addNode('tools', tools)
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', lastHasCalls, ['tools', END])
  .addConditionalEdges('tools', askedQuestion, ['agent', END])
  .compile();
