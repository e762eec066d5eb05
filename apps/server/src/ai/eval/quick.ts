/**
 * Quick offline evaluation of the local engine alone (no database, no agent): builds the demo school's
 * class rosters in memory with made-up ids, runs every sentence through the engine as the local model
 * does (`respond()`) and scores it, per file and, when the cases carry them, per category and language.
 *
 *   node --import tsx apps/server/src/ai/eval/quick.ts [--failures] [--by] [file.jsonl ...]
 *
 * Without files it evaluates nursery-a.jsonl, held-out.jsonl and blind.jsonl of this folder, each reported
 * apart, then the development set `dev/dev.jsonl`. Each sentence is read with the roster of its class.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IntentModel } from '../engine/classifier.js';
import { respond } from '../engine/engine.js';
import type { RosterChild } from '../engine/names.js';
import { CLASSES } from './dev/core.js';
import { isHeldOut } from './dev/split.js';
import { type EvalCase, formatReport, type Prediction, readCases, score } from './score.js';

const rosters = new Map<string, RosterChild[]>();

/** A demo class's roster (the classes of seed/demo.ts, as dev/core.ts lists them), with stable made-up ids (Nursery A when the class is not named). */
export function demoRoster(className = 'Nursery A'): RosterChild[] {
  const known = rosters.get(className);
  if (known) return known;
  const cls = Object.values(CLASSES).find((c) => c.name === className) ?? CLASSES.nurseryA;
  const roster = cls.children.map((c) => ({
    id: createHash('sha256').update(`eval:${c.first} ${c.last}`).digest('hex').slice(0, 24),
    firstName: c.first,
    lastName: c.last,
  }));
  rosters.set(className, roster);
  return roster;
}

/** Every demo child by id, for scoring (ids are unique across classes). */
export const demoNames = (): Record<string, string> =>
  Object.fromEntries(
    Object.values(CLASSES).flatMap((c) => demoRoster(c.name).map((s) => [s.id, `${s.firstName} ${s.lastName}`])),
  );

/** The case's day and time ("12-11-2026", "03:30 PM") as the wall-clock Date the engine expects. */
export function speakingTime(c: Pick<EvalCase, 'date' | 'time'>): Date {
  const [d = 1, m = 1, y = 2026] = c.date.split('-').map(Number);
  const t = /(\d{1,2}):(\d{2})\s*([AP])M/i.exec(c.time ?? '');
  let h = t ? Number(t[1]) % 12 : 9;
  if (t?.[3]?.toUpperCase() === 'P') h += 12;
  return new Date(Date.UTC(y, m - 1, d, h, t ? Number(t[2]) : 0));
}

export function predict(cases: EvalCase[], model?: IntentModel): { predictions: Prediction[]; ms: number[] } {
  const ms: number[] = [];
  const predictions = cases.map((c) => {
    const start = performance.now();
    const ctx = { roster: demoRoster(c.className || 'Nursery A'), now: speakingTime(c) };
    const tool_calls = respond(c.text, ctx, ['c'.repeat(24)], {}, model).calls as unknown as {
      name: string;
      args: Record<string, unknown>;
    }[];
    ms.push(performance.now() - start);
    return { text: c.text, tool_calls };
  });
  return { predictions, ms };
}

/** The `category` and `lang` fields of each line, when the set has them. */
function metaOf(text: string): { category?: string; lang?: string }[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.trim().startsWith('//'))
    .map((l) => JSON.parse(l) as { category?: string; lang?: string });
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Intent accuracy and slot exact-match per group (category, language, language and category). */
export function byGroup(cases: EvalCase[], predictions: Prediction[], meta: { category?: string; lang?: string }[]) {
  const names = demoNames();
  const groups = new Map<string, number[]>();
  meta.forEach((m, i) => {
    if (!m.category && !m.lang) return;
    for (const key of [`lang ${m.lang ?? '?'}`, `category ${m.category ?? '?'}`, `${m.lang ?? '?'} / ${m.category ?? '?'}`])
      groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, at]) => {
      const r = score(
        at.map((i) => cases[i] as EvalCase),
        at.map((i) => predictions[i] as Prediction),
        names,
      );
      return { key, n: r.sentences, intent: r.intentAccuracy, slots: r.slotExactMatch };
    });
}

function main() {
  const args = process.argv.slice(2);
  const showFailures = args.includes('--failures');
  const showGroups = args.includes('--by');
  // --split train|heldout: only that part of a set (the held-out fifth is fold 0, see dev/samples.ts).
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--split');
  const names = demoNames();
  const all: number[] = [];
  const chosen = files.length
    ? files
    : ['nursery-a.jsonl', 'held-out.jsonl', 'blind.jsonl', join('dev', 'dev.jsonl')].map((f) => join(here, f));
  for (const file of chosen) {
    const whole = readFileSync(file, 'utf8');
    const lines = whole.split(/\r?\n/).filter((l) => l.trim() && !l.trim().startsWith('//'));
    const keep = lines.filter((l) => !split || (split === 'heldout') === isHeldOut(readCases(l)[0]?.text ?? ''));
    const text = keep.join('\n');
    const cases = readCases(text);
    const { predictions, ms } = predict(cases);
    all.push(...ms);
    const report = score(cases, predictions, names);
    console.log(formatReport(report, file.split('/').pop()));
    if (showGroups)
      for (const g of byGroup(cases, predictions, metaOf(text)))
        console.log(
          `  ${g.key.padEnd(28)} ${String(g.n).padStart(5)}  intent ${pct(g.intent).padStart(7)}  slots ${pct(g.slots).padStart(7)}`,
        );
    if (showFailures)
      for (const f of report.failures)
        console.log(
          `  ✗ ${f.text}\n      expected [${f.expected.join(', ')}] got [${f.predicted.join(', ')}]\n      ${f.problems.join('\n      ')}`,
        );
  }
  // Timing once warm (the first sentences pay for compiling chrono-node and the expressions).
  const first = all[0] ?? 0;
  const warm = [...all.slice(50)].sort((a, b) => a - b);
  const q = (p: number) => (warm[Math.min(warm.length - 1, Math.floor(p * warm.length))] ?? 0).toFixed(2);
  console.log(
    `time per sentence once warm: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms (first sentence ${first.toFixed(0)} ms)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
