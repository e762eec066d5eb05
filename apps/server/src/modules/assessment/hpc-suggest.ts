import { HPC_DOMAINS, type HpcLevel } from '@cue/contract';
import type { ChildEvidence } from './evidence.js';

/**
 * Which of a child's records speak to which descriptor of the progress card, and at which level.
 *
 * The rule, so that a suggestion is specific to its descriptor:
 * - a record matches a descriptor when its text holds one of the descriptor's words (whole words,
 *   any case, with their usual endings: count → counts, counted, counting; run → running; try → tries);
 * - a learning-area tag alone (no word) is enough only for an area code that belongs to that one
 *   descriptor in the whole card. Most codes belong to several (PD to all three physical descriptors,
 *   M to numeracy and problem solving, PSED to five): for them the tag says too little, and a word of
 *   the descriptor must be found too, or a record tagged PD would propose all of physical development.
 * - the level comes from the record's words: "with help", "with support", "beginning to", "starting
 *   to", "tries", "attempt" point to beginner; "independently", "confidently", "on his/her/their own",
 *   "explains", "leads", "without help", "consistently" to proficient; both or neither to progressing. With several
 *   records, the newest one that holds such words decides (where the child is now); none: progressing.
 * - the newest records first, at most five per descriptor.
 */

const BEGINNER = ['with help', 'with support', 'beginning to', 'starting to', 'tries', 'attempt', 'attempts', 'attempted'];
const PROFICIENT = [
  'independently',
  'confidently',
  'on his own',
  'on her own',
  'on their own',
  'explains',
  'leads',
  'without help',
  'consistently',
];
export const MAX_EVIDENCE_PER_DESCRIPTOR = 5;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word with its common English endings, as a whole word. */
function wordPattern(word: string): RegExp {
  const w = escapeRe(word);
  const last = word.at(-1) ?? '';
  // run → running, stop → stopped (doubled last letter); try → tries, tried; plus -s, -es, -ed, -ing, -er, -ly.
  const endings = ['s', 'es', 'd', 'ed', 'ing', 'er', 'ers', 'ly', `${escapeRe(last)}ing`, `${escapeRe(last)}ed`];
  const extra = word.endsWith('y') ? `|${escapeRe(word.slice(0, -1))}(?:ies|ied)` : '';
  return new RegExp(`\\b(?:${w}(?:${endings.join('|')})?${extra})\\b`, 'i');
}
const exact = (phrase: string) => new RegExp(`\\b${escapeRe(phrase).replace(/ /g, '\\s+')}\\b`, 'i');

interface DescriptorRule {
  domain: string;
  key: string;
  areas: readonly string[];
  words: { word: string; re: RegExp }[];
}
const RULES: DescriptorRule[] = HPC_DOMAINS.flatMap((d) =>
  d.descriptors.map((x) => ({
    domain: d.key,
    key: x.key,
    areas: x.areas,
    words: x.words.map((word) => ({ word, re: wordPattern(word) })),
  })),
);
/** How many descriptors of the whole card each area code belongs to. */
const AREA_USES = new Map<string, number>();
for (const r of RULES) for (const a of r.areas) AREA_USES.set(a, (AREA_USES.get(a) ?? 0) + 1);
const BEGINNER_RE = BEGINNER.map((p) => ({ p, re: exact(p) }));
const PROFICIENT_RE = PROFICIENT.map((p) => ({ p, re: exact(p) }));

/** The level a record's words point to, and the words that point there. */
export function levelOf(text: string): { level: HpcLevel; cues: string[] } {
  const low = BEGINNER_RE.filter((c) => c.re.test(text)).map((c) => c.p);
  const high = PROFICIENT_RE.filter((c) => c.re.test(text)).map((c) => c.p);
  // Both in one record ("tries ... then does it independently"): the record says progress.
  if (low.length && high.length) return { level: 'progressing', cues: [...low, ...high] };
  if (high.length) return { level: 'proficient', cues: high };
  if (low.length) return { level: 'beginner', cues: low };
  return { level: 'progressing', cues: [] };
}

/** Why a record speaks to a descriptor: its words found, or the area code that belongs to it alone. */
export function matchOf(rule: DescriptorRule, e: ChildEvidence): { words: string[]; area: string | null } | null {
  const words = rule.words.filter((w) => w.re.test(e.text) || w.re.test(e.title)).map((w) => w.word);
  if (words.length) return { words, area: null };
  const area = e.areaCodes.find((c) => rule.areas.includes(c) && AREA_USES.get(c) === 1) ?? null;
  return area ? { words: [], area } : null;
}

export interface Suggestion {
  descriptor: string;
  level: HpcLevel;
  evidence: ChildEvidence[];
  reason: string;
  words: string[];
  areas: string[];
  cues: string[];
}

/** For each descriptor not in `rated`, the child's records that speak to it (`evidence` newest first). */
export function suggest(evidence: readonly ChildEvidence[], rated: ReadonlySet<string>): Suggestion[] {
  const newest = [...evidence].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
  const out: Suggestion[] = [];
  for (const rule of RULES) {
    if (rated.has(rule.key)) continue;
    const matched: { e: ChildEvidence; words: string[]; area: string | null }[] = [];
    for (const e of newest) {
      const m = matchOf(rule, e);
      if (m) matched.push({ e, ...m });
      if (matched.length === MAX_EVIDENCE_PER_DESCRIPTOR) break;
    }
    if (matched.length === 0) continue;
    const levels = matched.map((m) => levelOf(`${m.e.title} ${m.e.text}`));
    // Where the child is now: the newest record whose words say something of help or independence.
    const level = levels.find((l) => l.cues.length > 0)?.level ?? 'progressing';
    const found = [...new Set(matched.flatMap((m) => m.words))];
    const areas = [...new Set(matched.map((m) => m.area).filter((a): a is string => a !== null))];
    const cues = levels.find((l) => l.cues.length > 0)?.cues ?? [];
    const parts = [
      found.length ? `words found: ${found.map((w) => `"${w}"`).join(', ')}` : null,
      areas.length ? `tagged ${areas.join(', ')}` : null,
      cues.length ? `${level} from ${cues.map((c) => `"${c}"`).join(', ')}` : `${level}: no words of help or independence`,
    ].filter(Boolean);
    out.push({
      descriptor: rule.key,
      level,
      evidence: matched.map((m) => m.e),
      reason: `${matched.length} record${matched.length === 1 ? '' : 's'}; ${parts.join('; ')}`,
      words: found,
      areas,
      cues,
    });
  }
  return out;
}
