import {
  HPC_DESCRIPTOR_KEYS,
  HPC_DOMAINS,
  HPC_LEVEL_VALUE,
  HPC_SELF_PROMPTS,
  type HpcLevel,
  type HpcRating,
  type HpcStatus,
  type HpcSuggestion,
  type SelfAnswer,
} from '@cue/contract';
import { presentEvidence } from './evidence.js';
import type { CardRow } from './hpc-repo.js';
import type { Suggestion } from './hpc-suggest.js';

type Ratings = CardRow['ratings'];

/**
 * A card is complete when every descriptor is rated, the narrative is written and the child has
 * answered at least one self-assessment statement; a card with anything less is in progress.
 */
export function statusOf(card: Pick<CardRow, 'ratings' | 'self' | 'narrative'> | undefined): HpcStatus {
  if (!card) return 'not_started';
  const rated = HPC_DESCRIPTOR_KEYS.every((k) => card.ratings[k]);
  const self = HPC_SELF_PROMPTS.some((p) => card.self[p]);
  return rated && self && card.narrative.trim() !== '' ? 'complete' : 'in_progress';
}

export const ratedCount = (ratings: Ratings): number => HPC_DESCRIPTOR_KEYS.filter((k) => ratings[k]).length;

/** Per domain, the average level (1-3) of its rated descriptors; null when none is rated. */
export function domainAverages(ratings: Ratings): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const d of HPC_DOMAINS) {
    const values = d.descriptors
      .map((x) => ratings[x.key]?.level as HpcLevel | undefined)
      .filter((l): l is HpcLevel => l !== undefined)
      .map((l) => HPC_LEVEL_VALUE[l]);
    out[d.key] = values.length ? Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100 : null;
  }
  return out;
}

export function presentRatings(ratings: Ratings): Record<string, HpcRating> {
  const out: Record<string, HpcRating> = {};
  for (const [k, r] of Object.entries(ratings))
    out[k] = {
      level: r.level as HpcLevel,
      evidence: r.evidence.map((e) => ({ kind: e.kind, id: e.id })),
      from_evidence: r.from_evidence,
    };
  return out;
}

export const presentSelf = (self: CardRow['self']): Record<string, SelfAnswer> => self as Record<string, SelfAnswer>;

export function presentSuggestion(s: Suggestion): HpcSuggestion {
  return {
    descriptor: s.descriptor,
    level: s.level,
    evidence: s.evidence.map(presentEvidence),
    reason: s.reason,
    words: s.words,
    areas: s.areas,
    cues: s.cues,
  };
}
