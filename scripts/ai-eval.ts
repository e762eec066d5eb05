/**
 * `npm run ai:eval -- --file <cases.jsonl> [--out <predictions.jsonl>] [--roster <roster.json>] [--provider local|openai]`
 *
 * Runs every sentence of a JSONL file through the assistant's graph — the same path as the socket's
 * chat-with-cue, as the class's teacher, on a fresh embedded database with the demo school — and
 * prints intent accuracy, slot exact-match and per-tool precision and recall. `--out` writes one line
 * per sentence, in order: `{ "text", "tool_calls": [{ "name", "args" }] }` with the arguments exactly as
 * the tools receive them; `--roster` writes the class's students as `{ "<student id>": "<full name>" }`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage, ChatStreamResponse } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { warmUp } from '../apps/server/src/ai/engine/engine.js';
import { formatReport, readCases, score } from '../apps/server/src/ai/eval/score.js';
import type { AccessClaims } from '../apps/server/src/platform/auth/tokens.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { classes, classStaff, schools } from '../apps/server/src/platform/db/schema.js';
import { buildApp } from '../apps/server/src/platform/http/app.js';
import { ephemeralSecrets } from '../apps/server/src/platform/secrets.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const file = option('file');
if (!file) {
  console.error(
    'Usage: npm run ai:eval -- --file <cases.jsonl> [--out <predictions.jsonl>] [--roster <roster.json>] [--provider local|openai]',
  );
  process.exit(2);
}
const cases = readCases(fs.readFileSync(file, 'utf8'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-eval-'));
const { DATABASE_URL: _external, ...env } = process.env;
const config = loadConfig({
  ...env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  WEB_DIST: '/nonexistent',
  AI_MESSAGES_PER_MINUTE: '1000000',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
try {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const { app, services } = await buildApp({ config, database, secrets: ephemeralSecrets() });
  warmUp();
  // --provider openai: the demo schools use the external endpoint this server offers (AI_PROVIDER=openai, LLM_*).
  if (option('provider') === 'openai') {
    if (!services.ai.externalConfigured)
      throw new Error('--provider openai needs AI_PROVIDER=openai, LLM_BASE_URL and LLM_MODEL');
    await database.db.update(schools).set({ aiProvider: 'openai' });
  }

  /** The class a sentence is about, by name, and one of its teachers to speak as. */
  const speakers = new Map<string, { classId: string; auth: AccessClaims }>();
  async function speakerFor(className: string) {
    const name = className || 'Nursery A';
    const known = speakers.get(name);
    if (known) return known;
    const [row] = await database.db
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

  const predictions: { text: string; tool_calls: { name: string; args: Record<string, unknown> }[] }[] = [];
  const firstToolCall: number[] = [];
  let rosterOf: { classId: string; auth: AccessClaims } | null = null;
  for (const c of cases) {
    const speaker = await speakerFor(c.className);
    rosterOf ??= speaker;
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
    if (error) console.error(`"${c.text}": ${error}`);
    if (firstAt !== null) firstToolCall.push(firstAt);
    // The tools node's update holds the calls as the tools received them (confined to the class).
    const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
    for (const e of events) {
      if (e.stream_mode !== 'updates') continue;
      for (const value of Object.values(e.data as Record<string, { messages: ChatMessage[] }>))
        for (const m of value.messages)
          if (m.type === 'ai') for (const call of m.tool_calls ?? []) calls.set(call.id, { name: call.name, args: call.args });
    }
    predictions.push({ text: c.text, tool_calls: [...calls.values()] });
  }

  const rosterClass = rosterOf ?? (await speakerFor('Nursery A'));
  const detail = await services.classes.detail(rosterClass.auth, rosterClass.classId);
  const roster = Object.fromEntries(detail.student_list.map((s) => [s.id, `${s.first_name} ${s.last_name}`]));
  const out = option('out');
  if (out) fs.writeFileSync(out, `${predictions.map((p) => JSON.stringify(p)).join('\n')}\n`);
  const rosterFile = option('roster');
  if (rosterFile) fs.writeFileSync(rosterFile, `${JSON.stringify(roster, null, 2)}\n`);

  const report = score(cases, predictions, roster);
  console.log(formatReport(report, path.basename(file)));
  const sorted = [...firstToolCall].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  if (sorted.length)
    console.log(
      `  sentence → first streamed tool call (${sorted.length} sentences): p50 ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms`,
    );
  if (process.argv.includes('--failures'))
    for (const f of report.failures) console.log(`\n✗ ${f.text}\n  ${f.problems.join('\n  ')}`);
  await app.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
