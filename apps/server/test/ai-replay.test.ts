import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Recordings, type ReplayServer, readRecordings, startReplayServer } from '../src/ai/eval/replay/server.js';
import { evaluateAgent } from '../src/ai/eval/run.js';
import { readCases } from '../src/ai/eval/score.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * The OpenAI-compatible path is scored by the same scorer as the local engine: a local server replays
 * recorded chat completions (streamed tool calls), the agent runs them through ChatOpenAI, the graph and
 * the tools node, and the scorer reports what the tools received. The committed recordings hold two
 * wrong answers (a status, a tool), which the scores must show; corrected, the scores reach 100 %.
 */
const folder = path.join(import.meta.dirname, '../src/ai/eval/replay');
const cases = readCases(fs.readFileSync(path.join(folder, 'cases.jsonl'), 'utf8'));
const recorded = readRecordings(path.join(folder, 'recorded.json'));

let replay: ReplayServer;
let t: TestApp;

beforeAll(async () => {
  replay = await startReplayServer({ recordings: recorded });
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    LLM_BASE_URL: replay.url,
    LLM_MODEL: 'replay',
    LLM_API_KEY: 'replay',
    AI_MESSAGES_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await replay?.close();
});

const run = () => evaluateAgent({ db: t.database.db, services: t.services, cases, provider: 'openai' });

describe('scoring the OpenAI-compatible path against replayed tool calls', () => {
  it('scores the recorded answers, wrong ones included', async () => {
    replay.use(recorded);
    const { report, errors, firstToolCall } = await run();
    expect(errors).toEqual([]);
    expect(replay.misses).toEqual([]);
    expect(report.sentences).toBe(9);
    // "Noa is here today" answered with an observation: one intent missed of nine.
    expect(report.intentAccuracy).toBeCloseTo(8 / 9, 5);
    // ... and Meera's late heard as absent: two slot misses of nine.
    expect(report.slotExactMatch).toBeCloseTo(7 / 9, 5);
    expect(report.failures.map((f) => f.text).sort()).toEqual([
      'Meera came in late this morning, about twenty past nine',
      'Noa is here today',
    ]);
    expect(report.perTool.mark_attendance).toMatchObject({ tp: 3, fp: 0, fn: 1 });
    expect(report.perTool.create_observation).toMatchObject({ tp: 1, fp: 1, fn: 0 });
    expect(report.perTool.draft_announcement).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(report.perTool.class_question).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    // The other class's child the recording names was never drafted; the tool calls streamed.
    expect(firstToolCall.length).toBeGreaterThanOrEqual(7);
  });

  it('reaches 100 % once the wrong answers are corrected', async () => {
    const call = (name: string, args: unknown) => ({
      type: 'function' as const,
      function: { name, arguments: JSON.stringify(args) },
    });
    const corrected: Recordings = {
      ...recorded,
      'Meera came in late this morning, about twenty past nine': {
        tool_calls: [
          call('mark_attendance', {
            date: '12-11-2026',
            student_attendance_list: [{ student_id: '{{student:Meera Nair}}', attendance_status: 'late' }],
          }),
        ],
      },
      'Noa is here today': {
        tool_calls: [
          call('mark_attendance', {
            date: '12-11-2026',
            student_attendance_list: [{ student_id: '{{student:Noa Levi}}', attendance_status: 'present' }],
          }),
        ],
      },
    };
    replay.use(corrected);
    const { report } = await run();
    expect(report.failures).toEqual([]);
    expect(report.intentAccuracy).toBe(1);
    expect(report.slotExactMatch).toBe(1);
  });

  it('a sentence without a recording predicts nothing and is counted as a miss', async () => {
    replay.use({});
    const { report } = await run();
    expect(replay.misses.length).toBeGreaterThanOrEqual(9);
    // Only the two sentences that expect nothing still match.
    expect(report.intentAccuracy).toBeCloseTo(2 / 9, 5);
  });
});
