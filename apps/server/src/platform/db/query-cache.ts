/**
 * The statement cache of the server's own database handle (decision 43).
 *
 * A read that runs outside a transaction is kept, keyed by its text and values, until the next write
 * through the same handle: every write (any statement that is not a plain read, and every transaction,
 * when it ends) starts a new generation and empties the cache. A read whose generation
 * changed while it ran is answered but not kept, so a read that overlapped a write is never served
 * again. Reads whose answer depends on the moment (now(), random(), sequences, locks) are never kept:
 * the request's time always travels as a value, which is part of the key.
 *
 * This is exact when the handle is the only writer: the embedded database belongs to one process. On
 * PostgreSQL, writes of other instances reach this one as a notice (`invalidate`), and the cache is off
 * while the notices' connection is down.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const unchangedIsQuiet = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with its writes counted as writes only when they change a row: the job queue's polling (a
 * claim that found no due job, a release that found no stale one) runs every second on every instance
 * and would otherwise end everything kept each time (decisions 43 and 46).
 */
export function quietWhenUnchanged<T>(fn: () => Promise<T>): Promise<T> {
  return unchangedIsQuiet.run(true, fn);
}

/** Rows a write changed, from either driver's answer (null when it does not say). */
function changedRows(result: unknown): number | null {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  if (typeof r?.rowCount === 'number') return r.rowCount;
  if (typeof r?.affectedRows === 'number') return r.affectedRows;
  return null;
}

export interface QueryCacheStats {
  /** Every statement issued through the handle (cached or not), for the query-count tests. */
  statements: number;
  hits: number;
  misses: number;
  writes: number;
}

const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|copy|call)\b/i;
/** Reads whose answer is not a function of the data and the values. */
const VOLATILE =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|currval|setval|lastval|gen_random_uuid|txid_current|set_config|current_setting|age)\b|\bpg_\w+\s*\(|\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

export type StatementKind = 'cacheable' | 'read' | 'write';

const kinds = new Map<string, StatementKind>();
/** What a statement does, judged from its text (values are never in the text). */
export function statementKind(text: string): StatementKind {
  let kind = kinds.get(text);
  if (kind) return kind;
  if (!READ.test(text) || WRITES.test(text)) kind = 'write';
  else kind = VOLATILE.test(text) ? 'read' : 'cacheable';
  if (kinds.size < 20_000) kinds.set(text, kind);
  return kind;
}

const MAX_ROWS = 2_000;

interface Entry {
  result: { rows: unknown[] };
  expires: number;
}

export class QueryCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private on: boolean;
  readonly stats: QueryCacheStats = { statements: 0, hits: 0, misses: 0, writes: 0 };
  /** Told after each local write (PostgreSQL: other instances are notified). */
  onWrite: (() => void) | undefined;
  /** Told of every statement issued, with whether the cache answered it (the query-count tests). */
  trace: ((text: string, answer: 'hit' | 'miss' | 'transaction' | StatementKind, values?: unknown) => void) | undefined;

  constructor(private readonly options: { enabled: boolean; maxEntries?: number; ttlMs?: number }) {
    this.on = options.enabled;
  }

  /** Starts a new generation: nothing read before it is served again. */
  invalidate(): void {
    this.generation++;
    if (this.entries.size) this.entries.clear();
  }

  get enabled(): boolean {
    return this.on;
  }

  /** The current generation: it changes with every write (the response cache keeps answers within one). */
  get generationNow(): number {
    return this.generation;
  }

  /** Turns the cache on or off (off while other instances' writes cannot be heard). */
  setEnabled(on: boolean): void {
    this.on = on && this.options.enabled;
    this.invalidate();
  }

  /**
   * A write through this handle: a new generation once it is done (a read that overlapped it finishes
   * in the old generation and is not kept), unless `changed` says it changed no row. A statement that
   * changed no row may still have waited for another connection's commit (an insert that found the
   * other's row), so every statement counts as a write unless its caller knows better.
   */
  async write<R>(run: () => Promise<R>, changed: (result: R) => boolean = () => true): Promise<R> {
    this.stats.writes++;
    let result: R | undefined;
    let done = false;
    try {
      result = await run();
      done = true;
      return result;
    } finally {
      if (!done || changed(result as R)) {
        this.invalidate();
        this.onWrite?.();
      }
    }
  }

  async statement<R extends { rows: unknown[] }>(text: string, values: unknown, mode: string, run: () => Promise<R>): Promise<R> {
    this.stats.statements++;
    const kind = statementKind(text);
    const key = kind === 'cacheable' && this.on ? keyOf(text, values, mode) : null;
    const hit = key === null ? undefined : this.entries.get(key);
    const now = Date.now();
    const fresh = hit !== undefined && hit.expires > now;
    this.trace?.(text, key === null ? (kind === 'cacheable' ? 'read' : kind) : fresh ? 'hit' : 'miss', values);
    if (kind === 'write')
      return unchangedIsQuiet.getStore() ? this.write(run, (result) => changedRows(result) !== 0) : this.write(run);
    if (key === null) return run();
    if (hit && fresh) {
      this.stats.hits++;
      // Least recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return { ...hit.result, rows: structuredClone(hit.result.rows) } as unknown as R;
    }
    this.stats.misses++;
    const generation = this.generation;
    const result = await run();
    if (generation === this.generation && this.on && result.rows.length <= MAX_ROWS) {
      if (this.entries.size >= (this.options.maxEntries ?? 20_000)) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, {
        result: { ...result, rows: structuredClone(result.rows) },
        expires: now + (this.options.ttlMs ?? 60_000),
      });
    }
    return result;
  }
}

/** The cache key of a statement, or null when a value cannot be part of one (bytes). */
function keyOf(text: string, values: unknown, mode: string): string | null {
  if (Array.isArray(values)) {
    for (const v of values) if (v instanceof Uint8Array || v instanceof ArrayBuffer) return null;
  }
  return `${mode}\u0000${text}\u0000${values === undefined ? '' : JSON.stringify(values)}`;
}
