/**
 * Quick offline evaluation of the local engine alone (no database, no agent): builds the demo school's
 * Nursery A roster in memory with made-up ids, runs every sentence through `understand()` and scores it.
 *
 *   node --import tsx apps/server/src/ai/eval/quick.ts [--failures] [file.jsonl ...]
 *
 * Without files it evaluates nursery-a.jsonl, held-out.jsonl and blind.jsonl of this folder, each reported apart.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { question, understand } from '../engine/engine.js';
import type { RosterChild } from '../engine/names.js';
import { type EvalCase, formatReport, type Prediction, readCases, score } from './score.js';

export const NURSERY_A = [
  'Aarav Sharma',
  'Diya Patel',
  'Vihaan Gupta',
  'Ananya Iyer',
  'Kabir Khan',
  'Meera Nair',
  'Reyansh Verma',
  'Saanvi Reddy',
  'Omar Haddad',
  'Layla Mansour',
  'Noa Levi',
  'Ethan Brooks',
];

export const demoRoster = (): RosterChild[] =>
  NURSERY_A.map((name, i) => {
    const [firstName = '', ...rest] = name.split(' ');
    return { id: (i + 1).toString(16).padStart(24, 'a0'), firstName, lastName: rest.join(' ') };
  });

/** The case's day and time ("12-11-2026", "03:30 PM") as the wall-clock Date the engine expects. */
export function speakingTime(c: Pick<EvalCase, 'date' | 'time'>): Date {
  const [d = 1, m = 1, y = 2026] = c.date.split('-').map(Number);
  const t = /(\d{1,2}):(\d{2})\s*([AP])M/i.exec(c.time ?? '');
  let h = t ? Number(t[1]) % 12 : 9;
  if (t?.[3]?.toUpperCase() === 'P') h += 12;
  return new Date(Date.UTC(y, m - 1, d, h, t ? Number(t[2]) : 0));
}

export function predict(cases: EvalCase[], roster: RosterChild[]): { predictions: Prediction[]; ms: number[] } {
  const ms: number[] = [];
  const predictions = cases.map((c) => {
    const start = performance.now();
    const ctx = { roster, now: speakingTime(c) };
    // As the local model does: a read-only question first, else the sentence's tool calls.
    const query = question(c.text, ctx);
    const tool_calls = query
      ? [{ name: 'class_question', args: { ...query } as Record<string, unknown> }]
      : (understand(c.text, ctx, ['c'.repeat(24)]) as unknown as { name: string; args: Record<string, unknown> }[]);
    ms.push(performance.now() - start);
    return { text: c.text, tool_calls };
  });
  return { predictions, ms };
}

function main() {
  const args = process.argv.slice(2);
  const showFailures = args.includes('--failures');
  const here = dirname(fileURLToPath(import.meta.url));
  const files = args.filter((a) => !a.startsWith('--'));
  const roster = demoRoster();
  const byId = Object.fromEntries(roster.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  const all: number[] = [];
  for (const file of files.length ? files : ['nursery-a.jsonl', 'held-out.jsonl', 'blind.jsonl'].map((f) => join(here, f))) {
    const cases = readCases(readFileSync(file, 'utf8'));
    const { predictions, ms } = predict(cases, roster);
    all.push(...ms);
    const report = score(cases, predictions, byId);
    console.log(formatReport(report, file.split('/').pop()));
    if (showFailures)
      for (const f of report.failures)
        console.log(
          `  ✗ ${f.text}\n      expected [${f.expected.join(', ')}] got [${f.predicted.join(', ')}]\n      ${f.problems.join('\n      ')}`,
        );
  }
  // Timing once warm (the first sentences pay for compiling chrono-node and the expressions).
  const first = all[0] ?? 0;
  const warm: number[] = [];
  for (const file of files.length ? files : [join(here, 'nursery-a.jsonl')])
    warm.push(...predict(readCases(readFileSync(file, 'utf8')), roster).ms);
  warm.sort((a, b) => a - b);
  const q = (p: number) => (warm[Math.min(warm.length - 1, Math.floor(p * warm.length))] ?? 0).toFixed(2);
  console.log(
    `time per sentence once warm: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms (first sentence ${first.toFixed(0)} ms)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
