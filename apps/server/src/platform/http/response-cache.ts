import type { QueryCache } from '../db/query-cache.js';

/**
 * Answers of the hot reads kept for the same caller (decision 46). A route whose contract entry says
 * `keep: 'minute'` has its 200 answer kept by the request's path and query, the caller's token and the
 * minute of the server's clock, for as long as the statement cache's generation lasts: the first write
 * through the database handle (or, on PostgreSQL, another instance's notice) makes every kept answer
 * stale. An answer whose handler overlapped a write (its own, such as an audited read) is not kept, and
 * nothing is kept while the statement cache is off.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; generation: number }>();
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly statements: QueryCache,
    private readonly now: () => Date,
    private readonly maxEntries = 5_000,
  ) {}

  /** The key of a request: path and query, the caller's token, and the minute. */
  key(url: string, authorization: string | undefined): string {
    return `${Math.floor(this.now().getTime() / 60_000)}\u0000${authorization ?? ''}\u0000${url}`;
  }

  /** The generation a request starts in: its answer is kept only if no write happened before it ends. */
  get generation(): number {
    return this.statements.generationNow;
  }

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit && this.statements.enabled && hit.generation === this.statements.generationNow) {
      this.stats.hits++;
      return hit.body;
    }
    if (hit) this.entries.delete(key);
    this.stats.misses++;
    return undefined;
  }

  set(key: string, body: string, startedIn: number): void {
    if (!this.statements.enabled || startedIn !== this.statements.generationNow) return;
    if (this.entries.size >= this.maxEntries) {
      // A new generation makes every entry stale: start again rather than evict one at a time.
      for (const [k, v] of this.entries) if (v.generation !== startedIn) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, { body, generation: startedIn });
  }
}
