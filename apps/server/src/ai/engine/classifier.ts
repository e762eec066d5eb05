/**
 * The statistical intent layer: which tools a sentence calls (attendance, observation, announcement,
 * a question over the records), as one logistic regression per tool over hashed word and character
 * n-grams. Children of the roster are replaced by one placeholder before the features are taken, so
 * the model learns how teachers speak of a child, not the demo school's names.
 *
 * Trained by `npm run ai:train` (scripts/ai-train.ts) on the development set into `intent-model.json`
 * (int8 weights, base64), loaded once at start. Training and prediction are deterministic.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from './lang.js';

export const LABELS = ['attendance', 'observation', 'announcement', 'question'] as const;
export type Label = (typeof LABELS)[number];
export type Scores = Record<Label, number>;

/** Where a child is named in a text (replaced by a placeholder for the model). */
export interface Span {
  start: number;
  end: number;
}

export const BITS = 17;
const SIZE = 1 << BITS;
const CHILD = '§';

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A word's own features (the word, its character 3- to 5-grams), hashed; remembered, as words recur. */
const wordCache = new Map<string, number[]>();
function wordHashes(w: string): number[] {
  let hs = wordCache.get(w);
  if (hs) return hs;
  const names = [`w:${w}`];
  if (w !== CHILD && w.length >= 2) {
    const padded = `<${w}>`;
    for (let n = 3; n <= 5; n++) for (let k = 0; k + n <= padded.length; k++) names.push(`c:${padded.slice(k, k + n)}`);
  }
  hs = names.map(hash);
  if (wordCache.size > 50_000) wordCache.clear();
  wordCache.set(w, hs);
  return hs;
}

