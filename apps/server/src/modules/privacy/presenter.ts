import { ERASED_CATEGORIES, type Erasure, KEPT_CATEGORIES, type Retention } from '@cue/contract';
import type { ChildFacts, RetentionRow } from './repo.js';

/** The child's data by category: each category always listed, with how many rows it holds. */
export const presentErasure = (facts: ChildFacts, enrolled: boolean, counts: Map<string, number>): Erasure => ({
  student_id: facts.id,
  name: `${facts.firstName} ${facts.lastName}`.trim(),
  enrolled,
  erased_at: facts.erasedAt?.toISOString() ?? null,
  erased: ERASED_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 })),
  kept: KEPT_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 })),
});

export const presentRetention = (row: RetentionRow | null): Retention => ({
  media_months: row?.mediaMonths ?? null,
  log_months: row?.logMonths ?? null,
  last_run_at: row?.lastRunAt?.toISOString() ?? null,
  last_run: row?.lastRunAt ? { media: row.lastMedia ?? 0, logs: row.lastLogs ?? 0 } : null,
});
