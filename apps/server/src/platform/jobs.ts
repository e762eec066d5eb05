import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { quietWhenUnchanged } from './db/query-cache.js';
import { jobs } from './db/schema.js';
import { serializeError } from './http/errors.js';
import { newId } from './ids.js';
import type { QueueDepth } from './metrics.js';
import { currentRequestId, withRequestId } from './request-context.js';

/**
 * What is kept of a failed job's error: as the log writes it (a failed query by its SQL and code,
 * never its values), in text the database can store.
 */
function storedError(err: unknown): string {
  const e: Record<string, unknown> = err instanceof Error ? serializeError(err) : { message: String(err) };
  const text = [e.message, e.query, typeof e.code === 'string' ? `(${e.code})` : '']
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ');
  return text
    .split(String.fromCharCode(0))
    .join('')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .slice(0, 2000);
}

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** Told of each job run: its log line and its metrics. `requestId` is the scheduling request's, or the job's own. */
export interface JobRun {
  id: string;
  kind: string;
  requestId: string;
  attempt: number;
  outcome: 'done' | 'retry' | 'failed';
  seconds: number;
  error?: unknown;
}

/**
 * A job queue in the database. `schedule` puts (or moves) the one pending job of a key; workers claim
 * due jobs with `FOR UPDATE SKIP LOCKED`, so with several server instances each job runs once.
 * A job survives restarts: it is a row until it is done.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  readonly workerId = `worker-${newId()}`;
  /** Told after each job this worker ran (the server logs it and counts it). */
  onRun: ((run: JobRun) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async schedule(key: string, kind: string, runAt: Date, payload: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(jobs)
      .values({ id: newId(), key, kind, runAt, payload, requestId: currentRequestId() ?? null })
      .onConflictDoUpdate({
        target: jobs.key,
        set: {
          kind,
          runAt,
          payload,
          status: 'pending',
          attempts: 0,
          lockedBy: null,
          lockedAt: null,
          lastError: null,
          requestId: currentRequestId() ?? null,
        },
      });
  }

  async cancel(key: string): Promise<void> {
    await this.db.delete(jobs).where(and(eq(jobs.key, key), eq(jobs.status, 'pending')));
  }

  /** Claims one due job for this worker, or none. */
  private async claim() {
    const now = this.clock.now();
    const claimed = await this.db.execute(sql`
      update ${jobs} set status = 'running', locked_by = ${this.workerId}, locked_at = ${now.toISOString()}, attempts = ${jobs.attempts} + 1
      where ${jobs.id} = (
        select ${jobs.id} from ${jobs}
        where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${now.toISOString()}
        order by ${jobs.runAt} for update skip locked limit 1
      )
      returning ${jobs.id} as id, ${jobs.kind} as kind, ${jobs.payload} as payload, ${jobs.attempts} as attempts,
        ${jobs.requestId} as request_id`);
    const rows = (
      claimed as unknown as {
        rows: { id: string; kind: string; payload: Record<string, unknown>; attempts: number; request_id: string | null }[];
      }
    ).rows;
    return rows[0];
  }

  /** Runs every due job once; returns how many ran. */
  async runDue(): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let count = 0;
      // A claim that finds no due job changes nothing: it does not end what the caches keep.
      const claim = () => quietWhenUnchanged(() => this.claim());
      for (let job = await claim(); job; job = await claim()) {
        const handler = this.handlers.get(job.kind);
        // The job runs as part of the request that scheduled it: what it schedules and publishes carries its id.
        const requestId = job.request_id ?? `job-${job.id}`;
        const started = performance.now();
        const told = (outcome: JobRun['outcome'], error?: unknown) =>
          this.onRun?.({
            id: job.id,
            kind: job.kind,
            requestId,
            attempt: job.attempts,
            outcome,
            seconds: (performance.now() - started) / 1000,
            error,
          });
        try {
          if (!handler) throw new Error(`no handler for ${job.kind}`);
          await withRequestId(requestId, () => handler(job.payload));
          await this.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, job.id));
          told('done');
        } catch (err) {
          const retry = job.attempts < 5;
          told(retry ? 'retry' : 'failed', err);
          await this.db
            .update(jobs)
            .set({
              status: retry ? 'pending' : 'failed',
              lastError: storedError(err),
              runAt: new Date(this.clock.now().getTime() + 2 ** job.attempts * 1000),
              lockedBy: null,
            })
            .where(eq(jobs.id, job.id));
        }
        count++;
      }
      return count;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The queue of every instance: jobs waiting, running and failed, and how long the oldest due one has waited. */
  async depth(): Promise<QueueDepth> {
    const now = this.clock.now();
    const rows = await this.db
      .select({
        status: jobs.status,
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${jobs.runAt}) filter (where ${jobs.runAt} <= ${now.toISOString()})`,
      })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running', 'failed']))
      .groupBy(jobs.status);
    const of = (status: string) => rows.find((r) => r.status === status);
    const oldest = of('pending')?.oldest;
    return {
      pending: of('pending')?.count ?? 0,
      running: of('running')?.count ?? 0,
      failed: of('failed')?.count ?? 0,
      oldestDueSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0,
    };
  }

  /** Jobs left running by an instance that died are given back after five minutes. */
  async releaseStale(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - 5 * 60_000);
    await this.db
      .update(jobs)
      .set({ status: 'pending', lockedBy: null })
      .where(and(eq(jobs.status, 'running'), lte(jobs.lockedAt, before)));
  }

  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A release that finds nothing stale changes nothing: it does not end what the caches keep.
      void quietWhenUnchanged(() => this.releaseStale())
        .then(() => this.runDue())
        .catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