/** The words the model reads: children as one placeholder, digits as 0, letters folded. */
export function tokensFor(text: string, children: Span[] = []): string[] {
  let t = text;
  for (const s of [...children].sort((a, b) => b.start - a.start)) t = `${t.slice(0, s.start)} ${CHILD} ${t.slice(s.end)}`;
  const words = fold(t)
    .replace(/\d/g, '0')
    .match(/[\p{L}\p{M}0§']+|[?:!\-–—]/gu);
  return (words ?? []).map((w) => w.replace(/^'+|'+$/g, '')).filter(Boolean);
}

/** Hashed features of a text, as (index, value) pairs; a feature's sign comes from its hash. */
export function features(text: string, children: Span[] = [], hints: string[] = []): { idx: Int32Array; val: Float32Array } {
  const tokens = tokensFor(text, children);
  // What the rules of the language's reader found ("found:attendance" ...): the model learns how far to trust them.
  const names: string[] = hints.map((h) => `h:${h}`);
  const words = tokens.filter((w) => /[\p{L}0§]/u.test(w));
  const seen = new Map<number, number>();
  const add = (h: number) => {
    const i = h & (SIZE - 1);
    seen.set(i, (seen.get(i) ?? 0) + (h & 0x80000000 ? -1 : 1));
  };
  words.forEach((w, i) => {
    names.push(`b:${words[i - 1] ?? '^'} ${w}`);
    if (i < 3) names.push(`s${i}:${w}`);
    for (const h of wordHashes(w)) add(h);
  });
  if (words.length) names.push(`b:${words.at(-1)} $`);
  if (/[?؟]\s*$/.test(text)) names.push('f:ends?');
  const colon = tokens.findIndex((x) => x === ':' || x === '-' || x === '–' || x === '—');
  if (colon >= 0 && colon <= 5) names.push(`f:mark${colon}`);
  names.push(`f:len${Math.min(6, Math.floor(words.length / 4))}`);
  names.push(`f:children${Math.min(3, children.length)}`);
  names.push('f:bias');
  for (const f of names) add(hash(f));
  const idx = new Int32Array(seen.size);
  const val = new Float32Array(seen.size);
  // A fixed scale (not per text): evidence adds up in long messages with several requests.
  const norm = 1 / Math.sqrt(40);
  let k = 0;
  for (const [i, v] of seen) {
    idx[k] = i;
    val[k] = v * norm;
    k++;
  }
  return { idx, val };
}

export interface Sample {
  text: string;
  children: Span[];
  labels: Label[];
  /** What the rules found in the whole message (see `features`). */
  hints?: string[];
}

/** mulberry32, for a deterministic order of the samples. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/** One weight vector and bias per label. */
export class IntentModel {
  constructor(
    readonly weights: Float32Array[],
    readonly bias: number[],
  ) {}

  score(text: string, children: Span[] = [], hints: string[] = []): Scores {
    const { idx, val } = features(text, children, hints);
    const out = {} as Scores;
    LABELS.forEach((label, l) => {
      const w = this.weights[l] as Float32Array;
      let z = this.bias[l] ?? 0;
      for (let k = 0; k < idx.length; k++) z += (w[idx[k] as number] ?? 0) * (val[k] as number);
      out[label] = sigmoid(z);
    });
    return out;
  }

  /**
   * Logistic regression per label with AdaGrad and L2, the samples in a seeded order each epoch:
   * the same samples and options give the same model.
   */
  static train(
    samples: Sample[],
    opts: { epochs?: number; rate?: number; l2?: number; seed?: number; dropout?: number } = {},
  ): IntentModel {
    const { epochs = 12, rate = 0.4, l2 = 1e-6, seed = 16, dropout = 0 } = opts;
    const encoded = samples.map((s) => {
      const words = features(s.text, s.children);
      const all = features(s.text, s.children, s.hints);
      // Hints (and the bias) are never dropped: only the words' features are.
      const wordIdx = new Set(words.idx);
      return {
        ...all,
        keep: Uint8Array.from(all.idx, (i) => (wordIdx.has(i) ? 0 : 1)),
        y: LABELS.map((l) => (s.labels.includes(l) ? 1 : 0)),
      };
    });
    const weights = LABELS.map(() => new Float32Array(SIZE));
    const grads = LABELS.map(() => new Float32Array(SIZE));
    const bias = LABELS.map(() => 0);
    const biasGrad = LABELS.map(() => 0);
    const random = rng(seed);
    const order = encoded.map((_, i) => i);
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      for (const at of order) {
        const x = encoded[at] as (typeof encoded)[number];
        // Word dropout: some of the words' features are hidden each time, so that no single word carries
        // a label and what the rules found, and what is left, are learnt too.
        const on = Uint8Array.from(x.idx, (_, k) => (x.keep[k] || random() >= dropout ? 1 : 0));
        LABELS.forEach((_, l) => {
          const w = weights[l] as Float32Array;
          const g2 = grads[l] as Float32Array;
          let z = bias[l] as number;
          for (let k = 0; k < x.idx.length; k++) if (on[k]) z += (w[x.idx[k] as number] as number) * (x.val[k] as number);
          const err = sigmoid(z) - (x.y[l] as number);
          for (let k = 0; k < x.idx.length; k++) {
            if (!on[k]) continue;
            const i = x.idx[k] as number;
            const g = err * (x.val[k] as number) + l2 * (w[i] as number);
            g2[i] = (g2[i] as number) + g * g;
            w[i] = (w[i] as number) - (rate * g) / Math.sqrt((g2[i] as number) + 1e-8);
          }
          biasGrad[l] = (biasGrad[l] as number) + err * err;
          bias[l] = (bias[l] as number) - (rate * err) / Math.sqrt((biasGrad[l] as number) + 1e-8);
        });
      }
    }
    return new IntentModel(weights, bias);
  }

  /** The model as JSON: per label a scale and its weights as int8 (base64), plus the biases. */
  toJSON(): SavedModel {
    return {
      format: 'cue-intent-v1',
      bits: BITS,
      labels: [...LABELS],
      bias: this.bias.map((b) => Number(b.toFixed(6))),
      weights: this.weights.map((w) => {
        let max = 0;
        for (const v of w) max = Math.max(max, Math.abs(v));
        const scale = max / 127 || 1;
        const q = new Int8Array(w.length);
        for (let i = 0; i < w.length; i++) q[i] = Math.round((w[i] as number) / scale);
        return { scale: Number(scale.toPrecision(8)), int8: Buffer.from(q.buffer).toString('base64') };
      }),
    };
  }

  static fromJSON(saved: SavedModel): IntentModel {
    if (saved.format !== 'cue-intent-v1' || saved.bits !== BITS || saved.labels.join() !== LABELS.join())
      throw new Error('The intent model does not match this engine; run npm run ai:train');
    const weights = saved.weights.map(({ scale, int8 }) => {
      const bytes = Buffer.from(int8, 'base64');
      const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      const w = new Float32Array(q.length);
      for (let i = 0; i < q.length; i++) w[i] = (q[i] as number) * scale;
      return w;
    });
    return new IntentModel(weights, saved.bias);
  }
}

/**
 * Scores of a message: the whole text (with what the rules found) and each of its parts (sentences,
 * clauses after a comma or "and", words only), the highest per label, so that a short announcement at
 * the end of a long message is heard. Parts with fewer than two words besides children's names are not
 * scored alone.
 */
export function scoreMessage(model: IntentModel, text: string, children: Span[] = [], hints: string[] = []): Scores {
  const best = model.score(text, children, hints);
  const cut = (a: number, b: number) => {
    const inside = children.filter((c) => c.start >= a && c.end <= b);
    const part = text.slice(a, b);
    const words = part.trim().split(/\s+/).filter(Boolean).length - inside.length;
    const letters = part.length - inside.reduce((n, c) => n + c.end - c.start, 0);
    if (words < 2 || letters <= 12) return;
    const s = model.score(
      part,
      inside.map((c) => ({ start: c.start - a, end: c.end - a })),
    );
    for (const l of LABELS) best[l] = Math.max(best[l], s[l]);
  };
  let last = 0;
  for (const m of text.matchAll(/[.!?;\n]+\s*|,\s+|\s+(?:and|also|و|ו)\s+/g)) {
    const at = m.index ?? 0;
    if (at > last) cut(last, at);
    last = at + m[0].length;
  }
  if (last > 0 && last < text.length) cut(last, text.length);
  return best;
}

export interface SavedModel {
  format: 'cue-intent-v1';
  bits: number;
  labels: string[];
  bias: number[];
  weights: { scale: number; int8: string }[];
}

export const MODEL_FILE = join(dirname(fileURLToPath(import.meta.url)), 'intent-model.json');

let loaded: IntentModel | null = null;
/** The committed model, read once. */
export function intentModel(): IntentModel {
  loaded ??= IntentModel.fromJSON(JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as SavedModel);
  return loaded;
}
