import type { ChatMessage, ChatStreamResponse } from '@cue/contract';
import { eq } from 'drizzle-orm';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { classes, classStaff, schools } from '../../platform/db/schema.js';
import type { Services } from '../../platform/http/app.js';
import { type EvalCase, type Prediction, type Report, score } from './score.js';

export interface AgentEvaluation {
  report: Report;
  predictions: Prediction[];
  /** The students of the classes spoken as, `{ id: full name }`. */
  roster: Record<string, string>;
  /** Milliseconds from the sentence to its first streamed tool call, per sentence that had one. */
  firstToolCall: number[];
  /** Errors the stream answered, by sentence. */
  errors: { text: string; error: string }[];
}

/**
 * Runs every case through the assistant's graph — the same path as the socket's chat-with-cue, as a
 * teacher of the case's class — and scores the tool calls the tools node received. `provider: 'openai'`
 * switches the demo schools to the external endpoint the server is configured with (AI_PROVIDER=openai,
 * LLM_BASE_URL, LLM_MODEL), so that both providers are scored by the same path.
 */
export async function evaluateAgent(input: {
  db: Db;
  services: Services;
  cases: EvalCase[];
  provider?: 'local' | 'openai';
}): Promise<AgentEvaluation> {
  const { db, services, cases } = input;
  if (input.provider === 'openai') {
    if (!services.ai.externalConfigured)
      throw new Error('--provider openai needs AI_PROVIDER=openai, LLM_BASE_URL and LLM_MODEL');
    await db.update(schools).set({ aiProvider: 'openai' });
  }

  /** The class a sentence is about, by name, and one of its teachers to speak as. */
  const speakers = new Map<string, { classId: string; auth: AccessClaims }>();
  async function speakerFor(className: string) {
    const name = className || 'Nursery A';
    const known = speakers.get(name);
    if (known) return known;
    const [row] = await db
      .select({ classId: classes.id, schoolId: classes.schoolId, userId: classStaff.userId })
      .from(classes)
      .innerJoin(classStaff, eq(classStaff.classId, classes.id))
      .where(eq(classes.name, name))
      .limit(1);
    if (!row) throw new Error(`No class named "${name}" with a teacher in the demo school`);
    const speaker = {
      classId: row.classId,
      auth: { userId: row.userId, kind: 'staff', sessionId: 'evaluation', schoolId: row.schoolId, isTemp: false } as AccessClaims,
    };
    speakers.set(name, speaker);
    return speaker;
  }

  const predictions: Prediction[] = [];
  const firstToolCall: number[] = [];
  const errors: { text: string; error: string }[] = [];
  for (const c of cases) {
    const speaker = await speakerFor(c.className);
    const started = performance.now();
    let firstAt: number | null = null;
    const events: ChatStreamResponse[] = [];
    await services.ai.chat(
      speaker.auth,
      { user_query: { class_id: speaker.classId, user_input: c.text, date: c.date || undefined, time: c.time || undefined } },
      (e) => {
        if (firstAt === null && e.stream_mode === 'messages' && (e.data as [ChatMessage] | null)?.[0]?.tool_call_chunks?.length)
          firstAt = performance.now() - started;
        events.push(e);
      },
    );
    const error = events.find((e) => e.error)?.error;
    if (error) errors.push({ text: c.text, error });
    if (firstAt !== null) firstToolCall.push(firstAt);
    // The tools node's update holds the calls as the tools received them (confined to the class): a call
    // the model proposed and the tools node dropped (a child of another class, invalid arguments) is not a
    // prediction.
    const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
    for (const e of events) {
      if (e.stream_mode !== 'updates') continue;
      const tools = (e.data as Record<string, { messages: ChatMessage[] } | undefined>).tools;
      if (tools)
        for (const m of tools.messages)
          if (m.type === 'ai') for (const call of m.tool_calls ?? []) calls.set(call.id, { name: call.name, args: call.args });
    }
    predictions.push({ text: c.text, tool_calls: [...calls.values()] });
  }

  // Every class spoken as (a set may span the demo school's classes): children are named through all of them.
  if (speakers.size === 0) await speakerFor('Nursery A');
  const roster: Record<string, string> = {};
  for (const speaker of speakers.values()) {
    const detail = await services.classes.detail(services.scopes.of(speaker.auth), speaker.classId);
    for (const s of detail.student_list) roster[s.id] = `${s.first_name} ${s.last_name}`;
  }
  return { report: score(cases, predictions, roster), predictions, roster, firstToolCall, errors };
}
