import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueryCache } from './db/query-cache.js';

/** What the job queue says of itself when scraped. */
export interface QueueDepth {
  pending: number;
  running: number;
  failed: number;
  /** Seconds since the oldest job that is due and not yet run became due (0 when none waits). */
  oldestDueSeconds: number;
}

/** Where the gauges read from at each scrape. */
export interface MetricsSources {
  queue(): Promise<QueueDepth>;
  sockets(): number;
  cache: QueryCache;
  /** PostgreSQL's pool; the embedded database has none. */
  pool?: pg.Pool;
}

/** A latency's buckets, in seconds: from a cached read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's metrics in Prometheus's text format (`GET /metrics` with the metrics token): requests by
 * route and status, their latency, refusals by error code, jobs run and waiting, socket events and open
 * sockets, the database pool and the statement cache, and the process's own (memory, CPU, event loop).
 * One registry per server, so that two servers in one process (tests) count apart.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'cue_http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'cue_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'cue_http_errors_total',
    help: 'Requests refused or failed (status 400 and above), by route, status and error code.',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'cue_jobs_run_total',
    help: 'Jobs run by this instance, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobLatency = new Histogram({
    name: 'cue_job_duration_seconds',
    help: 'Time a job took to run, by kind.',
    labelNames: ['kind'] as const,
    buckets: [...LATENCY_BUCKETS, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly events = new Counter({
    name: 'cue_socket_events_total',
    help: 'Events published to open apps (socket rooms), by name.',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request. `route` is the route's pattern (`/api/classes/:id`), never the address asked. */
  request(method: string, route: string, status: number, seconds: number, code: string | undefined): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
    if (status >= 400) this.errors.inc({ method, route, status: String(status), code: code ?? 'NONE' });
  }

  job(kind: string, outcome: 'done' | 'retry' | 'failed', seconds: number): void {
    this.jobRuns.inc({ kind, outcome });
    this.jobLatency.observe({ kind }, seconds);
  }

  event(name: string): void {
    this.events.inc({ event: name });
  }

  /** The gauges read at each scrape. */
  watch(sources: MetricsSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'cue_jobs',
      help: 'Jobs in the queue (every instance), by status.',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        const depth = await sources.queue();
        this.set({ status: 'pending' }, depth.pending);
        this.set({ status: 'running' }, depth.running);
        this.set({ status: 'failed' }, depth.failed);
      },
    });
    new Gauge({
      name: 'cue_jobs_oldest_due_seconds',
      help: 'How long the oldest due job has waited to run.',
      registers,
      // Gauges are collected together: each asks the queue itself.
      async collect() {
        this.set((await sources.queue()).oldestDueSeconds);
      },
    });
    new Gauge({
      name: 'cue_sockets_connected',
      help: 'Sockets of open apps connected to this instance.',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    const pool = sources.pool;
    if (pool)
      new Gauge({
        name: 'cue_db_pool_connections',
        help: 'PostgreSQL connections of this instance: total, idle, and requests waiting for one.',
        labelNames: ['state'] as const,
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    const stats = sources.cache.stats;
    new Gauge({
      name: 'cue_db_statements',
      help: 'Database statements asked for by this instance since it started, and how the statement cache answered.',
      labelNames: ['answer'] as const,
      registers,
      collect() {
        this.set({ answer: 'all' }, stats.statements);
        this.set({ answer: 'cache_hit' }, stats.hits);
        this.set({ answer: 'cache_miss' }, stats.misses);
        this.set({ answer: 'write' }, stats.writes);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
