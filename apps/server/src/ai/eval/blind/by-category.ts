/**
 * Scores the blind sets per category and per language from the files `npm run ai:eval` writes:
 *
 *   node --import tsx apps/server/src/ai/eval/blind/by-category.ts <cases.jsonl> <predictions.jsonl> <roster.json> [...]
 *
 * Takes one or more triples (each set has its own class, hence its own roster). Every case of the blind
 * sets carries `category` (attendance, observation, announcement, multi, question, mention, none) and
 * `lang` (en, ar, he); `score()` is applied to each group of each file and the counts are added up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCases, readPredictions, score } from '../score.js';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 3 !== 0) {
  console.error('Usage: by-category.ts <cases.jsonl> <predictions.jsonl> <roster.json> [...]');
  process.exit(2);
}

type Tally = { n: number; intent: number; slots: number };
const groups = new Map<string, Tally>();
const add = (key: string, n: number, intent: number, slots: number) => {
  const t = groups.get(key) ?? { n: 0, intent: 0, slots: 0 };
  t.n += n;
  t.intent += intent;
  t.slots += slots;
  groups.set(key, t);
};

for (let i = 0; i < args.length; i += 3) {
  const [casesFile, predictionsFile, rosterFile] = args.slice(i, i + 3) as [string, string, string];
  const text = fs.readFileSync(casesFile, 'utf8');
  const cases = readCases(text);
  const meta = text
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.trim().startsWith('//'))
    .map((l) => JSON.parse(l) as { category?: string; lang?: string });
  const predictions = readPredictions(fs.readFileSync(predictionsFile, 'utf8'));
  const roster = JSON.parse(fs.readFileSync(rosterFile, 'utf8')) as Record<string, string>;
  const keys = new Map<string, number[]>();
  meta.forEach((m, at) => {
    const other = ['question', 'mention', 'none'].includes(m.category ?? '') ? 'other (question + mention + none)' : null;
    for (const key of [
      `file ${path.basename(casesFile)}`,
      `lang ${m.lang ?? '?'}`,
      `category ${m.category ?? '?'}`,
      ...(other ? [`category ${other}`] : []),
      `lang ${m.lang ?? '?'} / category ${m.category ?? '?'}`,
      'all',
    ])
      keys.set(key, [...(keys.get(key) ?? []), at]);
  });
  for (const [key, at] of keys) {
    const picked = cases.flatMap((c, j) =>
      at.includes(j) ? [{ c, p: predictions[j] ?? { text: c.text, tool_calls: [] } }] : [],
    );
    const r = score(
      picked.map((x) => x.c),
      picked.map((x) => x.p),
      roster,
    );
    add(key, r.sentences, Math.round(r.intentAccuracy * r.sentences), Math.round(r.slotExactMatch * r.sentences));
  }
}

const pct = (a: number, n: number) => `${((a / n) * 100).toFixed(1)} %`;
console.log('| group | sentences | intent accuracy | slot exact-match |\n| --- | --- | --- | --- |');
for (const [key, t] of [...groups].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`| ${key} | ${t.n} | ${pct(t.intent, t.n)} (${t.intent}) | ${pct(t.slots, t.n)} (${t.slots}) |`);
