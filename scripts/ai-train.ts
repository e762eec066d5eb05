/**
 * `npm run ai:train [-- --no-write] [-- --no-cv]`
 *
 * Trains the engine's intent layer (apps/server/src/ai/engine/classifier.ts) on the development set
 * (apps/server/src/ai/eval/dev/dev.jsonl) and writes apps/server/src/ai/engine/intent-model.json.
 * Deterministic: the same set gives the same file. It also prints, so that the figures are honest:
 * - 5-fold cross-validation of the intent layer (the label set of a message must be exactly right);
 * - the held-out fifth of the development set (fold 0): the intent layer and the whole engine with a
 *   model trained without it;
 * then trains on the whole set and writes the model.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { IntentModel, LABELS, MODEL_FILE, scoreMessage } from '../apps/server/src/ai/engine/classifier.js';
import { DEV_FILE } from '../apps/server/src/ai/eval/dev/generate.js';
import { type DevSample, devSamples, foldOf } from '../apps/server/src/ai/eval/dev/samples.js';
import { demoNames, predict } from '../apps/server/src/ai/eval/quick.js';
import { readCases, score } from '../apps/server/src/ai/eval/score.js';

const write = !process.argv.includes('--no-write');
const cv = !process.argv.includes('--no-cv');
export const TRAINING = { epochs: 10, rate: 0.3, l2: 1e-6, seed: 16, dropout: 0.4 };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function evaluate(model: IntentModel, test: DevSample[]) {
  let exact = 0;
  const per = Object.fromEntries(LABELS.map((l) => [l, { tp: 0, fp: 0, fn: 0 }]));
  for (const s of test) {
    const scores = scoreMessage(model, s.text, s.children);
    const got = LABELS.filter((l) => scores[l] >= 0.5);
    if (got.join() === LABELS.filter((l) => s.labels.includes(l)).join()) exact++;
    for (const l of LABELS) {
      const p = per[l] as { tp: number; fp: number; fn: number };
      const want = s.labels.includes(l);
      const have = got.includes(l);
      if (want && have) p.tp++;
      else if (have) p.fp++;
      else if (want) p.fn++;
    }
  }
  return { n: test.length, exact, per };
}

const line = (r: ReturnType<typeof evaluate>) =>
  `${pct(r.exact / r.n)} exact (${r.exact}/${r.n}); ${LABELS.map((l) => {
    const p = r.per[l] as { tp: number; fp: number; fn: number };
    return `${l} P ${pct(p.tp / Math.max(1, p.tp + p.fp))} R ${pct(p.tp / Math.max(1, p.tp + p.fn))}`;
  }).join(', ')}`;

const started = performance.now();
const samples = devSamples();
console.log(`development set: ${samples.length} sentences (${DEV_FILE})`);

if (cv) {
  const total = { n: 0, exact: 0, per: Object.fromEntries(LABELS.map((l) => [l, { tp: 0, fp: 0, fn: 0 }])) };
  for (let fold = 0; fold < 5; fold++) {
    const model = IntentModel.train(
      samples.filter((s) => foldOf(s.raw) !== fold),
      TRAINING,
    );
    const r = evaluate(
      model,
      samples.filter((s) => foldOf(s.raw) === fold),
    );
    console.log(`  fold ${fold}: ${line(r)}`);
    total.n += r.n;
    total.exact += r.exact;
    for (const l of LABELS)
      for (const k of ['tp', 'fp', 'fn'] as const)
        (total.per[l] as Record<string, number>)[k] =
          ((total.per[l] as Record<string, number>)[k] ?? 0) + ((r.per[l] as Record<string, number>)[k] ?? 0);
  }
  console.log(`5-fold cross-validation of the intent layer: ${line(total)}`);
}

// The held-out fifth: the intent layer, then the whole engine, with a model that never saw it.
const heldOut = samples.filter((s) => foldOf(s.raw) === 0);
const withoutHeldOut = IntentModel.train(
  samples.filter((s) => foldOf(s.raw) !== 0),
  TRAINING,
);
console.log(`held-out fifth, intent layer: ${line(evaluate(withoutHeldOut, heldOut))}`);
const cases = readCases(readFileSync(DEV_FILE, 'utf8')).filter((c) => foldOf(c.text) === 0);
const { predictions } = predict(cases, withoutHeldOut);
const engine = score(cases, predictions, demoNames());
console.log(
  `held-out fifth, whole engine (${cases.length} sentences): intent ${pct(engine.intentAccuracy)}, slots ${pct(engine.slotExactMatch)}`,
);

const model = IntentModel.train(samples, TRAINING);
console.log(`whole set, intent layer (training fit): ${line(evaluate(model, samples))}`);
if (write) {
  writeFileSync(MODEL_FILE, `${JSON.stringify(model.toJSON())}\n`);
  console.log(`wrote ${MODEL_FILE} (${(statSync(MODEL_FILE).size / 1024).toFixed(0)} KiB)`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
