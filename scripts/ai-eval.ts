/**
 * `npm run ai:eval -- --file <cases.jsonl> [--out <predictions.jsonl>] [--roster <roster.json>] [--provider local|openai] [--replay [recorded.json]]`
 *
 * Runs every sentence of a JSONL file through the assistant's graph — the same path as the socket's
 * chat-with-cue, as the class's teacher, on a fresh embedded database with the demo school — and
 * prints intent accuracy, slot exact-match and per-tool precision and recall. `--out` writes one line
 * per sentence, in order: `{ "text", "tool_calls": [{ "name", "args" }] }` with the arguments exactly as
 * the tools receive them; `--roster` writes the class's students as `{ "<student id>": "<full name>" }`.
 * `--replay` scores the OpenAI-compatible path against a local server replaying recorded chat completions
 * (`apps/server/src/ai/eval/replay/`, the committed recordings unless a file is given).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { warmUp } from '../apps/server/src/ai/engine/engine.js';
import { readRecordings, startReplayServer } from '../apps/server/src/ai/eval/replay/server.js';
import { evaluateAgent } from '../apps/server/src/ai/eval/run.js';
import { formatReport, readCases } from '../apps/server/src/ai/eval/score.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
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
    'Usage: npm run ai:eval -- --file <cases.jsonl> [--out <predictions.jsonl>] [--roster <roster.json>] [--provider local|openai] [--replay [recorded.json]]',
  );
  process.exit(2);
}
const cases = readCases(fs.readFileSync(file, 'utf8'));
// --replay: the external provider is a local server replaying recorded chat completions (replay/server.ts).
const replayAt = process.argv.indexOf('--replay');
const replayFile =
  replayAt >= 0 && process.argv[replayAt + 1] && !process.argv[replayAt + 1]?.startsWith('--')
    ? process.argv[replayAt + 1]
    : undefined;
const replay = replayAt >= 0 ? await startReplayServer(replayFile ? { recordings: readRecordings(replayFile) } : {}) : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-eval-'));
const { DATABASE_URL: _external, ...env } = process.env;
const config = loadConfig({
  ...env,
  ...(replay ? { AI_PROVIDER: 'openai', LLM_BASE_URL: replay.url, LLM_MODEL: 'replay', LLM_API_KEY: 'replay' } : {}),
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
  const provider = option('provider') === 'openai' || replay ? 'openai' : 'local';
  const { report, predictions, roster, firstToolCall, errors } = await evaluateAgent({
    db: database.db,
    services,
    cases,
    provider,
  });
  for (const e of errors) console.error(`"${e.text}": ${e.error}`);
  const out = option('out');
  if (out) fs.writeFileSync(out, `${predictions.map((p) => JSON.stringify(p)).join('\n')}\n`);
  const rosterFile = option('roster');
  if (rosterFile) fs.writeFileSync(rosterFile, `${JSON.stringify(roster, null, 2)}\n`);

  console.log(formatReport(report, `${path.basename(file)} (${provider}${replay ? ', replayed' : ''})`));
  const sorted = [...firstToolCall].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  if (sorted.length)
    console.log(
      `  sentence → first streamed tool call (${sorted.length} sentences): p50 ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms`,
    );
  if (replay?.misses.length) console.log(`  ${replay.misses.length} sentences had no recording: ${replay.misses.join(' | ')}`);
  if (process.argv.includes('--failures'))
    for (const f of report.failures) console.log(`\n✗ ${f.text}\n  ${f.problems.join('\n  ')}`);
  await app.close();
} finally {
  await replay?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
