/**
 * The development set: sentences made by the grammars of this folder (English, Arabic, Hebrew; the
 * three demo classes), plus the hand-written ones of `hand.ts`, each with its expected tool calls,
 * category and language. Deterministic: the same seed gives the same file.
 *
 *   node --import tsx apps/server/src/ai/eval/dev/generate.ts [--seed 16] [--out apps/server/src/ai/eval/dev/dev.jsonl]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arabicPiece, augmentAr, multiAr } from './arabic.js';
import {
  CLASSES,
  type ClassInfo,
  categoryOf,
  type DevCase,
  ddmmyyyy,
  expectedFrom,
  hhmma,
  moment,
  rng,
  strangers,
} from './core.js';
import { augment, multiEn, pieceEn } from './english.js';
import type { Env, Lang, Piece } from './grammar.js';
import { HAND } from './hand.js';
import { augmentHe, hebrewPiece, multiHe } from './hebrew.js';

export const DEFAULT_SEED = 16;
export const DEFAULT_COUNTS: Record<Lang, number> = { en: 1800, ar: 650, he: 650 };

type Kind = Piece['kind'] | 'runon' | 'multi';
const CATEGORY_WEIGHTS: [Kind, number][] = [
  ['att', 0.16],
  ['everyone', 0.07],
  ['runon', 0.05],
  ['obs', 0.22],
  ['ann', 0.2],
  ['multi', 0.14],
  ['question', 0.07],
  ['mention', 0.05],
  ['none', 0.05],
];

function weighted<T>(r: ReturnType<typeof rng>, items: [T, number][]): T {
  const total = items.reduce((a, [, w]) => a + w, 0);
  let x = r.next() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x <= 0) return item;
  }
  return (items.at(-1) as [T, number])[0];
}

function classFor(r: ReturnType<typeof rng>, lang: Lang): ClassInfo {
  return lang === 'en'
    ? weighted(r, [
        [CLASSES.nurseryA, 0.45],
        [CLASSES.kindergartenB, 0.35],
        [CLASSES.toddlers, 0.2],
      ])
    : weighted(r, [
        [CLASSES.toddlers, 0.7],
        [CLASSES.nurseryA, 0.15],
        [CLASSES.kindergartenB, 0.15],
      ]);
}

export function generate(seed = DEFAULT_SEED, counts = DEFAULT_COUNTS): DevCase[] {
  const r = rng(seed);
  const out: DevCase[] = [];
  const seen = new Set<string>();
  for (const lang of ['en', 'ar', 'he'] as const) {
    let made = 0;
    let tries = 0;
    while (made < counts[lang] && tries++ < counts[lang] * 5) {
      const cls = classFor(r, lang);
      const e: Env = { r, cls, m: moment(r), lang, strangers: strangers(cls) };
      const kind = weighted(r, CATEGORY_WEIGHTS);
      let piece: Piece;
      if (lang === 'en') piece = kind === 'multi' ? multiEn(e) : pieceEn(e, kind);
      else if (lang === 'ar') piece = kind === 'multi' ? multiAr(e) : arabicPiece(e, kind);
      else piece = kind === 'multi' ? multiHe(e) : hebrewPiece(e, kind);
      const text =
        lang === 'en' ? augment(e, piece.text, piece.kind) : lang === 'ar' ? augmentAr(e, piece.text) : augmentHe(e, piece.text);
      const key = `${cls.name}|${text.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const date = ddmmyyyy(e.m.day);
      const time = hhmma(e.m.hour, e.m.minute);
      const expected = expectedFrom(piece.facts, cls, { date, time });
      out.push({
        text,
        class: cls.name,
        date,
        time,
        expected,
        category: categoryOf(expected),
        lang,
        source: 'generated',
        ...(piece.says ? { says: piece.says } : {}),
      });
      made++;
    }
  }
  return [...out, ...HAND];
}

export const toJsonl = (cases: DevCase[]) => `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`;

export const DEV_FILE = join(dirname(fileURLToPath(import.meta.url)), 'dev.jsonl');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const cases = generate(Number(arg('seed') ?? DEFAULT_SEED));
  const out = arg('out') ?? DEV_FILE;
  writeFileSync(out, toJsonl(cases));
  const by = (k: keyof DevCase) =>
    Object.entries(
      cases.reduce<Record<string, number>>((a, c) => {
        a[String(c[k])] = (a[String(c[k])] ?? 0) + 1;
        return a;
      }, {}),
    )
      .map(([x, n]) => `${x} ${n}`)
      .join(', ');
  console.log(
    `${cases.length} sentences → ${out}\n  languages: ${by('lang')}\n  categories: ${by('category')}\n  classes: ${by('class')}`,
  );
}
