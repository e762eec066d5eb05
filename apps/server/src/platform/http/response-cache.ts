import { gzipSync } from 'node:zlib';
import type { QueryCache } from '../db/query-cache.js';

/** Answers at least this long are sent gzip-compressed to a client that accepts it (a browser always does). */
export const COMPRESS_FROM_BYTES = 1024;

/** A kept answer: its bytes, and the same gzip-compressed once a client that accepts it asks. */
export interface KeptAnswer {
  body: Buffer;
  gzip?: Buffer;
  generation: number;
}

/** The answer's bytes for this request: gzip when the client accepts it and the answer is long enough. */
export function encodingFor(answer: KeptAnswer, acceptEncoding: string | undefined): { bytes: Buffer; gzip: boolean } {
  if (answer.body.length < COMPRESS_FROM_BYTES || !acceptsGzip(acceptEncoding)) return { bytes: answer.body, gzip: false };
  answer.gzip ??= gzipSync(answer.body, { level: 6 });
  return { bytes: answer.gzip, gzip: true };
}

/** `Accept-Encoding` names gzip (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Answers of the hot reads kept for the same caller (decision 46). A route whose contract entry says
 * `keep: 'minute'` has its 200 answer kept by the request's path and query, the caller's token and the
 * minute of the server's clock, for as long as the statement cache's generation lasts: the first write
 * through the database handle (or, on PostgreSQL, another instance's notice) makes every kept answer
 * stale. An answer whose handler overlapped a write (its own, such as an audited read) is not kept, and
 * nothing is kept while the statement cache is off. Long answers go gzip-compressed to clients that accept
 * it, compressed once per kept answer.
 */
export class ResponseCache {
  private readonly entries = new Map<string, KeptAnswer>();
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

  get(key: string): KeptAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit && this.statements.enabled && hit.generation === this.statements.generationNow) {
      this.stats.hits++;
      return hit;
    }
    if (hit) this.entries.delete(key);
    this.stats.misses++;
    return undefined;
  }

  /** Keeps the answer if no write happened since its request started; the answer either way. */
  set(key: string, body: string, startedIn: number): KeptAnswer {
    const answer: KeptAnswer = { body: Buffer.from(body), generation: startedIn };
    if (!this.statements.enabled || startedIn !== this.statements.generationNow) return answer;
    if (this.entries.size >= this.maxEntries) {
      // A new generation makes every entry stale: start again rather than evict one at a time.
      for (const [k, v] of this.entries) if (v.generation !== startedIn) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, answer);
    return answer;
  }
}
